import { z } from 'zod';
import { canonicalHttpUrl } from '../canonical-url.ts';
import { PLAYLIST_MAX, POSITION_MAX } from '../limits.ts';
import { PLAYLIST_ID_PATTERN, parseVideoLink, YOUTUBE_ID_PATTERN } from '../links.ts';
import { mediaVideoId } from '../media-video-id.ts';
import { chatDeleteCommand, chatHistoryCommand, chatSendCommand } from './chat.ts';
import { personKeySchema, settingsChangeSchema, uidSchema } from './moderation.ts';
import { p2pAnnounceCommand, p2pSignalCommand } from './p2p.ts';
import { presenceReportSchema } from './presence.ts';
import {
  currentVideoSchema,
  loopModeSchema,
  ownFileSchema,
  peerIdSchema,
  subtitleFileIdSchema,
  subtitleLabelSchema,
  subtitleShiftSchema,
  videoIdSchema,
  videoSchema,
} from './room.ts';
import { sfuAnswerCommand, sfuPublishCommand, sfuSubscribeCommand } from './sfu.ts';

/** The Socket.IO handshake's `auth`: the client's PROTOCOL_VERSION (protocol-version.ts). */
export const handshakeAuthSchema = z.object({ protocol: z.number().int() });
export type HandshakeAuth = z.infer<typeof handshakeAuthSchema>;

const LONE_SURROGATE = /\p{Cs}/u;

/**
 * The video a client proposes to add. `visited` is the server's to decide, so it is not accepted here. The id
 * must fit its source: a YouTube id, or for any other source exactly `mediaVideoId` of the canonical URL, so one link
 * cannot enter the playlist twice under two made-up ids (R21). Every source but YouTube carries a URL: a link of that
 * very source (a direct media file, a Vimeo, Dailymotion or SoundCloud page, R75), passed on in its canonical form,
 * as is the thumbnail (R40).
 */
export const addVideoInputSchema = videoSchema
  .omit({ visited: true, subtitles: true, subtitleShiftMs: true, file: true })
  .transform((video, ctx) => {
    const issue = (path: string, message: string) => {
      ctx.issues.push({ code: 'custom', input: video, path: [path], message });
      return z.NEVER;
    };
    // A file from a device is added by `playlist:addFile`, which names its sharer (R117).
    if (video.source === 'file') return issue('source', 'must be a link; a file is added by playlist:addFile');
    // PostgreSQL's text takes neither a NUL nor half a surrogate pair: refused here, not by the commit (R21).
    if (video.title.includes('\u0000') || LONE_SURROGATE.test(video.title)) {
      return issue('title', 'must be text without NUL or a lone surrogate');
    }
    const thumbnail = video.thumbnail === '' ? '' : canonicalHttpUrl(video.thumbnail);
    if (thumbnail === null) return issue('thumbnail', 'must be an http(s) URL without " in its host');
    if (video.source === 'youtube') {
      if (!YOUTUBE_ID_PATTERN.test(video.id)) return issue('id', 'must be an 11-character YouTube id');
      if (video.mediaUrl !== null) return issue('mediaUrl', 'must be null');
      return { ...video, thumbnail };
    }
    if (video.mediaUrl === null) return issue('mediaUrl', 'is required');
    const link = parseVideoLink(video.mediaUrl);
    if (link?.kind !== video.source) {
      return issue('mediaUrl', `must be a supported ${video.source === 'media' ? 'media file' : video.source} link`);
    }
    if (video.id !== mediaVideoId(link.url)) return issue('id', 'must be mediaVideoId of the canonical mediaUrl');
    return { ...video, thumbnail, mediaUrl: link.url };
  });
export type AddVideoInput = z.infer<typeof addVideoInputSchema>;

export const roomIdSchema = z.string().min(1).max(64);

// Session commands: about the connection rather than the room's state.
const joinCommand = z.object({ type: z.literal('room:join'), roomId: roomIdSchema });
const leaveCommand = z.object({ type: z.literal('room:leave') });
const clockPingCommand = z.object({ type: z.literal('clock:ping') });
/** The sender's own player state for its sync badge (R53): never stored, never about anyone else. */
const presenceReportCommand = presenceReportSchema.extend({ type: z.literal('presence:report') });

// Room commands: intentions applied by the room state machine (docs/room-rules.md).
const addCommand = z.object({ type: z.literal('playlist:add'), video: addVideoInputSchema });
/**
 * Adds the videos of a YouTube playlist, in order, as far as the free slots and the caller's cap allow (R71): the
 * server reads the list (R72), so the client names it only.
 */
