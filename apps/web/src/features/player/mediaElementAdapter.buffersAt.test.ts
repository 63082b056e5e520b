import { describe, expect, it } from 'vitest';
import { buffersAt } from './mediaElementAdapter.ts';

/** TimeRanges as a media element reports them. */
const ranges = (...spans: Array<[number, number]>): TimeRanges => ({
  length: spans.length,
  start: (index) => spans[index]?.[0] ?? Number.NaN,
  end: (index) => spans[index]?.[1] ?? Number.NaN,
});

describe('buffersAt (R132)', () => {
  it('is true where a buffered range holds the position and a second past it', () => {
    expect(buffersAt(ranges([0, 20], [40, 45]), 9)).toBe(true);
    expect(buffersAt(ranges([0, 20], [40, 45]), 42)).toBe(true);
  });

  it('is false before, between and too near the end of the ranges, and with none', () => {
    expect(buffersAt(ranges([5, 20]), 4)).toBe(false);
    expect(buffersAt(ranges([0, 20], [40, 45]), 30)).toBe(false);
    expect(buffersAt(ranges([0, 20]), 19.5)).toBe(false);
    expect(buffersAt(ranges(), 0)).toBe(false);
  });

  it('near the end of the media, what is left of it is enough', () => {
    expect(buffersAt(ranges([0, 120]), 119.5, 120)).toBe(true);
    expect(buffersAt(ranges([0, 119.6]), 119.5, 120)).toBe(false);
  });
});
