import { afterEach, describe, expect, it, vi } from 'vitest';
import { every } from './cleanup.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the cleanup timer (R38)', () => {
  it('does not keep the process alive', async () => {
    const setIntervalSpy = vi.spyOn(globalThis, 'setInterval');
    const schedule = every(60_000, async () => {});
    const timer = setIntervalSpy.mock.results[0]?.value as NodeJS.Timeout;
    expect(timer.hasRef()).toBe(false);
    await schedule.stop();
  });

  it('runs every interval, skips a tick while the previous run goes on, and stops on shutdown', async () => {
    vi.useFakeTimers();
    let finish = () => {};
    let stopping = () => false;
    const run = vi.fn(async (isStopping: () => boolean) => {
      stopping = isStopping;
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
    });
    const schedule = every(1000, run);

    await vi.advanceTimersByTimeAsync(999);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(run).toHaveBeenCalledTimes(1);

    // Shutdown tells the run to stop at its next batch and waits for it before the database closes.
    expect(stopping()).toBe(false);
    let stopped = false;
    const stop = schedule.stop().then(() => {
      stopped = true;
    });
    expect(stopping()).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish();
    await stop;

    await vi.advanceTimersByTimeAsync(10_000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs again after a run ends', async () => {
    vi.useFakeTimers();
    const run = vi.fn(async () => {});
    const schedule = every(1000, run);
    await vi.advanceTimersByTimeAsync(3000);
    expect(run).toHaveBeenCalledTimes(3);
    await schedule.stop();
  });
});
