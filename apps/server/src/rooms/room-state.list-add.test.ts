import { PLAYLIST_MAX } from '@xemchung/protocol';
import { describe, expect, it } from 'vitest';
import { actor } from '../../test/actors.ts';
import { committedState, emptyRoomState } from '../../test/room-states.ts';
import type { Actor } from '../commands/actor.ts';
import {
  applyRoomCommand,
  type ListAdd,
  listAddSummary,
  type RoomState,
  type StateCommand,
  waitingCount,
} from './room-state.ts';

const HOST = actor('host-uid');
const MEMBER = actor('member-uid');
const GUEST = actor(null, { guest: 'GUEST00001', address: 'addr-1' });
const NOW = 1_700_000_000_000;

const vid = (name: string) => name.padEnd(11, '_');
const video = (name: string) => ({
  id: vid(name),
  title: name,
  thumbnail: '',
  source: 'youtube' as const,
  mediaUrl: null,
});
const list = (names: string[], more = false): ListAdd => ({
  type: 'playlist:addList',
  listId: 'PLfixture',
  videos: names.map(video),
  more,
});
const add = (name: string): StateCommand => ({ type: 'playlist:add', video: video(name) });
const names = (state: RoomState) => state.playlist.map((item) => item.title).join(',');
const run = (state: RoomState, steps: Array<[StateCommand, Actor]>) =>
  steps.reduce((current, [command, by]) => committedState(applyRoomCommand(current, command, by, NOW)), state);

const room = emptyRoomState({
  settings: {
    addPolicy: 'everyone',
    guestChat: false,
    perPersonCap: 3,
    skipVoting: true,
    readyGateSeconds: 3,
    callPolicy: 'signedIn',
  },
});

describe('playlist:addList (R71)', () => {
  it('appends the videos in order in one transition; the first into an empty playlist is watched (R9)', () => {
    const next = committedState(applyRoomCommand(room, list(['a', 'b', 'c']), HOST, NOW));
    expect(names(next)).toBe('a,b,c');
    expect(next.playlist.map((item) => item.visited)).toEqual([true, false, false]);
    expect(next.current_video).toMatchObject({ id: '', index: -1 });
    expect(listAddSummary(room, next, list(['a', 'b', 'c']), HOST)).toEqual({ added: 3, skipped: 0, limit: null });
  });

  it('skips videos already in the playlist and repeats within the list, keeping the rest in order (R7)', () => {
    const before = run(room, [[add('b'), HOST]]);
    const command = list(['a', 'b', 'c', 'a']);
    const next = committedState(applyRoomCommand(before, command, HOST, NOW));
    expect(names(next)).toBe('b,a,c');
    expect(listAddSummary(before, next, command, HOST)).toEqual({ added: 2, skipped: 2, limit: null });
  });

  it('answers duplicate_video when every video is already there, and changes nothing', () => {
    const before = run(room, [
      [add('a'), HOST],
      [add('b'), HOST],
    ]);
    expect(applyRoomCommand(before, list(['b', 'a']), HOST, NOW)).toMatchObject({ error: { code: 'duplicate_video' } });
  });

  it("stops at a viewer's cap (R56), counting what they already have waiting, and says so", () => {
    const before = run(room, [
      [add('first'), HOST],
      [add('mine'), MEMBER],
    ]);
    const command = list(['a', 'b', 'c', 'd']);
    const next = committedState(applyRoomCommand(before, command, MEMBER, NOW));
    expect(names(next)).toBe('first,mine,a,b');
    expect(waitingCount(next, MEMBER)).toBe(3);
    expect(listAddSummary(before, next, command, MEMBER)).toEqual({ added: 2, skipped: 0, limit: 'cap' });
    expect(applyRoomCommand(next, list(['e']), MEMBER, NOW)).toMatchObject({ error: { code: 'cap_reached' } });
  });

  it('counts a guest by address too, and does not cap the host', () => {
    const otherTab = actor(null, { guest: 'GUEST00002', address: 'addr-1' });
    const before = run(room, [
      [add('first'), HOST],
      [list(['a', 'b']), GUEST],
    ]);
    expect(names(committedState(applyRoomCommand(before, list(['c', 'd']), otherTab, NOW)))).toBe('first,a,b,c');
    const hosted = committedState(applyRoomCommand(before, list(['c', 'd', 'e', 'f', 'g']), HOST, NOW));
    expect(hosted.playlist).toHaveLength(8);
  });

  it('fills the free slots and stops there (R8); a full playlist answers playlist_full', () => {
    const almost = run(
      room,
      Array.from({ length: PLAYLIST_MAX - 2 }, (_, i): [StateCommand, Actor] => [add(`v${i}`), HOST]),
    );
    const command = list(['x', 'y', 'z'], true);
    const full = committedState(applyRoomCommand(almost, command, HOST, NOW));
    expect(full.playlist).toHaveLength(PLAYLIST_MAX);
    expect(full.playlist.slice(-2).map((item) => item.title)).toEqual(['x', 'y']);
    expect(listAddSummary(almost, full, command, HOST)).toEqual({ added: 2, skipped: 0, limit: 'playlist' });
    expect(applyRoomCommand(full, list(['w']), HOST, NOW)).toMatchObject({ error: { code: 'playlist_full' } });
  });

  it('says the rest did not fit when the list goes on past what was read and the room is now full', () => {
    const before = run(room, [[add('first'), HOST]]);
    const command = list(['a', 'b'], true);
    const next = committedState(applyRoomCommand(before, command, MEMBER, NOW));
    expect(listAddSummary(before, next, command, MEMBER)).toEqual({ added: 2, skipped: 0, limit: null });
    const capped = committedState(applyRoomCommand(before, list(['a', 'b', 'c'], true), MEMBER, NOW));
    expect(listAddSummary(before, capped, list(['a', 'b', 'c'], true), MEMBER).limit).toBe('cap');
  });

  it('follows the add policy like playlist:add (R56)', () => {
    const signedIn = emptyRoomState({
      settings: {
        addPolicy: 'signedIn',
        guestChat: false,
        perPersonCap: 3,
        skipVoting: true,
        readyGateSeconds: 3,
        callPolicy: 'signedIn',
      },
    });
    expect(applyRoomCommand(signedIn, list(['a']), GUEST, NOW)).toMatchObject({ error: { code: 'adding_restricted' } });
    expect(applyRoomCommand(signedIn, list(['a']), MEMBER, NOW)).toHaveProperty('state');
  });

  it('records the adder of every video, so the cap and a later removal see them', () => {
    const next = committedState(applyRoomCommand(room, list(['a', 'b']), GUEST, NOW));
    expect(next.adders[vid('b')]).toEqual({ key: GUEST.key, address: 'addr-1' });
    expect(next.adders[vid('a')]).toEqual({ key: GUEST.key, address: 'addr-1' });
  });
});
