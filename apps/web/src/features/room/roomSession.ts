import { createContext, useContext } from 'react';
import type { RoomClient } from './roomClient.ts';

/** The joined room's client and whether this session is its host (from the join ack, never from the client). */
export interface RoomSession {
  client: RoomClient;
  isHost: boolean;
}

export const RoomSessionContext = createContext<RoomSession | null>(null);

/** The room session of the page; needs a RoomSessionContext above (the room page provides it once joined). */
export function useRoomSession(): RoomSession {
  const session = useContext(RoomSessionContext);
  if (!session) throw new Error('useRoomSession must be used inside a joined room page');
  return session;
}
