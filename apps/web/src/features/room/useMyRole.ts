import { type Role, roleOf } from '@xemchung/protocol';
import { useRoomSession } from './roomSession.ts';
import { useRoomState } from './useRoomState.ts';

/** This viewer's role in the room as it is now (R50), for deciding which controls to show with `may`. */
export function useMyRole(): Role {
  const room = useRoomState();
  const { client } = useRoomSession();
  const uid = client.me?.uid ?? null;
  return room ? roleOf(room, uid) : uid === null ? 'guest' : 'member';
}
