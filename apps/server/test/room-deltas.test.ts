import { isDeepStrictEqual } from 'node:util';
import type { RoomSnapshot } from '@xemchung/protocol';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RoomRepository } from '../src/rooms/room-repository.ts';
import { CLUSTER_SERVICES, Cluster, RoomView, until } from './cluster.ts';
import { DATABASE_KINDS } from './harness.ts';
import { connect, createRoom, signedInUser, type TestClient, type TestUser, youtubeVideo } from './room-clients.ts';
import { suiteServer } from './suite-server.ts';

/** What a controller may do to a room, by index into the videos added so far (any index: some are refused). */
const commandArb = fc.oneof(
  fc.record({ kind: fc.constant('add' as const) }),
  fc.record({ kind: fc.constant('select' as const), pick: fc.nat(20) }),
  fc.record({ kind: fc.constant('remove' as const), pick: fc.nat(20) }),
  fc.record({ kind: fc.constant('move' as const), pick: fc.nat(20), to: fc.nat(20) }),
  fc.record({ kind: fc.constant('playNext' as const), pick: fc.nat(20) }),
  fc.record({ kind: fc.constant('shuffle' as const) }),
  fc.record({ kind: fc.constant('clearWatched' as const) }),
  fc.record({ kind: fc.constant('pause' as const), at: fc.double({ min: 0, max: 600, noNaN: true }) }),
  fc.record({
    kind: fc.constant('loop' as const),
    mode: fc.constantFrom('off' as const, 'one' as const, 'all' as const),
  }),
  fc.record({ kind: fc.constant('ended' as const) }),
);
type Command = typeof commandArb extends fc.Arbitrary<infer T> ? T : never;

/** Sends `command` as `client` would, against the room as `view` last saw it. */
function send(client: TestClient, command: Command, room: RoomSnapshot | undefined) {
  const ids = room?.playlist.map((video) => video.id) ?? [];
  const id = (pick: number) => ids[pick % Math.max(1, ids.length)] ?? 'missing0000';
  const current = room?.current_video.id ?? '';
  switch (command.kind) {
    case 'add':
      return client.request('playlist:add', { video: youtubeVideo('Thêm') });
    case 'select':
      return client.request('playlist:select', { id: id(command.pick) });
    case 'remove':
      return client.request('playlist:remove', { id: id(command.pick) });
    case 'move':
      return client.request('playlist:move', { id: id(command.pick), toIndex: command.to % Math.max(1, ids.length) });
    case 'playNext':
      return client.request('playlist:playNext', { id: id(command.pick) });
    case 'shuffle':
      return client.request('playlist:shuffle', {});
    case 'clearWatched':
      return client.request('playlist:clearWatched', {});
    case 'pause':
      return client.request('playback:update', { id: current, playing: false, position: command.at, rate: 1 });
    case 'loop':
      return client.request('room:loop', { mode: command.mode });
    case 'ended':
      return client.request('playback:ended', { id: current });
  }
}

/**
 * R108: under any interleaving of commands from two controllers, every viewer that follows the deltas ends on the
 * room as stored, and so does one dropped at any point that joins again.
 */
async function deltasConverge(options: {
  controllers: [TestClient, TestClient];
  viewers: RoomView[];
  /** A viewer whose connection drops mid-way and who joins again (a fresh socket). */
  dropped: () => Promise<RoomView>;
  roomId: string;
  stored: () => Promise<RoomSnapshot | null>;
  commands: Array<[0 | 1, Command]>;
  dropAt: number;
}) {
  const { controllers, viewers, roomId } = options;
  const [first] = viewers;
  let late: RoomView | undefined;
  let droppedView: RoomView | undefined = await options.dropped();
  // Both controllers send at once, in pairs, so their commits interleave as two people's would.
  for (let index = 0; index < options.commands.length; index += 2) {
    if (index >= options.dropAt && droppedView) {
      droppedView.client.close();
      droppedView = undefined;
      late = await options.dropped();
    }
    const pair = options.commands.slice(index, index + 2);
    await Promise.all(pair.map(([who, command]) => send(controllers[who], command, first?.current)));
  }
  const stored = await options.stored();
  if (!stored) throw new Error(`room ${roomId} is gone`);
  for (const view of [...viewers, ...(late ? [late] : [])]) {
    await until(
      () => (isDeepStrictEqual(view.current, stored) ? true : undefined),
      10_000,
      `a viewer on ${stored.version}`,
    );
  }
  return stored;
}

