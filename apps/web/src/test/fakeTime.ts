import { expect, vi } from 'vitest';

/**
 * Fake time for tests whose code waits on timers and promises together (a fake player SDK's messages, an adapter's
 * clock): start it with `vi.useFakeTimers()`, then move it with these instead of sleeping. Promise callbacks run
 * between the timers, so a chain of `then`s and delays plays out as it would in real time, only at once.
 */

/** Time passes for timers and `performance.now()` alike (ms). */
export const elapse = (ms: number): Promise<void> => vi.advanceTimersByTimeAsync(ms).then(() => undefined);

/** Moves fake time on, 5 ms at a time, until `check` stops throwing; throws its error after `limitMs`. */
export async function until(check: () => void, limitMs = 1000): Promise<void> {
  for (let waited = 0; ; waited += 5) {
    try {
      check();
      return;
    } catch (error) {
      if (waited >= limitMs) throw error;
    }
    await vi.advanceTimersByTimeAsync(5);
  }
}

/** Moves fake time on until `promise` settles (a command answered through a fake SDK); resolves as it does. */
export async function settled<T>(promise: Promise<T>, limitMs = 1000): Promise<T> {
  let done = false;
  const result = promise.finally(() => {
    done = true;
  });
  await until(() => expect(done).toBe(true), limitMs);
  return result;
}
