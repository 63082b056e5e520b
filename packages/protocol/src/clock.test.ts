import { describe, expect, it } from 'vitest';
import { CLOCK_SAMPLE_WINDOW, ClockOffsetEstimator, clockSample } from './clock.ts';

/** A ping over a link with the given one-way delays, against a server whose clock is `skew` ms ahead of ours. */
function ping(estimator: ClockOffsetEstimator, clock: { t: number }, skew: number, up: number, down: number) {
  const sentAt = estimator.localNow();
  clock.t += up;
  const serverTime = clock.t + skew;
  clock.t += down;
  return estimator.record(sentAt, serverTime, estimator.localNow());
}

describe('clockSample (R20)', () => {
  it('measures offset from the midpoint of the round trip and the delay', () => {
    expect(clockSample(1000, 5050, 1100)).toEqual({ offset: 4000, delay: 100 });
  });

  it('treats a receive time before the send time as a zero-delay trip', () => {
    expect(clockSample(1000, 2000, 990)).toEqual({ offset: 1000, delay: 0 });
  });
});

describe('ClockOffsetEstimator (R20)', () => {
  it('assumes the clocks agree before the first ping', () => {
    const estimator = new ClockOffsetEstimator({ now: () => 42 });
    expect(estimator.offset).toBe(0);
    expect(estimator.best()).toBeNull();
    expect(estimator.serverNow()).toBe(42);
  });

  it('finds a client clock one hour fast from symmetric pings', () => {
    const clock = { t: 1_700_000_000_000 };
    const estimator = new ClockOffsetEstimator({ now: () => clock.t });
    ping(estimator, clock, -3_600_000, 20, 20);
    expect(estimator.offset).toBe(-3_600_000);
    expect(estimator.serverNow()).toBe(clock.t - 3_600_000);
  });

  it('trusts the lowest-delay sample, not the latest or the mean', () => {
    const clock = { t: 0 };
    const estimator = new ClockOffsetEstimator({ now: () => clock.t });
    // Asymmetric slow trips skew the midpoint; the fast symmetric one is exact.
    ping(estimator, clock, 500, 300, 10);
    ping(estimator, clock, 500, 5, 5);
    ping(estimator, clock, 500, 10, 400);
    expect(estimator.best()?.delay).toBe(10);
    expect(estimator.offset).toBe(500);
  });

  it('R90: averages the offsets of the fastest half, so jitter on either direction cancels and slow trips stay out', () => {
    const clock = { t: 0 };
    const estimator = new ClockOffsetEstimator({ now: () => clock.t });
    // Four fast trips whose directions differ by ±20 ms, either way: each alone is 10 ms off.
    ping(estimator, clock, 700, 30, 50);
    ping(estimator, clock, 700, 50, 30);
    ping(estimator, clock, 700, 35, 55);
    ping(estimator, clock, 700, 55, 35);
    // Four slow, lopsided ones (a busy tab, a queue): left out.
    ping(estimator, clock, 700, 20, 400);
    ping(estimator, clock, 700, 300, 40);
    ping(estimator, clock, 700, 200, 200);
    ping(estimator, clock, 700, 500, 30);
    expect(estimator.best()?.delay).toBe(80);
    expect(estimator.best()?.offset).toBe(690);
    expect(estimator.offset).toBe(700);
  });

  it('R90: leaves out of the average a trip over twice as slow as the fastest (loopback beside a busy page)', () => {
    const clock = { t: 0 };
    const estimator = new ClockOffsetEstimator({ now: () => clock.t });
    ping(estimator, clock, 0, 0.25, 0.25);
    ping(estimator, clock, 0, 0.5, 0.5);
    ping(estimator, clock, 0, 1, 12); // a busy page answered late: 5.5 ms off
    ping(estimator, clock, 0, 2, 20);
    ping(estimator, clock, 0, 30, 30);
    ping(estimator, clock, 0, 40, 40);
    expect(estimator.offset).toBe(0);
  });

  it('R90: uses the fastest sample alone until there are four', () => {
    const clock = { t: 0 };
    const estimator = new ClockOffsetEstimator({ now: () => clock.t });
    ping(estimator, clock, 100, 10, 30);
    ping(estimator, clock, 100, 100, 100);
    ping(estimator, clock, 100, 300, 20);
    expect(estimator.offset).toBe(90);
    ping(estimator, clock, 100, 30, 10);
    expect(estimator.offset).toBe(100);
  });

  it(`forgets samples older than the last ${CLOCK_SAMPLE_WINDOW}`, () => {
    const clock = { t: 0 };
    const estimator = new ClockOffsetEstimator({ now: () => clock.t });
    ping(estimator, clock, 1000, 1, 1); // excellent, but about to age out
    for (let i = 0; i < CLOCK_SAMPLE_WINDOW; i++) ping(estimator, clock, 2000, 50, 50);
    expect(estimator.sampleCount).toBe(CLOCK_SAMPLE_WINDOW);
    expect(estimator.offset).toBe(2000);
  });

  it('honours a custom window', () => {
    const clock = { t: 0 };
    const estimator = new ClockOffsetEstimator({ now: () => clock.t, window: 2 });
    ping(estimator, clock, 100, 1, 1);
    ping(estimator, clock, 200, 30, 30);
    ping(estimator, clock, 300, 30, 30);
    expect(estimator.sampleCount).toBe(2);
    expect(estimator.offset).toBe(200);
  });
});
