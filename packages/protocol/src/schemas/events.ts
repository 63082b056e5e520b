import { z } from 'zod';
import type { AckResult } from '../acks.ts';
import {
  chatDeletedEventSchema,
  chatDeleteResultSchema,
  chatHistoryResultSchema,
  chatMessageEventSchema,
  chatSendResultSchema,
} from './chat.ts';
import type { CommandPayload, CommandType } from './commands.ts';
import { ackFailureSchema } from './errors.ts';
import {
  bansResultSchema,
  keyResultSchema,
  kickResultSchema,
  kicksResultSchema,
  removedEventSchema,
  uidResultSchema,
} from './moderation.ts';
import { p2pAnnounceEventSchema, p2pSignalEventSchema } from './p2p.ts';
import { roomPresenceSchema } from './presence.ts';
import { roomDeltaSchema, roomSnapshotSchema } from './room.ts';
import { sfuDescriptionResultSchema, sfuPublishedEventSchema } from './sfu.ts';
import { meSchema } from './user.ts';

// ---- Acknowledgements: what each command's ack carries when it succeeds. -------------------------------------

/** `room:join`: the full room, the server's clock at that moment, and who the server thinks you are. */
export const joinResultSchema = z.object({
  room: roomSnapshotSchema,
  /** Server epoch ms when the snapshot was read; a first clock sample for the offset estimator. */
  serverTime: z.number(),
  /** True when your session's uid is the room's host. Never taken from anything you send. */
  isHost: z.boolean(),
  /** Your identity from the session cookie; null for a guest. */
  me: meSchema.nullable(),
  /** Your person key (R51): how the room's lists name you — `room:presence` and the room's `skipVotes` (R65). */
  personKey: z.string(),
});
export type JoinResult = z.infer<typeof joinResultSchema>;

/** Room commands: the room's version after the command (unchanged when the command had nothing to change). */
export const versionResultSchema = z.object({ version: z.number().int().min(0) });
export type VersionResult = z.infer<typeof versionResultSchema>;

/**
 * `playlist:addList` (R71): the version, how many videos were added, how many of the list were already in the
 * playlist (skipped), and whether the rest did not fit — the playlist full, or the caller's cap reached — or null
 * when the whole list went in.
 */
export const listAddResultSchema = versionResultSchema.extend({
  added: z.number().int().min(1),
  skipped: z.number().int().min(0),
  limit: z.enum(['playlist', 'cap']).nullable(),
});
export type ListAddResult = z.infer<typeof listAddResultSchema>;

/** `clock:ping`: the server's epoch ms when it answered. */
export const pingResultSchema = z.object({ serverTime: z.number() });
export type PingResult = z.infer<typeof pingResultSchema>;

/** `room:leave`: the room you left. */
export const leaveResultSchema = z.object({ roomId: z.string() });
export type LeaveResult = z.infer<typeof leaveResultSchema>;

/**
 * `presence:report`: nothing but the ok; the report shows in the next `room:presence`. Loose, because zod infers
 * an empty strict object as `Record<string, never>`, which no ack `{ok: true}` could satisfy.
 */
export const emptyResultSchema = z.looseObject({});

