import { describe, expect, it } from 'vitest';
import {
  CLOCK_JUMP_MS,
  CLOCK_OUTLIER_DELAY_MS,
  CLOCK_SAMPLE_WINDOW,
  ClockOffsetEstimator,
  clockSample,
  monotonicNow,
} from './clock.ts';

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
    ping(estimator, clock, 700, 20, 370); // under R86's 400 ms, so it joins the window
    ping(estimator, clock, 700, 300, 40);
    ping(estimator, clock, 700, 200, 200);
    ping(estimator, clock, 700, 330, 30);
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

describe('ClockOffsetEstimator with a wall clock that jumps (R85)', () => {
  /** A monotonic local clock `t` and a wall clock that runs with it plus whatever `jump` the user set. */
  function clocks() {
    const state = { t: 1_000_000, jump: 0 };
    const estimator = new ClockOffsetEstimator({ now: () => state.t, wallNow: () => state.t + state.jump });
    return { state, estimator };
  }

  it('defaults to a monotonic local clock, so setting the system clock does not move server time', () => {
    const estimator = new ClockOffsetEstimator();
    const before = estimator.localNow();
    expect(Math.abs(before - monotonicNow())).toBeLessThan(50);
    expect(estimator.checkJump()).toBe(false);
  });

  it('R85: a jump of minutes either way is seen once, and server time does not move with it', () => {
    const { state, estimator } = clocks();
    ping(estimator, state, 0, 0, 0);
    expect(estimator.checkJump()).toBe(false);
    const serverBefore = estimator.serverNow();
    state.t += 500;
    state.jump = 5 * 60_000; // the user sets the clock five minutes forward
    expect(estimator.checkJump()).toBe(true);
    expect(estimator.checkJump()).toBe(false); // seen once, not on every check after it
    expect(estimator.serverNow()).toBe(serverBefore + 500);
    state.t += 500;
    state.jump = -3 * 60_000; // and then three minutes back
    expect(estimator.checkJump()).toBe(true);
    expect(estimator.serverNow()).toBe(serverBefore + 1000);
  });

  it('R85: NTP-style slewing (well under a second) is not a jump', () => {
    const { state, estimator } = clocks();
    estimator.checkJump();
    state.t += 60_000;
    state.jump = CLOCK_JUMP_MS - 1;
    expect(estimator.checkJump()).toBe(false);
  });

  it('R85: after a jump the held estimate serves until a fresh answer replaces the whole window', () => {
    const state = { t: 0 };
    let wall = 0;
    const estimator = new ClockOffsetEstimator({ now: () => state.t, wallNow: () => wall });
    estimator.checkJump();
    ping(estimator, state, 1000, 2, 2); // excellent
    ping(estimator, state, 1000, 20, 20);
    wall = 10 * 60_000; // the machine slept (or the clock was set): what we hold may be wrong
    expect(estimator.checkJump()).toBe(true);
    expect(estimator.offset).toBe(1000); // still used until a new answer comes
    ping(estimator, state, 7000, 30, 30); // slower than the excellent one, but after the jump it wins
    expect(estimator.sampleCount).toBe(1);
    expect(estimator.offset).toBe(7000);
  });
});

describe('ClockOffsetEstimator with ping answers delayed by seconds (R86)', () => {
  it('R86: keeps the fast estimate however long slow answers go on', () => {
    const clock = { t: 0 };
    const estimator = new ClockOffsetEstimator({ now: () => clock.t });
    ping(estimator, clock, 500, 5, 5);
    // Ten minutes of answers held back 3 s on the way back: each one alone would put the offset 1.5 s off.
    for (let i = 0; i < 20; i++) ping(estimator, clock, 500, 5, 3000);
    expect(estimator.offset).toBe(500);
    expect(estimator.best()?.delay).toBe(10);
    expect(estimator.sampleCount).toBe(1);
  });

  it('R86: a slow answer is still the best there is before any fast one', () => {
    const clock = { t: 0 };
    const estimator = new ClockOffsetEstimator({ now: () => clock.t });
    ping(estimator, clock, 500, 10, CLOCK_OUTLIER_DELAY_MS + 1000);
    expect(estimator.sampleCount).toBe(1);
    ping(estimator, clock, 500, 10, 10); // and a fast one then takes over
    expect(estimator.offset).toBe(500);
  });

  it(`R86: answers up to ${CLOCK_OUTLIER_DELAY_MS} ms still join the window (a slow link is not an outlier)`, () => {
    const clock = { t: 0 };
    const estimator = new ClockOffsetEstimator({ now: () => clock.t });
    ping(estimator, clock, 500, 5, 5);
    ping(estimator, clock, 500, 150, 150);
    expect(estimator.sampleCount).toBe(2);
  });
});
