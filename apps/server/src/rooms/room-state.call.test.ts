import { CALL_MEMBERS_MAX, CALL_MEMBERS_MAX_SFU, type Person } from '@xemchung/protocol';
import { describe, expect, it } from 'vitest';
import { actor } from '../../test/actors.ts';
import { committedState, emptyRoomState } from '../../test/room-states.ts';
import type { Actor } from '../commands/actor.ts';
import { tabLeft } from './live-exits.ts';
import { applyRoomCommand, type RoomState, type StateCommand } from './room-state.ts';

const HOST: Actor = actor('host-uid');
const LAN: Actor = actor('lan-uid');
const GUEST: Actor = actor(null);
const NOW = 1_700_000_000_000;
const person = (who: Actor): Person => ({
  key: who.key,
  uid: who.uid,
  name: who.uid,
  photoURL: null,
  guestTag: who.uid === null ? 'GUEST00001' : null,
});
const JOIN: StateCommand = { type: 'call:join', audio: true, video: false };

function apply(state: RoomState, command: StateCommand, by: Actor, peer = `${by.key}-tab`): RoomState {
  return committedState(applyRoomCommand(state, command, by, NOW, { tab: { peer, person: person(by) } }));
}
const refusal = (state: RoomState, command: StateCommand, by: Actor, peer = `${by.key}-tab`) =>
  applyRoomCommand(state, command, by, NOW, { tab: { peer, person: person(by) } });

/** Lan a co-host. */
const room = emptyRoomState({ host: 'host-uid', cohosts: ['lan-uid'] });
const withPolicy = (callPolicy: 'off' | 'signedIn' | 'everyone') =>
  emptyRoomState({ host: 'host-uid', cohosts: ['lan-uid'], settings: { ...room.settings, callPolicy } });

describe('the call (R127)', () => {
  it('lets signed-in viewers join by default, not guests; everyone when the host says, nobody when off', () => {
    const joined = apply(room, JOIN, LAN, 'lan-tab');
    expect(joined.call).toEqual([{ peer: 'lan-tab', by: person(LAN), audio: true, video: false }]);
    expect(refusal(room, JOIN, GUEST)).toMatchObject({ error: { code: 'call_restricted' } });
    expect(apply(withPolicy('everyone'), JOIN, GUEST).call).toHaveLength(1);
    expect(refusal(withPolicy('off'), JOIN, HOST)).toMatchObject({ error: { code: 'call_restricted' } });
    expect(applyRoomCommand(room, JOIN, HOST, NOW)).toMatchObject({ error: { code: 'unavailable' } });
  });

  it('keeps one tab per person, and at most CALL_MEMBERS_MAX tabs', () => {
    const twice = apply(apply(room, JOIN, LAN, 'lan-1'), JOIN, LAN, 'lan-2');
    expect(twice.call.map((member) => member.peer)).toEqual(['lan-2']);
    let full = withPolicy('everyone');
    for (let index = 0; index < CALL_MEMBERS_MAX; index++) full = apply(full, JOIN, actor(`u${index}`));
    expect(refusal(full, JOIN, HOST)).toMatchObject({ error: { code: 'call_full' } });
    // A tab already in changes what it sends, full or not.
    const camera = apply(full, { type: 'call:join', audio: false, video: true }, actor('u0'));
    expect(camera.call[0]).toMatchObject({ audio: false, video: true });
  });

  it('R129: holds CALL_MEMBERS_MAX_SFU tabs when the server says so (an SFU), and refuses the one after', () => {
    const join = (state: RoomState, by: Actor) =>
      applyRoomCommand(state, JOIN, by, NOW, { tab: { peer: `${by.key}-tab`, person: person(by) }, callMax: 12 });
    let full = withPolicy('everyone');
    for (let index = 0; index < CALL_MEMBERS_MAX_SFU; index++) full = committedState(join(full, actor(`u${index}`)));
    expect(full.call).toHaveLength(12);
    expect(join(full, HOST)).toMatchObject({ error: { code: 'call_full', message: expect.stringContaining('12') } });
  });

  it('turns a tab’s microphone and camera on and off, and takes it out on a leave or when its tab leaves the room', () => {
    const joined = apply(apply(room, JOIN, LAN, 'lan-tab'), JOIN, HOST, 'host-tab');
    const camera = apply(joined, { type: 'call:update', video: true }, LAN, 'lan-tab');
    expect(camera.call[0]).toMatchObject({ audio: true, video: true });
    expect(refusal(joined, { type: 'call:update', audio: false }, GUEST, 'guest-tab')).toMatchObject({
      error: { code: 'not_in_call' },
    });
    expect(apply(joined, { type: 'call:leave' }, LAN, 'lan-tab').call.map((member) => member.peer)).toEqual([
      'host-tab',
    ]);
    expect(committedState(tabLeft(joined, 'host-tab')).call.map((member) => member.peer)).toEqual(['lan-tab']);
    expect(committedState(tabLeft(joined, 'nobody'))).toBe(joined);
  });

  it('lets a controller mute anyone for everyone but the host, whom only the host mutes', () => {
    const joined = apply(
      apply(apply(withPolicy('everyone'), JOIN, LAN, 'lan-tab'), JOIN, HOST, 'host-tab'),
      JOIN,
      GUEST,
    );
    const mute = (peer: string): StateCommand => ({ type: 'call:mute', peer });
    expect(apply(joined, mute(`${GUEST.key}-tab`), LAN).call[2]).toMatchObject({ audio: false });
    expect(refusal(joined, mute('host-tab'), LAN)).toMatchObject({ error: { code: 'invalid_target' } });
    expect(apply(joined, mute('lan-tab'), HOST).call[0]).toMatchObject({ audio: false });
    expect(refusal(joined, mute('lan-tab'), GUEST)).toMatchObject({ error: { code: 'forbidden' } });
    expect(refusal(joined, mute('nobody'), HOST)).toMatchObject({ error: { code: 'not_in_call' } });
  });

  it('takes out of the call whom a change of the setting no longer admits', () => {
    const joined = apply(apply(withPolicy('everyone'), JOIN, LAN, 'lan-tab'), JOIN, GUEST);
    const signedIn = apply(joined, { type: 'room:settings', settings: { callPolicy: 'signedIn' } }, HOST);
    expect(signedIn.call.map((member) => member.peer)).toEqual(['lan-tab']);
    expect(apply(signedIn, { type: 'room:settings', settings: { callPolicy: 'off' } }, HOST).call).toEqual([]);
  });
});
