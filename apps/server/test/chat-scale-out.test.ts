import type { ChatMessage } from '@xemchung/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { CLUSTER_SERVICES, Cluster, until } from './cluster.ts';
import { connect, createRoom, signedInUser, type TestClient } from './room-clients.ts';

/** The seqs of the chat messages a client received, in arrival order. */
const arrived = (client: TestClient) =>
  client.events
    .filter((e) => e.event === 'chat:message')
    .map((e) => (e.payload as { message: ChatMessage }).message.seq);

describe.runIf(CLUSTER_SERVICES)('chat on two nodes on PostgreSQL + Redis (R54, R35)', () => {
  let cluster: Cluster | undefined;
  const clients: TestClient[] = [];

  afterEach(async () => {
    for (const client of clients.splice(0)) client.close();
    await cluster?.close();
  });

  it('carries messages both ways between nodes, and a deletion', async () => {
    cluster = await Cluster.start([{}, {}]);
    const [one, two] = [cluster.node(0), cluster.node(1)];
    const host = await signedInUser(one, 'Chủ phòng');
    const viewer = await signedInUser(one, 'Người xem');
    const roomId = await createRoom(one, host);
    const hostClient = await connect(one, { user: host });
    const viewerClient = await connect(two, { user: viewer });
    const guestClient = await connect(two);
    clients.push(hostClient, viewerClient, guestClient);
    for (const client of clients) expect(await client.join(roomId)).toMatchObject({ ok: true });

    expect(await hostClient.request('chat:send', { text: 'Chào từ máy một' })).toMatchObject({
      ok: true,
      message: { seq: 1 },
    });
    expect(await viewerClient.request('chat:send', { text: 'Chào từ máy hai' })).toMatchObject({
      ok: true,
      message: { seq: 2, sender: { name: 'Người xem' } },
    });
    for (const client of clients) {
      await until(() => (arrived(client).length === 2 ? true : undefined), 10_000, 'both messages');
      expect(arrived(client)).toEqual([1, 2]);
    }
    expect(await hostClient.request('chat:delete', { seq: 2 })).toEqual({ ok: true, seq: 2 });
    for (const client of [viewerClient, guestClient]) {
      await until(
        () => (client.events.some((e) => e.event === 'chat:deleted') ? true : undefined),
        10_000,
        'the deletion on node 2',
      );
    }
    const history = await guestClient.request('chat:history', {});
    expect(history.ok && history.messages.map((m) => [m.seq, m.text, m.deleted])).toEqual([
      [1, 'Chào từ máy một', false],
      [2, '', true],
    ]);
  });

  it('gives messages sent on both nodes at once one seq each, and every client all of them', async () => {
    cluster = await Cluster.start([{}, {}]);
    const [one, two] = [cluster.node(0), cluster.node(1)];
    const host = await signedInUser(one, 'Chủ phòng');
    const roomId = await createRoom(one, host);
    const people = await Promise.all(Array.from({ length: 10 }, (_, i) => signedInUser(one, `Người ${i}`)));
    const senders = await Promise.all(people.map((user, i) => connect(i % 2 === 0 ? one : two, { user })));
    const watchers = [await connect(one), await connect(two)];
    clients.push(...senders, ...watchers);
    for (const client of clients) expect(await client.join(roomId)).toMatchObject({ ok: true });

    // 10 people × 4 messages, half on each node, all at once: the nodes race for the same seqs.
    const acks = await Promise.all(
      senders.flatMap((sender, s) => [1, 2, 3, 4].map((n) => sender.request('chat:send', { text: `${s}.${n}` }))),
    );
    const seqs = acks.map((ack) => {
      if (!ack.ok) throw new Error(`refused: ${ack.error.code}`);
      return ack.message.seq;
    });
    expect([...seqs].sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    for (const watcher of watchers) {
      await until(() => (arrived(watcher).length === 40 ? true : undefined), 10_000, 'all 40 messages');
      expect([...arrived(watcher)].sort((a, b) => a - b)).toEqual([...seqs].sort((a, b) => a - b));
    }
    // One sender's messages keep their order: its node sends them one at a time through the room's queue.
    for (let s = 0; s < senders.length; s++) {
      const own = seqs.slice(s * 4, s * 4 + 4);
      expect([...own].sort((a, b) => a - b)).toEqual(own);
    }
    const history = await watchers[0]?.request('chat:history', {});
    expect(history?.ok && history.messages.map((m) => m.seq)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });
});
