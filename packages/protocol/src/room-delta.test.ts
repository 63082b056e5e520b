import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CURRENT_VIDEO, DEFAULT_ROOM_SETTINGS, type RoomSnapshot, type Video } from './index.ts';
import { applyRoomDelta, roomDeltaBetween } from './room-delta.ts';

const video = (id: string, visited = false): Video => ({
  id: id.padEnd(11, '_'),
  title: `Video ${id}`,
  thumbnail: '',
  visited,
  source: 'youtube',
  mediaUrl: null,
});

const room = (playlist: Video[], version = 1): RoomSnapshot => ({
  id: 'room1234room1234',
  host: 'host',
  name: 'Phòng',
  playlist,
  current_video: { ...DEFAULT_CURRENT_VIDEO },
  cohosts: [],
  settings: DEFAULT_ROOM_SETTINGS,
  loop: 'off',
  skipVotes: [],
  readyWait: [],
  share: null,
  call: [],
  version,
});

/** The delta from `before` to `after`, applied to `before`, as a client at `before.version` would. */
function roundTrip(before: RoomSnapshot, after: RoomSnapshot, maxItems?: number): RoomSnapshot | null {
  const delta = roomDeltaBetween(before, after, maxItems);
  return delta && applyRoomDelta(before, { roomId: before.id, version: after.version, ...delta });
}

describe('room deltas (R108)', () => {
  it('R108: a playback change is the current video alone, a vote the votes alone', () => {
    const before = room([video('a'), video('b')]);
    const paused = { ...before, current_video: { ...before.current_video, playing: false }, version: 2 };
    expect(roomDeltaBetween(before, paused)).toEqual({ set: { current_video: paused.current_video } });
    const voted = { ...before, skipVotes: ['g:X'], version: 2 };
    expect(roomDeltaBetween(before, voted)).toEqual({ set: { skipVotes: ['g:X'] } });
    expect(roundTrip(before, voted)).toEqual(voted);
  });

  it('R108: an add is one insertion, a remove one id, a move one item out and in, a watched flag one change', () => {
    const before = room(['a', 'b', 'c', 'd'].map((id) => video(id)));
    const [a, b, c, d] = before.playlist as [Video, Video, Video, Video];
    const e = video('e');
    expect(roomDeltaBetween(before, { ...before, playlist: [a, b, c, d, e] })).toEqual({
      playlist: { inserted: [{ index: 4, video: e }] },
    });
    expect(roomDeltaBetween(before, { ...before, playlist: [a, c, d] })).toEqual({ playlist: { removed: [b.id] } });
    expect(roomDeltaBetween(before, { ...before, playlist: [a, c, d, b] })).toEqual({
      playlist: { removed: [b.id], inserted: [{ index: 3, video: b }] },
    });
    const watched = { ...c, visited: true };
    expect(roomDeltaBetween(before, { ...before, playlist: [a, b, watched, d] })).toEqual({
      playlist: { changed: [watched] },
    });
  });

  it('R108: a change of more items than the bound is sent whole (null)', () => {
    const before = room(Array.from({ length: 60 }, (_, i) => video(`v${i}`)));
    expect(roundTrip(before, { ...before, playlist: [...before.playlist].reverse() }, 50)).toBeNull();
  });

  it('R108: whatever happens to a room between two versions, the delta applied to the first gives the second', () => {
    const ids = fc.uniqueArray(fc.stringMatching(/^[a-z0-9]{1,6}$/), { maxLength: 40 });
    const snapshot = ids.chain((playlistIds) =>
      fc.record({
        playlist: fc
          .shuffledSubarray(playlistIds)
          .chain((kept) =>
            fc.tuple(fc.constant(kept), fc.array(fc.boolean(), { minLength: kept.length, maxLength: kept.length })),
          ),
        playing: fc.boolean(),
        time: fc.double({ min: 0, max: 10_000, noNaN: true }),
        votes: fc.subarray(['g:A', 'g:B', 'u:c']),
        cohosts: fc.subarray(['c1', 'c2']),
        loop: fc.constantFrom('off' as const, 'one' as const, 'all' as const),
        guestChat: fc.boolean(),
      }),
    );
    const toRoom = (s: {
      playlist: [string[], boolean[]];
      playing: boolean;
      time: number;
      votes: string[];
      cohosts: string[];
      loop: 'off' | 'one' | 'all';
      guestChat: boolean;
    }): RoomSnapshot => ({
      ...room(s.playlist[0].map((id, i) => video(id, s.playlist[1][i]))),
      current_video: { ...DEFAULT_CURRENT_VIDEO, playing: s.playing, current_time: s.time },
      skipVotes: s.votes,
      cohosts: s.cohosts,
      loop: s.loop,
      settings: { ...DEFAULT_ROOM_SETTINGS, guestChat: s.guestChat },
    });
    fc.assert(
      fc.property(snapshot, snapshot, (a, b) => {
        const before = toRoom(a);
        const after = { ...toRoom(b), version: 2 };
        expect(roundTrip(before, after, Number.POSITIVE_INFINITY)).toEqual(after);
      }),
      { numRuns: 500 },
    );
  });
});
