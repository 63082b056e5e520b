import { z } from 'zod';
import { EMBED_SOURCES } from '../embed-links.ts';
import {
  COHOSTS_MAX,
  PER_PERSON_CAP_MAX,
  PLAYBACK_RATE_MAX,
  PLAYBACK_RATE_MIN,
  PLAYLIST_MAX,
  ROOM_NAME_MAX,
  SKIP_VOTES_MAX,
  TITLE_MAX,
  URL_MAX,
  VIDEO_ID_MAX,
} from '../limits.ts';
import { nameProblem } from '../name-rule.ts';
import {
  OWN_FILE_BYTES_MAX,
  OWN_FILE_DIGEST_PATTERN,
  OWN_FILE_MIME_PATTERN,
  OWN_FILE_NAME_MAX,
  type OwnFile,
} from '../own-files.ts';
import { READY_GATE_MAX_SECONDS } from '../ready-gate.ts';
import { type RoomNameProblem, roomNameProblem } from '../room-name.ts';
import { ADD_POLICIES, CALL_MEMBERS_MAX_SFU, CALL_POLICIES, LOOP_MODES } from '../room-settings.ts';
import {
  SUBTITLE_LABEL_MAX,
  SUBTITLE_SHIFT_MAX_MS,
  SUBTITLE_SHIFT_STEP_MS,
  SUBTITLE_TRACKS_MAX,
  type SubtitleTrack,
} from '../subtitle-tracks.ts';
import { personSchema } from './people.ts';

/**
 * Where a playlist item plays from: the YouTube IFrame player, an HTML5 media element on a direct link, the
 * Vimeo, Dailymotion or SoundCloud player (R75), or an HTML5 media element on a file from a viewer's device (R117).
 */
export const videoSourceSchema = z.enum(['youtube', 'media', ...EMBED_SOURCES, 'file']);
export type VideoSource = z.infer<typeof videoSourceSchema>;

export const httpUrlSchema = z
  .string()
  .max(URL_MAX)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      return false;
    }
  }, 'must be an http(s) URL');

/** A YouTube video id, or our own id for a direct media link (`m_` + hash). */
export const videoIdSchema = z
  .string()
  .min(1)
  .max(VIDEO_ID_MAX)
  .regex(/^[A-Za-z0-9_-]+$/, 'must contain only letters, digits, - and _');

/**
 * A subtitle track's label (R111): trimmed, 1–SUBTITLE_LABEL_MAX characters, passing the name rule (R96): something
 * visible, no control characters (a NUL, a line break, ESC), no bidi controls, no lone surrogate, no stacked marks.
 */
export const subtitleLabelSchema = z
  .string()
  .trim()
  .min(1)
  .max(SUBTITLE_LABEL_MAX)
  .refine(
    (label) => nameProblem(label, SUBTITLE_LABEL_MAX) === null,
    'must be visible text without control characters, bidi controls or stacked marks',
  );

/** An uploaded subtitle file's id (rooms/subtitle-files.ts: 128 random bits, base64url). */
export const subtitleFileIdSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'must be a subtitle file id');

export const subtitleTrackSchema = z.object({
  id: subtitleFileIdSchema,
  label: subtitleLabelSchema,
  cues: z.number().int().min(1),
  by: z.string().max(80),
}) satisfies z.ZodType<SubtitleTrack>;

/** A subtitle shift (R112): whole steps of 0.1 s, at most 10 minutes either way. */
export const subtitleShiftSchema = z
  .number()
  .int()
  .min(-SUBTITLE_SHIFT_MAX_MS)
  .max(SUBTITLE_SHIFT_MAX_MS)
  .multipleOf(SUBTITLE_SHIFT_STEP_MS);

