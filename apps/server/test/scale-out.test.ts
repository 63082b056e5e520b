import { PER_PERSON_CAP_MAX } from '@xemchung/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { CLUSTER_SERVICES, Cluster, RoomView, until } from './cluster.ts';
import { connect, createRoom, signedInUser, type TestClient, youtubeVideo } from './room-clients.ts';

/** Versions from `from` to `to`, both included. */
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe.runIf(CLUSTER_SERVICES)('two nodes on PostgreSQL + Redis (R35)', () => {
  let cluster: Cluster | undefined;
  const clients: TestClient[] = [];

  afterEach(async () => {
    for (const client of clients.splice(0)) client.close();
    await cluster?.close();
  });

  it('carries every command of a host on node 1 to followers on node 2, in order, and back', async () => {
    cluster = await Cluster.start([{}, {}]);
    const [one, two] = [cluster.node(0), cluster.node(1)];
    const host = await signedInUser(one, 'Chủ phòng');
    const roomId = await createRoom(one, host);
    const hostClient = await connect(one, { user: host });
    const followers = await Promise.all([connect(two), connect(two), connect(two)]);
    clients.push(hostClient, ...followers);
    const hostView = new RoomView(hostClient, roomId);
    const followerViews = followers.map((client) => new RoomView(client, roomId));
    const views = [hostView, ...followerViews];
    const joined = (await hostView.join()).version;
    for (const view of followerViews) await view.join();

    const [a, b, c, d] = [youtubeVideo('Một'), youtubeVideo('Hai'), youtubeVideo('Ba'), youtubeVideo('Bốn')];
    const steps = [
      () => hostClient.request('playlist:add', { video: a }),
      () => hostClient.request('playlist:add', { video: b }),
      () => hostClient.request('playlist:add', { video: c }),
      () => hostClient.request('playlist:select', { id: b.id }),
      () => hostClient.request('playback:update', { id: b.id, playing: true, position: 12, rate: 1 }),
      () => hostClient.request('playback:update', { id: b.id, playing: false, position: 30.5, rate: 1.25 }),
      () => hostClient.request('playback:ended', { id: b.id }),
      () => hostClient.request('playlist:remove', { id: a.id }),
      () => hostClient.request('playlist:clearWatched', {}),
    ];
    const versions: number[] = [];
    for (const step of steps) {
      const ack = await step();
      if (!ack.ok) throw new Error(`refused: ${ack.error.code}`);
      versions.push(ack.version);
    }
    expect(versions).toEqual(range(joined + 1, joined + steps.length));
    const hostLast = joined + steps.length;
    await Promise.all(
      views.map((view) => until(() => (view.current?.version === hostLast ? true : undefined), 10_000, 'host commits')),
    );

    // And the other way: a guest on node 2 adds, the host on node 1 sees it.
    const added = await followers[0]?.request('playlist:add', { video: d });
    expect(added).toEqual({ ok: true, version: hostLast + 1 });

    const committed = await cluster.committed(roomId);
    expect(committed.version).toBe(hostLast + 1);
    expect(committed.playlist.map((video) => video.id)).toEqual([c.id, d.id]);
    expect(committed.current_video).toMatchObject({ id: c.id, index: 0 });
    for (const view of views) {
      await view.converged(committed);
      expect(view.received).toEqual(range(joined + 1, hostLast + 1));
    }
  });

  it('converges when clients on both nodes command one room at once', async () => {
    cluster = await Cluster.start([{}, {}]);
    const [one, two] = [cluster.node(0), cluster.node(1)];
    const host = await signedInUser(one, 'Chủ phòng');
    const roomId = await createRoom(one, host);
    const hostClient = await connect(one, { user: host });
    const guests = await Promise.all(Array.from({ length: 12 }, (_, i) => connect(i % 2 === 0 ? one : two)));
    clients.push(hostClient, ...guests);
    const views = [hostClient, ...guests].map((client) => new RoomView(client, roomId));
    for (const view of views) await view.join();
    // The guests share the test's one address, so one per-person cap (R56); what is tested here is delivery.
    await hostClient.request('room:settings', { settings: { perPersonCap: PER_PERSON_CAP_MAX } });
    const first = youtubeVideo('Đầu');
    await hostClient.request('playlist:add', { video: first });
    const selected = await hostClient.request('playlist:select', { id: first.id });
    if (!selected.ok) throw new Error(`refused: ${selected.error.code}`);
    const start = selected.version;
    await Promise.all(
      views.map((view) => until(() => (view.current?.version === start ? true : undefined), 10_000, 'the first video')),
    );

    // 5 adds from each guest (6 guests per node) and 5 playback reports from the host, all at once.
    const adds = guests.flatMap((guest, g) =>
      Array.from({ length: 5 }, () => {
        const video = youtubeVideo('Cùng lúc');
        return { node: g % 2, video, ack: guest.request('playlist:add', { video }) };
      }),
    );
    const reports = [10, 20, 30, 40, 50].map((position) => ({
      node: 0,
      ack: hostClient.request('playback:update', { id: first.id, playing: true, position, rate: 1 }),
    }));
    const nodeOfVersion = new Map<number, number>();
    for (const { node, ack } of [...adds, ...reports]) {
      const answer = await ack;
      if (!answer.ok) throw new Error(`refused: ${answer.error.code}`);
      nodeOfVersion.set(answer.version, node);
    }
    const last = start + adds.length + reports.length;
    expect([...nodeOfVersion.keys()].sort((x, y) => x - y)).toEqual(range(start + 1, last));

    const committed = await cluster.committed(roomId);
    expect(committed.version).toBe(last);
    expect(new Set(committed.playlist.map((video) => video.id))).toEqual(
      new Set([first.id, ...adds.map(({ video }) => video.id)]),
    );
    for (const view of views) {
      await view.converged(committed);
      // Every commit arrives exactly once, and each node's commits arrive in the order it made them. (The two
      // nodes' commits may interleave differently per client; clients keep the highest version, R18.)
      const afterStart = view.received.filter((version) => version > start);
      expect([...afterStart].sort((x, y) => x - y)).toEqual(range(start + 1, last));
      for (const node of [0, 1]) {
        const fromNode = afterStart.filter((version) => nodeOfVersion.get(version) === node);
        expect(fromNode).toEqual([...fromNode].sort((x, y) => x - y));
      }
    }
  });
});
