import { randomBytes } from 'node:crypto';
import { guestKey, userKey } from '@xemchung/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { NODE_SILENCE_MS } from '../src/realtime/presence.ts';
import { guestIdOf } from '../src/realtime/viewer-identity.ts';
import { CLUSTER_SERVICES, Cluster, TEST_REDIS_URL } from './cluster.ts';
import { freePort, ServerProcess } from './crash-node.ts';
import { TEST_DATABASE_URL, type TestServer } from './harness.ts';
import { guestCookie, reportLikeAPage, viewersWhere } from './presence-clients.ts';
import { connect, createRoom, signedInUser, type TestClient } from './room-clients.ts';

const guestKeyOf = (name: string) => guestKey(guestIdOf(guestCookie(name).split('=')[1] ?? ''));

describe.runIf(CLUSTER_SERVICES)('presence across two nodes on PostgreSQL + Redis (R52, R53)', () => {
  let cluster: Cluster | undefined;
  let process: ServerProcess | undefined;
  const clients: TestClient[] = [];

  afterEach(async () => {
    for (const client of clients.splice(0)) client.close();
    await process?.crash();
    await cluster?.close();
  });

  const open = async (node: TestServer, options: Parameters<typeof connect>[1] = {}) => {
    const client = await connect(node, options);
    clients.push(client);
    return client;
  };

  it('shows everyone on both nodes, one person with tabs on both once, and relays reports between them', async () => {
    cluster = await Cluster.start([{}, {}]);
    const [one, two] = [cluster.node(0), cluster.node(1)];
    const host = await signedInUser(one, 'Chủ Phòng');
    const roomId = await createRoom(one, host);
    const hostOnOne = await open(one, { user: host });
    const hostOnTwo = await open(two, { user: host });
    const guestOnTwo = await open(two, { cookie: guestCookie('khach-nut-hai') });
    for (const client of [hostOnOne, hostOnTwo, guestOnTwo])
      expect(await client.join(roomId)).toMatchObject({ ok: true });
    await reportLikeAPage(hostOnOne, true);

    for (const watcher of [hostOnOne, guestOnTwo]) {
      const viewers = await viewersWhere(watcher, (list) => list.size === 2 && list.get(userKey(host.uid))?.tabs === 2);
      expect(viewers.get(guestKeyOf('khach-nut-hai'))).toMatchObject({ tabs: 1, name: null });
    }

    expect(await guestOnTwo.request('presence:report', { state: 'playing', errorMs: -31, rttMs: 48 })).toEqual({
      ok: true,
    });
    const viewers = await viewersWhere(
      hostOnOne,
      (list) => (list.get(guestKeyOf('khach-nut-hai'))?.report ?? null) !== null,
    );
    expect(viewers.get(guestKeyOf('khach-nut-hai'))?.report).toEqual({ state: 'playing', errorMs: -31, rttMs: 48 });

    // A node shutting down says so: its people leave the other node's list at once, not after the silence.
    await cluster.stop(1);
    await viewersWhere(hostOnOne, (list) => list.size === 1 && list.get(userKey(host.uid))?.tabs === 1, 3000);
  });

  it('takes the viewers of a node that dies with it, within 30 s', async () => {
    expect(NODE_SILENCE_MS).toBeLessThan(30_000);
    const prefix = `xc-test-${randomBytes(4).toString('hex')}`;
    cluster = await Cluster.start([{}], { REDIS_PREFIX: prefix });
    const survivor = cluster.node(0);
    // The second node as its own process, on the same database and Redis, so it can be SIGKILLed.
    const database = new URL(TEST_DATABASE_URL);
    database.searchParams.set('options', `-c search_path=${survivor.pgSchema}`);
    process = await ServerProcess.start(await freePort(), {
      DATABASE_URL: database.toString(),
      DATA_DIR: survivor.dataDir,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: prefix,
    });
    const doomed = { ...survivor, url: process.url };
    const host = await signedInUser(survivor, 'Chủ Phòng');
    const roomId = await createRoom(survivor, host);
    const watcher = await open(survivor, { user: host });
    await watcher.join(roomId);
    for (const name of ['khach-a', 'khach-b']) {
      const guest = await open(doomed, { cookie: guestCookie(name) });
      expect(await guest.join(roomId)).toMatchObject({ ok: true });
    }
    await viewersWhere(watcher, (list) => list.size === 3);

    await process.crash();
    await viewersWhere(watcher, (list) => list.size === 1, 30_000, 'the dead node’s viewers to leave');
  }, 60_000);
});
