import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { createClient } from 'redis';
import { Server } from 'socket.io';
import { afterEach, describe, expect, it } from 'vitest';
import { RedisFanout } from '../src/realtime/redis-adapter.ts';
import { CLUSTER_SERVICES, TEST_REDIS_URL, until } from './cluster.ts';

/**
 * RedisFanout guards the publisher by replacing node-redis's `publish` on the client object (redis-adapter.ts),
 * which works only while node-redis keeps `publish` as an inherited method that an own property can shadow, and
 * while the Socket.IO Redis adapter sends every broadcast through `pubClient.publish`. If either library changes
 * under us, a publish that fails would take the process down again; these tests fail first.
 */

/** A real pino logger whose lines are kept, as the node's logger would write them. */
function recordingLogger() {
  const lines: Array<{ msg: string; channel?: string; err?: { message: string } }> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { log: pino({ level: 'debug' }, stream) as unknown as FastifyBaseLogger, lines };
}

const uniqueName = (what: string) => `xc-test-${what}-${randomBytes(6).toString('hex')}`;

describe.runIf(CLUSTER_SERVICES)('the guard on node-redis publish (redis-adapter.ts)', () => {
  const cleanups: Array<() => Promise<unknown> | unknown> = [];

  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function connected(url = TEST_REDIS_URL) {
    const client = createClient({ url });
    client.on('error', () => {});
    await client.connect();
    cleanups.push(() => client.destroy());
    return client;
  }

  async function readyFanout(url: string, prefix: string) {
    const { log, lines } = recordingLogger();
    const fanout = new RedisFanout({ url, prefix, log });
    cleanups.push(() => fanout.close());
    await until(() => fanout.ready || undefined, 10_000, 'the fan-out connections to be ready');
    // Not attached to an HTTP server: the broadcasts are all these tests need.
    const io = new Server();
    fanout.attach(io);
    cleanups.push(() => io.of('/').adapter.close());
    return { io, lines };
  }

  it('finds publish where it replaces it: a method the client and its duplicate inherit, answering a count', async () => {
    const client = await connected();
    for (const candidate of [client, client.duplicate()]) {
      expect(typeof candidate.publish, 'node-redis clients no longer have a publish method').toBe('function');
      expect(Object.hasOwn(candidate, 'publish'), 'publish became an own property: the guard may not shadow it').toBe(
        false,
      );
      expect(Object.isExtensible(candidate), 'node-redis clients can no longer take the guarded publish').toBe(true);
    }
    // The guard answers 0 (receivers) when it does not publish, so the real method must answer a number too.
    expect(await client.publish(uniqueName('nobody'), 'x')).toBe(0);
  });

  it('is what the Socket.IO adapter calls for a broadcast: a publish Redis refuses is logged, not thrown', async () => {
    // A Redis user that may do anything but PUBLISH: every broadcast's publish is refused by the real server.
    const admin = await connected();
    const user = uniqueName('no-publish');
    const password = randomBytes(12).toString('hex');
    await admin.aclSetUser(user, ['on', `>${password}`, '~*', '&*', '+@all', '-publish']);
    cleanups.push(() => admin.aclDelUser(user));
    const url = new URL(TEST_REDIS_URL);
    url.username = user;
    url.password = password;
    const prefix = uniqueName('guard');
    const { io, lines } = await readyFanout(url.href, prefix);

    io.to('room').emit('room:state', { version: 1 });

    // Without the guard the refusal would be an unhandled rejection (the adapter does not await publish).
    const logged = await until(
      () => lines.find((line) => line.msg === 'broadcast not published'),
      5000,
      'the guard to log the refused publish (is the adapter still calling pubClient.publish?)',
    );
    expect(logged.channel).toBe(`${prefix}#/#room#`);
    expect(logged.err?.message).toMatch(/NOPERM/);
  });

  it('passes a broadcast through to Redis while the link is healthy', async () => {
    const prefix = uniqueName('guard');
    const listener = await connected();
    const heard: string[] = [];
    await listener.pSubscribe(`${prefix}#*`, (_message, channel) => heard.push(channel));
    const { io, lines } = await readyFanout(TEST_REDIS_URL, prefix);

    io.to('room').emit('room:state', { version: 1 });

    await until(() => heard.find((channel) => channel === `${prefix}#/#room#`), 5000, 'the broadcast to reach Redis');
    expect(lines.filter((line) => line.msg === 'broadcast not published')).toEqual([]);
  });
});
