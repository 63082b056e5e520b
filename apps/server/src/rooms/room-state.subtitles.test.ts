import { SUBTITLE_TRACKS_MAX } from '@xemchung/protocol';
import { mediaVideoId } from '@xemchung/protocol/media-video-id';
import { describe, expect, it } from 'vitest';
import { actor } from '../../test/actors.ts';
import { committedState, emptyRoomState } from '../../test/room-states.ts';
import type { Actor } from '../commands/actor.ts';
import { applyRoomCommand, type RoomState, type StateCommand } from './room-state.ts';

const HOST: Actor = actor('host-uid');
const GUEST: Actor = actor(null, { guest: 'GUEST00001' });
const OTHER_GUEST: Actor = actor(null, { guest: 'GUEST00002', address: 'address-2' });
const NOW = 1_700_000_000_000;

const film = (name: string) => {
  const url = `https://media.example/${name}.mp4`;
  return { id: mediaVideoId(url), title: name, thumbnail: '', source: 'media' as const, mediaUrl: url };
};
const fileId = (n: number) => `file${String(n).padStart(18, '0')}`;
const attach = (name: string, n: number, label = `Bản ${n}`): StateCommand => ({
  type: 'subtitle:add',
  id: film(name).id,
  fileId: fileId(n),
  label,
  cues: 10,
});

function run(state: RoomState, commands: StateCommand[], by: Actor = HOST): RoomState {
  return commands.reduce((current, command) => committedState(applyRoomCommand(current, command, by, NOW)), state);
}

/** a playing, b and c waiting; perPersonCap 2. */
const room = run(emptyRoomState({ host: 'host-uid', settings: { ...emptyRoomState().settings, perPersonCap: 2 } }), [
  { type: 'playlist:add', video: film('a') },
  { type: 'playlist:add', video: film('b') },
  { type: 'playlist:add', video: film('c') },
  { type: 'playlist:select', id: film('a').id },
]);

describe('subtitle tracks in the state machine (R111, R112)', () => {
  it('R111: attaches a track with who attached it; the same file twice is a no-op', () => {
    const once = run(room, [attach('a', 1, 'Tiếng Việt')], GUEST);
    expect(once.playlist[0]?.subtitles).toEqual([{ id: fileId(1), label: 'Tiếng Việt', cues: 10, by: GUEST.key }]);
    expect(applyRoomCommand(once, attach('a', 1), GUEST, NOW)).toEqual({ state: once });
  });

  it(`R111: at most ${SUBTITLE_TRACKS_MAX} tracks an item`, () => {
    const full = run(
      room,
      Array.from({ length: SUBTITLE_TRACKS_MAX }, (_, n) => attach('a', n)),
    );
    expect(applyRoomCommand(full, attach('a', 99), HOST, NOW)).toMatchObject({ error: { code: 'subtitles_full' } });
  });

  it('R111: a track on a waiting item counts toward the per-person cap, one on the playing item does not', () => {
    const twoWaiting = run(room, [attach('b', 1), attach('c', 2)], GUEST);
    expect(applyRoomCommand(twoWaiting, attach('b', 3), GUEST, NOW)).toMatchObject({ error: { code: 'cap_reached' } });
    expect(applyRoomCommand(twoWaiting, attach('a', 3), GUEST, NOW)).toHaveProperty('state');
    // The cap is the guest's: another guest, and the host, still attach to waiting items.
    expect(applyRoomCommand(twoWaiting, attach('b', 4), OTHER_GUEST, NOW)).toHaveProperty('state');
    expect(applyRoomCommand(twoWaiting, attach('b', 5), HOST, NOW)).toHaveProperty('state');
    // And adding an item counts the tracks too.
    const add = { type: 'playlist:add' as const, video: film('d') };
    expect(applyRoomCommand(twoWaiting, add, GUEST, NOW)).toMatchObject({ error: { code: 'cap_reached' } });
  });

  it('R111: whoever attached a track, or a controller, removes it; the last track gone leaves no list', () => {
    const two = run(run(room, [attach('a', 1)], GUEST), [attach('a', 2)]);
    expect(
      applyRoomCommand(two, { type: 'subtitle:remove', id: film('a').id, fileId: fileId(2) }, GUEST, NOW),
    ).toMatchObject({
      error: { code: 'forbidden' },
    });
    const guestGone = run(two, [{ type: 'subtitle:remove', id: film('a').id, fileId: fileId(1) }], GUEST);
    const none = run(guestGone, [{ type: 'subtitle:remove', id: film('a').id, fileId: fileId(2) }]);
    expect(none.playlist[0]).toEqual({ ...film('a'), visited: true });
  });

  it('R112: a shift is set for the item; 0 removes it; only media items take one', () => {
    const shifted = run(room, [{ type: 'subtitle:shift', id: film('b').id, shiftMs: -1200 }]);
    expect(shifted.playlist[1]?.subtitleShiftMs).toBe(-1200);
    const back = run(shifted, [{ type: 'subtitle:shift', id: film('b').id, shiftMs: 0 }]);
    expect(back.playlist[1]).toEqual(room.playlist[1]);
    const youtube = run(room, [
      {
        type: 'playlist:add',
        video: { id: 'dQw4w9WgXcQ', title: 'y', thumbnail: '', source: 'youtube', mediaUrl: null },
      },
    ]);
    expect(
      applyRoomCommand(youtube, { type: 'subtitle:shift', id: 'dQw4w9WgXcQ', shiftMs: 100 }, HOST, NOW),
    ).toMatchObject({ error: { code: 'subtitles_unsupported' } });
  });
});
