import type { Person } from '@xemchung/protocol';
import { describe, expect, it } from 'vitest';
import { actor } from '../../test/actors.ts';
import { addVideo, committedState, emptyRoomState, selectVideo, vid } from '../../test/room-states.ts';
import type { Actor } from '../commands/actor.ts';
import { applyRoomCommand, endShareOf, type RoomState, type StateCommand } from './room-state.ts';

const HOST: Actor = actor('host-uid');
const LAN: Actor = actor('lan-uid');
const GUEST: Actor = actor(null);
const NOW = 1_700_000_000_000;
const person = (who: Actor, name: string | null): Person => ({
  key: who.key,
  uid: who.uid,
  name,
  photoURL: null,
  guestTag: who.uid === null ? 'GUEST00001' : null,
});
const tabOf = (who: Actor, peer: string) => ({ tab: { peer, person: person(who, who === HOST ? 'Chủ' : 'Lan') } });
const START: StateCommand = { type: 'share:start' };

function apply(state: RoomState, command: StateCommand, by: Actor, now = NOW, peer = 'tab-1'): RoomState {
  return committedState(applyRoomCommand(state, command, by, now, tabOf(by, peer)));
}

/** Lan a co-host; a playing since NOW − 10 s. */
const playing = (() => {
  let state = emptyRoomState({ host: 'host-uid', cohosts: ['lan-uid'] });
  for (const command of [addVideo('a'), addVideo('b'), selectVideo('a')])
    state = apply(state, command, HOST, NOW - 10_000);
  return state;
})();

describe('the screen share (R126)', () => {
  it('starts from a controller: named after the tab and the person, and the room pauses where it is', () => {
    const shared = apply(playing, START, LAN, NOW, 'lan-tab');
    expect(shared.share).toEqual({
      id: expect.stringMatching(/^sh-/),
      peer: 'lan-tab',
      by: person(LAN, 'Lan'),
      since: NOW,
    });
    expect(shared.current_video).toMatchObject({ id: vid('a'), playing: false, updated_at: NOW });
    expect(shared.current_video.current_time).toBeCloseTo(10, 3);
  });

  it('refuses a guest and a tab-less start, and someone else while a share stands; the same person takes it over', () => {
    expect(applyRoomCommand(playing, START, GUEST, NOW, tabOf(GUEST, 'g'))).toMatchObject({
      error: { code: 'forbidden' },
    });
    expect(applyRoomCommand(playing, START, HOST, NOW)).toMatchObject({ error: { code: 'unavailable' } });
    const shared = apply(playing, START, LAN, NOW, 'lan-tab');
    expect(applyRoomCommand(shared, START, HOST, NOW, tabOf(HOST, 'host-tab'))).toMatchObject({
      error: { code: 'share_taken' },
    });
    const takenOver = apply(shared, START, LAN, NOW + 1000, 'lan-second-tab');
    expect(takenOver.share).toMatchObject({ peer: 'lan-second-tab', since: NOW + 1000 });
    expect(takenOver.share?.id).not.toBe(shared.share?.id);
  });

  it('stops by its sharer or a controller, never by anyone else; a stop of another share changes nothing', () => {
    const shared = apply(playing, START, LAN, NOW, 'lan-tab');
    const id = shared.share?.id ?? '';
    const stop = (stopId: string): StateCommand => ({ type: 'share:stop', id: stopId });
    expect(applyRoomCommand(shared, stop(id), GUEST, NOW)).toMatchObject({ error: { code: 'forbidden' } });
    expect(applyRoomCommand(shared, stop('sh-other'), HOST, NOW)).toEqual({ state: shared });
    expect(apply(shared, stop(id), HOST).share).toBeNull();
    expect(apply(shared, stop(id), LAN).share).toBeNull();
  });

  it('ends when its tab leaves, when its sharer loses control, and when the room plays again; not on a pause or a seek', () => {
    const shared = apply(playing, START, LAN, NOW, 'lan-tab');
    expect(committedState(endShareOf(shared, 'someone-else')).share).not.toBeNull();
    expect(committedState(endShareOf(shared, 'lan-tab')).share).toBeNull();
    expect(apply(shared, { type: 'cohost:revoke', uid: 'lan-uid' }, HOST).share).toBeNull();

    const seek: StateCommand = { type: 'playback:update', id: vid('a'), playing: false, position: 40, rate: 1 };
    expect(apply(shared, seek, HOST).share).not.toBeNull();
    const play: StateCommand = { type: 'playback:update', id: vid('a'), playing: true, position: 40, rate: 1 };
    expect(apply(shared, play, HOST).share).toBeNull();
    expect(apply(shared, selectVideo('b'), HOST).share).toBeNull();
    expect(apply(shared, addVideo('c'), HOST).share).not.toBeNull();
  });
});
