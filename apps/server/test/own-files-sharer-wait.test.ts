import { beforeAll, describe, expect, it } from 'vitest';
import { RoomRepository } from '../src/rooms/room-repository.ts';
import { disconnection, type GuestBrowser, guestBrowser, openTab, TRUST_LOCAL_PROXY } from './moderation-clients.ts';
import { itemIdOf, itemOf, playing, sharedFile } from './own-file-clients.ts';
import { reportLikeAPage, viewersWhere } from './presence-clients.ts';
import { connect, createRoom, signedInUser, type TestClient, type TestUser, youtubeVideo } from './room-clients.ts';
import { suiteServer } from './suite-server.ts';

/** R120's wait, shortened: long enough that a tab re-joins well within it, short enough for a test. */
const WAIT_MS = 1500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The wait is the server's timers and presence, which no database kind changes: one kind is enough.
describe('the wait for an absent sharer (R120)', () => {
  const server = suiteServer('sqlite', { env: TRUST_LOCAL_PROXY, sharerWaitMs: WAIT_MS });
  const { track } = server;
  let host: TestUser;
  let address = 0;

  beforeAll(async () => {
    host = await signedInUser(server, 'Chủ phòng');
  });

  /** A new room with the host in it. */
  async function room() {
    const roomId = await createRoom(server, host);
    const hostClient = track(await connect(server, { user: host }));
    expect(await hostClient.join(roomId)).toMatchObject({ ok: true });
    return { roomId, hostClient };
  }

  /** A new guest's tab in `roomId`. */
  async function guestIn(roomId: string, browser: GuestBrowser = guestBrowser(`198.51.100.${++address}`)) {
    const client = track(await openTab(server, browser));
    expect(await client.join(roomId)).toMatchObject({ ok: true });
    return { client, browser };
  }

  /** Closes `client` as a browser tab closing would, and waits for the server to drop it. */
  async function leave(client: TestClient) {
    const gone = disconnection(client);
    client.close();
    await gone;
  }

  const storedVersion = async (roomId: string) => (await new RoomRepository(server.app.db).load(roomId))?.version;

  /**
   * A room playing a guest's shared file with a video after it, a second guest watching; `reporting`: the host and
   * the viewer have reported working players (R53), so a start waits for them (R122).
   */
  async function playingSharedFile(fileNumber: number, reporting = false) {
    const { roomId, hostClient } = await room();
    const { client: sharer } = await guestIn(roomId);
    const { client: viewer } = await guestIn(roomId);
    if (reporting) {
      for (const client of [hostClient, viewer]) await reportLikeAPage(client, false);
      await viewersWhere(hostClient, (viewers) => [...viewers.values()].filter((v) => v.report).length === 2);
    }
    const file = sharedFile(fileNumber);
    expect(await sharer.request('playlist:addFile', { file })).toMatchObject({ ok: true });
    const next = youtubeVideo('Tiếp theo');
    await hostClient.request('playlist:add', { video: next });
    await hostClient.request('playlist:select', { id: itemIdOf(file) });
    await playing(viewer, itemIdOf(file));
    return { hostClient, sharer, viewer, file, next };
  }

  it('R120: the sharer of the file playing leaves; after the wait the room moves on, for everyone', async () => {
    const { hostClient, sharer, viewer, file, next } = await playingSharedFile(1);
    await leave(sharer);
    for (const client of [hostClient, viewer]) {
      const moved = await playing(client, next.id);
      expect(moved.current_video).toMatchObject({ index: 1, current_time: 0, playing: true });
      // Only moved on from: the item stays, to play again once its sharer is back.
      expect(itemOf(moved, file)).toMatchObject({ visited: true });
    }
  });

  it('R120, R122: the item the room moves on to waits for the players, as a select does', async () => {
    const { hostClient, sharer, next } = await playingSharedFile(5, true);
    await leave(sharer);
    const moved = await playing(hostClient, next.id);
    const movedAt = Date.now();
    expect(moved.current_video).toMatchObject({ index: 1, current_time: 0, playing: true });
    expect(moved.readyWait).toHaveLength(2);
    expect(moved.current_video.updated_at).toBeGreaterThan(movedAt + 1000);
  });

  it('R120: the sharer re-joins within the wait, and the room stays on their file', async () => {
    const { roomId, hostClient } = await room();
    const { client: sharer, browser } = await guestIn(roomId);
    const file = sharedFile(2);
    await sharer.request('playlist:addFile', { file });
    await hostClient.request('playlist:add', { video: youtubeVideo('Tiếp theo') });
    await hostClient.request('playlist:select', { id: itemIdOf(file) });
    const before = await playing(hostClient, itemIdOf(file));

    const leftAt = Date.now();
    await leave(sharer);
    await guestIn(roomId, browser);
    // Past the end of the wait the leave started (with as much again to spare), the room has not moved.
    await sleep(leftAt + 2 * WAIT_MS - Date.now());
    expect(await hostClient.request('clock:ping', {})).toMatchObject({ ok: true });
    expect(hostClient.latest?.current_video).toEqual(before.current_video);
    expect(await storedVersion(roomId)).toBe(before.version);
  });

  it("R120: a file selected while another's wait runs is moved on from in turn, its sharer away too", async () => {
    const { roomId, hostClient } = await room();
    const { client: first } = await guestIn(roomId);
    const { client: second } = await guestIn(roomId);
    const [a, b] = [sharedFile(3), sharedFile(4)];
    await first.request('playlist:addFile', { file: a });
    await second.request('playlist:addFile', { file: b });
    const next = youtubeVideo('Sau cùng');
    await hostClient.request('playlist:add', { video: next });
    await hostClient.request('playlist:select', { id: itemIdOf(a) });
    await playing(hostClient, itemIdOf(a));

    await leave(second);
    await leave(first);
    // Both sharers are away; the host picks the second file while the first one's wait runs.
    expect(await hostClient.request('playlist:select', { id: itemIdOf(b) })).toMatchObject({ ok: true });
    await playing(hostClient, itemIdOf(b));
    expect((await playing(hostClient, next.id)).current_video.index).toBe(2);
  });

  it('R120: a room nobody is in stands still, even looping over a file whose sharer left', async () => {
    const { roomId, hostClient } = await room();
    const { client: sharer } = await guestIn(roomId);
    const file = sharedFile(5);
    await hostClient.request('room:loop', { mode: 'all' });
    await sharer.request('playlist:addFile', { file });
    await hostClient.request('playlist:select', { id: itemIdOf(file) });
    const before = await playing(hostClient, itemIdOf(file));

    await leave(sharer);
    await leave(hostClient);
    await sleep(3 * WAIT_MS);
    expect(await storedVersion(roomId)).toBe(before.version);

    // Someone comes in: the wait starts again, and the room moves on; round to the same missing file, it stops.
    const { client: viewer } = await guestIn(roomId);
    expect((await playing(viewer, '')).current_video).toMatchObject({ index: -1 });
    expect(itemOf(viewer.latest, file)).toBeDefined();
  });
});
