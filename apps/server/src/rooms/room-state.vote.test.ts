import type { LoopMode } from '@xemchung/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { actor } from '../../test/actors.ts';
import { addVideo, committedState, emptyRoomState, vid } from '../../test/room-states.ts';
import type { Actor } from '../commands/actor.ts';
import { applyRoomCommand, type RoomState, recheckSkipVotes, type StateCommand } from './room-state.ts';

const HOST = actor('host-uid');
const MEMBER = actor('member-uid');
const OTHER = actor('other-uid');
const GUEST = actor(null, { guest: 'GUEST00001' });
const NOW = 1_700_000_000_000;
const ok = committedState;
const as = (who: Actor, state: RoomState, command: StateCommand, present: Actor[]) =>
  applyRoomCommand(state, command, who, NOW, { present: new Set(present.map((p) => p.key)) });
const vote = (name: string, skip = true): StateCommand => ({ type: 'vote:skip', id: vid(name), skip });
const playing = (state: RoomState) => state.current_video.id.replace(/_+$/, '');

function roomPlaying(name: string, loop: LoopMode = 'off'): RoomState {
  const commands: StateCommand[] = [...'abc'].map(addVideo).concat({ type: 'playlist:select', id: vid(name) });
  const state = commands.reduce((s, c) => ok(applyRoomCommand(s, c, HOST, NOW - 1000)), emptyRoomState());
  return { ...state, loop };
}

const FOUR = [HOST, MEMBER, OTHER, GUEST];

