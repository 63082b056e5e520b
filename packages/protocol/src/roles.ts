// The one permission table (docs/room-rules.md R2, R50): the server enforces it, the web reads it to decide which
// controls to show. Free of zod (types only from the schemas), so any bundle may import it cheaply.
import type { ErrorCode } from './errors.ts';
import type { CommandType } from './schemas/commands.ts';
import type { RoomSettings } from './schemas/room.ts';

/**
 * Who a viewer is to a room: its owner (`host`), a signed-in viewer the host gave control (`cohost`), any other
 * signed-in viewer (`member`), or a signed-out one (`guest`). Ownership never moves; control can be shared.
 */
export type Role = 'host' | 'cohost' | 'member' | 'guest';

/**
 * What a command asks of its caller:
 * - `anyone`: any connected socket, in a room or not;
 * - `viewer`: anyone who has joined the room, guests included;
 * - `adder`: a viewer the room's `addPolicy` lets add videos;
 * - `chatter`: a signed-in viewer, or a guest while the room's `guestChat` is on;
 * - `voter`: anyone who has joined the room, guests included, while the room's `skipVoting` is on (R64);
 * - `controller`: the host or a co-host (playlist and playback);
 * - `host`: the host alone (settings, control, kicks and bans).
 */
export type Permission = 'anyone' | 'viewer' | 'adder' | 'chatter' | 'voter' | 'controller' | 'host';

/** The permission of every command; the compiler refuses a command that is missing here. */
export const COMMAND_PERMISSIONS = {
  'room:join': 'anyone',
  'clock:ping': 'anyone',
  'room:leave': 'viewer',
  'presence:report': 'viewer',
  'playlist:add': 'adder',
  'playlist:addList': 'adder',
  'playlist:addFile': 'adder',
  'playlist:select': 'controller',
  'playlist:remove': 'controller',
  'playlist:clearWatched': 'controller',
  'playlist:move': 'controller',
  'playlist:playNext': 'controller',
  'playlist:shuffle': 'controller',
  'room:loop': 'controller',
  'playback:update': 'controller',
  'playback:ended': 'controller',
  'playback:ready': 'viewer',
  'playback:start': 'controller',
  'vote:skip': 'voter',
  'chat:send': 'chatter',
  'chat:delete': 'controller',
  'chat:history': 'viewer',
  'playlist:clear': 'host',
  'cohost:grant': 'host',
  'cohost:revoke': 'host',
  'room:settings': 'host',
  'subtitle:add': 'adder',
  'subtitle:remove': 'adder',
  'subtitle:shift': 'controller',
  'share:start': 'controller',
  // R126: the sharer ends their own share whatever their role is now; a controller ends anyone's (room-share.ts).
  'share:stop': 'viewer',
  // R127: who may join follows the room's callPolicy (room-call.ts); a tab changes only its own membership.
  'call:join': 'viewer',
  'call:leave': 'viewer',
  'call:update': 'viewer',
  'call:mute': 'controller',
  'moderation:kick': 'host',
  'moderation:ban': 'host',
  'moderation:unban': 'host',
  'moderation:bans': 'host',
  'moderation:kicks': 'host',
  'moderation:unkick': 'host',
  'p2p:announce': 'viewer',
  'p2p:signal': 'viewer',
  // R129: the share's own tab publishes, anyone in the room watches; checked against the room's share (sfu/).
  'sfu:publish': 'viewer',
  'sfu:subscribe': 'viewer',
  'sfu:answer': 'viewer',
} as const satisfies Record<CommandType, Permission>;

/** The little of a room that decides roles. */
export interface RoomRoles {
  host: string;
  cohosts: readonly string[];
}

/** The role of the viewer with session uid `uid` (null: signed out) in `room`. */
export function roleOf(room: RoomRoles, uid: string | null): Role {
  if (uid === null) return 'guest';
  if (uid === room.host) return 'host';
  return room.cohosts.includes(uid) ? 'cohost' : 'member';
}

/** Host and co-hosts drive the playlist and playback. */
export function isController(role: Role): boolean {
  return role === 'host' || role === 'cohost';
}

/** The codes the table refuses with. */
export type Refusal = Extract<ErrorCode, 'forbidden' | 'adding_restricted' | 'chat_restricted' | 'voting_off'>;

/** The message of each refusal, for logs and developers (the web shows its own Vietnamese texts). */
export const REFUSAL_MESSAGES: Readonly<Record<Refusal, string>> = {
  forbidden: 'Your role in this room cannot do this',
  adding_restricted: "The room's settings do not let you add videos",
  chat_restricted: "The room's settings do not let guests write",
  voting_off: 'The host turned voting to skip off',
};

/**
 * Null when a viewer of `role` may run `type` in a room with `settings`; otherwise the code to refuse with:
 * `adding_restricted`, `chat_restricted` and `voting_off` when only the room's settings stand in the way (the UI
 * explains the setting), `forbidden` when the role never may.
 */
export function refusalFor(
  type: CommandType,
  role: Role,
  settings: Pick<RoomSettings, 'addPolicy' | 'guestChat' | 'skipVoting'>,
): Refusal | null {
  switch (COMMAND_PERMISSIONS[type] as Permission) {
    case 'anyone':
    case 'viewer':
      return null;
    case 'adder':
      if (settings.addPolicy === 'everyone' || isController(role)) return null;
      return settings.addPolicy === 'signedIn' && role !== 'guest' ? null : 'adding_restricted';
    case 'chatter':
      return role !== 'guest' || settings.guestChat ? null : 'chat_restricted';
    case 'voter':
      return settings.skipVoting ? null : 'voting_off';
    case 'controller':
      return isController(role) ? null : 'forbidden';
    case 'host':
      return role === 'host' ? null : 'forbidden';
  }
}

/** Whether a viewer of `role` may run `type` (for showing or hiding a control). */
export function may(
  type: CommandType,
  role: Role,
  settings: Pick<RoomSettings, 'addPolicy' | 'guestChat' | 'skipVoting'>,
): boolean {
  return refusalFor(type, role, settings) === null;
}

/** Whether the command is about the room the socket joined (so it needs one). */
export function commandNeedsRoom(type: CommandType): boolean {
  return COMMAND_PERMISSIONS[type] !== 'anyone';
}