const addListCommand = z.object({ type: z.literal('playlist:addList'), listId: z.string().regex(PLAYLIST_ID_PATTERN) });
/** Adds a file from the sender's device (R117): the server names the sender its sharer, and its id (ownFileVideoId). */
const addFileCommand = z.object({ type: z.literal('playlist:addFile'), file: ownFileSchema.omit({ sharer: true }) });
const selectCommand = z.object({ type: z.literal('playlist:select'), id: videoIdSchema });
const removeCommand = z.object({ type: z.literal('playlist:remove'), id: videoIdSchema });
const clearWatchedCommand = z.object({ type: z.literal('playlist:clearWatched') });
/**
 * Moves one item so that it ends at `toIndex` of the playlist (R60). `version`, when given, is the room version the
 * caller saw: the move is refused as `version_conflict` if the room has moved on since.
 */
const moveCommand = z.object({
  type: z.literal('playlist:move'),
  id: videoIdSchema,
  toIndex: z
    .number()
    .int()
    .min(0)
    .max(PLAYLIST_MAX - 1),
  version: z.number().int().min(0).optional(),
});
/** Moves one item to just after the one playing (R61). */
const playNextCommand = z.object({ type: z.literal('playlist:playNext'), id: videoIdSchema });
/** Shuffles the waiting items; the server picks the order (R62). */
const shuffleCommand = z.object({ type: z.literal('playlist:shuffle') });
/** What autoplay does at the end of an item (R63). */
const loopCommand = z.object({ type: z.literal('room:loop'), mode: loopModeSchema });
/**
 * The host's player state. `id` is the video the player has loaded, so a report about an old video is refused.
 * `version`, sent by a heartbeat's re-anchor only (R93), is the room version it was made against: refused as
 * `version_conflict` once the room has moved on, so a stale "still playing" never undoes a newer pause.
 */
const playbackUpdateCommand = z.object({
  type: z.literal('playback:update'),
  id: videoIdSchema,
  playing: z.boolean(),
  position: z.number().min(0).max(POSITION_MAX),
  rate: currentVideoSchema.shape.rate,
  version: z.number().int().min(0).optional(),
});
/** The host's player reached the end of `id`. */
const playbackEndedCommand = z.object({ type: z.literal('playback:ended'), id: videoIdSchema });
/**
 * R122: this viewer's player can play `id` at the position of the start that waits until `startsAt` (the room's
 * `current_video.updated_at`). A ready for a start that is no longer the room's changes nothing.
 */
const playbackReadyCommand = z.object({
  type: z.literal('playback:ready'),
  id: videoIdSchema,
  startsAt: currentVideoSchema.shape.updated_at,
});
/** R122: a controller starts the room's clock now instead of waiting for the players still loading. */
const playbackStartCommand = z.object({ type: z.literal('playback:start'), id: videoIdSchema });
/**
 * A viewer's vote to skip `id`, the item it shows as playing (R65): `skip` true votes, false takes the vote back.
 * Naming the item means a vote sent just as the room moved on is refused instead of skipping the next one.
 */
const voteSkipCommand = z.object({ type: z.literal('vote:skip'), id: videoIdSchema, skip: z.boolean() });
/** Removes every video but the one playing (R57). */
const clearQueueCommand = z.object({ type: z.literal('playlist:clear') });
/** The host shares control with the signed-in user `uid` (R55). */
const grantCommand = z.object({ type: z.literal('cohost:grant'), uid: uidSchema });
const revokeCommand = z.object({ type: z.literal('cohost:revoke'), uid: uidSchema });
/** The host changes some of the room's settings (R56). */
const settingsCommand = z.object({ type: z.literal('room:settings'), settings: settingsChangeSchema });

/** Attaches the uploaded file `fileId` (POST /api/rooms/:roomId/subtitles) to the item `id`, with its label (R111). */
const subtitleAddCommand = z.object({
  type: z.literal('subtitle:add'),
  id: videoIdSchema,
  fileId: subtitleFileIdSchema,
  label: subtitleLabelSchema,
});
/** Removes the track of file `fileId` from the item `id` (R111). */
const subtitleRemoveCommand = z.object({
  type: z.literal('subtitle:remove'),
  id: videoIdSchema,
  fileId: subtitleFileIdSchema,
});
/** Shifts every viewer's subtitles of the item `id` by `shiftMs` (R112); 0 undoes the shift. */
const subtitleShiftCommand = z.object({
  type: z.literal('subtitle:shift'),
  id: videoIdSchema,
  shiftMs: subtitleShiftSchema,
});

/**
 * R126: this tab starts sharing its screen, a window or a tab with the room (a controller; the same person's new
 * tab or reconnected socket takes their share over). The server names the share and pauses the room.
 */
