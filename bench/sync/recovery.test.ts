import { describe, expect, it } from 'vitest';
import type { ErrorPoint } from './analysis.ts';
import { timeBack } from './recovery.ts';

const series = (errors: number[], stepMs = 100): ErrorPoint[] =>
  errors.map((errorMs, index) => ({ at: index * stepMs, errorMs }));

describe('timeBack', () => {
  it('is the start of the first run under the limit that holds for a second', () => {
    // 500 ms off, a dip under 100 ms that does not hold, then back from 600 ms on.
    const points = series([500, 400, 50, 300, 200, 150, 80, 60, -40, 20, 10, 0, 5, 5, 5, 5, 5, 5]);
    expect(timeBack(points, 0, 100)).toBe(600);
  });

  it('counts from `from`, ignoring what came before, and is 0 when already back', () => {
    const points = series([900, 900, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10]);
    expect(timeBack(points, 200, 100)).toBe(0);
  });

  it('is null when the error never stays under the limit', () => {
    expect(timeBack(series([50, 50, 150, 50, 50, 150, 50]), 0, 100)).toBeNull();
  });
});
