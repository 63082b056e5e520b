import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { keepClock } from './clockUpkeep.ts';
import { createRoomClient, type RoomClient } from './roomClient.ts';
import type { ClosedReason } from './roomConnection.ts';
import type { RoomSession } from './roomSession.ts';
import { openRoomSocket } from './roomSocket.ts';

/**
 * The page's view of its room client's connection (roomConnection.ts): `connecting` until the room is first held,
 * then `joined` or `reconnecting` with the session, or `closed` with why, and a retry with a fresh socket.
 */
export type RoomStatus =
  | { status: 'connecting' }
  | { status: 'joined' | 'reconnecting'; session: RoomSession }
  | ({ status: 'closed'; retry: () => void } & ClosedReason);

const CONNECTING = { status: 'connecting' } as const;

/**
 * Joins room `roomId` over its own socket for as long as the page shows it (tldraw's useSync shape), and reads
 * where its room client is. The room client holds the one copy of the room (R18; the page reads it through
 * useRoomState) and the connection's lifecycle (R27); unmounting leaves the room and closes the socket; the clock
 * offset is kept fresh by `keepClock` (R20, R85, R87).
 */
export function useRoom(roomId: string): RoomStatus {
  const [attempt, setAttempt] = useState(0);
  const [client, setClient] = useState<RoomClient | null>(null);

  useEffect(() => {
    // `attempt` is read so that a retry runs this effect again with a fresh socket.
    void attempt;
    const socket = openRoomSocket();
    const opened = createRoomClient(socket);
    setClient(opened);
    void opened.join(roomId);
    const stopClock = keepClock(opened, () => socket.connected);
    return () => {
      stopClock();
      void opened.leave();
      opened.dispose();
      socket.disconnect();
    };
  }, [roomId, attempt]);

  const subscribe = useCallback(
    (onChange: () => void) => {
      const unsubscribe = client?.onConnection(onChange);
      return () => void unsubscribe?.();
    },
    [client],
  );
  const connection = useSyncExternalStore(subscribe, () => client?.connection ?? CONNECTING);
  const uid = client?.uid ?? null;
  const session = useMemo(() => (client ? { client, uid } : null), [client, uid]);
  const retry = useCallback(() => setAttempt((count) => count + 1), []);

  if (connection.status === 'closed') return { ...connection, retry };
  // A connection that dropped before the room was first held is still connecting, as far as the page goes.
  if (connection.status === 'connecting' || !session || !client?.state) return CONNECTING;
  return { status: connection.status, session };
}
