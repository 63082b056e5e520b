import { afterEach, describe, expect, it } from 'vitest';
import { CLUSTER_SERVICES, Cluster, RoomView, readiness, TEST_REDIS_URL, until, waitForReadiness } from './cluster.ts';
import { connect, createRoom, signedInUser, type TestClient, youtubeVideo } from './room-clients.ts';
import { TcpProxy } from './tcp-proxy.ts';

/**
 * How soon a node must notice that its Redis link carries nothing: pings every second, stale after 3 s without
 * an answer (redis-adapter.ts), plus polling slack.
 */
const NOTICED_WITHIN_MS = 6000;

describe.runIf(CLUSTER_SERVICES)('a Redis link that silently stops carrying packets', () => {
  let cluster: Cluster | undefined;
  let proxy: TcpProxy | undefined;
  const clients: TestClient[] = [];

  afterEach(async () => {
    for (const client of clients.splice(0)) client.close();
    await cluster?.close();
    cluster = undefined;
    await proxy?.close();
  });

  it('makes the node not ready within seconds and reconnects; once the link heals it is ready and converged', async () => {
    const redis = new URL(TEST_REDIS_URL);
    proxy = await TcpProxy.start({ host: redis.hostname, port: Number(redis.port) });
    cluster = await Cluster.start([{ redisUrl: proxy.via(TEST_REDIS_URL) }, {}]);
    const [one, two] = [cluster.node(0), cluster.node(1)];
    const host = await signedInUser(two, 'Chủ phòng');
    const roomId = await createRoom(two, host);
    const hostClient = await connect(two, { user: host });
    const follower = await connect(one);
    clients.push(hostClient, follower);
    follower.ackTimeoutMs = 3000;
    const [hostView, followerView] = [new RoomView(hostClient, roomId), new RoomView(follower, roomId)];
    await hostView.join();
    await followerView.join();

    // No RST, no FIN: node-redis's sockets stay open and "ready" unless something notices the silence.
    proxy.blackhole();
    const started = Date.now();
    const down = await waitForReadiness(one, false, NOTICED_WITHIN_MS);
    expect(down.body).toEqual({ status: 'not_ready', database: true, redis: false });
    expect(Date.now() - started).toBeLessThan(NOTICED_WITHIN_MS);
    const refused = await follower.request('playback:update', {
      id: 'x'.repeat(11),
      playing: true,
      position: 1,
      rate: 1,
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'unavailable' } });

    // Node 2 carries on; its broadcast cannot reach node 1's follower while the link is dead.
    const video = youtubeVideo('Trong lúc mất kết nối');
    expect(await hostClient.request('playlist:add', { video })).toMatchObject({ ok: true });

    // And it does not wait for TCP to give up: both connections are dropped and opened again (they hang too).
    const accepted = proxy.accepted;
    await until(() => (proxy?.accepted ?? 0) >= accepted + 2 || undefined, 10_000, 'node 1 to reconnect to Redis');
    expect((await readiness(one)).status).toBe(503);

    proxy.restore();
    await waitForReadiness(one, true, 10_000);
    const committed = await cluster.committed(roomId);
    expect(committed.playlist.map((entry) => entry.id)).toContain(video.id);
    await followerView.converged(committed);
  });
});
