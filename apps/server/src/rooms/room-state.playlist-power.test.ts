import { describe, expect, it } from 'vitest';
import { actor } from '../../test/actors.ts';
import { addVideo, committedState, emptyRoomState, vid } from '../../test/room-states.ts';
import { applyRoomCommand, type CommandContext, type RoomState, type StateCommand } from './room-state.ts';

const HOST = actor('host-uid');
const COHOST = actor('cohost-uid');
const NOW = 1_700_000_000_000;

const emptyRoom = emptyRoomState({ cohosts: ['cohost-uid'] });

const ok = committedState;
const run = (state: RoomState, commands: StateCommand[], context: CommandContext = {}) =>
  commands.reduce((current, command) => ok(applyRoomCommand(current, command, HOST, NOW, context)), state);
const move = (name: string, toIndex: number, version?: number): StateCommand => ({
  type: 'playlist:move',
  id: vid(name),
  toIndex,
  ...(version === undefined ? {} : { version }),
});
const order = (state: RoomState) => state.playlist.map((video) => video.id.replace(/_+$/, '')).join('');

/** a b c d e f; c playing (a and c watched). */
const room = run(emptyRoom, [...'abcdef'].map(addVideo).concat({ type: 'playlist:select', id: vid('c') }));

describe('playlist:move (R60)', () => {
  it('moves an item down and up, the playing one keeping its place in the room', () => {
    const down = run(room, [move('a', 4)]);
    expect(order(down)).toBe('bcdeaf');
    expect(down.current_video).toEqual({ ...room.current_video, index: 1 });
    const up = run(room, [move('f', 0)]);
    expect(order(up)).toBe('fabcde');
    expect(up.current_video.index).toBe(3);
  });

  it('moves the playing item itself, which keeps playing', () => {
    const moved = run(room, [move('c', 5)]);
    expect(order(moved)).toBe('abdefc');
    expect(moved.current_video).toEqual({ ...room.current_video, index: 5 });
  });

  it('lets a co-host move, as the host does', () => {
    expect(order(ok(applyRoomCommand(room, move('e', 0), COHOST, NOW)))).toBe('eabcdf');
  });

  it('commits nothing for a move to where the item already is', () => {
    expect(ok(applyRoomCommand(room, move('d', 3), HOST, NOW))).toBe(room);
  });

  it('refuses an unknown id, an index past the end and an older version, changing nothing', () => {
    expect(applyRoomCommand(room, move('z', 0), HOST, NOW)).toMatchObject({ error: { code: 'video_not_found' } });
    expect(applyRoomCommand(room, move('a', 6), HOST, NOW)).toMatchObject({ error: { code: 'invalid_index' } });
    expect(applyRoomCommand(room, move('a', 1, 7), HOST, NOW, { version: 8 })).toMatchObject({
      error: { code: 'version_conflict' },
    });
    expect(order(ok(applyRoomCommand(room, move('a', 1, 8), HOST, NOW, { version: 8 })))).toBe('bacdef');
  });
});

describe('playlist:playNext (R61)', () => {
  it('puts a later item just after the playing one', () => {
    const next = run(room, [{ type: 'playlist:playNext', id: vid('f') }]);
    expect(order(next)).toBe('abcfde');
    expect(next.current_video.index).toBe(2);
  });

  it('puts an earlier item just after the playing one', () => {
    const next = run(room, [{ type: 'playlist:playNext', id: vid('a') }]);
    expect(order(next)).toBe('bcadef');
    expect(next.current_video.index).toBe(1);
  });

  it('puts the item first when nothing plays, and leaves the playing item alone', () => {
    const idle = run(emptyRoom, [addVideo('a'), addVideo('b'), addVideo('c')]);
    expect(idle.current_video.id).toBe('');
    expect(order(run(idle, [{ type: 'playlist:playNext', id: vid('c') }]))).toBe('cab');
    expect(ok(applyRoomCommand(room, { type: 'playlist:playNext', id: vid('c') }, HOST, NOW))).toBe(room);
  });

  it('refuses an unknown id', () => {
    expect(applyRoomCommand(room, { type: 'playlist:playNext', id: vid('z') }, HOST, NOW)).toMatchObject({
      error: { code: 'video_not_found' },
    });
  });
});

describe('playlist:shuffle (R62)', () => {
  it('draws a permutation of the waiting items only, with the randomness it is given', () => {
    // Fisher–Yates drawing 0 each time: the waiting b d e f become d e f b in their slots 1, 3, 4, 5.
    const shuffled = run(room, [{ type: 'playlist:shuffle' }], { randomInt: () => 0 });
    expect(order(shuffled)).toBe('adcefb');
    expect(shuffled.current_video).toEqual(room.current_video);
  });

  it('uses crypto randomness by default and commits nothing with fewer than two waiting', () => {
    const orders = new Set(Array.from({ length: 40 }, () => order(run(room, [{ type: 'playlist:shuffle' }]))));
    expect(orders.size).toBeGreaterThan(1);
    for (const shuffled of orders) expect(`${shuffled[0]}${shuffled[2]}`).toBe('ac');
    const one = run(emptyRoom, [addVideo('a'), addVideo('b'), { type: 'playlist:select', id: vid('a') }]);
    expect(ok(applyRoomCommand(one, { type: 'playlist:shuffle' }, HOST, NOW))).toBe(one);
  });
});

describe('room:loop (R63)', () => {
  const at = (state: RoomState, name: string) => run(state, [{ type: 'playlist:select', id: vid(name) }]);
  const end = (state: RoomState, name: string) =>
    ok(applyRoomCommand(state, { type: 'playback:ended', id: vid(name) }, HOST, NOW + 1000));

  it('off: the end of the playlist stops there', () => {
    const last = at(room, 'f');
    expect(end(last, 'f')).toBe(last);
  });

  it('one: the item that ended starts again from 0', () => {
    const looping = run(at(room, 'd'), [{ type: 'room:loop', mode: 'one' }]);
    expect(end(looping, 'd').current_video).toMatchObject({ id: vid('d'), index: 3, current_time: 0, playing: true });
    expect(end(looping, 'd').current_video.updated_at).toBe(NOW + 1000);
  });

  it('all: after the last item comes the first', () => {
    const looping = run(at(room, 'f'), [{ type: 'room:loop', mode: 'all' }]);
    expect(end(looping, 'f').current_video).toMatchObject({ id: vid('a'), index: 0 });
    expect(end(run(room, [{ type: 'room:loop', mode: 'all' }]), 'c').current_video.id).toBe(vid('d'));
  });

  it('commits nothing when the mode is already set, and lets a co-host set it', () => {
    expect(ok(applyRoomCommand(room, { type: 'room:loop', mode: 'off' }, HOST, NOW))).toBe(room);
    expect(ok(applyRoomCommand(room, { type: 'room:loop', mode: 'one' }, COHOST, NOW)).loop).toBe('one');
  });
});
