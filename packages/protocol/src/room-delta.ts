// What changed in a room between two committed versions (docs/room-rules.md R108), and how a client applies it.
// Free of zod: the web applies deltas on every broadcast and keeps zod out of its bundle.
import type { RoomDelta, RoomSnapshot, Video } from './schemas/room.ts';

/** The parts of a room a delta sets whole when they change (everything but the playlist and the version). */
export type RoomDeltaFields = Partial<Omit<RoomSnapshot, 'id' | 'playlist' | 'version'>>;

/** How the playlist changed (`room:delta`'s `playlist`, schemas/room.ts). */
export type PlaylistDelta = NonNullable<RoomDelta['playlist']>;

/** The room fields a delta may set, in one place for the diff and the tests. */
export const ROOM_DELTA_FIELDS = [
  'host',
  'name',
  'current_video',
  'cohosts',
  'settings',
  'loop',
  'skipVotes',
  'readyWait',
  'share',
  'call',
] as const;

/** What a delta is taken between: a room's fields, whatever else its holder keeps beside them. */
export type DeltaSubject = Pick<RoomSnapshot, 'playlist' | (typeof ROOM_DELTA_FIELDS)[number]>;

/** The room at `delta.version`, from the room at `delta.version - 1` (R108). The caller checks the version. */
export function applyRoomDelta(room: RoomSnapshot, delta: RoomDelta): RoomSnapshot {
  return {
    ...room,
    ...delta.set,
    playlist: delta.playlist ? applyPlaylistDelta(room.playlist, delta.playlist) : room.playlist,
    version: delta.version,
  };
}

function applyPlaylistDelta(playlist: readonly Video[], delta: PlaylistDelta): Video[] {
  const removed = new Set(delta.removed);
  const next = removed.size === 0 ? [...playlist] : playlist.filter((video) => !removed.has(video.id));
  for (const { index, video } of delta.inserted ?? []) next.splice(index, 0, video);
  if (delta.changed?.length) {
    const changed = new Map(delta.changed.map((video) => [video.id, video]));
    for (let index = 0; index < next.length; index++) {
      const video = next[index];
      const replacement = video && changed.get(video.id);
      if (replacement) next[index] = replacement;
    }
  }
  return next;
}

/**
 * How `after` differs from `before` as a delta (R108), or null when the difference is better sent whole: more
 * than `maxItems` playlist items would travel (a shuffle of a long queue), so the room itself is smaller or as
 * small. Fields are compared by value, so a state machine that keeps unchanged parts as the same objects and one
 * that rebuilds them give the same delta.
 */
export function roomDeltaBetween(
  before: DeltaSubject,
  after: DeltaSubject,
  maxItems = 50,
): Omit<RoomDelta, 'roomId' | 'version'> | null {
  const set: Record<string, unknown> = {};
  for (const field of ROOM_DELTA_FIELDS) {
    if (!sameValue(before[field], after[field])) set[field] = after[field];
  }
  const playlist = before.playlist === after.playlist ? {} : playlistDeltaBetween(before.playlist, after.playlist);
  const items = (playlist.inserted?.length ?? 0) + (playlist.changed?.length ?? 0);
  if (items > maxItems) return null;
  const delta: Omit<RoomDelta, 'roomId' | 'version'> = {};
  if (Object.keys(set).length > 0) delta.set = set as RoomDeltaFields;
  if (playlist.removed || playlist.inserted || playlist.changed) delta.playlist = playlist;
  return delta;
}

function playlistDeltaBetween(before: readonly Video[], after: readonly Video[]): PlaylistDelta {
  const afterIndex = new Map(after.map((video, index) => [video.id, index]));
  const beforeIds = new Set(before.map((video) => video.id));
  // Kept items in their old order; those off the longest run already in the new order are moved (out, then in).
  const kept = before.filter((video) => afterIndex.has(video.id));
  const staying = longestIncreasingRun(kept.map((video) => afterIndex.get(video.id) ?? 0));
  const stays = new Set(staying.map((position) => kept[position]?.id));
  const removed = before.filter((video) => !afterIndex.has(video.id) || !stays.has(video.id)).map((v) => v.id);
  const inserted: Array<{ index: number; video: Video }> = [];
  const changed: Video[] = [];
  const beforeById = new Map(before.map((video) => [video.id, video]));
  after.forEach((video, index) => {
    if (!beforeIds.has(video.id) || !stays.has(video.id)) inserted.push({ index, video });
    else if (!sameValue(beforeById.get(video.id), video)) changed.push(video);
  });
  return {
    ...(removed.length > 0 ? { removed } : {}),
    ...(inserted.length > 0 ? { inserted } : {}),
    ...(changed.length > 0 ? { changed } : {}),
  };
}

/** Positions (into `values`) of one longest strictly increasing subsequence, in order. O(n log n). */
function longestIncreasingRun(values: readonly number[]): number[] {
  const tails: number[] = []; // tails[k]: position of the smallest tail of a run of length k + 1
  const previous: number[] = new Array(values.length).fill(-1);
  values.forEach((value, position) => {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((values[tails[middle] ?? 0] ?? 0) < value) low = middle + 1;
      else high = middle;
    }
    if (low > 0) previous[position] = tails[low - 1] ?? -1;
    tails[low] = position;
  });
  const run: number[] = [];
  for (let position = tails.at(-1) ?? -1; position >= 0; position = previous[position] ?? -1) run.push(position);
  return run.reverse();
}

/** Deep equality of JSON values (what a room is made of). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) => sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}
