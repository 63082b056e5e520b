import { type CurrentVideo, DEFAULT_CURRENT_VIDEO } from '@xemchung/protocol';
import { describe, expect, it } from 'vitest';
import { PlayerStatus } from './playerStatus.ts';
import type { PlayerAdapter } from './types.ts';

/** A player standing at `time`, paused or not. */
const player = (time: number, paused: boolean): PlayerAdapter =>
  ({ kind: 'media', currentTime: () => time, duration: () => 60, paused: () => paused }) as PlayerAdapter;

const SERVER_NOW = 100_000;
/** The room plays from 10 s, stamped 2 s before SERVER_NOW: it should be at 12 s. */
const playingRoom: CurrentVideo = {
  ...DEFAULT_CURRENT_VIDEO,
  id: 'm_one',
  index: 0,
  playing: true,
  current_time: 10,
  updated_at: SERVER_NOW - 2000,
};
const pausedRoom: CurrentVideo = { ...playingRoom, playing: false, current_time: 12 };

describe('the player status for the sync badge (R53)', () => {
  it('measures the signed error against the room timeline: positive ahead, negative behind', () => {
    const status = new PlayerStatus();
    expect(status.read(player(12.03, false), playingRoom, SERVER_NOW)).toEqual({
      state: 'playing',
      errorMs: expect.closeTo(30, 5),
    });
    expect(status.read(player(11.8, false), playingRoom, SERVER_NOW)).toEqual({
      state: 'playing',
      errorMs: expect.closeTo(-200, 5),
    });
  });

  it('is paused when the room is, and buffering while the room plays and the player has not started', () => {
    const status = new PlayerStatus();
    expect(status.read(player(12, true), pausedRoom, SERVER_NOW).state).toBe('paused');
    expect(status.read(player(0, true), playingRoom, SERVER_NOW).state).toBe('buffering');
    expect(status.read(null, playingRoom, SERVER_NOW)).toEqual({ state: 'buffering', errorMs: null });
  });

  it('is buffering while the player waits for data, until it plays again', () => {
    const status = new PlayerStatus();
    status.handle('waiting');
    expect(status.read(player(12, false), playingRoom, SERVER_NOW).state).toBe('buffering');
    status.handle('playing');
    expect(status.read(player(12, false), playingRoom, SERVER_NOW).state).toBe('playing');
  });

  it('is blocked when the browser refused to start, by event or by a rejected play(), until it plays', () => {
    const status = new PlayerStatus();
    status.handle('blocked');
    expect(status.read(player(0, true), playingRoom, SERVER_NOW).state).toBe('blocked');
    status.handle('playing');
    status.playRefused();
    expect(status.read(player(0, true), playingRoom, SERVER_NOW).state).toBe('blocked');
  });

  it('is error for good once the media failed, with no error to compare', () => {
    const status = new PlayerStatus();
    status.handle('error');
    status.handle('playing');
    expect(status.read(player(12, false), playingRoom, SERVER_NOW)).toEqual({ state: 'error', errorMs: null });
  });
});
