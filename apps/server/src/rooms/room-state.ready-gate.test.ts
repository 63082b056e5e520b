import { READY_GATE_LEAD_MS, startPending, waitingFor } from '@xemchung/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { actor } from '../../test/actors.ts';
import { addVideo, committedState, emptyRoomState, selectVideo, vid } from '../../test/room-states.ts';
import type { Actor } from '../commands/actor.ts';
import { applyRoomCommand, type CommandContext, type RoomState, type StateCommand } from './room-state.ts';

const HOST: Actor = actor('host-uid');
const LAN: Actor = actor('lan-uid');
const GUEST: Actor = actor(null);
const NOW = 1_700_000_000_000;
const update = (playing: boolean, position: number, id = vid('a')): StateCommand => ({
  type: 'playback:update',
  id,
  playing,
  position,
  rate: 1,
});
const ready = (startsAt: number): StateCommand => ({ type: 'playback:ready', id: vid('a'), startsAt });

/** Everyone the host's start may wait for: the host, Lan and a guest. */
const EVERYONE = new Set([HOST.key, LAN.key, GUEST.key]);
const withPeople = (people: ReadonlySet<string> = EVERYONE): CommandContext => ({ waitable: () => people });

function apply(state: RoomState, command: StateCommand, by: Actor, now: number, context = withPeople()): RoomState {
  return committedState(applyRoomCommand(state, command, by, now, context));
}

/** a and b in the playlist, nothing selected. */
const room = [addVideo('a'), addVideo('b')].reduce(
  (state, command) => apply(state, command, HOST, NOW - 10_000),
  emptyRoomState({ host: HOST.uid as string }),
);

