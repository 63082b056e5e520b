import {
  COHOSTS_MAX,
  DEFAULT_CURRENT_VIDEO,
  DEFAULT_ROOM_SETTINGS,
  isController,
  PLAYLIST_MAX,
  roleOf,
} from '@xemchung/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { actor as actorOf } from '../../test/actors.ts';
import { emptyRoomState } from '../../test/room-states.ts';
import type { Actor } from '../commands/actor.ts';
import { applyRoomCommand, type RoomState, type StateCommand, waitingCount } from './room-state.ts';

const HOST: Actor = actorOf('host');
// Two guests behind one address, one elsewhere: the cap must hold across keys and addresses alike (R56).
const actors: Actor[] = [
  HOST,
  actorOf('cohost'),
  actorOf('member'),
  actorOf(null, { guest: 'GUEST00001', address: 'shared' }),
  actorOf(null, { guest: 'GUEST00002', address: 'shared' }),
  actorOf(null, { guest: 'GUEST00003', address: 'elsewhere' }),
];
const uid = fc.constantFrom('host', 'cohost', 'member', 'stranger');
/** A vote's id that stands for the item playing when it is sent, so votes often count and skips happen. */
const PLAYING = 'playing';
const aimed = (command: StateCommand, state: RoomState): StateCommand =>
  command.type === 'vote:skip' && command.id === PLAYING
    ? { ...command, id: state.current_video.id || PLAYING }
    : command;
/** Everyone is in the room: skip votes count against all six (R66). */
const context = { present: new Set(actors.map((someone) => someone.key)) };

// A small id pool so that duplicates, removals of missing ids and stale ends all happen often.
const ids = ['aaaaaaaaaaa', 'bbbbbbbbbbb', 'ccccccccccc', 'ddddddddddd', 'eeeeeeeeeee', 'fffffffffff'];
const id = fc.constantFrom(...ids);

const command: fc.Arbitrary<StateCommand> = fc.oneof(
  {
    // Adds weigh more, so playlists grow long enough for removals before the current item to matter.
    weight: 3,
    arbitrary: id.map((videoId) => ({
      type: 'playlist:add' as const,
      video: { id: videoId, title: videoId, thumbnail: '', source: 'youtube' as const, mediaUrl: null },
    })),
  },
  // A playlist import (R71): several videos, repeats and ones already there included, in one command.
  fc.record({
    type: fc.constant('playlist:addList' as const),
    listId: fc.constant('PLproperty'),
    videos: fc.array(id, { maxLength: 5 }).map((list) =>
      list.map((videoId) => ({
        id: videoId,
        title: videoId,
        thumbnail: '',
        source: 'youtube' as const,
        mediaUrl: null,
      })),
    ),
    more: fc.boolean(),
  }),
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
  // Votes, mostly for the item playing (skips themselves are driven by room-state.vote.test.ts, R66).
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('vote:skip' as const),
      id: fc.oneof({ weight: 4, arbitrary: fc.constant(PLAYING) }, id),
      skip: fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, fc.constant(false)),
    }),
  },
  fc.constant({ type: 'playlist:clear' as const }),
  fc.record({ type: fc.constant('playlist:move' as const), id, toIndex: fc.nat({ max: 7 }) }),
  id.map((videoId) => ({ type: 'playlist:playNext' as const, id: videoId })),
  fc.constant({ type: 'playlist:shuffle' as const }),
  fc.constantFrom('off' as const, 'one' as const, 'all' as const).map((mode) => ({ type: 'room:loop' as const, mode })),
  uid.map((target) => ({ type: 'cohost:grant' as const, uid: target })),
  uid.map((target) => ({ type: 'cohost:revoke' as const, uid: target })),
  fc
    .record(
      {
        addPolicy: fc.constantFrom('everyone' as const, 'signedIn' as const, 'controllers' as const),
        guestChat: fc.boolean(),
        perPersonCap: fc.integer({ min: 1, max: 4 }),
      },
      { requiredKeys: [] },
    )
    .map((settings) => ({ type: 'room:settings' as const, settings })),
);

// The host acts most, since most rules are the host's; members and guests still send a third of the commands.
const actor = fc.oneof({ weight: 4, arbitrary: fc.constant(HOST) }, fc.constantFrom(...actors.slice(1)));
const step = fc.record({ actor, command, elapsed: fc.nat({ max: 60_000 }) });
const steps = fc.array(step, { minLength: 5, maxLength: 80 });

const start = emptyRoomState({
  host: 'host',
  cohosts: ['cohost'],
  settings: { ...DEFAULT_ROOM_SETTINGS, perPersonCap: 2 },
});

