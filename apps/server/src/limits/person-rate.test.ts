import { describe, expect, it } from 'vitest';
import { PersonRate } from './person-rate.ts';

describe('per-person chat rate (R54)', () => {
  it('shares one bucket between every tab of a person, and none between people', () => {
    let now = 0;
    const rate = new PersonRate({ capacity: 2, refillPerSecond: 0.5, now: () => now });
    expect([rate.take('u:a'), rate.take('u:a'), rate.take('u:a')]).toEqual([true, true, false]);
    expect(rate.take('g:B')).toBe(true);
    now += 1999;
    expect(rate.take('u:a')).toBe(false);
    now += 1;
    expect([rate.take('u:a'), rate.take('u:a')]).toEqual([true, false]);
  });

  it('forgets people whose bucket has filled up again, once it holds many', () => {
    let now = 0;
    const rate = new PersonRate({ capacity: 1, refillPerSecond: 1, now: () => now });
    for (let i = 0; i < 10_000; i++) rate.take(`g:${i}`);
    expect(rate.size).toBe(10_000);
    now += 1000;
    rate.take('u:late');
    expect(rate.size).toBe(1);
    // A forgotten person starts with a full bucket, exactly as their refilled one would have been.
    expect([rate.take('g:1'), rate.take('g:1')]).toEqual([true, false]);
  });

  it('keeps a person who is still over the rate, however many others come', () => {
    let now = 0;
    const rate = new PersonRate({ capacity: 1, refillPerSecond: 1, now: () => now });
    rate.take('u:flood');
    for (let i = 0; i < 10_000; i++) rate.take(`g:${i}`);
    now += 500;
    rate.take('u:other');
    expect(rate.take('u:flood')).toBe(false);
  });
});
