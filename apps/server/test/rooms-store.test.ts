import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RoomRepository } from '../src/rooms/room-repository.ts';
import { applyRoomCommand } from '../src/rooms/room-state.ts';
import { RoomBusyError, RoomStore } from '../src/rooms/room-store.ts';
import { DATABASE_KINDS, startServer, type TestServer } from './harness.ts';
import { signedInUser, youtubeVideo } from './room-clients.ts';

describe.each(DATABASE_KINDS)('RoomStore on %s (R17)', (kind) => {
  let server: TestServer;
  let hostUid: string;

  beforeAll(async () => {
    server = await startServer(kind);
    hostUid = (await signedInUser(server, 'Chủ phòng')).uid;
  });

  afterAll(async () => {
    await server?.close();
  });

  const addAll = (store: RoomStore, roomId: string, count: number) =>
    Promise.allSettled(
      Array.from({ length: count }, () => {
        const video = youtubeVideo();
        return store.apply(roomId, (state) =>
          applyRoomCommand(state, { type: 'playlist:add', video }, { uid: null }, Date.now()),
        );
      }),
    );

  it('writes playlist rows and the current video, and bumps the version by one per commit', async () => {
    const repository = new RoomRepository(server.app.db);
    const room = await repository.create(hostUid, 'Phòng');
    const store = new RoomStore(server.app.db);
    const host = { uid: hostUid };
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
      applyRoomCommand(state, { type: 'playlist:clearWatched' }, { uid: 'someone-else' }, 1),
    );
    expect(refused).toMatchObject({ kind: 'refused', error: { code: 'forbidden' }, room: { version: 1 } });
    const empty = await store.apply(room.id, (state) =>
      applyRoomCommand(state, { type: 'playlist:clearWatched' }, { uid: hostUid }, 1),
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

  it('retries lost races until every command commits', async () => {
    const room = await new RoomRepository(server.app.db).create(hostUid, 'Phòng');
    const results = await addAll(new RoomStore(server.app.db), room.id, 5);
    expect(results.every((result) => result.status === 'fulfilled')).toBe(true);
    const stored = await new RoomRepository(server.app.db).load(room.id);
    expect(stored?.version).toBe(6);
    expect(stored?.playlist).toHaveLength(5);
  });
});
