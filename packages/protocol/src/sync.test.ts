import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decideCorrection,
  MEDIA_SEEK_THRESHOLD_SECONDS,
  NUDGE_MAX_RATE_OFFSET,
  SYNC_DEADBAND_SECONDS,
  SYNC_TICK_MS,
  type SyncDecision,
  YOUTUBE_SEEK_THRESHOLD_SECONDS,
} from './sync.ts';

const rateOf = (decision: SyncDecision) => (decision.action === 'nudge' ? decision.rate : Number.NaN);

describe('decideCorrection (R29)', () => {
  it('does nothing inside the dead band, ahead or behind', () => {
    expect(decideCorrection(0, 'media')).toEqual({ action: 'none' });
    expect(decideCorrection(SYNC_DEADBAND_SECONDS * 0.9, 'media')).toEqual({ action: 'none' });
    expect(decideCorrection(-SYNC_DEADBAND_SECONDS * 0.9, 'youtube')).toEqual({ action: 'none' });
  });

  it('nudges HTML5 media faster when behind and slower when ahead', () => {
    const behind = decideCorrection(0.05, 'media');
    const ahead = decideCorrection(-0.05, 'media');
    expect(behind.action).toBe('nudge');
    expect(rateOf(behind)).toBeGreaterThan(1);
    expect(rateOf(ahead)).toBeLessThan(1);
    expect(rateOf(behind) - 1).toBeCloseTo(1 - rateOf(ahead));
  });

  it('caps the nudge at ±25 % of the room rate, around the room rate', () => {
    const fast = decideCorrection(MEDIA_SEEK_THRESHOLD_SECONDS, 'media', { roomRate: 2 });
    expect(rateOf(fast)).toBeCloseTo(2 * (1 + NUDGE_MAX_RATE_OFFSET));
    const slow = decideCorrection(-MEDIA_SEEK_THRESHOLD_SECONDS * 0.5, 'media', { roomRate: 0.5 });
    expect(rateOf(slow)).toBeCloseTo(0.5 * (1 - NUDGE_MAX_RATE_OFFSET));
  });

  it('scales the HTML5 seek threshold with the room rate, like the cap', () => {
    expect(decideCorrection(MEDIA_SEEK_THRESHOLD_SECONDS * 1.5, 'media', { roomRate: 2 }).action).toBe('nudge');
    expect(decideCorrection(MEDIA_SEEK_THRESHOLD_SECONDS * 0.75, 'media', { roomRate: 0.5 }).action).toBe('seek');
  });

  it('seeks HTML5 media beyond the seek threshold', () => {
    expect(decideCorrection(MEDIA_SEEK_THRESHOLD_SECONDS + 0.01, 'media')).toEqual({ action: 'seek' });
    expect(decideCorrection(-3, 'media')).toEqual({ action: 'seek' });
  });

  it('never nudges YouTube: nothing up to its threshold, a seek beyond', () => {
    expect(decideCorrection(YOUTUBE_SEEK_THRESHOLD_SECONDS * 0.9, 'youtube')).toEqual({ action: 'none' });
    expect(decideCorrection(-(YOUTUBE_SEEK_THRESHOLD_SECONDS + 0.01), 'youtube')).toEqual({ action: 'seek' });
  });

  it('seeks a paused player past the dead band, since a paused player cannot be nudged', () => {
    expect(decideCorrection(0.05, 'media', { playing: false })).toEqual({ action: 'seek' });
    expect(decideCorrection(0.05, 'youtube', { playing: false })).toEqual({ action: 'seek' });
    expect(decideCorrection(0.01, 'media', { playing: false })).toEqual({ action: 'none' });
  });

  it('ignores an error that is not a number (a player without a position yet)', () => {
    expect(decideCorrection(Number.NaN, 'media')).toEqual({ action: 'none' });
    expect(decideCorrection(Number.POSITIVE_INFINITY, 'media')).toEqual({ action: 'none' });
  });

  /** A follower ticking every `interval` s, starting `error` s off, nudged until the error stops changing. */
  function simulate(error: number, intervalSeconds: number, roomRate = 1) {
    const errors = [error];
    let current = error;
    for (let tick = 0; tick < 40; tick++) {
      const decision = decideCorrection(current, 'media', { intervalSeconds, roomRate });
      if (decision.action !== 'nudge') break;
      // While the player runs at `rate` and the room at `roomRate`, the error shrinks by the difference.
      current -= (decision.rate - roomRate) * intervalSeconds;
      errors.push(current);
    }
    return errors;
  }

  it('closes any nudgeable error to under 50 ms within a second, without overshooting', () => {
    const interval = SYNC_TICK_MS / 1000;
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.boolean(),
        fc.constantFrom(0.5, 1, 1.5, 2),
        (fraction, behind, roomRate) => {
          const size =
            SYNC_DEADBAND_SECONDS + fraction * (MEDIA_SEEK_THRESHOLD_SECONDS * roomRate - SYNC_DEADBAND_SECONDS);
          const errors = simulate(behind ? size : -size, interval, roomRate);
          const firstUnder = errors.findIndex((value) => Math.abs(value) < 0.05);
          expect(firstUnder * interval).toBeLessThanOrEqual(1);
          for (const value of errors) expect(Math.sign(value) === Math.sign(errors[0] ?? 0) || value === 0).toBe(true);
        },
      ),
    );
  });

  it('does not overshoot when decisions come slowly (a throttled background tab)', () => {
    for (const interval of [0.5, 1, 2]) {
      const errors = simulate(0.15, interval);
      expect(errors.every((value) => value > 0)).toBe(true);
      expect(errors.at(-1)).toBeLessThan(SYNC_DEADBAND_SECONDS);
    }
  });
});
