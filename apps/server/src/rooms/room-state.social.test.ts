import { COHOSTS_MAX, DEFAULT_ROOM_SETTINGS, type RoomSettings } from '@xemchung/protocol';
import { describe, expect, it } from 'vitest';
import { actor } from '../../test/actors.ts';
import { addVideo, committedState, emptyRoomState, selectVideo, vid } from '../../test/room-states.ts';
import type { Actor } from '../commands/actor.ts';
import { applyRoomCommand, publicRoom, type RoomState, type StateCommand, waitingCount } from './room-state.ts';

const HOST = actor('host-uid');
const COHOST = actor('cohost-uid');
const MEMBER = actor('member-uid');
const GUEST = actor(null, { guest: 'GUEST00001', address: 'addr-1' });
const NOW = 1_700_000_000_000;

const settings = (change: Partial<RoomSettings>): StateCommand => ({ type: 'room:settings', settings: change });
const grant = (uid: string): StateCommand => ({ type: 'cohost:grant', uid });
const revoke = (uid: string): StateCommand => ({ type: 'cohost:revoke', uid });
const clearQueue: StateCommand = { type: 'playlist:clear' };

const room = emptyRoomState({ cohosts: ['cohost-uid'] });

const ok = committedState;
const run = (state: RoomState, steps: Array<[StateCommand, Actor]>) =>
  steps.reduce((current, [command, by]) => ok(applyRoomCommand(current, command, by, NOW)), state);
const refusal = (state: RoomState, command: StateCommand, by: Actor) => {
  const result = applyRoomCommand(state, command, by, NOW);
  return 'error' in result ? result.error.code : null;
};

describe('co-hosts (R55)', () => {
  it('lets a co-host drive the playlist and playback like the host', () => {
    const next = run(room, [
      [addVideo('a'), GUEST],
      [addVideo('b'), GUEST],
      [selectVideo('b'), COHOST],
      [{ type: 'playback:update', id: vid('b'), playing: false, position: 30, rate: 1.5 }, COHOST],
      [{ type: 'playlist:remove', id: vid('a') }, COHOST],
    ]);
    expect(next.current_video).toMatchObject({ id: vid('b'), index: 0, playing: false, current_time: 30, rate: 1.5 });
  });

  it('lets the host grant and revoke control, idempotently', () => {
    const granted = run(room, [[grant('member-uid'), HOST]]);
    expect(granted.cohosts).toEqual(['cohost-uid', 'member-uid']);
    expect(applyRoomCommand(granted, grant('member-uid'), HOST, NOW)).toEqual({ state: granted });
    const revoked = run(granted, [[revoke('cohost-uid'), HOST]]);
    expect(revoked.cohosts).toEqual(['member-uid']);
    expect(applyRoomCommand(revoked, revoke('cohost-uid'), HOST, NOW)).toEqual({ state: revoked });
  });

  it('refuses grants, revokes, settings and clearing from a co-host (forbidden)', () => {
    for (const command of [grant('member-uid'), revoke('cohost-uid'), settings({ guestChat: true }), clearQueue]) {
      expect(refusal(room, command, COHOST)).toBe('forbidden');
      expect(refusal(room, command, MEMBER)).toBe('forbidden');
      expect(refusal(room, command, GUEST)).toBe('forbidden');
    }
  });

  it('refuses to grant the host control (invalid_target) and more than COHOSTS_MAX co-hosts (cohosts_full)', () => {
    expect(refusal(room, grant('host-uid'), HOST)).toBe('invalid_target');
    const full = { ...room, cohosts: Array.from({ length: COHOSTS_MAX }, (_, i) => `c${i}`) };
    expect(refusal(full, grant('member-uid'), HOST)).toBe('cohosts_full');
  });
});

describe('settings (R56)', () => {
  it('changes only the settings named, and commits nothing when they already hold', () => {
    const next = run(room, [[settings({ guestChat: true }), HOST]]);
    expect(next.settings).toEqual({ ...DEFAULT_ROOM_SETTINGS, guestChat: true });
    expect(applyRoomCommand(next, settings({ guestChat: true, perPersonCap: 10 }), HOST, NOW)).toEqual({
      state: next,
    });
  });

  it('lets only whoever the add policy names add', () => {
    const signedIn = run(room, [[settings({ addPolicy: 'signedIn' }), HOST]]);
    expect(refusal(signedIn, addVideo('a'), GUEST)).toBe('adding_restricted');
    expect(refusal(signedIn, addVideo('a'), MEMBER)).toBeNull();
    const controllers = run(room, [[settings({ addPolicy: 'controllers' }), HOST]]);
    expect(refusal(controllers, addVideo('a'), MEMBER)).toBe('adding_restricted');
    expect(refusal(controllers, addVideo('a'), COHOST)).toBeNull();
  });
});

