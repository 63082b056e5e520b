import { expect, type WebSocketRoute } from '@playwright/test';
import { CrashDatabase, freePort, ServerProcess } from '../apps/server/test/crash-node.ts';
import { DATABASE_KINDS, TEST_DATABASE_URL } from '../apps/server/test/harness.ts';
import { TcpProxy } from '../apps/server/test/tcp-proxy.ts';
import { openRoomAsHost } from './support/room';
import { test } from './support/test';

// The session store down for a few seconds (R27). The suite's server keeps its data in SQLite, which cannot be
// taken away from it, so this spec starts its own server on PostgreSQL behind a TCP relay it cuts: every
// handshake with a session cookie is then refused `unavailable`, which Socket.IO does not retry by itself.
const RECONNECTING = 'Mất kết nối — đang kết nối lại…';
const JOIN_FAILED = 'Không vào được phòng. Vui lòng thử lại.';
const POLL = { timeout: 20_000 };

let proxy: TcpProxy;
let database: CrashDatabase;
let server: ServerProcess;

test.beforeAll(async () => {
  // Runs everywhere npm test runs: without PostgreSQL it fails and says so, rather than passing unseen.
  if (!DATABASE_KINDS.includes('postgres')) throw new Error(`PostgreSQL does not answer at ${TEST_DATABASE_URL}`);
  const target = new URL(TEST_DATABASE_URL);
  proxy = await TcpProxy.start({ host: target.hostname, port: Number(target.port || 5432) });
  database = new CrashDatabase('postgres');
  await database.open();
  const env = database.serverEnv();
  server = await ServerProcess.start(await freePort(), { ...env, DATABASE_URL: proxy.via(env.DATABASE_URL ?? '') });
});

test.afterAll(async () => {
  await server?.crash();
  await database?.drop();
  await proxy?.close();
});

test('while the database is away the room page keeps reconnecting, and is back in the room once it returns', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const host = await openRoomAsHost(browser, { baseURL: server.url });
  // Every WebSocket of the page goes through Playwright, so the test can drop it and count the handshakes.
  const sockets: WebSocketRoute[] = [];
  await host.routeWebSocket(/\/socket\.io\//, (socket) => {
    socket.connectToServer();
    sockets.push(socket);
  });
  await host.reload();
  await expect(host.getByText('Bạn là chủ phòng')).toBeVisible();

  // The database goes away, then the connection drops: Socket.IO reconnects and the server refuses the handshake.
  proxy.cut();
  await Promise.all(sockets.map((socket) => socket.close()));
  await expect(host.getByRole('status').filter({ hasText: RECONNECTING })).toBeVisible();
  // The first socket, Socket.IO's reconnection, then two of the page's own tries, each refused.
  await expect.poll(() => sockets.length, POLL).toBeGreaterThanOrEqual(4);
  await expect(host.getByRole('status').filter({ hasText: RECONNECTING })).toBeVisible();
  await expect(host.getByText(JOIN_FAILED)).toHaveCount(0);

  proxy.restore();
  await expect(host.getByRole('status').filter({ hasText: RECONNECTING })).toHaveCount(0, POLL);
  await expect(host.getByText('Bạn là chủ phòng')).toBeVisible();

  // Opening the room while the database is away: the page waits on its loading state, then joins.
  proxy.cut();
  const opened = sockets.length;
  await host.reload();
  await expect(host.getByText('Đang tải phòng…')).toBeVisible();
  await expect.poll(() => sockets.length - opened, POLL).toBeGreaterThanOrEqual(3);
  await expect(host.getByText(JOIN_FAILED)).toHaveCount(0);
  proxy.restore();
  await expect(host.getByText('Bạn là chủ phòng')).toBeVisible(POLL);
});
