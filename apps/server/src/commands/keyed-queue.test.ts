import { describe, expect, it } from 'vitest';
import { KeyedQueue } from './keyed-queue.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('KeyedQueue (R17)', () => {
  it('runs tasks of one key one at a time, in order, and other keys alongside', async () => {
    const queue = new KeyedQueue();
    const log: string[] = [];
    const task = (name: string) => async () => {
      log.push(`start ${name}`);
      await tick();
      log.push(`end ${name}`);
      return name;
    };
    const results = await Promise.all([
      queue.run('r1', task('a')),
      queue.run('r1', task('b')),
      queue.run('r2', task('x')),
    ]);
    expect(results).toEqual(['a', 'b', 'x']);
    expect(log.indexOf('end a')).toBeLessThan(log.indexOf('start b'));
    expect(log.indexOf('start x')).toBeLessThan(log.indexOf('end a'));
  });

  it('keeps going after a task fails, and forgets idle keys', async () => {
    const queue = new KeyedQueue();
    const failed = queue.run('r', async () => {
      throw new Error('boom');
    });
    const next = queue.run('r', async () => 'next');
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('next');
    await tick();
    expect(queue.activeKeys).toBe(0);
  });
});
