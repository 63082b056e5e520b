import { Writable } from 'node:stream';
import type { AckResult } from '@xemchung/protocol';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { TokenBucket } from '../limits/token-bucket.ts';
import { type CommandOutcome, createDispatcher, type DispatchContext } from './command-dispatch.ts';
import type { CommandTable, RoomConnection } from './handler.ts';

/** A real pino logger whose lines are kept for inspection. */
function recordingLogger() {
  const lines: Array<{ level: number; msg: string; error?: { code: string } }> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { log: pino({ level: 'debug' }, stream) as unknown as FastifyBaseLogger, lines };
}

const outside: RoomConnection = {
  id: 'socket-1',
  user: null,
  identity: {
    person: { key: 'g:GUEST00001', uid: null, name: null, photoURL: null, guestTag: 'GUEST00001' },
    addressKey: 'address-1',
  },
  roomId: null,
  enter: () => {},
  exit: () => {},
  send: () => {},
};

/**
 * Handlers that answer pings at once, blow up on select after a wait, and throw at once on remove; nothing else
 * is reached in these tests.
 */
const handlers = {
  'clock:ping': (_connection, _command, reply) => {
    reply({ ok: true, serverTime: 1 });
    return undefined;
  },
  'playlist:select': async () => {
    throw new Error('database on fire');
  },
  'playlist:remove': () => {
    throw new Error('bug');
  },
} as Partial<CommandTable> as CommandTable;

function setup(capacity = 40, refusals = 100) {
  const { log, lines } = recordingLogger();
  const outcomes: CommandOutcome[] = [];
  let cutOffs = 0;
  const bucket = new TokenBucket({ capacity, refillPerSecond: 0.001, now: () => 0 });
  const context: DispatchContext = {
    connection: { ...outside, roomId: 'room1234room1234' },
    bucketFor: () => bucket,
    log,
    warn: (details, message) => log.warn(details, message),
    throttled: false,
    refusals: new TokenBucket({ capacity: refusals, refillPerSecond: 0.001, now: () => 0 }),
    cutOff: () => {
      cutOffs += 1;
    },
  };
  const dispatch = createDispatcher(handlers, (outcome) => outcomes.push(outcome));
  const send = (event: unknown, ...args: unknown[]) =>
    new Promise<AckResult<object>>((resolve) => void dispatch(context, event, [...args, resolve]));
  return { send, lines, context, dispatch, outcomes, cutOffs: () => cutOffs };
}

describe('command dispatch', () => {
  it('logs a flood once, however many messages it refuses (R22)', async () => {
    const { send, lines } = setup(2);
    const acks = await Promise.all(Array.from({ length: 30 }, () => send('clock:ping', {})));
    expect(acks.filter((ack) => ack.ok)).toHaveLength(2);
    expect(lines.filter((line) => line.error?.code === 'rate_limited')).toHaveLength(1);
  });

  it('cuts the socket off when its rate refusals run out, not before (R22)', async () => {
    const { send, cutOffs } = setup(2, 3);
    for (let i = 0; i < 5; i++) await send('clock:ping', {});
    expect(cutOffs()).toBe(0);
    expect(await send('clock:ping', {})).toMatchObject({ ok: false, error: { code: 'rate_limited' } });
    expect(cutOffs()).toBe(1);
  });

  it('reports every answered message once to the observer, with its type, parsed command and result', async () => {
    const { send, outcomes } = setup(3);
    await send('clock:ping', {});
    await send('room:explode', {});
    await send('playlist:select', { id: 42 });
    await send('clock:ping', {});
    expect(
      outcomes.map(({ type, command, result }) => [type, command?.type ?? null, result.ok || result.error.code]),
    ).toEqual([
      ['clock:ping', 'clock:ping', true],
      [null, null, 'unknown_command'],
      ['playlist:select', null, 'invalid_payload'],
      ['clock:ping', null, 'rate_limited'],
    ]);
    expect(outcomes.every((outcome) => outcome.seconds >= 0 && outcome.seconds < 5)).toBe(true);
  });

  it('logs each malformed or unknown message once, at warn (R21)', async () => {
    const { send, lines } = setup();
    expect(await send('playlist:select', { id: 42 })).toMatchObject({ error: { code: 'invalid_payload' } });
    expect(await send('room:explode', {})).toMatchObject({ error: { code: 'unknown_command' } });
    expect(lines.map((line) => [line.level, line.error?.code])).toEqual([
      [40, 'invalid_payload'],
      [40, 'unknown_command'],
    ]);
  });

  it('answers a failing handler with internal, logs the error once, and leaks no detail', async () => {
    const { send, lines } = setup();
    const ack = await send('playlist:select', { id: 'abcdefghijk' });
    expect(ack).toEqual({ ok: false, error: { code: 'internal', message: 'Internal error' } });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, msg: 'command failed' });
  });

  it('answers not_joined before reaching a room handler, logged at debug only (R3)', async () => {
    const { dispatch, context, lines } = setup();
    const outsider: DispatchContext = { ...context, connection: outside };
    const ack = await new Promise(
      (resolve) => void dispatch(outsider, 'playlist:select', [{ id: 'abcdefghijk' }, resolve]),
    );
    expect(ack).toMatchObject({ ok: false, error: { code: 'not_joined' } });
    expect(lines.map((line) => [line.level, line.error?.code])).toEqual([[20, 'not_joined']]);
  });

  it('answers a handler that answers at once before returning, with no promise to wait for', () => {
    const { dispatch, context } = setup();
    const acks: AckResult<object>[] = [];
    const task = dispatch(context, 'clock:ping', [{}, (ack: AckResult<object>) => acks.push(ack)]);
    expect(task).toBeUndefined();
    expect(acks).toEqual([{ ok: true, serverTime: 1 }]);
  });

  it('answers a handler that throws at once with internal, and one that fails later with a promise that resolves', async () => {
    const { dispatch, context, lines } = setup();
    const acks: AckResult<object>[] = [];
    const record = (ack: AckResult<object>) => acks.push(ack);
    expect(dispatch(context, 'playlist:remove', [{ id: 'abcdefghijk' }, record])).toBeUndefined();
    await expect(dispatch(context, 'playlist:select', [{ id: 'abcdefghijk' }, record])).resolves.toBeUndefined();
    expect(acks.map((ack) => !ack.ok && ack.error.code)).toEqual(['internal', 'internal']);
    expect(lines.map((line) => line.msg)).toEqual(['command failed', 'command failed']);
  });

  it('processes a command sent without an ack callback', async () => {
    const { dispatch, context, lines } = setup();
    await dispatch(context, 'playlist:select', [{ id: 5 }]);
    expect(lines.map((line) => line.error?.code)).toEqual(['invalid_payload']);
  });
});
