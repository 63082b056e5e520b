import { CLOCK_RESAMPLE_MS, ClockOffsetEstimator } from '@xemchung/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLOCK_JUMP_CHECK_MS, keepClock, type VisibilitySource } from './clockUpkeep.ts';

/** A page whose visibility the test sets, with real listeners. */
class FakePage extends EventTarget {
  visibilityState: DocumentVisibilityState = 'visible';
  set(state: DocumentVisibilityState) {
    this.visibilityState = state;
    this.dispatchEvent(new Event('visibilitychange'));
  }
}

describe('keepClock (R20, R85, R87)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function setup() {
    const clocks = { local: 0, wallShift: 0 };
    const clock = new ClockOffsetEstimator({ now: () => clocks.local, wallNow: () => clocks.local + clocks.wallShift });
    const ping = vi.fn(async () => ({ ok: true as const, serverTime: 0 }));
    const syncClock = vi.fn(async () => {});
    const page = new FakePage();
    let connected = true;
    const stop = keepClock({ clock, ping, syncClock }, () => connected, page as unknown as VisibilitySource);
    const advance = async (ms: number) => {
      clocks.local += ms;
      await vi.advanceTimersByTimeAsync(ms);
    };
    return { clocks, ping, syncClock, page, stop, advance, disconnect: () => (connected = false) };
  }

  it('R20: takes one more sample every CLOCK_RESAMPLE_MS', async () => {
    const { ping, advance, stop } = setup();
    await advance(CLOCK_RESAMPLE_MS * 2);
    expect(ping).toHaveBeenCalledTimes(2);
    stop();
    await advance(CLOCK_RESAMPLE_MS);
    expect(ping).toHaveBeenCalledTimes(2);
  });

  it('R85: a wall clock set minutes forward or back is noticed within a second and re-estimated once', async () => {
    const { clocks, syncClock, advance } = setup();
    await advance(5 * CLOCK_JUMP_CHECK_MS);
    expect(syncClock).not.toHaveBeenCalled();
    clocks.wallShift = 4 * 60_000;
    await advance(CLOCK_JUMP_CHECK_MS);
    expect(syncClock).toHaveBeenCalledTimes(1);
    await advance(10 * CLOCK_JUMP_CHECK_MS); // the clock stays where it was set: no more re-estimates
    expect(syncClock).toHaveBeenCalledTimes(1);
    clocks.wallShift = -2 * 60_000;
    await advance(CLOCK_JUMP_CHECK_MS);
    expect(syncClock).toHaveBeenCalledTimes(2);
  });

  it('R85: does not ping while the connection is down (the reconnection re-estimates anyway)', async () => {
    const { clocks, syncClock, ping, advance, disconnect } = setup();
    disconnect();
    clocks.wallShift = 60_000;
    await advance(CLOCK_RESAMPLE_MS);
    expect(syncClock).not.toHaveBeenCalled();
    expect(ping).not.toHaveBeenCalled();
  });

  it('R87: pings at once when a hidden tab is shown again, not when it is hidden', () => {
    const { page, ping, stop } = setup();
    page.set('hidden');
    expect(ping).not.toHaveBeenCalled();
    page.set('visible');
    expect(ping).toHaveBeenCalledTimes(1);
    stop();
    page.set('hidden');
    page.set('visible');
    expect(ping).toHaveBeenCalledTimes(1);
  });
});
