import { userKey } from '@xemchung/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { CLUSTER_SERVICES, Cluster } from './cluster.ts';
import { disconnection, guestBrowser, openTab, removals, TRUST_LOCAL_PROXY } from './moderation-clients.ts';
import { connect, createRoom, signedInUser, type TestClient } from './room-clients.ts';

describe.runIf(CLUSTER_SERVICES)('kicks and bans across two nodes on PostgreSQL + Redis (R58, R59)', () => {
  let cluster: Cluster | undefined;
  const clients: TestClient[] = [];

  afterEach(async () => {
    for (const client of clients.splice(0)) client.close();
    await cluster?.close();
  });

  it("puts out a guest's tabs on both nodes, and its address's, from a kick on one node", async () => {
    cluster = await Cluster.start([{}, {}], TRUST_LOCAL_PROXY);
    const [one, two] = [cluster.node(0), cluster.node(1)];
    const host = await signedInUser(one, 'Chủ phòng');
    const roomId = await createRoom(one, host);
    const hostClient = await connect(one, { user: host });
    clients.push(hostClient);
    await hostClient.join(roomId);
    const kicked = guestBrowser('203.0.113.50');
    const tabs = [await openTab(one, kicked), await openTab(two, kicked)];
    // Another guest's cookie from the same address, on node 2 only: found through node 2's sockets.
    const sameAddress = await openTab(two, guestBrowser('203.0.113.50'));
    const bystander = await openTab(two, guestBrowser('198.51.100.50'));
    clients.push(...tabs, sameAddress, bystander);
    for (const client of [...tabs, sameAddress, bystander])
      expect(await client.join(roomId)).toMatchObject({ ok: true });
    const gone = [...tabs, sameAddress].map(disconnection);

    expect(await hostClient.request('moderation:kick', { key: kicked.key })).toMatchObject({ ok: true });
    expect(await Promise.all(gone)).toEqual(Array(3).fill('io server disconnect'));
    for (const tab of tabs) expect(removals(tab)).toEqual([{ roomId, reason: 'kicked' }]);
    expect(bystander.socket.connected).toBe(true);
    for (const node of [one, two]) {
      const again = await openTab(node, guestBrowser('203.0.113.50'));
      clients.push(again);
      expect(await again.join(roomId)).toMatchObject({ ok: false, error: { code: 'kicked' } });
    }
  });

  it('puts out every tab of a banned user on both nodes', async () => {
    cluster = await Cluster.start([{}, {}]);
    const [one, two] = [cluster.node(0), cluster.node(1)];
    const host = await signedInUser(one, 'Chủ phòng');
    const banned = await signedInUser(one, 'Người bị chặn');
    const roomId = await createRoom(one, host);
    const hostClient = await connect(two, { user: host });
    const tabs = [await connect(one, { user: banned }), await connect(two, { user: banned })];
    clients.push(hostClient, ...tabs);
    for (const client of [hostClient, ...tabs]) await client.join(roomId);
    const gone = tabs.map(disconnection);
    expect(await hostClient.request('moderation:ban', { uid: banned.uid })).toMatchObject({ ok: true });
    expect(await Promise.all(gone)).toEqual(['io server disconnect', 'io server disconnect']);
    for (const tab of tabs) expect(removals(tab)).toEqual([{ roomId, reason: 'banned' }]);
    const again = await connect(one, { user: banned });
    clients.push(again);
    expect(await again.join(roomId)).toMatchObject({ ok: false, error: { code: 'banned' } });
    expect(await hostClient.request('moderation:kick', { key: userKey(host.uid) })).toMatchObject({
      ok: false,
      error: { code: 'invalid_target' },
    });
  });
});
