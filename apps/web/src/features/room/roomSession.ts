import { createContext, useContext } from 'react';
import type { RoomClient } from './roomClient.ts';

/**
 * The joined room's client and who this session is (the session uid from the join ack, never from the page; null
 * for a guest). What the viewer may do follows from the uid and the room (useRole.ts).
 */
export interface RoomSession {
  client: RoomClient;
  uid: string | null;
}

export const RoomSessionContext = createContext<RoomSession | null>(null);

/** The room session of the page; needs a RoomSessionContext above (the room page provides it once joined). */
export function useRoomSession(): RoomSession {
  const session = useContext(RoomSessionContext);
  if (!session) throw new Error('useRoomSession must be used inside a joined room page');
  return session;
}