/** The success result of each command. */
export const commandResultSchemas = {
  'room:join': joinResultSchema,
  'room:leave': leaveResultSchema,
  'clock:ping': pingResultSchema,
  'presence:report': emptyResultSchema,
  'playlist:add': versionResultSchema,
  'playlist:addList': listAddResultSchema,
  'playlist:addFile': versionResultSchema,
  'playlist:select': versionResultSchema,
  'playlist:remove': versionResultSchema,
  'playlist:clearWatched': versionResultSchema,
  'playlist:move': versionResultSchema,
  'playlist:playNext': versionResultSchema,
  'playlist:shuffle': versionResultSchema,
  'room:loop': versionResultSchema,
  'vote:skip': versionResultSchema,
  'playback:update': versionResultSchema,
  'playback:ended': versionResultSchema,
  'playback:ready': versionResultSchema,
  'playback:start': versionResultSchema,
  'chat:send': chatSendResultSchema,
  'chat:delete': chatDeleteResultSchema,
  'chat:history': chatHistoryResultSchema,
  'playlist:clear': versionResultSchema,
  'cohost:grant': versionResultSchema,
  'cohost:revoke': versionResultSchema,
  'room:settings': versionResultSchema,
  'subtitle:add': versionResultSchema,
  'subtitle:remove': versionResultSchema,
  'subtitle:shift': versionResultSchema,
  'share:start': versionResultSchema,
  'share:stop': versionResultSchema,
  'call:join': versionResultSchema,
  'call:leave': versionResultSchema,
  'call:update': versionResultSchema,
  'call:mute': versionResultSchema,
  'moderation:kick': kickResultSchema,
  'moderation:ban': uidResultSchema,
  'moderation:unban': uidResultSchema,
  'moderation:bans': bansResultSchema,
  'moderation:kicks': kicksResultSchema,
  'moderation:unkick': keyResultSchema,
  'p2p:announce': emptyResultSchema,
  'p2p:signal': emptyResultSchema,
  'sfu:publish': sfuDescriptionResultSchema,
  'sfu:subscribe': sfuDescriptionResultSchema,
  'sfu:answer': emptyResultSchema,
} as const satisfies Record<CommandType, z.ZodObject>;

export type CommandResult<T extends CommandType> = z.infer<(typeof commandResultSchemas)[T]>;
/** The ack of command `T`: `{ok: true, ...CommandResult<T>}` or `{ok: false, error}`. */
export type CommandAck<T extends CommandType> = AckResult<CommandResult<T>>;

/** Validates an ack of command `T` (for clients that do not trust their peer, e.g. bots). */
export function commandAckSchema<T extends CommandType>(type: T) {
  return z.union([commandResultSchemas[type].extend({ ok: z.literal(true) }), ackFailureSchema]);
}

// ---- Server → client events. ---------------------------------------------------------------------------------

export const roomRefSchema = z.object({ roomId: z.string() });
export type RoomRef = z.infer<typeof roomRefSchema>;

/** Every server→client event and its payload. */
export const serverEventSchemas = {
  /** The full room after every committed change, to everyone in the room (the author included). */
  'room:state': roomSnapshotSchema,
  /**
   * What a commit changed (R108), instead of `room:state` when that is smaller: the room at `version` is the room
   * at `version - 1` with it applied (`applyRoomDelta`). A client holding an older version asks for the whole room
   * (joins again) instead.
   */
  'room:delta': roomDeltaSchema,
  /** The room you are in no longer exists; you have been removed from it. */
  'room:deleted': roomRefSchema,
  /** The room you asked to join does not exist (sent with the failed `room:join` ack). */
  'room:notFound': roomRefSchema,
  /** A new chat message, to everyone in the room (the sender included), in each node's commit order (R54). */
  'chat:message': chatMessageEventSchema,
  /** A chat message was deleted for everyone; show its placeholder. */
  'chat:deleted': chatDeletedEventSchema,
  /** You were kicked or banned from the room; the server disconnects every tab of yours right after (R58, R59). */
  'room:removed': removedEventSchema,
  /**
   * Who is in the room now and how each is in step (R52, R53), after a change: within half a second of someone
   * coming or going, every 2 s when only reports changed.
   */
  'room:presence': roomPresenceSchema,
  /** Another socket of your room wants (`has` false) or can serve (`has` true) an item's bytes (R113). */
  'p2p:announce': p2pAnnounceEventSchema,
  /** A WebRTC offer, answer or ICE candidate another socket of your room sent you (R113). */
  'p2p:signal': p2pSignalEventSchema,
  /** A tab of your room published the share or its media in the call at the SFU (R129): ask for it now. */
  'sfu:published': sfuPublishedEventSchema,
} as const;
export type ServerEventType = keyof typeof serverEventSchemas;
export type ServerEventPayload<T extends ServerEventType> = z.infer<(typeof serverEventSchemas)[T]>;

// ---- Socket.IO event maps, for typed sockets on both ends. ----------------------------------------------------

export type ServerToClientEvents = {
  [T in ServerEventType]: (payload: ServerEventPayload<T>) => void;
};

export type ClientToServerEvents = {
  [T in CommandType]: (payload: CommandPayload<T>, ack: (result: CommandAck<T>) => void) => void;
};
