import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decideCorrection,
  MEDIA_SEEK_THRESHOLD_SECONDS,
  NUDGE_MAX_RATE_OFFSET,
  RATE_CHANGE_DELAY_SECONDS,
  RATE_CHANGE_STALL_SECONDS,
  RATE_STRETCH_START_SECONDS,
  SYNC_DEADBAND_SECONDS,
  SYNC_TICK_MS,
  type SyncDecision,
  YOUTUBE_NUDGE_MAX_RATE_OFFSET,
  YOUTUBE_PAUSED_SEEK_THRESHOLD_SECONDS,
  YOUTUBE_SEEK_THRESHOLD_SECONDS,
} from './sync.ts';

/** YouTube's getAvailablePlaybackRates() for most videos. */
const YOUTUBE_RATES = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2];

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

  it('never nudges YouTube without its rates: nothing up to its threshold, a seek beyond', () => {
    expect(decideCorrection(YOUTUBE_SEEK_THRESHOLD_SECONDS * 0.9, 'youtube')).toEqual({ action: 'none' });
    expect(decideCorrection(0.3, 'youtube', { rates: [1] })).toEqual({ action: 'none' });
    expect(decideCorrection(-(YOUTUBE_SEEK_THRESHOLD_SECONDS + 0.01), 'youtube')).toEqual({ action: 'seek' });
    expect(decideCorrection(0.6, 'youtube', { rates: YOUTUBE_RATES })).toEqual({ action: 'seek' });
  });

  it('nudges YouTube with the smallest fixed rate step that closes the gap in 0.8 s, held that long (R80)', () => {
    const nudge = (error: number, roomRate = 1) =>
      decideCorrection(error, 'youtube', { roomRate, rates: YOUTUBE_RATES });
    // Two rate changes stall the player 2 × 10.5 ms: held longer to catch up, shorter to wait.
    const stalls = 2 * RATE_CHANGE_STALL_SECONDS;
    expect(nudge(0.1)).toEqual({ action: 'nudge', rate: 1.25, seconds: expect.closeTo((0.1 + stalls) / 0.25, 9) });
    expect(nudge(0.4)).toEqual({ action: 'nudge', rate: 1.5, seconds: expect.closeTo((0.4 + stalls) / 0.5, 9) });
    expect(nudge(-0.3)).toEqual({ action: 'nudge', rate: 0.5, seconds: expect.closeTo((0.3 - stalls) / 0.5, 9) });
    expect(nudge(-0.05)).toEqual({ action: 'nudge', rate: 0.75, seconds: expect.closeTo((0.05 - stalls) / 0.25, 9) });
    // Beyond the target time, the largest step allowed (±50 % of the room's rate).
    expect(nudge(0.49)).toEqual({ action: 'nudge', rate: 1.5, seconds: expect.closeTo((0.49 + stalls) / 0.5, 9) });
    // At 2×, nothing is faster: behind, it waits; ahead, it slows down.
    expect(nudge(0.3, 2)).toEqual({ action: 'none' });
    expect(nudge(-0.3, 2)).toEqual({
      action: 'nudge',
      rate: 1.5,
      seconds: expect.closeTo((0.3 - 2 * stalls) / 0.5, 9),
    });
    // Ahead by less than the stalls: they alone would overshoot.
    expect(nudge(-(stalls - 0.001))).toEqual({ action: 'none' });
    expect(nudge(SYNC_DEADBAND_SECONDS * 0.9)).toEqual({ action: 'none' });
  });

  it('closes exactly the error with any YouTube nudge, stalls included, within its rate limit (R80)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -YOUTUBE_SEEK_THRESHOLD_SECONDS, max: YOUTUBE_SEEK_THRESHOLD_SECONDS, noNaN: true }),
        fc.constantFrom(...YOUTUBE_RATES),
        (error, roomRate) => {
          const decision = decideCorrection(error, 'youtube', { roomRate, rates: YOUTUBE_RATES });
          if (decision.action !== 'nudge') return decision.action === 'none';
          const speed = decision.rate - roomRate;
          const stalled = 2 * RATE_CHANGE_STALL_SECONDS * roomRate;
          return (
            YOUTUBE_RATES.includes(decision.rate) &&
            Math.abs(speed) <= YOUTUBE_NUDGE_MAX_RATE_OFFSET * roomRate + 1e-9 &&
            Math.abs(speed * (decision.seconds ?? Number.NaN) - stalled - error) < 1e-9
          );
        },
      ),
    );
  });

  it('seeks a paused player past the dead band, since a paused player cannot be nudged', () => {
    expect(decideCorrection(0.05, 'media', { playing: false })).toEqual({ action: 'seek' });
    expect(decideCorrection(0.01, 'media', { playing: false })).toEqual({ action: 'none' });
  });

  it('leaves a paused YouTube player alone up to 250 ms, which its coarse seeks could only make worse (R80)', () => {
    expect(decideCorrection(0.2, 'youtube', { playing: false, rates: YOUTUBE_RATES })).toEqual({ action: 'none' });
    expect(decideCorrection(-(YOUTUBE_PAUSED_SEEK_THRESHOLD_SECONDS + 0.01), 'youtube', { playing: false })).toEqual({
      action: 'seek',
    });
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

/**
 * Chromium's media clock as bench/sync/rate-change-steps.ts measured it: a rate applies RATE_CHANGE_DELAY_SECONDS
 * after it is set, and leaving the rate 1 loses RATE_STRETCH_START_SECONDS of media time. `error` is the room's
 * position minus the player's; the room plays at 1. Time moves in 1 ms steps; a controller decides every 250 ms
 * tick and ends a timed nudge on its timer, as PlaybackSync does.
 */
function chromiumFollower(startError: number, timed: boolean) {
  let error = startError;
  let setRate = 1; // what the controller last set
  let runningRate = 1; // what the media clock runs at
  const pending: { at: number; rate: number }[] = [];
  let endAt: number | null = null;
  let changes = 0;
  const set = (now: number, rate: number) => {
    if (Math.abs(rate - setRate) < 1e-9) return;
    changes += 1;
    if (Math.abs(setRate - 1) < 1e-9) error += RATE_STRETCH_START_SECONDS;
    setRate = rate;
    pending.push({ at: now + RATE_CHANGE_DELAY_SECONDS * 1000, rate });
  };
  for (let now = 0; now <= 4000; now++) {
    while (pending[0] && pending[0].at <= now) runningRate = (pending.shift() as { rate: number }).rate;
    if (endAt !== null && now >= endAt) {
      endAt = null;
      set(now, 1);
    }
    if (now % SYNC_TICK_MS === 0 && endAt === null) {
      const decision = decideCorrection(error, 'media', { timed, nudgeRate: setRate === 1 ? undefined : setRate });
      if (decision.action === 'nudge') {
        set(now, decision.rate);
        if (decision.seconds !== undefined) endAt = now + decision.seconds * 1000;
      } else if (decision.action === 'none') {
        set(now, 1);
      }
    }
    error -= (runningRate - 1) / 1000;
  }
  return { error, changes };
}

describe('decideCorrection, a timed HTML5 nudge (R94)', () => {
  it("closes the gap with one timed nudge where R29's per-tick one stops short", () => {
    // From a small error behind, the per-tick nudge pays for the stretch's start and stops ~10 ms short, behind.
    for (const start of [0.03, 0.06]) expect(chromiumFollower(start, false).error).toBeGreaterThan(0.008);
    for (const start of [0.03, 0.06, 0.12, 0.19]) {
      const timed = chromiumFollower(start, true);
      expect(Math.abs(timed.error)).toBeLessThan(0.002);
      expect(timed.changes).toBe(2); // one nudge: out to a rate and back
    }
    for (const start of [-0.03, -0.06, -0.12, -0.19]) {
      const timed = chromiumFollower(start, true);
      expect(Math.abs(timed.error)).toBeLessThan(0.002);
      expect(timed.changes).toBe(2);
    }
  });

  it('starts at R29 rate past the dead band and holds it while the end is beyond the next decision', () => {
    expect(decideCorrection(0.03, 'media', { timed: true })).toEqual({ action: 'nudge', rate: 1 + 0.03 / 0.4 });
    // Ahead, the stretch's start does most of the work: a short hold, timed.
    const ahead = decideCorrection(-0.03, 'media', { timed: true });
    expect(ahead).toMatchObject({ action: 'nudge', rate: 1 - 0.03 / 0.4 });
    expect(ahead.action === 'nudge' && ahead.seconds).toBeCloseTo((0.03 - RATE_STRETCH_START_SECONDS) / 0.075, 6);
    // So little ahead that the stretch's start alone would overshoot: left as it is.
    expect(decideCorrection(-0.021, 'media', { timed: true })).toEqual({ action: 'none' });
    expect(decideCorrection(SYNC_DEADBAND_SECONDS * 0.9, 'media', { timed: true })).toEqual({ action: 'none' });
  });

  it('carries a running nudge into the dead band, keeps its rate while fast enough, and ends it early by the delay', () => {
    const tail = decideCorrection(0.01, 'media', { timed: true, nudgeRate: 1.075 });
    expect(tail).toMatchObject({ action: 'nudge', rate: 1.075 });
    expect(tail.action === 'nudge' && tail.seconds).toBeCloseTo((0.01 - 0.075 * RATE_CHANGE_DELAY_SECONDS) / 0.075, 6);
    // The delay alone closes what is left: back to the room's rate now.
    expect(decideCorrection(0.004, 'media', { timed: true, nudgeRate: 1.1 })).toEqual({ action: 'none' });
    // Half as fast as R29's is kept (no change to pay for); slower is replaced by R29's.
    expect(rateOf(decideCorrection(0.05, 'media', { timed: true, nudgeRate: 1.07 }))).toBe(1.07);
    expect(rateOf(decideCorrection(0.05, 'media', { timed: true, nudgeRate: 1.05 }))).toBeCloseTo(1.125, 9);
    // A nudge the other way is not kept; it runs on for the delay, which the new one makes up for.
    const turned = decideCorrection(0.05, 'media', { timed: true, nudgeRate: 0.9 });
    expect(turned).toEqual({ action: 'nudge', rate: 1.125 });
    expect(decideCorrection(0.01, 'media', { timed: true, nudgeRate: 0.9 })).toEqual({ action: 'none' });
  });

  it('still seeks beyond the threshold, and leaves paused players and embedded ones to R29', () => {
    expect(decideCorrection(MEDIA_SEEK_THRESHOLD_SECONDS + 0.01, 'media', { timed: true })).toEqual({ action: 'seek' });
    expect(decideCorrection(0.05, 'media', { timed: true, playing: false })).toEqual({ action: 'seek' });
    expect(decideCorrection(0.3, 'vimeo', { timed: true })).toEqual({ action: 'none' });
  });
});
