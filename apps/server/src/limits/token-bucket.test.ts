import { describe, expect, it } from 'vitest';
import { TokenBucket } from './token-bucket.ts';

describe('TokenBucket (R22)', () => {
  it('allows a burst of `capacity`, then refills at the sustained rate', () => {
    let now = 0;
    const bucket = new TokenBucket({ capacity: 3, refillPerSecond: 2, now: () => now });
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
    now += 499;
    expect(bucket.take()).toBe(false);
    now += 1;
    expect(bucket.take()).toBe(true);
    expect(bucket.take()).toBe(false);
  });

  it('never stores more than its capacity', () => {
    let now = 0;
    const bucket = new TokenBucket({ capacity: 2, refillPerSecond: 10, now: () => now });
    now += 60_000;
    expect([bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, false]);
  });

  it('survives a clock that steps back', () => {
    let now = 1000;
    const bucket = new TokenBucket({ capacity: 1, refillPerSecond: 1, now: () => now });
    expect(bucket.take()).toBe(true);
    now = 0;
    expect(bucket.take()).toBe(false);
    now = 1000;
    expect(bucket.take()).toBe(true);
  });
});
