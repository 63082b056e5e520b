import type { RoomSnapshot } from '@xemchung/protocol';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { RoomRepository } from '../src/rooms/room-repository.ts';
import { CLUSTER_SERVICES, Cluster } from './cluster.ts';
import { DATABASE_KINDS, type TestServer } from './harness.ts';
import { connect, createRoom, signedInUser, type TestClient, type TestUser } from './room-clients.ts';
import { suiteServer } from './suite-server.ts';

/** What a case runs against: one server or two nodes, and how to read the committed room. */
export interface Backend {
  nodes: TestServer[];
  load: (roomId: string) => Promise<RoomSnapshot>;
}

/**
 * Runs `cases` on one server of each database kind (`${title} on <kind>`), and on two nodes over PostgreSQL and
 * Redis (`${title} across two nodes`) when those answer. `backend()` is called inside a test, once it is up.
 */
export function onEveryBackend(title: string, cases: (backend: () => Backend) => void): void {
  describe.each(DATABASE_KINDS)(`${title} on %s`, (kind) => {
    const server = suiteServer(kind);
    cases(() => ({
      nodes: [server],
      load: async (roomId) => {
        const room = await new RoomRepository(server.app.db).load(roomId);
        if (!room) throw new Error('no room');
        return room;
      },
    }));
  });

  describe.runIf(CLUSTER_SERVICES)(`${title} across two nodes`, () => {
    let cluster: Cluster | undefined;
    beforeAll(async () => {
      cluster = await Cluster.start([{}, {}]);
    }, 60_000);
    afterAll(async () => {
      await cluster?.close();
    });
    cases(() => {
      const started = cluster;
      if (!started) throw new Error('no cluster');
      return { nodes: started.nodes, load: (roomId) => started.committed(roomId) };
    });
  });
}

/**
 * A room made on `nodes[0]` by a signed-in host ('Chủ phòng'), with a second signed-in person ('Lan') to let in;
 * `join(i, user?)` opens a tab on `nodes[i % nodes.length]` (signed in as `user`, or a guest) in the room, kept in
 * `sockets` for the suite to close.
 */
export async function roomAcross(nodes: TestServer[], sockets: TestClient[]) {
  const node = (index: number) => nodes[index % nodes.length] ?? (nodes[0] as TestServer);
  const hostUser = await signedInUser(node(0), 'Chủ phòng');
  const lanUser = await signedInUser(node(0), 'Lan');
  const roomId = await createRoom(node(0), hostUser);
  const join = async (index: number, user?: TestUser) => {
    const client = await connect(node(index), user ? { user } : {});
    sockets.push(client);
    expect(await client.join(roomId)).toMatchObject({ ok: true });
    return client;
  };
  return { roomId, hostUser, lanUser, join };
}