describe('the per-person cap (R56)', () => {
  const capped = run(room, [[settings({ perPersonCap: 2 }), HOST]]);
  /** x playing, so every video added after it waits. */
  const playing = run(capped, [
    [addVideo('x'), HOST],
    [selectVideo('x'), HOST],
  ]);

  it('counts the videos a viewer has waiting: not the current one, not the ones played', () => {
    const mine = run(playing, [
      [addVideo('a'), MEMBER],
      [addVideo('b'), MEMBER],
    ]);
    expect(waitingCount(mine, MEMBER)).toBe(2);
    expect(refusal(mine, addVideo('c'), MEMBER)).toBe('cap_reached');
    // Another viewer has their own count.
    expect(refusal(mine, addVideo('c'), actor('other-uid'))).toBeNull();
    // Once one of them plays, there is room again.
    const played = run(mine, [[selectVideo('a'), HOST]]);
    expect(waitingCount(played, MEMBER)).toBe(1);
    expect(refusal(played, addVideo('c'), MEMBER)).toBeNull();
  });

  it("counts a guest by guest key and by address, so a new cookie or another guest's tab does not reset it", () => {
    const full = run(playing, [
      [addVideo('a'), GUEST],
      [addVideo('b'), GUEST],
    ]);
    const newCookie = actor(null, { guest: 'GUEST00002', address: 'addr-1' });
    const movedAway = actor(null, { guest: 'GUEST00001', address: 'addr-2' });
    const stranger = actor(null, { guest: 'GUEST00003', address: 'addr-3' });
    expect(refusal(full, addVideo('c'), newCookie)).toBe('cap_reached');
    expect(refusal(full, addVideo('c'), movedAway)).toBe('cap_reached');
    expect(refusal(full, addVideo('c'), stranger)).toBeNull();
    // A signed-in viewer behind the same address is counted as themself.
    expect(refusal(full, addVideo('c'), { ...MEMBER, address: 'addr-1' })).toBeNull();
  });

  it('does not hold the host and co-hosts to the cap', () => {
    const many = run(playing, [
      [addVideo('a'), HOST],
      [addVideo('b'), HOST],
      [addVideo('c'), HOST],
      [addVideo('d'), COHOST],
      [addVideo('e'), COHOST],
      [addVideo('f'), COHOST],
    ]);
    expect(many.playlist).toHaveLength(7);
  });

  it('keeps who added what out of the room clients see', () => {
    const added = run(playing, [[addVideo('a'), GUEST]]);
    expect(added.adders[vid('a')]).toEqual({ key: 'g:GUEST00001', address: 'addr-1' });
    expect(added.adders[vid('x')]).toEqual({ key: 'u:host-uid', address: null });
    const seen = publicRoom(added, 7);
    expect(seen).not.toHaveProperty('adders');
    expect(JSON.stringify(seen)).not.toContain('addr-1');
    expect(seen.version).toBe(7);
  });
});

describe('clearing the queue (R57)', () => {
  it('removes every video but the one playing, and forgets who added them', () => {
    const busy = run(room, [
      [addVideo('a'), GUEST],
      [addVideo('b'), GUEST],
      [addVideo('c'), MEMBER],
      [selectVideo('b'), HOST],
    ]);
    const cleared = run(busy, [[clearQueue, HOST]]);
    expect(cleared.playlist.map((video) => video.id)).toEqual([vid('b')]);
    expect(cleared.current_video).toMatchObject({ id: vid('b'), index: 0 });
    expect(Object.keys(cleared.adders)).toEqual([vid('b')]);
  });

  it('empties the playlist when nothing plays, and commits nothing when there is nothing to clear', () => {
    const idle = run(room, [
      [addVideo('a'), GUEST],
      [addVideo('b'), GUEST],
    ]);
    expect(run(idle, [[clearQueue, HOST]]).playlist).toEqual([]);
    const alone = run(idle, [
      [selectVideo('a'), HOST],
      [{ type: 'playlist:remove', id: vid('b') }, HOST],
    ]);
    expect(applyRoomCommand(alone, clearQueue, HOST, NOW)).toEqual({ state: alone });
  });
});
