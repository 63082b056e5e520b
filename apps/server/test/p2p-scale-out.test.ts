import { afterEach, describe, expect, it } from 'vitest';
import { CLUSTER_SERVICES, Cluster, until } from './cluster.ts';
import { announceArrives, announcesTo, CANDIDATE, drained, ITEM_ID, idOf, OFFER, signalsTo } from './p2p-clients.ts';
import { connect, createRoom, signedInUser, type TestClient } from './room-clients.ts';

describe.runIf(CLUSTER_SERVICES)('own files signalling across two nodes on PostgreSQL + Redis (R113)', () => {
  let cluster: Cluster | undefined;
  const clients: TestClient[] = [];

  afterEach(async () => {
    for (const client of clients.splice(0)) client.close();
    await cluster?.close();
  });

  it('R113: relays a signal to its target on the other node, an announce to the room on both, and nothing to another room', async () => {
    cluster = await Cluster.start([{}, {}]);
    const [one, two] = [cluster.node(0), cluster.node(1)];
    const host = await signedInUser(one, 'Chủ phòng');
    const roomId = await createRoom(one, host);
    const otherRoomId = await createRoom(one, host, 'Phòng khác');
    const inRoom = async (node: typeof one, room: string) => {
      const client = await connect(node);
      clients.push(client);
      expect(await client.join(room)).toMatchObject({ ok: true });
      return client;
    };
    const sharer = await inRoom(one, roomId);
    const neighbour = await inRoom(one, roomId);
    const fetcher = await inRoom(two, roomId);
    const elsewhere = await inRoom(two, otherRoomId);
    const elsewhereMarker = await inRoom(one, otherRoomId);

    expect(await sharer.request('p2p:announce', { itemId: ITEM_ID, has: true })).toEqual({ ok: true });
    const announced = { roomId, from: idOf(sharer), itemId: ITEM_ID, has: true };
    expect(await announceArrives(fetcher, sharer, ITEM_ID)).toEqual(announced);
    expect(await announceArrives(neighbour, sharer, ITEM_ID)).toEqual(announced);

    const offer = { to: idOf(fetcher), itemId: ITEM_ID, description: OFFER };
    expect(await sharer.request('p2p:signal', offer)).toEqual({ ok: true });
    expect(await until(() => signalsTo(fetcher)[0], 10_000, 'the offer on node 2')).toEqual({
      roomId,
      from: idOf(sharer),
      itemId: ITEM_ID,
      description: OFFER,
    });
    const candidate = { to: idOf(sharer), itemId: ITEM_ID, candidate: CANDIDATE };
    expect(await fetcher.request('p2p:signal', candidate)).toEqual({ ok: true });
    expect(await until(() => signalsTo(sharer)[0], 10_000, 'the candidate on node 1')).toEqual({
      roomId,
      from: idOf(fetcher),
      itemId: ITEM_ID,
      candidate: CANDIDATE,
    });

    // Aimed at a socket of another room on the other node: the ack is the same, and nothing arrives.
    const astray = { to: idOf(elsewhere), itemId: ITEM_ID, candidate: CANDIDATE };
    expect(await sharer.request('p2p:signal', astray)).toEqual({ ok: true });
    await drained(elsewhere, elsewhereMarker);
    expect(signalsTo(elsewhere)).toEqual([]);
    expect(announcesTo(elsewhere).filter((event) => event.itemId === ITEM_ID)).toEqual([]);
    await drained(neighbour, sharer);
    expect(signalsTo(neighbour)).toEqual([]);
    await drained(sharer, neighbour);
    expect(announcesTo(sharer).filter((event) => event.from === idOf(sharer))).toEqual([]);
  });
});