const shareStartCommand = z.object({ type: z.literal('share:start') });
/** R126: ends the share `id` (its sharer, or any controller); a share that already ended changes nothing. */
const shareStopCommand = z.object({ type: z.literal('share:stop'), id: videoIdSchema });
/** R127: this tab joins the room's call, sending its microphone and/or camera; another tab of the person leaves it. */
const callJoinCommand = z.object({ type: z.literal('call:join'), audio: z.boolean(), video: z.boolean() });
/** R127: this tab leaves the call. */
const callLeaveCommand = z.object({ type: z.literal('call:leave') });
/** R127: this tab turns its microphone or camera on or off for the call. */
const callUpdateCommand = z.object({
  type: z.literal('call:update'),
  audio: z.boolean().optional(),
  video: z.boolean().optional(),
});
/** R127: a controller mutes the tab `peer` of the call for everyone (the host only by the host). */
const callMuteCommand = z.object({ type: z.literal('call:mute'), peer: peerIdSchema });

// Moderation commands: about people rather than the room's state (R58, R59).
const kickCommand = z.object({ type: z.literal('moderation:kick'), key: personKeySchema });
const banCommand = z.object({ type: z.literal('moderation:ban'), uid: uidSchema });
const unbanCommand = z.object({ type: z.literal('moderation:unban'), uid: uidSchema });
const bansCommand = z.object({ type: z.literal('moderation:bans') });
// R107: the kicks still running, and lifting one before its 10 minutes are over.
const kicksCommand = z.object({ type: z.literal('moderation:kicks') });
const unkickCommand = z.object({ type: z.literal('moderation:unkick'), key: personKeySchema });

export const roomCommandSchema = z.discriminatedUnion('type', [
  addCommand,
  addListCommand,
  addFileCommand,
  selectCommand,
  removeCommand,
  clearWatchedCommand,
  moveCommand,
  playNextCommand,
  shuffleCommand,
  loopCommand,
  playbackUpdateCommand,
  playbackEndedCommand,
  playbackReadyCommand,
  playbackStartCommand,
  voteSkipCommand,
  clearQueueCommand,
  grantCommand,
  revokeCommand,
  settingsCommand,
  subtitleAddCommand,
  subtitleRemoveCommand,
  subtitleShiftCommand,
  shareStartCommand,
  shareStopCommand,
  callJoinCommand,
  callLeaveCommand,
  callUpdateCommand,
  callMuteCommand,
]);
/** A command that changes a room's state; what the state machine consumes. */
export type RoomCommand = z.infer<typeof roomCommandSchema>;
export type RoomCommandType = RoomCommand['type'];

/**
 * Every client→server message, tagged by `type`. On the wire the tag is the Socket.IO event name and the rest
 * is the payload object: `socket.emit('playlist:select', {id}, ack)`. Unknown payload fields are dropped.
 */
export const commandSchema = z.discriminatedUnion('type', [
  joinCommand,
  leaveCommand,
  clockPingCommand,
  presenceReportCommand,
  ...roomCommandSchema.options,
  // Chat (R54): stored beside the room, not part of its state.
  chatSendCommand,
  chatDeleteCommand,
  chatHistoryCommand,
  kickCommand,
  banCommand,
  unbanCommand,
  bansCommand,
  kicksCommand,
  unkickCommand,
  // Own files' signalling (R113): relayed to the room's other sockets, never stored.
  p2pAnnounceCommand,
  p2pSignalCommand,
  // The screen share through the SFU (R129): passed to the SFU by the server, never stored.
  sfuPublishCommand,
  sfuSubscribeCommand,
  sfuAnswerCommand,
]);
export type Command = z.infer<typeof commandSchema>;
export type CommandType = Command['type'];

/** The payload sent with the event `T` (the command without its tag). */
export type CommandPayload<T extends CommandType> = Omit<Extract<Command, { type: T }>, 'type'>;

/** Every event name a client may emit, in the order of `commandSchema`. */
export const COMMAND_TYPES: readonly CommandType[] = commandSchema.options.map((option) => option.shape.type.value);

export function isCommandType(value: string): value is CommandType {
  return (COMMAND_TYPES as readonly string[]).includes(value);
}

const ROOM_COMMAND_TYPES: readonly string[] = roomCommandSchema.options.map((option) => option.shape.type.value);

export function isRoomCommand(command: Command): command is RoomCommand {
  return ROOM_COMMAND_TYPES.includes(command.type);
}

/**
 * Builds the tagged command from a Socket.IO event name and its payload. A missing payload means `{}`;
 * anything that is not a plain object is refused rather than coerced.
 */
export function parseCommand(type: CommandType, payload: unknown): ReturnType<typeof commandSchema.safeParse> {
  const body = payload === undefined ? {} : payload;
  // Spreading a string or an array would invent fields; let the schema refuse the raw value instead.
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return commandSchema.safeParse(body);
  return commandSchema.safeParse({ ...body, type });
}