/** A file shared from a viewer's device (R117), as its sharer's browser read it; `sharer` is set by the server. */
export const ownFileSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1)
    .max(OWN_FILE_NAME_MAX)
    // The name rule (R96), as a room's name: a NUL, a line break or a lone surrogate in the item's title is refused
    // here, not by PostgreSQL's text column in the middle of a commit.
    .refine(
      (name) => nameProblem(name, OWN_FILE_NAME_MAX) === null,
      'must be visible text without control characters, bidi controls or stacked marks',
    ),
  size: z.number().int().min(1).max(OWN_FILE_BYTES_MAX),
  duration: z
    .number()
    .positive()
    .max(7 * 24 * 3600),
  mime: z.string().regex(OWN_FILE_MIME_PATTERN, 'must be a video/ or audio/ media type'),
  digest: z.string().regex(OWN_FILE_DIGEST_PATTERN, 'must be 64 lowercase hex characters'),
  sharer: z.string().max(80),
}) satisfies z.ZodType<OwnFile>;

/** A playlist item (docs/product.md#data) plus how to play it. */
export const videoSchema = z.object({
  id: videoIdSchema,
  title: z.string().max(TITLE_MAX),
  thumbnail: z.union([httpUrlSchema, z.literal('')]),
  visited: z.boolean(),
  source: videoSourceSchema,
  /** The direct media URL when source is 'media', the canonical page URL for Vimeo, Dailymotion, SoundCloud; null for YouTube. */
  mediaUrl: httpUrlSchema.nullable(),
  /** The shared file when source is 'file' (R117); absent otherwise. */
  file: ownFileSchema.optional(),
  /** The subtitle tracks attached to the item (R111); absent when none. */
  subtitles: z.array(subtitleTrackSchema).min(1).max(SUBTITLE_TRACKS_MAX).optional(),
  /** How far the controllers shifted the item's subtitles, in ms (R112); absent when not shifted. */
  subtitleShiftMs: subtitleShiftSchema.optional(),
});
export type Video = z.infer<typeof videoSchema>;

/**
 * What is playing (docs/product.md#data). `current_time` is the position in seconds at server time
 * `updated_at` (epoch ms); while `playing`, the position advances at `rate` from there.
 */
export const currentVideoSchema = z.object({
  id: z.string().max(VIDEO_ID_MAX),
  index: z.number().int().min(-1),
  playing: z.boolean(),
  current_time: z.number().min(0),
  updated_at: z.number().int().min(0),
  rate: z.number().min(PLAYBACK_RATE_MIN).max(PLAYBACK_RATE_MAX),
});
export type CurrentVideo = z.infer<typeof currentVideoSchema>;

export const loopModeSchema = z.enum(LOOP_MODES);

/** The host's moderation settings, stored with the room (R56); who they let do what is in roles.ts. */
export const roomSettingsSchema = z.object({
  /** Who may add videos. */
  addPolicy: z.enum(ADD_POLICIES),
  /** Whether guests may write in the chat (signed-in viewers always may). */
  guestChat: z.boolean(),
  /** How many videos one person may have waiting in the playlist (added by them, not yet played). */
  perPersonCap: z.number().int().min(1).max(PER_PERSON_CAP_MAX),
  /** Whether viewers may vote to skip the current item (R64). */
  skipVoting: z.boolean(),
  /** How long (s) a start waits at most for the viewers' players to be ready (R122); 0 starts at once. */
  readyGateSeconds: z.number().int().min(0).max(READY_GATE_MAX_SECONDS),
  /** Who may join the room's call (R127). */
  callPolicy: z.enum(CALL_POLICIES),
});
export type RoomSettings = z.infer<typeof roomSettingsSchema>;

/** A socket of the room, as `from` names it in `p2p:announce` and `p2p:signal` (a Socket.IO socket id). */
export const peerIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1–64 letters, digits, - and _');

/**
 * The room's screen share (R126): a tab's picture and sound that everyone sees in place of the player while it
 * stands. `id` names it in the signalling (R113's `itemId`), `peer` is the sharing tab's socket (whom viewers send
 * their offers to), `by` the person sharing, `since` when it began (server epoch ms).
 */
export const screenShareSchema = z.object({
  id: videoIdSchema,
  peer: peerIdSchema,
  by: personSchema,
  since: z.number().int().min(0),
});
export type ScreenShare = z.infer<typeof screenShareSchema>;

/**
 * A tab in the room's call (R127): its socket (`peer`, whom the others connect to), the person, and whether it sends
 * its microphone (`audio`) and camera (`video`). A controller's mute turns `audio` off for everyone.
 */
