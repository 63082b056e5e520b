// Subtitle tracks on playlist items (R111): what an item carries of each attached file, the limits, and the
// answer to an upload. Free of zod: the schemas are in schemas/room.ts and schemas/commands.ts.

import type { SubtitleFormat } from './subtitle-cues.ts';
import type { SubtitleEncoding } from './subtitle-encoding.ts';

/** Largest subtitle file a viewer may send (R111): a feature film's SRT is 50–150 KB. */
export const SUBTITLE_FILE_BYTES_MAX = 2 * 1024 * 1024;
/** Tracks one item may carry (R111): a few languages, and room to replace a bad file. */
export const SUBTITLE_TRACKS_MAX = 8;
/** Longest track label ('Tiếng Việt', 'English (SDH)'). */
export const SUBTITLE_LABEL_MAX = 40;
/** The controllers shift an item's subtitles in steps of 0.1 s (R112), up to 10 minutes either way. */
export const SUBTITLE_SHIFT_STEP_MS = 100;
export const SUBTITLE_SHIFT_MAX_MS = 10 * 60 * 1000;

/** A subtitle file attached to an item (R111): the file's id, its label, how many cues it has, who attached it. */
export interface SubtitleTrack {
  id: string;
  label: string;
  cues: number;
  /** The person key (R51) of who attached it: they may remove it, as a controller may. */
  by: string;
}

/** The answer to `POST /api/rooms/:roomId/subtitles` (R111): the file as read, not yet attached to anything. */
export interface SubtitleUpload {
  id: string;
  cues: number;
  /** Broken cues left out (R110): 'Bỏ qua 3 dòng phụ đề lỗi'. */
  skipped: number;
  format: SubtitleFormat;
  encoding: SubtitleEncoding;
}

/** R111: subtitles go where each viewer's own <video> plays the item: a direct link, an HLS stream or a shared file (R117). */
export const takesSubtitles = (video: { source: string }) => video.source === 'media' || video.source === 'file';
