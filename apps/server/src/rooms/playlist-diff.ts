import type { Video } from '@xemchung/protocol';
import type { Flag } from '../db/schema.ts';

/** A playlist row as stored: its id, its sort key and its watched flag. */
export interface StoredItem {
  video_id: string;
  position: number;
  visited: Flag;
}

/** The row writes that turn the stored playlist into the new one. */
export interface PlaylistWrites {
  deletes: string[];
  inserts: Array<{ video: Video; position: number }>;
  updates: Array<{ video_id: string; position: number; visited: Flag }>;
}

/**
 * Computes the fewest row writes from `before` (ordered by position) to `after`. Positions are sort keys, not
 * indexes: they only need to increase along the playlist, so removing a video rewrites no other row and an
 * append writes one. A row is only rewritten when its watched flag changes or it would sort out of order.
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
    if (!old) writes.inserts.push({ video, position });
    else if (old.position !== position || old.visited !== visited) {
      writes.updates.push({ video_id: video.id, position, visited });
    }
    last = position;
  }
  return writes;
}
