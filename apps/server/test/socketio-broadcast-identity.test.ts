import { once } from 'node:events';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { Server } from 'socket.io';
import { type Socket as ClientSocket, io as connectClient } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { RedisFanout } from '../src/realtime/redis-adapter.ts';
import { CLUSTER_SERVICES, TEST_REDIS_URL, until } from './cluster.ts';

/**
 * socket-server.ts counts a `room:state` broadcast's recipients from each socket's outgoing listener
 * (`socket.onAnyOutgoing`), grouping deliveries by the payload object and closing a group a microtask after its
 * first delivery. That rests on Socket.IO internals: a broadcast calls every recipient's outgoing listeners, with
 * the one payload object it was given (or, from another node, decoded once), all before a microtask queued at the
 * first delivery runs. These tests fail when Socket.IO or its Redis adapter stops doing so, instead of the metric
 * (xemchung_broadcast_recipients) silently going wrong.
 */

const SOCKETS = 3;

interface Delivery {
  socket: string;
  event: string;
  payload: unknown;
  /** The group socket-server.ts would put the delivery in: the counter moves on a microtask queued at a delivery. */
  loop: number;
}

/** A Socket.IO server whose sockets join 'room' and record every outgoing packet, as socket-server.ts listens. */
async function recordingNode(fanout?: RedisFanout) {
  const http = createServer();
  const io = new Server(http, { transports: ['websocket'] });
  if (fanout) fanout.attach(io);
  const deliveries: Delivery[] = [];
  let loop = 0;
  let loopEnding = false;
  io.on('connection', (socket) => {
    void socket.join('room');
    socket.onAnyOutgoing((event: string, payload: unknown) => {
      if (!loopEnding) {
        loopEnding = true;
        queueMicrotask(() => {
          loop++;
          loopEnding = false;
        });
      }
      deliveries.push({ socket: socket.id ?? '', event, payload, loop });
    });
  });
  http.listen(0, '127.0.0.1');
  await once(http, 'listening');
  return { http, io, deliveries };
}

async function connectSockets(http: HttpServer, count: number): Promise<ClientSocket[]> {
  const { port } = http.address() as AddressInfo;
  const sockets = Array.from({ length: count }, () =>
    connectClient(`http://127.0.0.1:${port}`, { transports: ['websocket'], forceNew: true, reconnection: false }),
  );
  await Promise.all(sockets.map((socket) => new Promise((resolve) => socket.once('connect', () => resolve(socket)))));
  return sockets;
}

/** What socket-server.ts needs of one broadcast's deliveries; a message that names the broken assumption if not. */
function expectOneGroup(deliveries: Delivery[], sent: unknown) {
  expect(deliveries, 'every socket in the room has its outgoing listener called once').toHaveLength(SOCKETS);
  expect(new Set(deliveries.map((delivery) => delivery.socket)).size).toBe(SOCKETS);
  const [first] = deliveries;
  for (const delivery of deliveries) {
    expect(delivery.event).toBe('room:state');
    expect(delivery.payload, 'every recipient sees the same payload object').toBe(first?.payload);
    expect(delivery.loop, 'all recipients are called before the group closes').toBe(first?.loop);
  }
  expect(first?.payload).toEqual(sent);
}

describe('Socket.IO broadcasts, as the room:state delivery count relies on them', () => {
  const cleanups: Array<() => Promise<unknown> | unknown> = [];

  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function node(fanout?: RedisFanout) {
    const started = await recordingNode(fanout);
    cleanups.push(() => started.io.close());
    return started;
  }

  async function sockets(http: HttpServer) {
    const connected = await connectSockets(http, SOCKETS);
    cleanups.push(() => {
      for (const socket of connected) socket.close();
    });
    return connected;
  }

  it('hands the payload object itself to every recipient, all in one loop', async () => {
    const { http, io, deliveries } = await node();
    await sockets(http);
    await until(
      async () => ((await io.in('room').fetchSockets()).length === SOCKETS ? true : undefined),
      5000,
      'the sockets to join',
    );

    // Two broadcasts in one tick: only the payload objects tell their deliveries apart.
    const first = { version: 1 };
    const second = { version: 2 };
    io.to('room').emit('room:state', first);
    io.to('room').emit('room:state', second);
    await until(
      () => (deliveries.length >= 2 * SOCKETS ? true : undefined),
      5000,
      "both broadcasts at the sockets' outgoing listeners",
    );

    const [firstGroup, secondGroup] = [deliveries.slice(0, SOCKETS), deliveries.slice(SOCKETS)];
    expectOneGroup(firstGroup, first);
    expectOneGroup(secondGroup, second);
    expect(firstGroup[0]?.payload, 'the payload is the object given to emit, not a copy').toBe(first);
    expect(secondGroup[0]?.payload).toBe(second);
  });

  describe.runIf(CLUSTER_SERVICES)('through Redis, from another node', () => {
    async function readyFanout(prefix: string) {
      const stream = new Writable({ write: (_chunk, _encoding, done) => done() });
      const fanout = new RedisFanout({
        url: TEST_REDIS_URL,
        prefix,
        log: pino(stream) as unknown as FastifyBaseLogger,
      });
      cleanups.push(() => fanout.close());
      await until(() => fanout.ready || undefined, 10_000, 'the fan-out connections to be ready');
      return fanout;
    }

    it('decodes each broadcast once and hands that object to every recipient in one loop', async () => {
      const prefix = `xc-test-identity-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
      const sender = await node(await readyFanout(prefix));
      const receiver = await node(await readyFanout(prefix));
      await sockets(receiver.http);
      // Asked through Redis: once the sender sees the receiver's sockets in the room, the two nodes hear each other.
      await until(
        async () => ((await sender.io.in('room').fetchSockets()).length === SOCKETS ? true : undefined),
        10_000,
        "the sender to see the receiver's sockets",
      );

      const first = { version: 1, playlist: [{ id: 'dQw4w9WgXcQ' }] };
      const second = { version: 2, playlist: [] };
      sender.io.to('room').emit('room:state', first);
      sender.io.to('room').emit('room:state', second);
      await until(
        () => (receiver.deliveries.length >= 2 * SOCKETS ? true : undefined),
        5000,
        "both broadcasts at the receiver's outgoing listeners",
      );

      expect(sender.deliveries, 'the sending node has no sockets in the room').toEqual([]);
      const [firstGroup, secondGroup] = [receiver.deliveries.slice(0, SOCKETS), receiver.deliveries.slice(SOCKETS)];
      expectOneGroup(firstGroup, first);
      expectOneGroup(secondGroup, second);
      expect(firstGroup[0]?.payload, 'two broadcasts are two objects').not.toBe(secondGroup[0]?.payload);
    });
  });
});
