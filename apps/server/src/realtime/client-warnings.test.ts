import { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { CLIENT_WARNINGS, CLIENT_WARNINGS_SUMMARY_MS, ClientWarnings } from './client-warnings.ts';

interface Line {
  level: number;
  msg: string;
  address: string;
  suppressed?: number;
  n?: number;
}

function setup() {
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const clock = { now: 1_000_000 };
  const warnings = new ClientWarnings(pino({ level: 'warn' }, stream) as unknown as FastifyBaseLogger, () => clock.now);
  return { lines, clock, warnings };
}

let current: ClientWarnings | undefined;
afterEach(() => current?.close());

describe('client warnings (R37)', () => {
  it('writes a burst per address, then counts what it holds back and sums it up in one line', () => {
    const { lines, warnings } = setup();
    current = warnings;
    for (let n = 0; n < 100; n++) warnings.warn('203.0.113.7', { n }, 'command refused');
    expect(lines).toHaveLength(CLIENT_WARNINGS.capacity);
    expect(lines.every((line) => line.level === 40 && line.address === '203.0.113.7')).toBe(true);
    warnings.summarize();
    expect(lines.at(-1)).toMatchObject({
      level: 40,
      address: '203.0.113.7',
      suppressed: 100 - CLIENT_WARNINGS.capacity,
    });
    warnings.summarize();
    expect(lines).toHaveLength(CLIENT_WARNINGS.capacity + 1);
  });

  it('gives each address its own allowance', () => {
    const { lines, warnings } = setup();
    current = warnings;
    for (let n = 0; n < 50; n++) warnings.warn('203.0.113.7', {}, 'command refused');
    warnings.warn('198.51.100.2', {}, 'socket refused');
    expect(lines.filter((line) => line.address === '198.51.100.2')).toHaveLength(1);
  });

  it('lets lines through again at the refill rate', () => {
    const { lines, clock, warnings } = setup();
    current = warnings;
    for (let n = 0; n < 20; n++) warnings.warn('203.0.113.7', {}, 'command refused');
    clock.now += 3000;
    for (let n = 0; n < 20; n++) warnings.warn('203.0.113.7', {}, 'command refused');
    expect(lines).toHaveLength(CLIENT_WARNINGS.capacity + 3 * CLIENT_WARNINGS.refillPerSecond);
  });

  it('forgets an address quiet for a whole period, and writes what is held back on close', () => {
    const { lines, clock, warnings } = setup();
    for (let n = 0; n < 12; n++) warnings.warn('203.0.113.7', {}, 'command refused');
    warnings.summarize();
    clock.now += CLIENT_WARNINGS_SUMMARY_MS;
    warnings.summarize();
    expect(Reflect.get(warnings, 'clients')).toHaveProperty('size', 0);
    for (let n = 0; n < 15; n++) warnings.warn('203.0.113.7', {}, 'command refused');
    warnings.close();
    expect(lines.filter((line) => line.suppressed !== undefined).map((line) => line.suppressed)).toEqual([2, 5]);
  });
});
