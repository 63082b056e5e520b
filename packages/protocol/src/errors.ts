/**
 * The closed set of error codes a socket command can fail with (docs/protocol.md, "Errors"). Clients switch
 * on the code; the message is for logs and developers, except where a rule fixes the text shown to users.
 */
export const ERROR_CODES = [
  /** The payload does not match the command's schema (wrong types, too long, bad id or URL). */
  'invalid_payload',
  /** The event name is not a command of this protocol version. */
  'unknown_command',
  /** The caller's role may not run this command in this room (the permission table, roles.ts). */
  'forbidden',
  /** A room command arrived before `room:join` (or after `room:leave`). */
  'not_joined',
  /** The room's settings let only signed-in viewers, or only the host and co-hosts, add videos. */
  'adding_restricted',
  /** The room's settings keep guests from writing in the chat. */
  'chat_restricted',
  /** `vote:skip` while the host has turned voting to skip off (R64). */
  'voting_off',
  /** `vote:skip` while no video is selected (R65). */
  'nothing_playing',
  /** `vote:skip` from a guest when another guest from the same client address has a vote standing (R101). */
  'address_voted',
  /** `chat:send` of a text that is empty, longer than CHAT_TEXT_MAX, or holds control or bidi characters (R54). */
  'invalid_message',
  /** `chat:send` faster than the per-person chat rate (R54); wait a moment. */
  'chat_rate_limited',
  /** `chat:delete` of a message that is not in the room. */
  'message_not_found',
  /** `playlist:add` by a viewer who already has the room's `perPersonCap` videos waiting (R56). */
  'cap_reached',
  /** A grant, kick or ban aimed at the room's host (who is also the only one who may send them). */
  'invalid_target',
  /** `cohost:grant` or `moderation:ban` of a uid that is no user of ours. */
  'user_not_found',
  /** `cohost:grant` when the room already has COHOSTS_MAX co-hosts. */
  'cohosts_full',
  /** `room:join` refused: the host kicked you from this room less than KICK_DURATION_MS ago (R58). */
  'kicked',
  /** `room:join` refused: the host banned you from this room (R59). */
  'banned',
  /** The room does not exist (never did, or was deleted). */
  'room_not_found',
  /** `playlist:add` of a video already in the playlist. */
  'duplicate_video',
  /** `playlist:add` when the playlist already holds PLAYLIST_MAX items. */
  'playlist_full',
  /** `playlist:addList` of a YouTube playlist that is private or does not exist (R72). */
  'playlist_unavailable',
  /** `playlist:addList` of a YouTube playlist with no video that can be played (R72). */
  'playlist_empty',
  /** `playlist:addList` when YouTube could not be asked (timeout, error, refused, lookups off); retry later (R72). */
  'playlist_lookup_failed',
  /** `playlist:move` to an index outside the playlist (R60). */
  'invalid_index',
  /** The command names a video that is not in the playlist. */
  'video_not_found',
  /** `subtitle:add` or `subtitle:shift` on an item no viewer plays in its own <video> (R111). */
  'subtitles_unsupported',
  /** `subtitle:add` when the item already has SUBTITLE_TRACKS_MAX tracks (R111). */
  'subtitles_full',
  /** `subtitle:add` of a file that was never uploaded to this room, or was deleted (R111). */
  'subtitle_not_found',
  /** `share:start` while someone else shares their screen (R126): a controller stops that share first. */
  'share_taken',
  /** `call:join` where the room's callPolicy keeps the caller out of the call: off, or signed-in viewers only (R127). */
  'call_restricted',
  /** `call:join` when the call already holds as many tabs as it may: CALL_MEMBERS_MAX, or CALL_MEMBERS_MAX_SFU (R127, R129). */
  'call_full',
  /** `call:update` from a tab that is not in the call, or `call:mute` of one that is not (R127). */
  'not_in_call',
  /** An SFU command about a share that is not the room's now, or `sfu:publish` from another tab than the sharer's (R129). */
  'not_sharing',
  /** Too many commands from this socket; wait and retry. */
  'rate_limited',
  /** The command refers to a state that is no longer current (e.g. `playback:ended` for a video that already changed). */
  'version_conflict',
  /** The server could not commit in time (contention, database down, shutting down, client-side timeout); retry. */
  'unavailable',
  /** Connect refused: the client speaks another PROTOCOL_VERSION. */
  'protocol_mismatch',
  /** A bug on our side; the message never carries details. */
  'internal',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** R7: the alert text for a duplicate playlist video, exact (docs/product.md#messages). */
export const DUPLICATE_VIDEO_MESSAGE = 'Video đã có trong playlist';