describe('the ready gate (R122)', () => {
  it('an item that starts waits up to the bound for the people with a working player', () => {
    const started = apply(room, selectVideo('a'), HOST, NOW);
    expect(started.current_video).toMatchObject({
      id: vid('a'),
      playing: true,
      current_time: 0,
      updated_at: NOW + 3000,
    });
    expect(started.readyWait).toEqual([...EVERYONE]);
    expect(waitingFor(started, NOW + 1000)).toEqual([...EVERYONE]);
    // Past the bound the room plays whoever is still loading: nothing to commit for it.
    expect(waitingFor(started, NOW + 3000)).toEqual([]);
  });

  it('the last ready brings the start forward to a short lead from now; an early ready only leaves the list', () => {
    const started = apply(room, selectVideo('a'), HOST, NOW);
    const startsAt = started.current_video.updated_at;
    const one = apply(started, ready(startsAt), HOST, NOW + 100);
    const two = apply(one, ready(startsAt), LAN, NOW + 200);
    expect(two.readyWait).toEqual([GUEST.key]);
    expect(two.current_video.updated_at).toBe(startsAt);
    const all = apply(two, ready(startsAt), GUEST, NOW + 400);
    expect(all.readyWait).toEqual([]);
    expect(all.current_video.updated_at).toBe(NOW + 400 + READY_GATE_LEAD_MS);
    expect(all.current_video.current_time).toBe(0);
  });

  it('a ready for another start, a second ready, or one from someone not waited for changes nothing', () => {
    const started = apply(room, selectVideo('a'), HOST, NOW);
    const startsAt = started.current_video.updated_at;
    expect(applyRoomCommand(started, ready(startsAt - 1), LAN, NOW + 10)).toEqual({ state: started });
    const once = apply(started, ready(startsAt), LAN, NOW + 10);
    expect(applyRoomCommand(once, ready(startsAt), LAN, NOW + 20)).toEqual({ state: once });
    expect(applyRoomCommand(started, ready(startsAt), actor('stranger-uid'), NOW + 10)).toEqual({ state: started });
    // After the bound the start has begun: a late ready is about a start that no longer waits.
    expect(applyRoomCommand(started, ready(startsAt), LAN, startsAt + 1)).toEqual({ state: started });
  });

  it('a seek while playing and a play from a pause wait; a re-anchor near where the clock is does not', () => {
    const playing = apply(apply(room, selectVideo('a'), HOST, NOW, {}), update(true, 0), HOST, NOW, {});
    expect(playing.readyWait).toEqual([]);
    const reanchor = apply(playing, update(true, 10.4), HOST, NOW + 10_000);
    expect(reanchor.current_video.updated_at).toBe(NOW + 10_000);
    expect(reanchor.readyWait).toEqual([]);
    const seek = apply(playing, update(true, 95), HOST, NOW + 10_000);
    expect(seek.current_video).toMatchObject({ current_time: 95, updated_at: NOW + 13_000 });
    const paused = apply(playing, update(false, 20), HOST, NOW + 20_000);
    expect(paused.readyWait).toEqual([]);
    const resumed = apply(paused, update(true, 20), HOST, NOW + 30_000);
    expect(resumed.current_video).toMatchObject({ playing: true, current_time: 20, updated_at: NOW + 33_000 });
    expect(resumed.readyWait).toEqual([...EVERYONE]);
  });

  it('a re-anchor (naming the version it saw) within 1 s of the clock does not wait; one further is a seek', () => {
    const playing = apply(apply(room, selectVideo('a'), HOST, NOW, {}), update(true, 0), HOST, NOW, {});
    const reanchor = (position: number): StateCommand => ({
      type: 'playback:update',
      id: vid('a'),
      playing: true,
      position,
      rate: 1,
      version: 3,
    });
    const near = apply(playing, reanchor(9.3), HOST, NOW + 10_000);
    expect(near.current_video).toMatchObject({ current_time: 9.3, updated_at: NOW + 10_000 });
    expect(near.readyWait).toEqual([]);
    // A tick's re-anchor that carries the user's seek before the seek's own event does.
    const far = apply(playing, reanchor(40), HOST, NOW + 10_000);
    expect(far.current_video).toMatchObject({ current_time: 40, updated_at: NOW + 13_000 });
    expect(far.readyWait).toEqual([...EVERYONE]);
  });

  it('a re-anchor while a start waits leaves the start where it is; a pause ends the wait', () => {
    const started = apply(room, selectVideo('a'), HOST, NOW);
    const reanchor = apply(started, update(true, 0.3), HOST, NOW + 500);
    expect(reanchor.current_video).toEqual(started.current_video);
    expect(reanchor.readyWait).toEqual(started.readyWait);
    const paused = apply(started, update(false, 0), HOST, NOW + 500);
    expect(paused.current_video.playing).toBe(false);
    expect(paused.readyWait).toEqual([]);
  });

  it('a controller starts at once; a viewer may not', () => {
    const started = apply(room, selectVideo('a'), HOST, NOW);
    const start: StateCommand = { type: 'playback:start', id: vid('a') };
    const now = apply(started, start, HOST, NOW + 100);
    expect(now.current_video.updated_at).toBe(NOW + 100 + READY_GATE_LEAD_MS);
    expect(now.readyWait).toEqual([]);
    expect(applyRoomCommand(started, start, LAN, NOW + 100)).toMatchObject({ error: { code: 'forbidden' } });
    expect(applyRoomCommand(now, { type: 'playback:start', id: vid('b') }, HOST, NOW + 200)).toMatchObject({
      error: { code: 'version_conflict' },
    });
  });

  it('nobody to wait for, or a bound of 0, starts at once', () => {
    expect(apply(room, selectVideo('a'), HOST, NOW, withPeople(new Set())).current_video.updated_at).toBe(NOW);
    expect(apply(room, selectVideo('a'), HOST, NOW, {}).current_video.updated_at).toBe(NOW);
    const off = apply(room, { type: 'room:settings', settings: { readyGateSeconds: 0 } }, HOST, NOW);
    const started = apply(off, selectVideo('a'), HOST, NOW);
    expect(started.current_video.updated_at).toBe(NOW);
    expect(started.readyWait).toEqual([]);
  });

  it('a list left over from a start that has begun goes with the next commit', () => {
    const started = apply(room, selectVideo('a'), HOST, NOW);
    const later = apply(started, addVideo('c'), HOST, NOW + 5000);
    expect(later.readyWait).toEqual([]);
    expect(later.current_video).toEqual(started.current_video);
  });

  it('property: whatever commands and readies arrive, a start never waits past the bound from its command', () => {
    const commandArb = fc.oneof(
      fc.constantFrom(selectVideo('a'), selectVideo('b'), { type: 'playback:start', id: vid('a') } as StateCommand),
      fc.record({ playing: fc.boolean(), position: fc.double({ min: 0, max: 300, noNaN: true }) }),
      fc.constantFrom('ready' as const),
    );
    const whoArb = fc.constantFrom(HOST, LAN, GUEST);
    const stepArb = fc.tuple(commandArb, whoArb, fc.integer({ min: 0, max: 4000 }), fc.boolean());
    const boundArb = fc.integer({ min: 0, max: 10 });
    fc.assert(
      fc.property(boundArb, fc.array(stepArb, { maxLength: 40 }), (bound, steps) => {
        let state = apply(room, { type: 'room:settings', settings: { readyGateSeconds: bound } }, HOST, NOW);
        let now = NOW;
        for (const [command, who, gap, stale] of steps) {
          now += gap;
          let next: StateCommand;
          if (command === 'ready') next = ready(state.current_video.updated_at - (stale ? 1 : 0));
          else if ('type' in command) next = command;
          else next = update(command.playing, command.position, state.current_video.id || vid('a'));
          const result = applyRoomCommand(state, next, who, now, withPeople());
          if ('error' in result) continue;
          const after = result.state;
          // The room's clock starts no later than the bound from this command, and never later than it already would.
          if (startPending(after, now)) {
            expect(after.current_video.updated_at - now).toBeLessThanOrEqual(bound * 1000);
            // A ready or a 'start now' only ever brings a waiting start forward.
            if (next.type === 'playback:ready' || next.type === 'playback:start') {
              expect(after.current_video.updated_at).toBeLessThanOrEqual(state.current_video.updated_at);
            }
          }
          // Nobody is listed for a start that has begun once another command commits.
          if (!startPending(after, now) && after !== state) expect(after.readyWait).toEqual([]);
          state = after;
        }
      }),
      { numRuns: 300 },
    );
  });
});
