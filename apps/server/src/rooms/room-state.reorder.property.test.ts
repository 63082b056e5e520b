import { DEFAULT_ROOM_SETTINGS } from '@xemchung/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { actor as actorOf } from '../../test/actors.ts';
import { emptyRoomState } from '../../test/room-states.ts';
import type { Actor } from '../commands/actor.ts';
import { applyRoomCommand, type RoomState, type StateCommand } from './room-state.ts';

// Two controllers, the host and a co-host, each acting on the version of the room it last heard of (R60–R62).
const controllers: Actor[] = [actorOf('host'), actorOf('cohost')];
const ids = Array.from({ length: 9 }, (_, i) => String(i).repeat(11));
const id = fc.constantFrom(...ids);

const command = fc.oneof(
  {
    weight: 3,
    arbitrary: id.map(
      (videoId): StateCommand => ({
        type: 'playlist:add',
        video: { id: videoId, title: videoId, thumbnail: '', source: 'youtube', mediaUrl: null },
      }),
    ),
  },
  id.map((videoId): StateCommand => ({ type: 'playlist:remove', id: videoId })),
  id.map((videoId): StateCommand => ({ type: 'playlist:select', id: videoId })),
  {
    weight: 3,
    arbitrary: fc
      .record({ id, toIndex: fc.nat({ max: 10 }), versioned: fc.boolean() })
      .map(({ id, toIndex, versioned }) => ({ type: 'playlist:move' as const, id, toIndex, versioned })),
  },
  id.map((videoId): StateCommand => ({ type: 'playlist:playNext', id: videoId })),
  fc.constant<StateCommand>({ type: 'playlist:shuffle' }),
);

// Each step: who acts, what, whether that controller heard the latest broadcast first, and the shuffle's draws.
const step = fc.record({
  who: fc.nat({ max: 1 }),
  command,
  heard: fc.boolean(),
  draws: fc.array(fc.nat({ max: 1_000_000 }), { minLength: 1, maxLength: 16 }),
});

const start = emptyRoomState({
  host: 'host',
  cohosts: ['cohost'],
  settings: { ...DEFAULT_ROOM_SETTINGS, perPersonCap: 500 },
});

const REORDERS = new Set(['playlist:move', 'playlist:playNext', 'playlist:shuffle']);
const sorted = (state: RoomState) => state.playlist.map((video) => video.id).sort();

describe('reordering under two controllers (R60–R62)', () => {
  it('keeps the playlist a permutation of what was added minus what was removed, the playing item playing', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 5, maxLength: 120 }), (steps) => {
        let state = start;
        let version = 1;
        const seen = [1, 1];
        const present = new Set<string>();
        let now = 1_700_000_000_000;
        for (const { who, command: generated, heard, draws } of steps) {
          now += 1000;
          if (heard) seen[who] = version;
          const command: StateCommand =
            'versioned' in generated
              ? {
                  type: 'playlist:move',
                  id: generated.id,
                  toIndex: generated.toIndex,
                  ...(generated.versioned ? { version: seen[who] } : {}),
                }
              : generated;
          let draw = 0;
          const randomInt = (max: number) => (draws[draw++ % draws.length] as number) % max;
          const result = applyRoomCommand(state, command, controllers[who] as Actor, now, { version, randomInt });
          if ('error' in result) {
            // A refused reorder names an unknown id, an index past the end, or an older version.
            if (REORDERS.has(command.type)) {
              expect(['video_not_found', 'invalid_index', 'version_conflict']).toContain(result.error.code);
            }
            if (result.error.code === 'version_conflict' && command.type === 'playlist:move') {
              expect(command.version).not.toBe(version);
            }
            continue;
          }
          const next = result.state;
          if (command.type === 'playlist:add') present.add(command.video.id);
          if (command.type === 'playlist:remove') present.delete(command.id);
          // Nothing lost, nothing duplicated.
          expect(sorted(next)).toEqual([...present].sort());
          expect(new Set(next.playlist.map((video) => video.id)).size).toBe(next.playlist.length);
          if (REORDERS.has(command.type)) {
            // The same items, the same watched flags, the playing item still playing from where it was.
            expect(sorted(next)).toEqual(sorted(state));
            const { index: _before, ...playing } = state.current_video;
            const { index, ...after } = next.current_video;
            expect(after).toEqual(playing);
            if (after.id !== '') expect(next.playlist[index]?.id).toBe(after.id);
            for (const video of next.playlist) {
              expect(video.visited).toBe(state.playlist.find((old) => old.id === video.id)?.visited);
            }
          }
          if (command.type === 'playlist:shuffle') {
            // Only the waiting items trade places: the playing one and the watched ones keep their index.
            state.playlist.forEach((video, i) => {
              if (video.visited || video.id === state.current_video.id) expect(next.playlist[i]).toBe(video);
            });
          }
          if (next !== state) version++;
          state = next;
        }
      }),
      { numRuns: 500 },
    );
  });
});