/** R16: the invariants every reachable state keeps. */
function checkInvariants(state: RoomState): void {
  const listed = state.playlist.map((video) => video.id);
  expect(new Set(listed).size).toBe(listed.length);
  expect(state.playlist.length).toBeLessThanOrEqual(PLAYLIST_MAX);
  const { id: currentId, index } = state.current_video;
  if (currentId === '') expect(index).toBe(-1);
  else expect(state.playlist[index]?.id).toBe(currentId);
  if (state.playlist.length === 0) expect(state.current_video).toEqual(DEFAULT_CURRENT_VIDEO);
  // R55: co-hosts are distinct signed-in users other than the host, at most COHOSTS_MAX.
  expect(new Set(state.cohosts).size).toBe(state.cohosts.length);
  expect(state.cohosts).not.toContain(state.host);
  expect(state.cohosts.length).toBeLessThanOrEqual(COHOSTS_MAX);
  // Who added what is known for exactly the videos in the playlist.
  expect(Object.keys(state.adders).every((videoId) => listed.includes(videoId))).toBe(true);
}

describe('room state machine properties', () => {
  it('keeps the invariants under any sequence of commands from any actors (R16)', () => {
    fc.assert(
      fc.property(steps, (sequence) => {
        let state = start;
        let now = 1_700_000_000_000;
        for (const { actor, command: drawn, elapsed } of sequence) {
          now += elapsed;
          const command = aimed(drawn, state);
          const result = applyRoomCommand(state, command, actor, now, context);
          if ('state' in result) state = result.state;
          checkInvariants(state);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('lets nobody but host and co-hosts change current_video, watched flags or existing items, but votes of more than half (R2, R55, R66)', () => {
    fc.assert(
      fc.property(steps, (sequence) => {
        let state = start;
        let now = 1_700_000_000_000;
        for (const { actor, command: drawn, elapsed } of sequence) {
          now += elapsed;
          const command = aimed(drawn, state);
          const result = applyRoomCommand(state, command, actor, now, context);
          const role = roleOf(state, actor.uid);
          if (role === 'cohost' && 'state' in result) {
            // A co-host drives the playlist and playback, never who has control or the settings.
            expect(result.state.cohosts).toBe(state.cohosts);
            expect(result.state.settings).toBe(state.settings);
          }
          if (command.type === 'vote:skip') {
            if ('error' in result) {
              // R101: two guests of the `shared` address have one vote between them.
              expect(['version_conflict', 'nothing_playing', 'address_voted']).toContain(result.error.code);
            } else {
              // A vote reorders nothing; it changes what plays only when more than half of the six have voted.
              expect(result.state.playlist.map((video) => video.id)).toEqual(state.playlist.map((video) => video.id));
              if (result.state.current_video !== state.current_video) {
                expect(command.skip && state.skipVotes.length + 1 > context.present.size / 2).toBe(true);
                expect(result.state.skipVotes).toEqual([]);
              } else {
                expect(result.state.skipVotes.length * 2).toBeLessThanOrEqual(context.present.size);
              }
            }
          } else if (!isController(role)) {
            const adds = command.type === 'playlist:add' || command.type === 'playlist:addList';
            if ('error' in result) {
              expect(result.error.code === 'forbidden' || adds).toBe(true);
              if (!adds) expect(result.error.code).toBe('forbidden');
            } else {
              // A non-host can only append (one video, or an imported list's, R71); everything before stays as it was.
              expect(adds).toBe(true);
              expect(result.state.playlist.slice(0, state.playlist.length)).toEqual(state.playlist);
              const added = result.state.playlist.length - state.playlist.length;
              if (command.type === 'playlist:add') expect(added).toBe(1);
              else expect(added).toBeGreaterThanOrEqual(1);
              expect(result.state.current_video).toEqual(state.current_video);
            }
          }
          if ('state' in result) state = result.state;
        }
      }),
      { numRuns: 500 },
    );
  });

  it('never lets a viewer who is not a controller have more than the cap waiting by adding (R56)', () => {
    fc.assert(
      fc.property(steps, (sequence) => {
        let state = start;
        let now = 1_700_000_000_000;
        for (const { actor, command: drawn, elapsed } of sequence) {
          now += elapsed;
          const command = aimed(drawn, state);
          const result = applyRoomCommand(state, command, actor, now, context);
          const capped = !isController(roleOf(state, actor.uid));
          if (capped && command.type === 'playlist:add' && 'state' in result) {
            expect(waitingCount(state, actor)).toBeLessThan(state.settings.perPersonCap);
            expect(waitingCount(result.state, actor)).toBeLessThanOrEqual(state.settings.perPersonCap);
          }
          if (capped && 'error' in result && result.error.code === 'cap_reached') {
            expect(waitingCount(state, actor)).toBeGreaterThanOrEqual(state.settings.perPersonCap);
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
        for (const { actor, command: drawn, elapsed } of sequence) {
          now += elapsed;
          const command = aimed(drawn, state);
          const result = applyRoomCommand(state, command, actor, now, context);
          if ('state' in result) state = result.state;
        }
        const frozen = structuredClone(state);
        applyRoomCommand(state, last.command, last.actor, now + last.elapsed, context);
        expect(state).toEqual(frozen);
      }),
      { numRuns: 300 },
    );
  });
});