describe('vote:skip (R64–R67)', () => {
  it("R101: a second guest from the same address cannot vote while the first guest's vote stands; from another address it can", () => {
    const room = roomPlaying('a');
    const neighbour = actor(null, { guest: 'GUEST00002' });
    const elsewhere = actor(null, { guest: 'GUEST00003', address: 'address-2' });
    const people = [HOST, MEMBER, OTHER, GUEST, neighbour, elsewhere];
    const first = ok(as(GUEST, room, vote('a'), people));
    expect(first.voterAddresses).toEqual({ [GUEST.key]: GUEST.address });
    expect(as(neighbour, first, vote('a'), people)).toMatchObject({ error: { code: 'address_voted' } });
    // A member behind that address votes as themselves: only guests are bound to their address.
    const member = ok(as(MEMBER, first, vote('a'), people));
    expect(member.skipVotes).toEqual([GUEST.key, MEMBER.key]);
    expect(ok(as(elsewhere, member, vote('a'), people)).skipVotes).toHaveLength(3);
    // Taken back, the address's vote is free again.
    const back = ok(as(GUEST, first, vote('a', false), people));
    expect(ok(as(neighbour, back, vote('a'), people)).skipVotes).toEqual([neighbour.key]);
  });

  it('R65: counts one vote per person, a guest by guest key, and takes a vote back', () => {
    const room = roomPlaying('a');
    const once = ok(as(GUEST, room, vote('a'), FOUR));
    expect(once.skipVotes).toEqual([GUEST.key]);
    expect(ok(as(GUEST, once, vote('a'), FOUR))).toBe(once); // again: nothing to commit
    const back = ok(as(GUEST, once, vote('a', false), FOUR));
    expect(back.skipVotes).toEqual([]);
    expect(ok(as(MEMBER, room, vote('a', false), FOUR))).toBe(room); // no vote to take back
  });

  it('R66: skips when more than half of those present voted — 2 of 4 do not, 3 of 4 do', () => {
    const two = ok(as(MEMBER, ok(as(GUEST, roomPlaying('a'), vote('a'), FOUR)), vote('a'), FOUR));
    expect(playing(two)).toBe('a');
    expect(two.skipVotes).toHaveLength(2);
    const three = ok(as(OTHER, two, vote('a'), FOUR));
    expect(playing(three)).toBe('b');
    expect(three.current_video).toMatchObject({ index: 1, playing: true, current_time: 0, updated_at: NOW });
    expect(three.playlist[1]?.visited).toBe(true);
    expect(three.skipVotes).toEqual([]);
  });

  it('R66: votes of people no longer present are dropped, and a leave completes a vote on re-check', () => {
    const two = ok(as(MEMBER, ok(as(GUEST, roomPlaying('a'), vote('a'), FOUR)), vote('a'), FOUR));
    expect(recheckSkipVotes(two, new Set(FOUR.map((p) => p.key)), NOW)).toEqual({ state: two });
    const afterLeave = ok(recheckSkipVotes(two, new Set([HOST.key, MEMBER.key, GUEST.key]), NOW));
    expect(playing(afterLeave)).toBe('b');
    // The guest left: its vote no longer counts, and the next vote drops it.
    const withoutGuest = ok(as(OTHER, two, vote('a', false), [HOST, MEMBER, OTHER]));
    expect(withoutGuest.skipVotes).toEqual([MEMBER.key]);
  });

  it('R67: loop one skips to the next item; loop all wraps after the last; loop off stops after the last', () => {
    const alone = [MEMBER];
    expect(playing(ok(as(MEMBER, roomPlaying('a', 'one'), vote('a'), alone)))).toBe('b');
    expect(playing(ok(as(MEMBER, roomPlaying('c', 'all'), vote('c'), alone)))).toBe('a');
    const stopped = ok(as(MEMBER, roomPlaying('c', 'off'), vote('c'), alone));
    expect(stopped.current_video).toMatchObject({ id: '', index: -1 });
    expect(stopped.playlist).toHaveLength(3);
    expect(playing(ok(as(MEMBER, roomPlaying('c', 'one'), vote('c'), alone)))).toBe('');
  });

  it('R68: refuses a vote for an item no longer playing, with nothing playing, or with voting off', () => {
    const room = roomPlaying('a');
    expect(as(MEMBER, room, vote('b'), FOUR)).toEqual({ error: expect.objectContaining({ code: 'version_conflict' }) });
    expect(as(MEMBER, emptyRoomState(), vote('a'), FOUR)).toEqual({
      error: expect.objectContaining({ code: 'nothing_playing' }),
    });
    const off = { ...room, settings: { ...room.settings, skipVoting: false } };
    expect(as(GUEST, off, vote('a'), FOUR)).toEqual({ error: expect.objectContaining({ code: 'voting_off' }) });
    expect(as(HOST, off, vote('a'), FOUR)).toEqual({ error: expect.objectContaining({ code: 'voting_off' }) });
  });

  it('R64: turning voting off drops the votes standing, and a re-check with voting off never skips', () => {
    const two = ok(as(MEMBER, ok(as(GUEST, roomPlaying('a'), vote('a'), FOUR)), vote('a'), FOUR));
    const off = ok(applyRoomCommand(two, { type: 'room:settings', settings: { skipVoting: false } }, HOST, NOW));
    expect(off.skipVotes).toEqual([]);
    const offWithVotes = { ...two, settings: { ...two.settings, skipVoting: false } };
    expect(recheckSkipVotes(offWithVotes, new Set([MEMBER.key, GUEST.key]), NOW)).toEqual({ state: offWithVotes });
  });

  it('R68: a vote decided without knowing who is present is refused rather than passing alone', () => {
    const result = applyRoomCommand(roomPlaying('a'), vote('a'), MEMBER, NOW);
    expect(result).toEqual({ error: expect.objectContaining({ code: 'unavailable' }) });
  });

  it('R65: the votes go whenever the item changes — a select, an end, a removal of the playing item', () => {
    const voted = ok(as(GUEST, roomPlaying('a'), vote('a'), FOUR));
    const host = (state: RoomState, command: StateCommand) => ok(applyRoomCommand(state, command, HOST, NOW));
    expect(host(voted, { type: 'playlist:select', id: vid('c') }).skipVotes).toEqual([]);
    expect(host(voted, { type: 'playlist:select', id: vid('a') }).skipVotes).toEqual([]); // a restart too
    expect(host(voted, { type: 'playback:ended', id: vid('a') }).skipVotes).toEqual([]);
    expect(host(voted, { type: 'playlist:remove', id: vid('a') }).skipVotes).toEqual([]);
    // Anything else keeps them: the playing item is the same.
    expect(host(voted, { type: 'playlist:remove', id: vid('c') }).skipVotes).toEqual([GUEST.key]);
    const report = host(voted, { type: 'playback:update', id: vid('a'), playing: false, position: 3, rate: 1 });
    expect(report.skipVotes).toBe(voted.skipVotes);
  });

  it('R65, R101: under any votes, withdrawals and presence, each present person and each guest address counts at most once', () => {
    const sameAddress = actor(null, { guest: 'GUEST00003' });
    const people = [
      HOST,
      MEMBER,
      OTHER,
      GUEST,
      actor(null, { guest: 'GUEST00002', address: 'address-2' }),
      sameAddress,
    ];
    const addressOf = new Map(people.map((p) => [p.key, p.uid === null ? p.address : null]));
    const step = fc.record({
      who: fc.integer({ min: 0, max: people.length - 1 }),
      skip: fc.boolean(),
      present: fc.subarray(people, { minLength: 0 }),
    });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        let state = roomPlaying('a', 'all');
        for (const { who, skip, present } of steps) {
          const voter = people[who] as Actor;
          const before = state.current_video.id;
          const result = as(voter, state, vote(playing(state), skip), present);
          if ('error' in result) {
            // R101: refused only to a guest whose address already has another guest's vote standing.
            expect(result.error.code).toBe('address_voted');
            expect(state.skipVotes.some((key) => key !== voter.key && addressOf.get(key) === voter.address)).toBe(true);
            continue;
          }
          state = result.state;
          const guestAddresses = state.skipVotes.map((key) => addressOf.get(key)).filter((a) => a != null);
          expect(new Set(guestAddresses).size).toBe(guestAddresses.length);
          const here = new Set([...present.map((p) => p.key), voter.key]);
          expect(new Set(state.skipVotes).size).toBe(state.skipVotes.length);
          expect(state.skipVotes.every((key) => here.has(key))).toBe(true);
          if (state.current_video.id !== before) expect(state.skipVotes).toEqual([]);
          else expect(state.skipVotes.length * 2).toBeLessThanOrEqual(here.size);
        }
      }),
    );
  });
});
