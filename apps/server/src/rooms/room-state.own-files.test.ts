import { ownFileVideoId } from '@xemchung/protocol';
import { describe, expect, it } from 'vitest';
import { actor } from '../../test/actors.ts';
import { committedState, emptyRoomState } from '../../test/room-states.ts';
import type { Actor } from '../commands/actor.ts';
import { dropSharedFiles, moveOnFromAbsentSharer } from './room-own-files.ts';
import { applyRoomCommand, type RoomState, type StateCommand } from './room-state.ts';

const HOST: Actor = actor('host-uid');
const MEMBER: Actor = actor('member-uid');
const GUEST: Actor = actor(null, { guest: 'GUEST00001' });
const NOW = 1_700_000_000_000;

const digest = (n: number) => n.toString(16).padStart(2, '0').repeat(32);
const file = (n: number) => ({
  name: `Phim ${n}.mp4`,
  size: 1000 + n,
  duration: 90.5,
  mime: 'video/mp4',
  digest: digest(n),
});
const share = (n: number): StateCommand => ({ type: 'playlist:addFile', file: file(n) });
const idOf = (n: number) => ownFileVideoId(digest(n));

function run(state: RoomState, commands: StateCommand[], by: Actor = HOST): RoomState {
  return commands.reduce((current, command) => committedState(applyRoomCommand(current, command, by, NOW)), state);
}

const base = emptyRoomState({ host: 'host-uid', settings: { ...emptyRoomState().settings, perPersonCap: 2 } });

describe('own files in the state machine (R117, R120, R121)', () => {
  it('R117: a shared file is an item named by its digest, titled by its name, with the sender as its sharer', () => {
    const room = run(base, [share(1)], MEMBER);
    expect(room.playlist).toEqual([
      {
        id: idOf(1),
        title: 'Phim 1.mp4',
        thumbnail: '',
        visited: true,
        source: 'file',
        mediaUrl: null,
        file: { ...file(1), sharer: MEMBER.key },
      },
    ]);
  });

  it('R117, R118: the same file shared twice is one item, whoever shares it', () => {
    const room = run(base, [share(1)], MEMBER);
    expect(applyRoomCommand(room, share(1), GUEST, NOW)).toMatchObject({ error: { code: 'duplicate_video' } });
  });

  it("R117: follows the room's add policy and counts toward the per-person cap", () => {
    const signedInOnly = { ...base, settings: { ...base.settings, addPolicy: 'signedIn' as const } };
    expect(applyRoomCommand(signedInOnly, share(1), GUEST, NOW)).toMatchObject({
      error: { code: 'adding_restricted' },
    });
    const two = run(base, [share(1), share(2), share(3)], HOST);
    const capped = run(two, [share(4), share(5)], GUEST);
    expect(applyRoomCommand(capped, share(6), GUEST, NOW)).toMatchObject({ error: { code: 'cap_reached' } });
  });

  it('R120: moves on from the item when its sharer is still away, and only from that item', () => {
    const room = run(run(base, [share(1), share(2)], MEMBER), [{ type: 'playlist:select', id: idOf(1) }]);
    const away = new Set([HOST.key]);
    const moved = committedState(moveOnFromAbsentSharer(room, idOf(1), away, NOW + 5));
    expect(moved.current_video).toMatchObject({ id: idOf(2), index: 1, current_time: 0, playing: true });
    // A second node's timer for the same leave finds another item playing: nothing happens.
    expect(moveOnFromAbsentSharer(moved, idOf(1), away, NOW + 6)).toEqual({ state: moved });
    // The sharer came back: the room stays.
    expect(moveOnFromAbsentSharer(room, idOf(1), new Set([MEMBER.key]), NOW + 5)).toEqual({ state: room });
  });

  it('R120: looping over the one absent file, the room stops instead of starting it over after every wait', () => {
    const looping = run(run(base, [share(1)], MEMBER), [
      { type: 'room:loop', mode: 'all' },
      { type: 'playlist:select', id: idOf(1) },
    ]);
    const moved = committedState(moveOnFromAbsentSharer(looping, idOf(1), new Set([HOST.key]), NOW + 5));
    expect(moved.current_video).toMatchObject({ id: '', index: -1 });
    expect(moved.playlist.map((video) => video.id)).toEqual([idOf(1)]);
  });

  it("R121: a kicked viewer's files leave the playlist; the room moves on to the next item that is not theirs", () => {
    const link = {
      type: 'playlist:add' as const,
      video: { id: 'dQw4w9WgXcQ', title: 'x', thumbnail: '', source: 'youtube' as const, mediaUrl: null },
    };
    const theirs = run(base, [share(1), share(2)], GUEST);
    const room = run(theirs, [link, { type: 'playlist:select', id: idOf(1) }], HOST);
    const after = committedState(dropSharedFiles(room, GUEST.key, NOW + 5));
    expect(after.playlist.map((video) => video.id)).toEqual(['dQw4w9WgXcQ']);
    expect(after.current_video).toMatchObject({ id: 'dQw4w9WgXcQ', index: 0, current_time: 0 });
    expect(Object.keys(after.adders)).toEqual(['dQw4w9WgXcQ']);
  });

  it('R121: with nothing after their file, nothing is selected; without their files, nothing changes', () => {
    const room = run(base, [share(1)], GUEST);
    const after = committedState(dropSharedFiles(room, GUEST.key, NOW));
    expect(after.playlist).toEqual([]);
    expect(after.current_video).toMatchObject({ id: '', index: -1 });
    expect(dropSharedFiles(room, MEMBER.key, NOW)).toEqual({ state: room });
  });
});
