import type { CommandType } from '@xemchung/protocol';

/**
 * Who may run a command (docs/room-rules.md R2):
 * - `anyone`: any connected socket, signed in or not;
 * - `member`: a socket that has joined the room — guests included, since anyone with the link could add in
 *   the original;
 * - `host`: a member whose session uid is the room's host.
 */
export type Permission = 'anyone' | 'member' | 'host';

/** The permission of every command; the compiler refuses a command that is missing here. */
export const COMMAND_PERMISSIONS = {
  'room:join': 'anyone',
  'clock:ping': 'anyone',
  'room:leave': 'member',
  'playlist:add': 'member',
  'playlist:select': 'host',
  'playlist:remove': 'host',
  'playlist:clearWatched': 'host',
  'playback:update': 'host',
  'playback:ended': 'host',
} as const satisfies Record<CommandType, Permission>;

/** What the server knows about the caller when it checks a command. */
export interface Caller {
  /** The socket is in the room the command is about. */
  joined: boolean;
  /** The caller's session uid equals the room's host. */
  isHost: boolean;
}

/** Null when `caller` may run `type`; otherwise the error code to answer with. */
export function authorize(type: CommandType, caller: Caller): 'not_joined' | 'forbidden' | null {
  const permission: Permission = COMMAND_PERMISSIONS[type];
  if (permission === 'anyone') return null;
  if (!caller.joined) return 'not_joined';
  if (permission === 'host' && !caller.isHost) return 'forbidden';
  return null;
}

/** Whether the command is about the room the socket joined (so it needs one). */
export function commandNeedsRoom(type: CommandType): boolean {
  return COMMAND_PERMISSIONS[type] !== 'anyone';
}
