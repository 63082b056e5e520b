import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Server } from 'socket.io';
import { io as connectClient } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { UpgradeRequests } from '../src/realtime/upgrade-requests.ts';

/**
 * socket-server.ts lets each connection's upgrade request go once connected (upgrade-requests.ts, issue #25's heap
 * per connection). That rests on Engine.IO internals: the request is held only by the connection
 * (`socket.conn.request`) and by the upgrade's stand-in response (`WebSocketResponse.req`), which the TCP socket's
 * 'close' listener keeps. These tests fail when Engine.IO holds it anywhere else, instead of the heap silently
 * growing back by ~2 KB a connection.
 */

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A Socket.IO server that keeps a weak reference to each connection's request, releasing them or not. */
async function node(release: boolean) {
  const http = createServer();
  const io = new Server(http, { transports: ['websocket'] });
  const upgrades = new UpgradeRequests();
  io.engine.use(upgrades.middleware);
  const requests: WeakRef<IncomingMessage>[] = [];
  io.on('connection', (socket) => {
    requests.push(new WeakRef(socket.request));
    if (release) upgrades.release(socket);
  });
  http.listen(0, '127.0.0.1');
  await once(http, 'listening');
  const { port } = http.address() as AddressInfo;
  const client = connectClient(`http://127.0.0.1:${port}`, { transports: ['websocket'], reconnection: false });
  await new Promise((resolve) => client.once('connect', () => resolve(undefined)));
  cleanups.push(async () => {
    client.disconnect();
    await io.close();
  });
  return { requests, client, io };
}

/** Whether a request is still alive after full collections (a WeakRef is only cleared between turns). */
async function alive(request: WeakRef<IncomingMessage>): Promise<boolean> {
  for (let round = 0; round < 3; round++) {
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
  }
  return request.deref() !== undefined;
}

describe("a connection's upgrade request", () => {
  it('is collected once released, the connection still working', async () => {
    const { requests, client } = await node(true);
    const [request] = requests;
    expect(request).toBeDefined();
    expect(await alive(request as WeakRef<IncomingMessage>)).toBe(false);
    expect(client.connected).toBe(true);
  });

  it('lives as long as the connection unless released (what the release is for)', async () => {
    const { requests } = await node(false);
    const [request] = requests;
    expect(await alive(request as WeakRef<IncomingMessage>)).toBe(true);
  });
});
