import type { RoomSnapshot } from '@xemchung/protocol';
import { afterAll, beforeAll, describe } from 'vitest';
import { RoomRepository } from '../src/rooms/room-repository.ts';
import { CLUSTER_SERVICES, Cluster } from './cluster.ts';
import { DATABASE_KINDS, type TestServer } from './harness.ts';
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
