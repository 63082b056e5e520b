import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { TOLD_REFUSALS } from '../src/realtime/address-limits.ts';
import { startServer, type TestServer } from './harness.ts';
import {
  type ConnectOptions,
  connect,
  connectRefused,
  createRoom,
  signedInUser,
  type TestClient,
} from './room-clients.ts';

/** A small limit, so the tests reach it quickly: R99's default is 30. */
const LIMIT = 5;
/** Two clients behind the trusted proxy (TRUST_PROXY=1: the test is the proxy, X-Forwarded-For names them). */
const FLOODER = '203.0.113.7';
const NEIGHBOUR = '198.51.100.9';

/** A guest from `address` with a cookie of its own each time, as a script clearing its cookies would be. */
const freshGuest = (address: string): ConnectOptions => ({
  forwardedFor: address,
  cookie: `xc_guest=${randomBytes(16).toString('base64url')}`,
});

/** A raw WebSocket upgrade from `address`: the HTTP status it was answered with, and the body of a refusal. */
function upgrade(server: TestServer, address: string): Promise<{ status: number; body: string }> {
  const url = `${server.url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`;
  const socket = new WebSocket(url, { headers: { origin: server.url, 'x-forwarded-for': address } });
  return new Promise((resolve, reject) => {
    socket.once('upgrade', () => {
      socket.terminate();
      resolve({ status: 101, body: '' });
    });
    socket.once('unexpected-response', (request, response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, body });
      });
    });
    socket.once('error', reject);
  });
}

describe('connections per client address (R99)', () => {
  let server: TestServer | undefined;
  const clients: TestClient[] = [];
  const track = (client: TestClient) => {
    clients.push(client);
    return client;
  };
  afterEach(async () => {
    for (const client of clients.splice(0)) client.close();
    await server?.close();
    server = undefined;
  });
  const start = async () => {
    server = await startServer('sqlite', { env: { TRUST_PROXY: '1', SOCKETS_PER_ADDRESS: String(LIMIT) } });
    return server;
  };

  it('R99: refuses the socket past the limit with rate_limited, whatever its cookie, and not another address', async () => {
    const app = await start();
    for (let n = 0; n < LIMIT; n++) track(await connect(app, freshGuest(FLOODER)));
    expect(await connectRefused(app, freshGuest(FLOODER))).toEqual({
      code: 'rate_limited',
      message: 'Too many connections from this address',
    });
    // Signed in or not: the check comes before the session is looked up.
    const member = await signedInUser(app, 'Thành viên');
    expect(await connectRefused(app, { user: member, forwardedFor: FLOODER })).toMatchObject({
      code: 'rate_limited',
    });
    track(await connect(app, freshGuest(NEIGHBOUR)));
    // A socket closed frees its place; the refused ones held none once the server closed them.
    clients.shift()?.close();
    await new Promise((resolve) => setTimeout(resolve, 700)); // a handshake token back (2 a second)
    track(await connect(app, freshGuest(FLOODER)));
  });

  it('R99: refuses handshakes faster than the rate, then answers the upgrade itself with a bare 429', async () => {
    const app = await start();
    // One socket at a time, each closed before the next: never over the limit, only too fast.
    for (let n = 0; n < LIMIT; n++) (await connect(app, freshGuest(FLOODER))).close();
    expect(await connectRefused(app, freshGuest(FLOODER))).toMatchObject({ code: 'rate_limited' });
    // Told refusals run out too (a script that does not back off): then no WebSocket, no engine.io session.
    const statuses: number[] = [];
    let body = '';
    for (let n = 0; n < TOLD_REFUSALS.capacity + 2; n++) {
      const answer = await upgrade(app, FLOODER);
      statuses.push(answer.status);
      if (answer.status === 429) body = answer.body;
    }
    expect(statuses.at(-1)).toBe(429);
    expect(JSON.parse(body)).toEqual({
      error: { code: 'rate_limited', message: 'Too many connections from this address' },
    });
    expect((await upgrade(app, NEIGHBOUR)).status).toBe(101);
    track(await connect(app, freshGuest(NEIGHBOUR)));
  });

  it('R99: keeps the sockets of a viewer who is merely fast: reloads and a burst of commands', async () => {
    const app = await start();
    const host = await signedInUser(app, 'Chủ phòng');
    const roomId = await createRoom(app, host);
    const viewer = { forwardedFor: FLOODER, cookie: `xc_guest=${randomBytes(16).toString('base64url')}` };
    for (let reload = 0; reload < 3; reload++) {
      const tab = await connect(app, viewer);
      expect(await tab.join(roomId)).toMatchObject({ ok: true });
      tab.close();
    }
    const tab = track(await connect(app, viewer));
    expect(await tab.join(roomId)).toMatchObject({ ok: true });
    const acks = await Promise.all(Array.from({ length: 30 }, () => tab.request('clock:ping', {})));
    expect(acks.every((ack) => ack.ok)).toBe(true);
    expect(tab.socket.connected).toBe(true);
  });
});
