import { afterEach, describe, expect, it } from 'vitest';
import { CLUSTER_SERVICES, Cluster } from './cluster.ts';
import type { TestServer } from './harness.ts';
import { guestCookie, viewersWhere } from './presence-clients.ts';
import { connect, createRoom, signedInUser, type TestClient, waitFor, youtubeVideo } from './room-clients.ts';

describe.runIf(CLUSTER_SERVICES)('vote to skip across two nodes on PostgreSQL + Redis (R66)', () => {
  let cluster: Cluster | undefined;
  const clients: TestClient[] = [];

  afterEach(async () => {
    for (const client of clients.splice(0)) client.close();
    await cluster?.close();
  });

  const open = async (node: TestServer, options: Parameters<typeof connect>[1] = {}) => {
    const client = await connect(node, options);
    clients.push(client);
    return client;
  };

  it('counts the people on both nodes, and a leave on one node completes the votes taken on the other', async () => {
    cluster = await Cluster.start([{}, {}]);
    const [one, two] = [cluster.node(0), cluster.node(1)];
    const host = await signedInUser(one, 'Chủ Phòng');
    const member = await signedInUser(one, 'Thành Viên');
    const roomId = await createRoom(one, host);
    const hostOnOne = await open(one, { user: host });
    const leaverOnOne = await open(one, { cookie: guestCookie('vote-cluster-leaver') });
    const memberOnTwo = await open(two, { user: member });
    const guestOnTwo = await open(two, { cookie: guestCookie('vote-cluster-guest') });
    for (const client of [hostOnOne, leaverOnOne, memberOnTwo, guestOnTwo]) {
      expect(await client.join(roomId)).toMatchObject({ ok: true });
    }
    const a = youtubeVideo('A');
    const b = youtubeVideo('B');
    for (const video of [a, b]) await hostOnOne.request('playlist:add', { video });
    await hostOnOne.request('playlist:select', { id: a.id });
    // Both nodes see all four people.
    for (const watcher of [hostOnOne, memberOnTwo]) await viewersWhere(watcher, (list) => list.size === 4);

    // Two of four, both voting on node two: not more than half.
    await memberOnTwo.request('vote:skip', { id: a.id, skip: true });
    const two4 = await guestOnTwo.request('vote:skip', { id: a.id, skip: true });
    expect(two4).toMatchObject({ ok: true });
    const seen = await hostOnOne.waitForVersion(two4.ok ? two4.version : Infinity);
    expect(seen.skipVotes).toHaveLength(2);
    expect(seen.current_video.id).toBe(a.id);

    // Someone leaves node one; node two, which took the votes, hears of it through presence and skips.
    leaverOnOne.close();
    const skipped = await waitFor(
      () => (hostOnOne.latest?.current_video.id === b.id ? hostOnOne.latest : undefined),
      15_000,
      'the skip after a leave on the other node',
    );
    expect(skipped.skipVotes).toEqual([]);
    // Exactly one skip: B plays, nothing moved past it.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(guestOnTwo.latest?.current_video).toMatchObject({ id: b.id, index: 1, current_time: 0 });
    expect(guestOnTwo.latest?.version).toBe(skipped.version);
  });
});
