import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadWatchdog, MEDIA_LOAD_TIMEOUT_MS } from './loadWatchdog.ts';

describe('LoadWatchdog (R89)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function watch() {
    const changes: boolean[] = [];
    const watchdog = new LoadWatchdog((timedOut) => changes.push(timedOut));
    return { watchdog, changes };
  }

  it('R89: says so once when media never reports canplay within the timeout', () => {
    const { watchdog, changes } = watch();
    watchdog.start();
    vi.advanceTimersByTime(MEDIA_LOAD_TIMEOUT_MS - 1);
    expect(changes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(changes).toEqual([true]);
    vi.advanceTimersByTime(MEDIA_LOAD_TIMEOUT_MS * 3);
    expect(changes).toEqual([true]);
  });

  it('R89: canplay in time keeps it quiet; the other events do not count as data', () => {
    const { watchdog, changes } = watch();
    watchdog.start();
    watchdog.handle('ready'); // metadata only
    watchdog.handle('waiting');
    vi.advanceTimersByTime(MEDIA_LOAD_TIMEOUT_MS / 2);
    watchdog.handle('canplay');
    vi.advanceTimersByTime(MEDIA_LOAD_TIMEOUT_MS * 2);
    expect(changes).toEqual([]);
  });

  it('R89: a late canplay takes the message back; a retry watches the new element afresh', () => {
    const { watchdog, changes } = watch();
    watchdog.start();
    vi.advanceTimersByTime(MEDIA_LOAD_TIMEOUT_MS);
    watchdog.handle('canplay');
    expect(changes).toEqual([true, false]);
    watchdog.start();
    vi.advanceTimersByTime(MEDIA_LOAD_TIMEOUT_MS);
    expect(changes).toEqual([true, false, true]);
    watchdog.stop();
    watchdog.start(); // a retry: the message goes
    watchdog.stop(); // the element went away before its timeout
    vi.advanceTimersByTime(MEDIA_LOAD_TIMEOUT_MS * 2);
    expect(changes).toEqual([true, false, true, false]);
  });
});
