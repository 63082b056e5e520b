import { describe, expect, it } from 'vitest';
import { ClockOffsetEstimator } from './clock.ts';
import { expectedPosition, type PlaybackReference } from './position.ts';
import { DEFAULT_CURRENT_VIDEO } from './room.ts';

const T0 = 1_700_000_000_000;
const playing: PlaybackReference = { playing: true, current_time: 30, updated_at: T0, rate: 1 };

describe('expectedPosition (R19)', () => {
  it('adds the elapsed time while playing', () => {
    expect(expectedPosition(playing, T0 + 12_500)).toBe(42.5);
  });

  it('scales the elapsed time by the rate', () => {
    expect(expectedPosition({ ...playing, rate: 2 }, T0 + 10_000)).toBe(50);
    expect(expectedPosition({ ...playing, rate: 0.5 }, T0 + 10_000)).toBe(35);
  });

  it('stays at the stored time while paused', () => {
    expect(expectedPosition({ ...playing, playing: false }, T0 + 60_000)).toBe(30);
  });

  it('clamps to the duration instead of running past the end', () => {
    expect(expectedPosition(playing, T0 + 600_000, 100)).toBe(100);
    expect(expectedPosition({ ...playing, playing: false, current_time: 120 }, T0, 100)).toBe(100);
  });

  it('ignores an unknown or unusable duration', () => {
    expect(expectedPosition(playing, T0 + 600_000, null)).toBe(630);
    expect(expectedPosition(playing, T0 + 600_000, Number.NaN)).toBe(630);
    expect(expectedPosition(playing, T0 + 600_000, 0)).toBe(630);
  });

  it('never rewinds when server time reads slightly before updated_at', () => {
    expect(expectedPosition(playing, T0 - 250)).toBe(30);
  });

  it('does not count time since 1970 for the default current_video', () => {
    expect(expectedPosition(DEFAULT_CURRENT_VIDEO, T0)).toBe(0);
  });

  it('gives a client with a skewed clock the same position as the server (R19, R20)', () => {
    // The server stamped 30 s at T0; 8 s later (server time) a client whose clock runs 47 minutes slow asks.
    const skew = -47 * 60_000;
    let local = T0 + 8_000 + skew;
    const estimator = new ClockOffsetEstimator({ now: () => local });
    const sentAt = estimator.localNow();
    local += 40; // 40 ms round trip; the server answered half-way
    estimator.record(sentAt, sentAt - skew + 20, estimator.localNow());

    const withOffset = expectedPosition(playing, estimator.serverNow());
    const naive = expectedPosition(playing, local);
    expect(withOffset).toBeCloseTo(38.04, 6);
    // Reading the local clock directly would stay at the stored time (it reads as before updated_at).
    expect(naive).toBe(30);
  });

  it('is exact for a clock that is ahead, too', () => {
    const skew = 5 * 60_000;
    let local = T0 + 2_000 + skew;
    const estimator = new ClockOffsetEstimator({ now: () => local });
    const sentAt = estimator.localNow();
    local += 10;
    estimator.record(sentAt, sentAt - skew + 5, estimator.localNow());
    expect(expectedPosition({ ...playing, rate: 1.5 }, estimator.serverNow())).toBeCloseTo(30 + 2.01 * 1.5, 6);
    // The local clock alone would put this client five minutes ahead (and past the end of a 4-minute video).
    expect(expectedPosition({ ...playing, rate: 1.5 }, local, 240)).toBe(240);
  });
});
