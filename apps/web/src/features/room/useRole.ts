import { type CommandType, may, type Role, roleOf } from '@xemchung/protocol';
import { useRoomSession } from './roomSession.ts';
import { useRoomState } from './useRoomState.ts';

/**
 * The viewer's role in the room as the room client holds it now (R50): a grant or a revoke (R55) changes it with
 * the `room:state` that carries it, so every control that reads it follows at once.
 */
export function useRole(): Role {
  const { uid } = useRoomSession();
  const room = useRoomState();
  if (room) return roleOf(room, uid);
  return uid === null ? 'guest' : 'member';
}

/**
 * Whether the viewer may send `type` now: the permission table the server enforces (packages/protocol roles.ts),
 * read with the room's settings. Controls the viewer may not use are not shown.
 */
export function useMay(type: CommandType): boolean {
  const role = useRole();
  const settings = useRoomState()?.settings;
  return settings ? may(type, role, settings) : false;
}
