import { PER_PERSON_CAP_MAX, type RoomSnapshot } from '@xemchung/protocol';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { AddFlow, CLUSTER_SERVICES, Cluster, RoomView, TEST_REDIS_URL, until, waitForReadiness } from './cluster.ts';
import { TEST_DATABASE_URL, type TestServer } from './harness.ts';
import { connect, createRoom, signedInUser, type TestClient, type TestUser, youtubeVideo } from './room-clients.ts';
import { TcpProxy } from './tcp-proxy.ts';

const targetOf = (url: string) => ({ host: new URL(url).hostname, port: Number(new URL(url).port) });

async function adminClient(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  return client;
}

/** Drops every PostgreSQL connection of the cluster's nodes, as a database failover or restart would. */
async function terminateBackends(applicationName: string): Promise<number> {
  const admin = await adminClient();
  try {
    const result = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and pid <> pg_backend_pid()',
      [applicationName],
    );
    return result.rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

interface Room {
  roomId: string;
  host: TestUser;
  hostClient: TestClient;
  views: RoomView[];
}

/** A room hosted on `hostNode`, with a first video playing, and one joined client per node in `followerNodes`. */
async function openRoom(
  cluster: Cluster,
  hostNode: number,
  followerNodes: number[],
  clients: TestClient[],
  options: { reconnection?: boolean; ackTimeoutMs?: number } = {},
): Promise<Room> {
  const node = cluster.node(hostNode);
  const host = await signedInUser(node, 'Chủ phòng');
  const roomId = await createRoom(node, host);
  const reconnection = options.reconnection ?? false;
  const hostClient = await connect(node, { user: host, reconnection });
  const followers = await Promise.all(followerNodes.map((index) => connect(cluster.node(index), { reconnection })));
  const all = [hostClient, ...followers];
  clients.push(...all);
  for (const client of all) client.ackTimeoutMs = options.ackTimeoutMs ?? 3000;
  const views = all.map((client) => new RoomView(client, roomId, { rejoin: reconnection }));
  for (const view of views) await view.join();
  // The guests share the test's one address, so one per-person cap (R56); what is tested here is delivery.
  await hostClient.request('room:settings', { settings: { perPersonCap: PER_PERSON_CAP_MAX } });
  const first = youtubeVideo('Đầu');
  await hostClient.request('playlist:add', { video: first });
  const selected = await hostClient.request('playlist:select', { id: first.id });
  if (!selected.ok) throw new Error(`refused: ${selected.error.code}`);
  return { roomId, host, hostClient, views };
}

/** Every client ends holding exactly the committed room, which contains every acknowledged add. */
async function expectConverged(cluster: Cluster, room: Room, acknowledged: string[]): Promise<RoomSnapshot> {
  const committed = await cluster.committed(room.roomId);
  const ids = new Set(committed.playlist.map((video) => video.id));
  expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);
  for (const view of room.views) await view.converged(committed);
  return committed;
}

async function expectUnavailable(client: TestClient, node: TestServer): Promise<void> {
  // ackTimeoutMs bounds the wait: a command that hangs rejects here and fails the test.
  const answer = await client.request('playback:update', { id: 'x'.repeat(11), playing: true, position: 1, rate: 1 });
  expect(answer, `a command on ${node.url}`).toMatchObject({ ok: false, error: { code: 'unavailable' } });
}

