import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Deadlines } from './deadlines.ts';

describe('Deadlines (R34)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fires each deadline once, after its time and within a tick of it, never early', () => {
    const deadlines = new Deadlines(1000, () => Date.now());
    const fired: string[] = [];
    deadlines.start(() => fired.push('a'));
    vi.advanceTimersByTime(400);
    deadlines.start(() => fired.push('b'));
    vi.advanceTimersByTime(599);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(250);
    expect(fired).toEqual(['a']);
    vi.advanceTimersByTime(400);
    expect(fired).toEqual(['a', 'b']);
    vi.advanceTimersByTime(5000);
    expect(fired).toEqual(['a', 'b']);
  });

  it('never fires a cancelled deadline, and stops its timer when nothing is pending', () => {
    const deadlines = new Deadlines(1000, () => Date.now());
    const fired: string[] = [];
    const first = deadlines.start(() => fired.push('a'));
    deadlines.start(() => fired.push('b')).cancel();
    first.cancel();
    vi.advanceTimersByTime(2000);
    expect(fired).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
    deadlines.start(() => fired.push('c'));
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(1250);
    expect(fired).toEqual(['c']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('checks often enough for a short timeout (a quarter of it)', () => {
    const deadlines = new Deadlines(40, () => Date.now());
    const fired: number[] = [];
    const started = Date.now();
    deadlines.start(() => fired.push(Date.now() - started));
    vi.advanceTimersByTime(60);
    expect(fired).toHaveLength(1);
    expect(fired[0]).toBeGreaterThanOrEqual(40);
    expect(fired[0]).toBeLessThanOrEqual(50);
  });
});
