import type { Video } from '@xemchung/protocol';
import type { Flag } from '../db/schema.ts';

/** A playlist row as stored: its id, its sort key, its watched flag and its subtitles (R111, R112). */
export interface StoredItem {
  video_id: string;
  position: number;
  visited: Flag;
  subtitles: string | null;
  subtitle_shift_ms: number;
}

/** The row writes that turn the stored playlist into the new one. */
export interface PlaylistWrites {
  deletes: string[];
  inserts: Array<{ video: Video; position: number }>;
  updates: Array<Omit<StoredItem, 'video_id'> & { video_id: string }>;
}

/** The columns that hold an item's subtitles (R111, R112). */
export function subtitleColumns(video: Video): Pick<StoredItem, 'subtitles' | 'subtitle_shift_ms'> {
  return {
    subtitles: video.subtitles ? JSON.stringify(video.subtitles) : null,
    subtitle_shift_ms: video.subtitleShiftMs ?? 0,
  };
}

/**
 * Computes the fewest row writes from `before` (ordered by position) to `after`. Positions are sort keys, not
 * indexes: they only need to increase along the playlist, so removing a video rewrites no other row and an
 * append writes one. A row is only rewritten when its watched flag or subtitles change or it would sort out of order.
 */
export function diffPlaylist(before: readonly StoredItem[], after: readonly Video[]): PlaylistWrites {
  const stored = new Map(before.map((item) => [item.video_id, item]));
  const kept = new Set(after.map((video) => video.id));
  const writes: PlaylistWrites = {
    deletes: before.filter((item) => !kept.has(item.video_id)).map((item) => item.video_id),
    inserts: [],
    updates: [],
  };
  let last = Number.NEGATIVE_INFINITY;
  for (const video of after) {
    const old = stored.get(video.id);
    const visited: Flag = video.visited ? 1 : 0;
    const position = old && old.position > last ? old.position : Number.isFinite(last) ? last + 1 : 0;
    const subtitles = subtitleColumns(video);
    if (!old) writes.inserts.push({ video, position });
    else if (
      old.position !== position ||
      old.visited !== visited ||
      old.subtitles !== subtitles.subtitles ||
      old.subtitle_shift_ms !== subtitles.subtitle_shift_ms
    ) {
      writes.updates.push({ video_id: video.id, position, visited, ...subtitles });
    }
    last = position;
  }
  return writes;
}
