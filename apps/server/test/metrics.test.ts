import { afterEach, describe, expect, it } from 'vitest';
import { CLUSTER_SERVICES, Cluster, RoomView, until } from './cluster.ts';
import { startServer, type TestServer } from './harness.ts';
import { connect, createRoom, signedInUser, type TestClient, waitFor, youtubeVideo } from './room-clients.ts';
import { suiteServer } from './suite-server.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';

/** The value of one sample in Prometheus text format, or undefined when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? '').split(',').filter(Boolean);
    if (wanted.length === present.length && wanted.every((label) => present.includes(label))) return Number(match[3]);
  }
  return undefined;
}

async function scrape(server: TestServer, authorization = `Bearer ${TOKEN}`): Promise<Response> {
  return fetch(`${server.url}/metrics`, { headers: { authorization } });
}

async function metricsText(server: TestServer): Promise<string> {
  const response = await scrape(server);
  expect(response.status).toBe(200);
  return response.text();
}

describe('GET /metrics', () => {
  const server = suiteServer('sqlite', { env: { METRICS_TOKEN: TOKEN } });

  it('is off without METRICS_TOKEN', async () => {
    const plain = await startServer('sqlite');
    try {
      const response = await scrape(plain);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: { code: 'metrics_disabled' } });
    } finally {
      await plain.close();
    }
  });

  it('answers 401 without the bearer token or with another one', async () => {
    for (const authorization of ['', `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, TOKEN]) {
      const response = await scrape(server, authorization);
      expect(response.status, authorization).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(await response.json()).toMatchObject({ error: { code: 'unauthenticated' } });
    }
  });

  it('serves process metrics in the Prometheus text format', async () => {
    const response = await scrape(server);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'xemchung_commands_total', { type: 'playlist:add', result: 'ok' })).toBe(0);
  });

  it('counts connections, active rooms, commands by type and result, commit latency and fan-out', async () => {
    const host = await signedInUser(server, 'Chủ phòng');
    const roomId = await createRoom(server, host);
    const before = await metricsText(server);
    const count = (text: string, name: string, labels: Record<string, string> = {}) => sample(text, name, labels) ?? 0;

    const clients: TestClient[] = [await connect(server, { user: host }), await connect(server)];
    const [hostClient, guest] = clients as [TestClient, TestClient];
    try {
      expect(await hostClient.join(roomId)).toMatchObject({ ok: true });
      expect(await guest.join(roomId)).toMatchObject({ ok: true });
      const [a, b] = [youtubeVideo('A'), youtubeVideo('B')];
      expect(await hostClient.request('playlist:add', { video: a })).toMatchObject({ ok: true });
      expect(await guest.request('playlist:add', { video: b })).toMatchObject({ ok: true });
      expect(await guest.request('playlist:add', { video: a })).toMatchObject({ error: { code: 'duplicate_video' } });
      expect(await guest.request('playlist:select', { id: b.id })).toMatchObject({ error: { code: 'forbidden' } });
      expect(await guest.raw('room:explode', {})).toMatchObject({ error: { code: 'unknown_command' } });
      await waitFor(() => (guest.version >= 2 && hostClient.version >= 2 ? true : undefined));

      const during = await metricsText(server);
      const delta = (name: string, labels: Record<string, string> = {}) =>
        count(during, name, labels) - count(before, name, labels);
      expect(sample(during, 'xemchung_socket_connections')).toBe(2);
      expect(sample(during, 'xemchung_rooms_active')).toBe(1);
      expect(delta('xemchung_commands_total', { type: 'room:join', result: 'ok' })).toBe(2);
      expect(delta('xemchung_commands_total', { type: 'playlist:add', result: 'ok' })).toBe(2);
      expect(delta('xemchung_commands_total', { type: 'playlist:add', result: 'duplicate_video' })).toBe(1);
      expect(delta('xemchung_commands_total', { type: 'playlist:select', result: 'forbidden' })).toBe(1);
      expect(delta('xemchung_commands_total', { type: 'unknown', result: 'unknown_command' })).toBe(1);
      // Only the accepted room commands are commits.
      expect(delta('xemchung_command_commit_seconds_count', { type: 'playlist:add' })).toBe(2);
      expect(delta('xemchung_command_commit_seconds_count', { type: 'playlist:select' })).toBe(0);
      expect(delta('xemchung_command_commit_seconds_sum', { type: 'playlist:add' })).toBeGreaterThan(0);
      expect(delta('xemchung_command_commit_seconds_bucket', { type: 'playlist:add', le: '+Inf' })).toBe(2);
      // Two commits, each sent to both members of the room.
      expect(delta('xemchung_broadcast_recipients_count')).toBe(2);
      expect(delta('xemchung_broadcast_recipients_sum')).toBe(4);
    } finally {
      for (const client of clients) client.close();
    }

    const after = await waitForScrape(server, (text) => sample(text, 'xemchung_socket_connections') === 0);
    expect(sample(after, 'xemchung_socket_connections')).toBe(0);
    expect(sample(after, 'xemchung_rooms_active')).toBe(0);
  });
});

describe.runIf(CLUSTER_SERVICES)('broadcast fan-out on two nodes', () => {
  let cluster: Cluster | undefined;
  const clients: TestClient[] = [];
  afterEach(async () => {
    for (const client of clients.splice(0)) client.close();
    await cluster?.close();
  });

  it('counts on each node the deliveries to its own sockets, so the nodes add up to every member', async () => {
    cluster = await Cluster.start([{}, {}], { METRICS_TOKEN: TOKEN });
    const [one, two] = [cluster.node(0), cluster.node(1)];
    const host = await signedInUser(one, 'Chủ phòng');
    const roomId = await createRoom(one, host);
    // The host and one follower on node 1, where the commit happens; three followers on node 2.
    const members = [await connect(one, { user: host }), await connect(one)];
    members.push(...(await Promise.all([connect(two), connect(two), connect(two)])));
    clients.push(...members);
    const views = members.map((client) => new RoomView(client, roomId));
    for (const view of views) await view.join();
    const before = await Promise.all([metricsText(one), metricsText(two)]);

    const added = await members[0]?.request('playlist:add', { video: youtubeVideo('Cho cả nhà') });
    if (!added?.ok) throw new Error('the add was refused');
    await Promise.all(
      views.map((view) => until(() => (view.current?.version === added.version ? true : undefined), 10_000, 'the add')),
    );

    const after = await Promise.all([metricsText(one), metricsText(two)]);
    const delta = (node: 0 | 1, name: string) => (sample(after[node], name) ?? 0) - (sample(before[node], name) ?? 0);
    expect([delta(0, 'xemchung_broadcast_recipients_count'), delta(1, 'xemchung_broadcast_recipients_count')]).toEqual([
      1, 1,
    ]);
    expect([delta(0, 'xemchung_broadcast_recipients_sum'), delta(1, 'xemchung_broadcast_recipients_sum')]).toEqual([
      2, 3,
    ]);
  });
});

/** Scrapes until `done` holds (a disconnect reaches the server a moment after the client closes). */
async function waitForScrape(server: TestServer, done: (text: string) => boolean): Promise<string> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const text = await metricsText(server);
    if (done(text) || Date.now() > deadline) return text;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