describe.runIf(CLUSTER_SERVICES)('faults on two nodes (R34, R35)', () => {
  let cluster: Cluster | undefined;
  const clients: TestClient[] = [];
  const proxies: TcpProxy[] = [];
  const flows: AddFlow[] = [];

  afterEach(async () => {
    await Promise.all(flows.splice(0).map((flow) => flow.stop()));
    for (const client of clients.splice(0)) client.close();
    await cluster?.close();
    cluster = undefined;
    await Promise.all(proxies.splice(0).map((proxy) => proxy.close()));
  });

  it('survives PostgreSQL dropping every connection mid-session', async () => {
    const running = await Cluster.start([{}, {}]);
    cluster = running;
    const room = await openRoom(running, 0, [0, 1, 1], clients);
    const adders = await Promise.all(Array.from({ length: 8 }, (_, i) => connect(running.node(i % 2))));
    clients.push(...adders);
    const adderViews = adders.map((client) => new RoomView(client, room.roomId));
    for (const view of adderViews) await view.join();
    room.views.push(...adderViews);
    const acknowledged: string[] = [];
    const refusals: string[] = [];
    const burst = () =>
      adders.map(async (client) => {
        const video = youtubeVideo('Giữa lúc mất kết nối');
        const ack = await client.request('playlist:add', { video });
        if (ack.ok) acknowledged.push(video.id);
        else refusals.push(ack.error.code);
      });

    // Each round: every adder sends while the nodes' connections are being dropped under them.
    let dropped = 0;
    for (let round = 0; round < 6; round++) {
      const sent = burst();
      dropped += await terminateBackends(running.applicationName);
      await Promise.all(sent);
    }
    expect(dropped).toBeGreaterThan(0);
    expect(refusals.filter((code) => code !== 'unavailable')).toEqual([]);

    // The pools replaced their connections: both nodes are ready and every command commits again.
    for (const node of running.nodes) await waitForReadiness(node, true);
    const before = acknowledged.length;
    await Promise.all(burst());
    expect(acknowledged.length).toBe(before + adders.length);
    await expectConverged(running, room, acknowledged);
  });

  it('loses nothing acknowledged when one node restarts while commands flow', async () => {
    cluster = await Cluster.start([{}, {}]);
    const room = await openRoom(cluster, 0, [0, 1, 1], clients, { reconnection: true });
    const hostView = room.views[0] as RoomView;
    const guest = await connect(cluster.node(1), { reconnection: true });
    clients.push(guest);
    const guestView = new RoomView(guest, room.roomId, { rejoin: true });
    await guestView.join();
    room.views.push(guestView);
    const hostFlow = new AddFlow(hostView);
    const guestFlow = new AddFlow(guestView);
    flows.push(hostFlow, guestFlow);

    await hostFlow.more(5);
    await cluster.stop(0);
    await guestFlow.more(5); // node 2 carries on alone
    await cluster.start(0);
    await hostFlow.more(5); // the host reconnected, joined again and carries on
    await guestFlow.more(2);
    await Promise.all(flows.map((flow) => flow.stop()));

    for (const flow of flows) expect(flow.refusals.filter((code) => code !== 'unavailable')).toEqual([]);
    await expectConverged(cluster, room, [...hostFlow.acknowledged, ...guestFlow.acknowledged]);
  });

  it('refuses commands while a node has no Redis, and every client converges once it is back', async () => {
    const redis = targetOf(TEST_REDIS_URL);
    proxies.push(await TcpProxy.start(redis), await TcpProxy.start(redis));
    const [toRedis1, toRedis2] = proxies as [TcpProxy, TcpProxy];
    cluster = await Cluster.start([
      { redisUrl: toRedis1.via(TEST_REDIS_URL) },
      { redisUrl: toRedis2.via(TEST_REDIS_URL) },
    ]);
    const [one, two] = [cluster.node(0), cluster.node(1)];
    const room = await openRoom(cluster, 0, [0, 1], clients);
    const guest = await connect(two);
    clients.push(guest);
    const guestView = new RoomView(guest, room.roomId);
    await guestView.join();
    room.views.push(guestView);
    const acknowledged: string[] = [];
    const add = async (client: TestClient) => {
      const video = youtubeVideo('Trong lúc mất Redis');
      const ack = await client.request('playlist:add', { video });
      if (!ack.ok) throw new Error(`refused: ${ack.error.code}`);
      acknowledged.push(video.id);
    };

    // Node 1 alone loses Redis: it is not ready and refuses commands; node 2 carries on.
    toRedis1.cut();
    expect((await waitForReadiness(one, false)).body).toEqual({ status: 'not_ready', database: true, redis: false });
    await expectUnavailable(room.hostClient, one);
    const newcomer = await connect(one); // reading the room needs no Redis: joining still works
    clients.push(newcomer);
    const newcomerView = new RoomView(newcomer, room.roomId);
    await newcomerView.join();
    room.views.push(newcomerView);
    expect((await waitForReadiness(two, true)).body).toEqual({ status: 'ready', database: true, redis: true });
    for (let i = 0; i < 3; i++) await add(guest);
    // Node 1's clients missed those broadcasts; once Redis is back they get the room again, with no new command.
    toRedis1.restore();
    await waitForReadiness(one, true);
    await expectConverged(cluster, room, acknowledged);

    // Redis away for both nodes: both refuse; nothing is lost; once it is back the room carries on.
    await add(room.hostClient);
    toRedis1.cut();
    toRedis2.cut();
    await Promise.all([waitForReadiness(one, false), waitForReadiness(two, false)]);
    await expectUnavailable(room.hostClient, one);
    await expectUnavailable(guest, two);
    toRedis1.restore();
    toRedis2.restore();
    await Promise.all([waitForReadiness(one, true), waitForReadiness(two, true)]);
    const before = await expectConverged(cluster, room, acknowledged);
    await add(room.hostClient);
    await Promise.all(
      room.views.map((view) =>
        until(() => (view.current?.version === before.version + 1 ? true : undefined), 10_000, 'the next commit'),
      ),
    );
    await expectConverged(cluster, room, acknowledged);
  });

  it('answers unavailable instead of hanging when PostgreSQL is unreachable or stuck', async () => {
    const postgres = await TcpProxy.start(targetOf(TEST_DATABASE_URL));
    proxies.push(postgres);
    cluster = await Cluster.start([{ databaseUrl: postgres.via(TEST_DATABASE_URL) }, {}], {
      COMMAND_TIMEOUT_MS: '1000',
    });
    const [one, two] = [cluster.node(0), cluster.node(1)];
    const room = await openRoom(cluster, 0, [0, 1], clients, { ackTimeoutMs: 2500 });
    const acknowledged: string[] = [];

    // Node 1 cannot reach PostgreSQL: not ready, commands and joins refused at once; node 2 carries on.
    postgres.cut();
    expect((await waitForReadiness(one, false)).body).toEqual({ status: 'not_ready', database: false, redis: true });
    await expectUnavailable(room.hostClient, one);
    expect((await waitForReadiness(two, true)).body.database).toBe(true);
    const signedIn = await connect(one, { user: room.host }).catch((error: Error & { data?: unknown }) => error.data);
    expect(signedIn).toMatchObject({ code: 'unavailable' }); // the handshake reads the session from the database
    const guest = await connect(one); // a guest's handshake needs no database, its join does
    clients.push(guest);
    expect(await guest.join(room.roomId)).toMatchObject({ ok: false, error: { code: 'unavailable' } });
    const video = youtubeVideo('Nút 2');
    const viaTwo = await room.views[2]?.client.request('playlist:add', { video });
    expect(viaTwo?.ok).toBe(true);
    acknowledged.push(video.id);
    postgres.restore();
    await waitForReadiness(one, true);
    await expectConverged(cluster, room, acknowledged);

    // The room's row is locked by someone else: commands time out (statement_timeout, then the deadline), and
    // whatever the database did once the lock goes reaches everyone.
    const admin = await adminClient();
    try {
      await admin.query('begin');
      await admin.query(`select 1 from ${one.pgSchema}.rooms where id = $1 for update`, [room.roomId]);
      const stuck = await Promise.all(
        [1, 2, 3].map(() => room.hostClient.request('playlist:add', { video: youtubeVideo('Bị khoá') })),
      );
      for (const answer of stuck) expect(answer).toMatchObject({ ok: false, error: { code: 'unavailable' } });
    } finally {
      await admin.query('rollback');
      await admin.end();
    }
    await expectConverged(cluster, room, acknowledged);
    const next = await room.hostClient.request('playlist:add', { video: youtubeVideo('Sau đó') });
    expect(next.ok).toBe(true);
  });
});