export const callMemberSchema = z.object({
  peer: peerIdSchema,
  by: personSchema,
  audio: z.boolean(),
  video: z.boolean(),
});
export type CallMember = z.infer<typeof callMemberSchema>;

/** A room as the server sends it: with who shares control, the host's settings and its commit `version` (docs/product.md#data). */
export const roomSnapshotSchema = z.object({
  id: z.string(),
  host: z.string(),
  name: z.string(),
  playlist: z.array(videoSchema).max(PLAYLIST_MAX),
  current_video: currentVideoSchema,
  /** Uids of the signed-in viewers the host gave control (R55). */
  cohosts: z.array(z.string()).max(COHOSTS_MAX),
  settings: roomSettingsSchema,
  /** What autoplay does at the end of an item (R63); the host and co-hosts change it. */
  loop: loopModeSchema,
  /**
   * The person keys (R51) of those who voted to skip the current item and were present at the last vote (R65);
   * emptied when the item changes. The count shown is these keys among the viewers present now (vote-skip.ts).
   */
  skipVotes: z.array(z.string().max(80)).max(SKIP_VOTES_MAX),
  /**
   * The person keys (R51) whose players the start at `current_video.updated_at` still waits for (R122): a start in
   * the future that the last of them to report ready brings forward to now. Empty when no start waits.
   */
  readyWait: z.array(z.string().max(80)).max(SKIP_VOTES_MAX),
  /** The screen share everyone sees in place of the player (R126); null when nobody shares. */
  share: screenShareSchema.nullable(),
  /** The tabs in the room's voice and camera call, in the order they joined (R127). */
  call: z.array(callMemberSchema).max(CALL_MEMBERS_MAX_SFU),
  version: z.number().int().min(0),
});
export type RoomSnapshot = z.infer<typeof roomSnapshotSchema>;

/** `room:delta` (R108): the room at `version` is the room at `version - 1` with `set` and `playlist` applied. */
export const roomDeltaSchema = z.object({
  roomId: z.string(),
  version: z.number().int().min(1),
  set: roomSnapshotSchema
    .pick({
      host: true,
      name: true,
      current_video: true,
      cohosts: true,
      settings: true,
      loop: true,
      skipVotes: true,
      readyWait: true,
      share: true,
      call: true,
    })
    .partial()
    .optional(),
  /**
   * How the playlist changed: `removed` items go (by id), then `inserted` items are put in at their index in
   * ascending order (new items, and items that moved: out, then in where they now are), then `changed` items replace
   * the item with their id where it stands (a watched flag). Applied in that order, the before-playlist becomes the
   * after-playlist exactly.
   */
  playlist: z
    .object({
      removed: z.array(videoIdSchema).optional(),
      inserted: z.array(z.object({ index: z.number().int().min(0), video: videoSchema })).optional(),
      changed: z.array(videoSchema).optional(),
    })
    .optional(),
});
/** Applied by applyRoomDelta, taken by roomDeltaBetween (room-delta.ts). */
export type RoomDelta = z.infer<typeof roomDeltaSchema>;

const ROOM_NAME_MESSAGES: Record<RoomNameProblem, string> = {
  blank: 'Room name is required',
  invalid_character: 'Room name must not contain control characters, bidirectional overrides or stacked marks',
  too_long: `Room name must be at most ${ROOM_NAME_MAX} characters`,
};

/** A room name, trimmed, judged by roomNameProblem as the form judges it (R41). */
export const roomNameSchema = z
  .string()
  .trim()
  .superRefine((name, ctx) => {
    const problem = roomNameProblem(name);
    if (problem) ctx.addIssue({ code: 'custom', message: ROOM_NAME_MESSAGES[problem] });
  });

/** POST /api/rooms */
export const createRoomRequestSchema = z.object({ name: roomNameSchema });
export type CreateRoomRequest = z.infer<typeof createRoomRequestSchema>;

/** A room in a listing (GET /api/rooms?host=me). */
export const roomSummarySchema = z.object({ id: z.string(), name: z.string(), host: z.string() });
export type RoomSummary = z.infer<typeof roomSummarySchema>;
