import { Writable } from 'node:stream';
import type { AckResult } from '@xemchung/protocol';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { RoomConnection, RoomHandlers } from '../rooms/room-handlers.ts';
import { createDispatcher, type DispatchContext } from './command-dispatch.ts';
import { TokenBucket } from './token-bucket.ts';

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
  user: null,
  roomId: null,
  enter: () => {},
  exit: () => {},
  send: () => {},
};

/** Handlers that answer pings and blow up on select; nothing else is reached in these tests. */
const handlers = {
  'clock:ping': async (_connection, _command, reply) => reply({ ok: true, serverTime: 1 }),
  'playlist:select': async () => {
    throw new Error('database on fire');
  },
} as Partial<RoomHandlers> as RoomHandlers;

function setup(capacity = 40) {
  const { log, lines } = recordingLogger();
  const context: DispatchContext = {
    connection: { ...outside, roomId: 'room1234room1234' },
    bucket: new TokenBucket({ capacity, refillPerSecond: 0.001, now: () => 0 }),
    log,
    throttled: false,
  };
  const dispatch = createDispatcher(handlers);
  const send = (event: unknown, ...args: unknown[]) =>
    new Promise<AckResult<object>>((resolve) => void dispatch(context, event, [...args, resolve]));
  return { send, lines, context, dispatch };
}

describe('command dispatch', () => {
  it('logs a flood once, however many messages it refuses (R22)', async () => {
    const { send, lines } = setup(2);
    const acks = await Promise.all(Array.from({ length: 30 }, () => send('clock:ping', {})));
    expect(acks.filter((ack) => ack.ok)).toHaveLength(2);
    expect(lines.filter((line) => line.error?.code === 'rate_limited')).toHaveLength(1);
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

  it('processes a command sent without an ack callback', async () => {
    const { dispatch, context, lines } = setup();
    await dispatch(context, 'playlist:select', [{ id: 5 }]);
    expect(lines.map((line) => line.error?.code)).toEqual(['invalid_payload']);
  });
});
