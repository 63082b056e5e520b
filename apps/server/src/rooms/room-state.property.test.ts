import { DEFAULT_CURRENT_VIDEO, DEFAULT_ROOM_SETTINGS, PLAYLIST_MAX, type RoomCommand } from '@xemchung/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { actor as actorOf } from '../../test/actors.ts';
import { type Actor, applyRoomCommand, type RoomState } from './room-state.ts';

const HOST: Actor = actorOf('host');
const actors: Actor[] = [HOST, actorOf('member'), actorOf(null)];

// A small id pool so that duplicates, removals of missing ids and stale ends all happen often.
const ids = ['aaaaaaaaaaa', 'bbbbbbbbbbb', 'ccccccccccc', 'ddddddddddd', 'eeeeeeeeeee', 'fffffffffff'];
const id = fc.constantFrom(...ids);

const command: fc.Arbitrary<RoomCommand> = fc.oneof(
  {
    // Adds weigh more, so playlists grow long enough for removals before the current item to matter.
    weight: 3,
    arbitrary: id.map((videoId) => ({
      type: 'playlist:add' as const,
      video: { id: videoId, title: videoId, thumbnail: '', source: 'youtube' as const, mediaUrl: null },
    })),
  },
  id.map((videoId) => ({ type: 'playlist:select' as const, id: videoId })),
  id.map((videoId) => ({ type: 'playlist:remove' as const, id: videoId })),
  fc.constant({ type: 'playlist:clearWatched' as const }),
  fc.record({
    type: fc.constant('playback:update' as const),
    id,
    playing: fc.boolean(),
    position: fc.double({ min: 0, max: 10_000, noNaN: true }),
    rate: fc.constantFrom(0.5, 1, 1.25, 2),
  }),
  id.map((videoId) => ({ type: 'playback:ended' as const, id: videoId })),
);

// The host acts most, since most rules are the host's; members and guests still send a third of the commands.
const actor = fc.oneof({ weight: 4, arbitrary: fc.constant(HOST) }, fc.constantFrom(...actors.slice(1)));
const step = fc.record({ actor, command, elapsed: fc.nat({ max: 60_000 }) });
const steps = fc.array(step, { minLength: 5, maxLength: 80 });

const start: RoomState = {
  id: 'room1234room1234',
  host: 'host',
  name: 'Phòng',
  playlist: [],
  cohosts: [],
  settings: DEFAULT_ROOM_SETTINGS,
  current_video: { ...DEFAULT_CURRENT_VIDEO },
  adders: {},
};

/** R16: the invariants every reachable state keeps. */
function checkInvariants(state: RoomState): void {
  const listed = state.playlist.map((video) => video.id);
  expect(new Set(listed).size).toBe(listed.length);
  expect(state.playlist.length).toBeLessThanOrEqual(PLAYLIST_MAX);
  const { id: currentId, index } = state.current_video;
  if (currentId === '') expect(index).toBe(-1);
  else expect(state.playlist[index]?.id).toBe(currentId);
  if (state.playlist.length === 0) expect(state.current_video).toEqual(DEFAULT_CURRENT_VIDEO);
}

describe('room state machine properties', () => {
  it('keeps the invariants under any sequence of commands from any actors (R16)', () => {
    fc.assert(
      fc.property(steps, (sequence) => {
        let state = start;
        let now = 1_700_000_000_000;
        for (const { actor, command, elapsed } of sequence) {
          now += elapsed;
          const result = applyRoomCommand(state, command, actor, now);
          if ('state' in result) state = result.state;
          checkInvariants(state);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('lets nobody but the host change current_video, watched flags or existing items (R2)', () => {
    fc.assert(
      fc.property(steps, (sequence) => {
        let state = start;
        let now = 1_700_000_000_000;
        for (const { actor, command, elapsed } of sequence) {
          now += elapsed;
          const result = applyRoomCommand(state, command, actor, now);
          if (actor !== HOST) {
            if ('error' in result) {
              expect(result.error.code === 'forbidden' || command.type === 'playlist:add').toBe(true);
            } else {
              // A non-host can only append; everything before stays exactly as it was.
              expect(command.type).toBe('playlist:add');
              expect(result.state.playlist.slice(0, state.playlist.length)).toEqual(state.playlist);
              expect(result.state.playlist.length).toBe(state.playlist.length + 1);
              expect(result.state.current_video).toEqual(state.current_video);
            }
          }
          if ('state' in result) state = result.state;
        }
      }),
      { numRuns: 500 },
    );
  });

  it('never mutates the state it is given (R16)', () => {
    fc.assert(
      fc.property(steps, step, (sequence, last) => {
        let state = start;
        let now = 1_700_000_000_000;
        for (const { actor, command, elapsed } of sequence) {
          now += elapsed;
          const result = applyRoomCommand(state, command, actor, now);
          if ('state' in result) state = result.state;
        }
        const frozen = structuredClone(state);
        applyRoomCommand(state, last.command, last.actor, now + last.elapsed);
        expect(state).toEqual(frozen);
      }),
      { numRuns: 300 },
    );
  });
});
