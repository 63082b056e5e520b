import { beforeAll, describe, expect, it } from 'vitest';
import { RoomBusyError } from '../src/db/room-busy-error.ts';
import { RoomRepository } from '../src/rooms/room-repository.ts';
import { applyRoomCommand } from '../src/rooms/room-state.ts';
import { RoomStore } from '../src/rooms/room-store.ts';
import { actor } from './actors.ts';
import { DATABASE_KINDS } from './harness.ts';
import { signedInUser, youtubeVideo } from './room-clients.ts';
import { suiteServer } from './suite-server.ts';

describe.each(DATABASE_KINDS)('RoomStore on %s (R17)', (kind) => {
  const server = suiteServer(kind);
  let hostUid: string;

  beforeAll(async () => {
    hostUid = (await signedInUser(server, 'Chủ phòng')).uid;
  });

  const addAll = (store: RoomStore, roomId: string, count: number) =>
    Promise.allSettled(
      Array.from({ length: count }, () => {
        const video = youtubeVideo();
        return store.apply(roomId, (state) =>
          applyRoomCommand(state, { type: 'playlist:add', video }, actor(null), Date.now()),
        );
      }),
    );

  it('writes playlist rows and the current video, and bumps the version by one per commit', async () => {
    const repository = new RoomRepository(server.app.db);
    const room = await repository.create(hostUid, 'Phòng');
    const store = new RoomStore(server.app.db);
    const host = actor(hostUid);
    const [a, b, c] = [youtubeVideo('a'), youtubeVideo('b'), youtubeVideo('c')];
    for (const video of [a, b, c]) {
      await store.apply(room.id, (state) => applyRoomCommand(state, { type: 'playlist:add', video }, host, 1000));
    }
    await store.apply(room.id, (state) => applyRoomCommand(state, { type: 'playlist:select', id: c.id }, host, 2000));
    const removed = await store.apply(room.id, (state) =>
      applyRoomCommand(state, { type: 'playlist:remove', id: a.id }, host, 3000),
    );
    expect(removed.kind).toBe('committed');
    const stored = await repository.load(room.id);
    expect(stored).toEqual(removed.kind === 'committed' ? removed.room : null);
    expect(stored).toMatchObject({
      version: 6,
      playlist: [
        { id: b.id, visited: false },
        { id: c.id, visited: true },
      ],
      current_video: { id: c.id, index: 1, playing: true, updated_at: 2000 },
    });
  });

  it('commits nothing for a refused or empty command', async () => {
    const room = await new RoomRepository(server.app.db).create(hostUid, 'Phòng');
    const store = new RoomStore(server.app.db);
    const refused = await store.apply(room.id, (state) =>
      applyRoomCommand(state, { type: 'playlist:clearWatched' }, actor('someone-else'), 1),
    );
    expect(refused).toMatchObject({ kind: 'refused', error: { code: 'forbidden' }, room: { version: 1 } });
    const empty = await store.apply(room.id, (state) =>
      applyRoomCommand(state, { type: 'playlist:clearWatched' }, actor(hostUid), 1),
    );
    expect(empty).toMatchObject({ kind: 'unchanged', room: { version: 1 } });
    expect(await store.apply('no-such-room-id!', (state) => ({ state }))).toEqual({ kind: 'not_found' });
  });

  it('detects a concurrent commit by the version and never loses one', async () => {
    const room = await new RoomRepository(server.app.db).create(hostUid, 'Phòng');
    // Open every pooled connection first, so the transactions below really run side by side.
    await Promise.all(Array.from({ length: 8 }, () => server.app.db.selectFrom('rooms').select('id').execute()));
    // No retries: a lost race must surface as RoomBusyError, never as a silently overwritten commit.
    const results = await addAll(new RoomStore(server.app.db, { maxAttempts: 1 }), room.id, 8);
    const committed = results.filter((result) => result.status === 'fulfilled');
    const busy = results.filter((result) => result.status === 'rejected');
    for (const result of busy) expect(result.reason).toBeInstanceOf(RoomBusyError);
    if (kind === 'postgres')
      expect(busy.length).toBeGreaterThan(0); // parallel transactions on a pool
    else expect(busy).toHaveLength(0); // SQLite runs transactions one at a time
    const stored = await new RoomRepository(server.app.db).load(room.id);
    expect(stored?.version).toBe(1 + committed.length);
    expect(stored?.playlist).toHaveLength(committed.length);
  });

  it('commits a playback report without reading, yet never over a commit made elsewhere', async () => {
    const repository = new RoomRepository(server.app.db);
    const room = await repository.create(hostUid, 'Phòng');
    const host = actor(hostUid);
    // Two stores on one database: two server nodes.
    const [nodeA, nodeB] = [new RoomStore(server.app.db), new RoomStore(server.app.db)];
    const [first, second] = [youtubeVideo('a'), youtubeVideo('b')];
    await nodeA.apply(room.id, (state) => applyRoomCommand(state, { type: 'playlist:add', video: first }, host, 1));
    await nodeA.apply(room.id, (state) => applyRoomCommand(state, { type: 'playlist:select', id: first.id }, host, 2));
    const report = (store: RoomStore, position: number) =>
      store.apply(room.id, (state) =>
        applyRoomCommand(
          state,
          { type: 'playback:update', id: first.id, playing: true, position, rate: 1 },
          host,
          position,
        ),
      );
    expect(await report(nodeA, 10)).toMatchObject({ kind: 'committed', room: { version: 4 } });
    await nodeB.apply(room.id, (state) => applyRoomCommand(state, { type: 'playlist:add', video: second }, host, 20));
    // Node A still remembers version 4 with one video: its write must notice version 5 and decide on it.
    const after = await report(nodeA, 30);
    expect(after).toMatchObject({ kind: 'committed', room: { version: 6, current_video: { current_time: 30 } } });
    expect(after.kind === 'committed' ? after.room.playlist.map((video) => video.id) : []).toEqual([
      first.id,
      second.id,
    ]);
    expect(await repository.load(room.id)).toEqual(after.kind === 'committed' ? after.room : null);
    // A refusal is decided on a fresh read: node B removed the video node A remembers as playing.
    await nodeB.apply(room.id, (state) => applyRoomCommand(state, { type: 'playlist:remove', id: first.id }, host, 40));
    expect(await report(nodeA, 50)).toMatchObject({ kind: 'refused', error: { code: 'version_conflict' } });
    expect((await repository.load(room.id))?.version).toBe(7);
  });

  it('reads rooms asked for together in one query, each as its own snapshot, and reads afresh every time', async () => {
    let queries = 0;
    const counted = server.app.db.withPlugin({
      transformQuery: (args) => {
        queries++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const writer = new RoomRepository(server.app.db);
    const [empty, full] = [await writer.create(hostUid, 'Trống'), await writer.create(hostUid, 'Đầy')];
    const store = new RoomStore(server.app.db);
    const host = actor(hostUid);
    const [first, second] = [youtubeVideo('a'), youtubeVideo('b')];
    const videos = [first, second];
    for (const video of videos) {
      await store.apply(full.id, (state) => applyRoomCommand(state, { type: 'playlist:add', video }, host, 1));
    }
    const reader = new RoomRepository(counted);
    const loaded = await Promise.all([full.id, 'no-such-room-id!', empty.id, full.id].map((id) => reader.load(id)));
    expect(queries).toBe(1);
    expect(loaded.map((room) => room?.name ?? null)).toEqual(['Đầy', null, 'Trống', 'Đầy']);
    expect(loaded[0]?.playlist.map((video) => video.id)).toEqual(videos.map((video) => video.id));
    expect(loaded[2]).toMatchObject({ playlist: [], version: 1 });
    await store.apply(empty.id, (state) => applyRoomCommand(state, { type: 'playlist:add', video: first }, host, 2));
    expect(await reader.load(empty.id)).toMatchObject({ version: 2, playlist: [{ id: first.id }] });
    expect(queries).toBe(2);
  });

  it('retries lost races until every command commits', async () => {
    const room = await new RoomRepository(server.app.db).create(hostUid, 'Phòng');
    const results = await addAll(new RoomStore(server.app.db), room.id, 5);
    expect(results.every((result) => result.status === 'fulfilled')).toBe(true);
    const stored = await new RoomRepository(server.app.db).load(room.id);
    expect(stored?.version).toBe(6);
    expect(stored?.playlist).toHaveLength(5);
  });
});
