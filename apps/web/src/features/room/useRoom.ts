import type { RemovalReason } from '@xemchung/protocol';
import { useEffect, useState } from 'react';
import { keepClock } from './clockUpkeep.ts';
import { createRoomClient } from './roomClient.ts';
import type { RoomSession } from './roomSession.ts';
import { openRoomSocket } from './roomSocket.ts';

/**
 * Where the page is with its room. `online` is false from a dropped connection until the room is joined again.
 * `removed`: the host kicked or banned this viewer, now or before this join; nothing brings the room back.
 */
export type RoomStatus =
  | { status: 'joining' }
  | { status: 'joined'; session: RoomSession; online: boolean }
  | { status: 'notFound' }
  | { status: 'removed'; reason: RemovalReason }
  | { status: 'failed'; code: string; retry: () => void };

type Joined = { status: 'joined'; session: RoomSession };
type Held =
  | { status: 'joining' }
  | Joined
  | { status: 'notFound' }
  | { status: 'removed'; reason: RemovalReason }
  | { status: 'failed'; code: string };

/** Join answers that mean "no such room": unknown ids, and ids too long to be ours (refused by the schema). */
const NOT_FOUND_CODES = new Set(['room_not_found', 'invalid_payload']);
const isRemoval = (code: string): code is RemovalReason => code === 'kicked' || code === 'banned';

/**
 * Joins room `roomId` over its own socket for as long as the page shows it (tldraw's useSync shape). The room
 * client holds the one copy of the room (R18; the page reads it through useRoomState); unmounting leaves the
 * room and closes the socket. After a dropped connection Socket.IO reconnects and the room client joins again
 * (R27); the clock offset is re-estimated on every connection and kept fresh by `keepClock` (R20, R85, R87). A room
 * that does not exist, or is deleted while open, ends as `notFound`.
 */
export function useRoom(roomId: string): RoomStatus {
  const [attempt, setAttempt] = useState(0);
  const [held, setHeld] = useState<Held>({ status: 'joining' });
  const [online, setOnline] = useState(true);

  useEffect(() => {
    // `attempt` is read so that a retry runs this effect again with a fresh socket.
    void attempt;
    setHeld({ status: 'joining' });
    setOnline(true);
    const socket = openRoomSocket();
    const client = createRoomClient(socket);
    let active = true;

    let removed = false;
    const settle = (next: Held) => {
      // Being put out is final: the disconnect that follows the notice must not turn it into a failure.
      if (!active || removed) return;
      removed = next.status === 'removed';
      setHeld(next);
    };
    /** A refusal of a join or a re-join: put out by the host, or a failure to retry. */
    const refused = (code: string) =>
      settle(isRemoval(code) ? { status: 'removed', reason: code } : { status: 'failed', code });
    const offGone = client.onGone(({ reason }) =>
      settle(isRemoval(reason) ? { status: 'removed', reason } : { status: 'notFound' }),
    );
    // Back online once the room is joined again and its snapshot replaced ours, not merely reconnected; a
    // re-join or a handshake refused for good (the Origin, the protocol version) ends like a failed join, with a
    // retry. The room client tries passing refusals again by itself (R27).
    const offRejoin = client.onRejoin((result) => {
      if (result.ok) setOnline(true);
      else refused(result.code);
    });
    const onConnect = () => {
      void client.syncClock();
    };
    const onDisconnect = (reason: string) => {
      // The server closed this socket on purpose (a flood, R22): Socket.IO will not reconnect by itself.
      if (reason === 'io server disconnect') settle({ status: 'failed', code: 'disconnected' });
      else setOnline(false);
    };
    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);

    void client.join(roomId).then((ack) => {
      if (ack.ok) {
        settle({ status: 'joined', session: { client, uid: ack.me?.uid ?? null } });
        return;
      }
      const { code } = ack.error;
      if (NOT_FOUND_CODES.has(code)) {
        settle({ status: 'notFound' });
        return;
      }
      // Nothing to listen to, or to try again, until the user retries (with a fresh socket).
      client.dispose();
      socket.disconnect();
      refused(code);
    });
    const stopClock = keepClock(client, () => socket.connected);

    return () => {
      active = false;
      stopClock();
      offGone();
      offRejoin();
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      void client.leave();
      client.dispose();
      socket.disconnect();
    };
  }, [roomId, attempt]);

  if (held.status === 'joined') return { ...held, online };
  if (held.status === 'failed') return { ...held, retry: () => setAttempt((count) => count + 1) };
  return held;
}