const commandsArb = fc.array(fc.tuple(fc.constantFrom(0 as const, 1 as const), commandArb), {
  minLength: 4,
  maxLength: 24,
});

describe.each(DATABASE_KINDS)('room deltas on %s (R108)', (kind) => {
  const server = suiteServer(kind);
  let host: TestUser;
  let cohost: TestUser;
  const sockets: TestClient[] = [];
  const track = (client: TestClient) => {
    sockets.push(client);
    return client;
  };

  beforeAll(async () => {
    host = await signedInUser(server, 'Chủ phòng');
    cohost = await signedInUser(server, 'Đồng chủ phòng');
  });

  afterAll(async () => {
    for (const client of sockets.splice(0)) client.close();
  });

  it('R108: any commands from two controllers reach every viewer as deltas that end on the stored room', async () => {
    await fc.assert(
      fc.asyncProperty(commandsArb, fc.nat(24), async (commands, dropAt) => {
        const roomId = await createRoom(server, host);
        const hostClient = track(await connect(server, { user: host }));
        await hostClient.join(roomId);
        await hostClient.request('cohost:grant', { uid: cohost.uid });
        const cohostClient = track(await connect(server, { user: cohost }));
        await cohostClient.join(roomId);
        for (const title of ['A', 'B', 'C']) await hostClient.request('playlist:add', { video: youtubeVideo(title) });
        const viewers = [new RoomView(hostClient, roomId), new RoomView(track(await connect(server)), roomId)];
        let joinedAt = 0;
        for (const view of viewers) joinedAt = (await view.join()).version;
        const dropped = async () => {
          const view = new RoomView(track(await connect(server)), roomId);
          await view.join();
          return view;
        };
        const stored = await deltasConverge({
          controllers: [hostClient, cohostClient],
          viewers,
          dropped,
          roomId,
          stored: () => new RoomRepository(server.app.db).load(roomId),
          commands,
          dropAt,
        });
        // Every commit after the viewers joined reached them as a delta or a room, up to the stored version. (All
        // the commands may be refused — an 'ended' with nothing to end — and then nothing is sent.)
        if (stored.version > joinedAt) expect(viewers[1]?.received.at(-1)).toBe(stored.version);
        else expect(viewers[1]?.received).toEqual([]);
        for (const client of sockets.splice(0)) client.close();
      }),
      { numRuns: 8 },
    );
  }, 120_000);
});

describe.runIf(CLUSTER_SERVICES)('room deltas across two nodes (R108)', () => {
  it('R108: commands from controllers on two nodes reach viewers on both as deltas that end on the stored room', async () => {
    const cluster = await Cluster.start([{}, {}]);
    const sockets: TestClient[] = [];
    try {
      const [one, two] = [cluster.node(0), cluster.node(1)];
      const host = await signedInUser(one, 'Chủ phòng');
      const cohost = await signedInUser(one, 'Đồng chủ phòng');
      await fc.assert(
        fc.asyncProperty(commandsArb, fc.nat(24), async (commands, dropAt) => {
          const roomId = await createRoom(one, host);
          const hostClient = await connect(one, { user: host });
          sockets.push(hostClient);
          await hostClient.join(roomId);
          await hostClient.request('cohost:grant', { uid: cohost.uid });
          const cohostClient = await connect(two, { user: cohost });
          sockets.push(cohostClient);
          await cohostClient.join(roomId);
          for (const title of ['A', 'B', 'C']) await hostClient.request('playlist:add', { video: youtubeVideo(title) });
          const onOne = await connect(one);
          const onTwo = await connect(two);
          sockets.push(onOne, onTwo);
          const viewers = [new RoomView(onOne, roomId), new RoomView(onTwo, roomId)];
          for (const view of viewers) await view.join();
          let flip = 0;
          const dropped = async () => {
            const client = await connect(flip++ % 2 === 0 ? one : two);
            sockets.push(client);
            const view = new RoomView(client, roomId);
            await view.join();
            return view;
          };
          await deltasConverge({
            controllers: [hostClient, cohostClient],
            viewers,
            dropped,
            roomId,
            stored: () => cluster.committed(roomId),
            commands,
            dropAt,
          });
          for (const client of sockets.splice(0)) client.close();
        }),
        { numRuns: 5 },
      );
    } finally {
      for (const client of sockets.splice(0)) client.close();
      await cluster.close();
    }
  }, 180_000);
});
