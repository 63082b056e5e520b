import { describe, expect, it } from 'vitest';
import { LookupCache } from './lookup-cache.ts';

function cacheAt(start = 0, maxEntries = 3, ttlMs = 1000) {
  const clock = { now: start };
  const cache = new LookupCache<string>({ maxEntries, ttlMs, now: () => clock.now });
  return { clock, cache };
}

describe('LookupCache', () => {
  it('expires entries after the TTL', () => {
    const { clock, cache } = cacheAt();
    cache.set('a', 'A');
    clock.now = 999;
    expect(cache.get('a')).toBe('A');
    clock.now = 1000;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('evicts the least recently used entry beyond maxEntries', () => {
    const { cache } = cacheAt();
    cache.set('a', 'A');
    cache.set('b', 'B');
    cache.set('c', 'C');
    expect(cache.get('a')).toBe('A'); // a is now the most recently used
    cache.set('d', 'D');
    expect(cache.size).toBe(3);
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.get('d')]).toEqual(['A', 'C', 'D']);
  });

  it('shares one load between concurrent lookups and caches the result', async () => {
    const { cache } = cacheAt();
    let calls = 0;
    let release: (value: string) => void = () => {};
    const load = () => {
      calls++;
      return new Promise<string>((resolve) => {
        release = resolve;
      });
    };
    const first = cache.lookup('k', load, () => true);
    const second = cache.lookup('k', load, () => true);
    release('V');
    expect(await Promise.all([first, second])).toEqual(['V', 'V']);
    expect(await cache.lookup('k', load, () => true)).toBe('V');
    expect(calls).toBe(1);
  });

  it('does not keep values the caller deems uncacheable, nor failed loads', async () => {
    const { cache } = cacheAt();
    let calls = 0;
    const load = async () => `v${++calls}`;
    await cache.lookup('k', load, () => false);
    expect(await cache.lookup('k', load, () => false)).toBe('v2');
    await expect(
      cache.lookup(
        'x',
        () => Promise.reject(new Error('boom')),
        () => true,
      ),
    ).rejects.toThrow('boom');
    expect(await cache.lookup('x', load, () => true)).toBe('v3');
  });
});
