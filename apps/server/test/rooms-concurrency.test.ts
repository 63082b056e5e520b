import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RoomRepository } from '../src/rooms/room-repository.ts';
import { DATABASE_KINDS, startServer, type TestServer } from './harness.ts';
import { guestBrowser, openTab, TRUST_LOCAL_PROXY } from './moderation-clients.ts';
import { connect, createRoom, signedInUser, type TestClient, type TestUser, youtubeVideo } from './room-clients.ts';
import { suiteServer } from './suite-server.ts';

const CLIENTS = 50;

describe.each(DATABASE_KINDS)('concurrent commands on %s (R17, R18)', (kind) => {
  const server = suiteServer(kind, { env: TRUST_LOCAL_PROXY });
  let host: TestUser;

  beforeAll(async () => {
    host = await signedInUser(server, 'Chủ phòng');
  });

  /** CLIENTS sockets in a new room: a few signed-in members, the rest guests, each from an address of its own. */
  async function joinCrowd(): Promise<{ roomId: string; crowd: TestClient[] }> {
    const roomId = await createRoom(server, host);
    const members = await Promise.all(Array.from({ length: 5 }, (_, i) => signedInUser(server, `Bạn ${i}`)));
    const crowd = await Promise.all(
      Array.from({ length: CLIENTS }, (_, i) =>
        i < members.length ? connect(server, { user: members[i] }) : openTab(server, guestBrowser(`198.51.100.${i}`)),
      ),
    );
    for (const client of crowd) server.track(client);
    const joined = await Promise.all(crowd.map((client) => client.join(roomId)));
    expect(joined.every((ack) => ack.ok && ack.room.version === 1)).toBe(true);
    return { roomId, crowd };
  }

  it(`loses and duplicates nothing when ${CLIENTS} clients add at once, and all end on the same version`, async () => {
    const { roomId, crowd } = await joinCrowd();
    const sends = crowd.map((client, i) => ({ client, video: youtubeVideo(`Video ${i}`) }));
    const videos = sends.map(({ video }) => video);
    const acks = await Promise.all(sends.map(({ client, video }) => client.request('playlist:add', { video })));

    // Every add committed as its own version: 2…51, each exactly once.
    const versions = acks.map((ack) => (ack.ok ? ack.version : -1)).sort((a, b) => a - b);
    expect(versions).toEqual(Array.from({ length: CLIENTS }, (_, i) => i + 2));

    const stored = await new RoomRepository(server.app.db).load(roomId);
    expect(stored?.version).toBe(CLIENTS + 1);
    expect(stored?.playlist.map((video) => video.id).sort()).toEqual(videos.map((video) => video.id).sort());

    // Everyone converges on the last version, with the same playlist in the same order.
    const finals = await Promise.all(crowd.map((client) => client.waitForVersion(CLIENTS + 1)));
    for (const final of finals) expect(final).toEqual(stored);
    // Broadcasts reach each client in commit order (R18).
    for (const client of crowd) {
      const seen = client.states.map((room) => room.version);
      expect(seen).toEqual([...seen].sort((a, b) => a - b));
    }
  });

  it(`accepts one of ${CLIENTS} simultaneous adds of the same video and refuses the rest as duplicates (R7)`, async () => {
    const { roomId, crowd } = await joinCrowd();
    const video = youtubeVideo('Cùng một video');
    const acks = await Promise.all(crowd.map((client) => client.request('playlist:add', { video })));
    expect(acks.filter((ack) => ack.ok)).toHaveLength(1);
    const refused = acks.filter((ack) => !ack.ok);
    expect(refused).toHaveLength(CLIENTS - 1);
    for (const ack of refused) {
      expect(ack).toEqual({ ok: false, error: { code: 'duplicate_video', message: 'Video đã có trong playlist' } });
    }
    const stored = await new RoomRepository(server.app.db).load(roomId);
    expect(stored?.playlist).toEqual([{ ...video, visited: true }]);
    expect(stored?.version).toBe(2);
  });
});

describe.runIf(DATABASE_KINDS.includes('postgres'))('two server nodes on one PostgreSQL database (R17)', () => {
  let first: TestServer;
  let second: TestServer;
  const clients: TestClient[] = [];

  beforeAll(async () => {
    first = await startServer('postgres', { env: TRUST_LOCAL_PROXY });
    second = await startServer('postgres', {
      env: TRUST_LOCAL_PROXY,
      reuse: { dataDir: first.dataDir, pgSchema: first.pgSchema },
    });
  });

  afterAll(async () => {
    for (const client of clients) client.close();
    await second?.stop();
    await first?.close();
  });

  it('loses no add when both nodes commit to one room at once (optimistic concurrency, retried)', async () => {
    const host = await signedInUser(first, 'Chủ phòng');
    const roomId = await createRoom(first, host);
    const sockets = await Promise.all(
      Array.from({ length: 40 }, (_, i) => openTab(i % 2 === 0 ? first : second, guestBrowser(`198.51.100.${i}`))),
    );
    clients.push(...sockets);
    await Promise.all(sockets.map((client) => client.join(roomId)));
    const sends = sockets.map((client) => ({ client, video: youtubeVideo() }));
    const videos = sends.map(({ video }) => video);
    const acks = await Promise.all(sends.map(({ client, video }) => client.request('playlist:add', { video })));
    expect(acks.every((ack) => ack.ok)).toBe(true);
    const versions = acks.map((ack) => (ack.ok ? ack.version : -1)).sort((a, b) => a - b);
    expect(versions).toEqual(Array.from({ length: 40 }, (_, i) => i + 2));
    const stored = await new RoomRepository(first.app.db).load(roomId);
    expect(stored?.playlist.map((video) => video.id).sort()).toEqual(videos.map((video) => video.id).sort());
  });

  it('holds the per-person cap when one guest adds from 30 tabs on both nodes at once (R56, R17)', async () => {
    const host = await signedInUser(first, 'Chủ phòng');
    const roomId = await createRoom(first, host);
    const hostClient = await connect(first, { user: host });
    clients.push(hostClient);
    await hostClient.join(roomId);
    const playing = youtubeVideo();
    await hostClient.request('playlist:add', { video: playing });
    await hostClient.request('playlist:select', { id: playing.id });
    await hostClient.request('room:settings', { settings: { perPersonCap: 3 } });
    const guest = guestBrowser('203.0.113.30');
    const tabs = await Promise.all(Array.from({ length: 30 }, (_, i) => openTab(i % 2 === 0 ? first : second, guest)));
    clients.push(...tabs);
    await Promise.all(tabs.map((client) => client.join(roomId)));
    const acks = await Promise.all(tabs.map((client) => client.request('playlist:add', { video: youtubeVideo() })));
    expect(acks.filter((ack) => ack.ok)).toHaveLength(3);
    expect(acks.filter((ack) => !ack.ok).map((ack) => !ack.ok && ack.error.code)).toEqual(
      Array(27).fill('cap_reached'),
    );
    expect((await new RoomRepository(first.app.db).load(roomId))?.playlist).toHaveLength(4);
  });
});
