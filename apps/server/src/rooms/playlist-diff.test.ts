import type { Video } from '@xemchung/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffPlaylist, type StoredItem } from './playlist-diff.ts';

const video = (id: string, visited = false): Video => ({
  id,
  title: id,
  thumbnail: '',
  visited,
  source: 'youtube',
  mediaUrl: null,
});
const stored = (id: string, position: number, visited = false): StoredItem => ({
  video_id: id,
  position,
  visited: visited ? 1 : 0,
  subtitles: null,
  subtitle_shift_ms: 0,
});

describe('diffPlaylist (R17)', () => {
  it('appends with one insert after the last position', () => {
    const writes = diffPlaylist([stored('a', 0), stored('b', 4)], [video('a'), video('b'), video('c')]);
    expect(writes).toEqual({ deletes: [], inserts: [{ video: video('c'), position: 5 }], updates: [] });
  });

  it('starts an empty playlist at position 0', () => {
    expect(diffPlaylist([], [video('a', true)]).inserts).toEqual([{ video: video('a', true), position: 0 }]);
  });

  it('removes with one delete and rewrites no other row', () => {
    const writes = diffPlaylist([stored('a', 0), stored('b', 1), stored('c', 2)], [video('a'), video('c')]);
    expect(writes).toEqual({ deletes: ['b'], inserts: [], updates: [] });
  });

  it('rewrites only the rows whose watched flag changed', () => {
    const writes = diffPlaylist([stored('a', 0), stored('b', 1)], [video('a'), video('b', true)]);
    expect(writes.updates).toEqual([{ video_id: 'b', position: 1, visited: 1, subtitles: null, subtitle_shift_ms: 0 }]);
  });

  it('R111 R112: rewrites the row whose subtitles or shift changed, and only that one', () => {
    const track = { id: 'AAAAAAAAAAAAAAAAAAAAAA', label: 'Tiếng Việt', cues: 3, by: 'u:host' };
    const withTrack = { ...video('b'), subtitles: [track] };
    const writes = diffPlaylist([stored('a', 0), stored('b', 1)], [video('a'), withTrack]);
    expect(writes.updates).toEqual([
      { video_id: 'b', position: 1, visited: 0, subtitles: JSON.stringify([track]), subtitle_shift_ms: 0 },
    ]);
    const shifted = diffPlaylist(
      [stored('a', 0), stored('b', 1)],
      [{ ...video('a'), subtitleShiftMs: -300 }, video('b')],
    );
    expect(shifted.updates).toEqual([
      { video_id: 'a', position: 0, visited: 0, subtitles: null, subtitle_shift_ms: -300 },
    ]);
  });

  it('gives any result increasing positions in the new order', () => {
    const ids = fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g'), { maxLength: 7 });
    fc.assert(
      fc.property(
        ids,
        ids,
        fc.array(fc.integer({ min: -5, max: 50 }), { minLength: 7, maxLength: 7 }),
        (before, after, raw) => {
          const positions = [...raw].sort((x, y) => x - y);
          const rows = before.map((id, i) => stored(id, positions[i] as number));
          const writes = diffPlaylist(
            rows,
            after.map((id) => video(id)),
          );
          const result = new Map(rows.map((row) => [row.video_id, row.position]));
          for (const id of writes.deletes) result.delete(id);
          for (const { video: item, position } of writes.inserts) result.set(item.id, position);
          for (const { video_id, position } of writes.updates) result.set(video_id, position);
          const order = [...result.entries()].sort((x, y) => x[1] - y[1]).map(([id]) => id);
          expect(order).toEqual(after);
          expect(new Set(result.values()).size).toBe(result.size);
        },
      ),
    );
  });
});
