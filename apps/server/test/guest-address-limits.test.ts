import { randomBytes } from 'node:crypto';
import type { Video } from '@xemchung/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHAT_ADDRESS_RATE } from '../src/chat/chat-handlers.ts';
import { RoomStore } from '../src/rooms/room-store.ts';
import { VOTE_ADDRESS_RATE } from '../src/rooms/vote-handlers.ts';
import { DATABASE_KINDS } from './harness.ts';
import { viewersWhere } from './presence-clients.ts';
import {
  type ConnectOptions,
  connect,
  createRoom,
  signedInUser,
  type TestClient,
  type TestUser,
  youtubeVideo,
} from './room-clients.ts';
import { suiteServer } from './suite-server.ts';

/** A guest cookie no socket has used: what a script makes up for every connection. */
const freshGuest = () => `xc_guest=${randomBytes(16).toString('base64url')}`;

/**
 * Hardening round 3 (#24): a guest's identity is a cookie the client chooses, so the limits that bind a guest bind
 * its address too (R100, R101), and a vote change goes out as a vote change (R102). The server trusts one proxy, so
 * each test names its clients' addresses with X-Forwarded-For.
 */
describe.each(DATABASE_KINDS)('limits that follow a guest’s address on %s', (kind) => {
  const server = suiteServer(kind, { env: { TRUST_PROXY: '1' } });
  let host: TestUser;

  beforeAll(async () => {
    host = await signedInUser(server, 'Chủ phòng');
  });

  async function joined(roomId: string, options: ConnectOptions): Promise<TestClient> {
    const client = await connect(server, options);
    server.track(client);
    expect(await client.join(roomId)).toMatchObject({ ok: true });
    return client;
  }

  /** A room with A B C, A playing, and the host in it. */
  async function playingRoom() {
    const roomId = await createRoom(server, host);
    const hostClient = await joined(roomId, { user: host, forwardedFor: '198.51.100.1' });
    const videos = ['A', 'B', 'C'].map((title) => youtubeVideo(title));
    for (const video of videos) await hostClient.request('playlist:add', { video });
    await hostClient.request('playlist:select', { id: videos[0]?.id ?? '' });
    return { roomId, hostClient, playing: videos[0]?.id ?? '' };
  }

  it('R100: fresh guest cookies from one address share one chat rate; another address and a member there keep theirs', async () => {
    const roomId = await createRoom(server, host);
    const hostClient = await joined(roomId, { user: host, forwardedFor: '198.51.100.1' });
    expect(await hostClient.request('room:settings', { settings: { guestChat: true } })).toMatchObject({ ok: true });
    // 20 sockets, each a new guest from 203.0.113.9, each sending 5: today's per-person rate alone lets all 100 in.
    const acks = [];
    for (let socket = 0; socket < 20; socket++) {
      const guest = await joined(roomId, { cookie: freshGuest(), forwardedFor: '203.0.113.9' });
      for (let message = 0; message < 5; message++)
        acks.push(await guest.request('chat:send', { text: `tin ${socket}.${message}` }));
      guest.close();
    }
    const stored = acks.filter((ack) => ack.ok).length;
    // The address's burst, and what refilled while the test ran (a few seconds at most).
    expect(stored).toBeGreaterThanOrEqual(CHAT_ADDRESS_RATE.capacity);
    expect(stored).toBeLessThan(CHAT_ADDRESS_RATE.capacity + 15);
    expect(acks.find((ack) => !ack.ok)).toMatchObject({ ok: false, error: { code: 'chat_rate_limited' } });
    const rows = await server.app.db.selectFrom('chat_messages').select('seq').where('room_id', '=', roomId).execute();
    expect(rows).toHaveLength(stored);
    // Another address, and a member signed in behind the flooded one, are not held back by it.
    const elsewhere = await joined(roomId, { cookie: freshGuest(), forwardedFor: '192.0.2.10' });
    expect(await elsewhere.request('chat:send', { text: 'xin chào' })).toMatchObject({ ok: true });
    const member = await signedInUser(server, 'Lan');
    const memberClient = await joined(roomId, { user: member, forwardedFor: '203.0.113.9' });
    expect(await memberClient.request('chat:send', { text: 'mình đây' })).toMatchObject({ ok: true });
  });

  it('R101: three guest cookies from one address are one vote and cannot out-vote a host and a member', async () => {
    const { roomId, hostClient, playing } = await playingRoom();
    const member = await signedInUser(server, 'Thành viên');
    await joined(roomId, { user: member, forwardedFor: '198.51.100.2' });
    const guests = [];
    for (let i = 0; i < 3; i++)
      guests.push(await joined(roomId, { cookie: freshGuest(), forwardedFor: '203.0.113.20' }));
    await viewersWhere(hostClient, (viewers) => viewers.size === 5);
    const acks = [];
    for (const guest of guests) acks.push(await guest.request('vote:skip', { id: playing, skip: true }));
    expect(acks[0]).toMatchObject({ ok: true });
    expect(acks.slice(1)).toEqual([
      expect.objectContaining({ ok: false, error: expect.objectContaining({ code: 'address_voted' }) }),
      expect.objectContaining({ ok: false, error: expect.objectContaining({ code: 'address_voted' }) }),
    ]);
    const room = await hostClient.request('room:join', { roomId });
    expect(room.ok && room.room.current_video.id).toBe(playing);
    expect(room.ok && room.room.skipVotes).toHaveLength(1);
    // A guest from another address is a vote of its own: with it, two of five is still not more than half.
    const neighbour = await joined(roomId, { cookie: freshGuest(), forwardedFor: '192.0.2.30' });
    await viewersWhere(hostClient, (viewers) => viewers.size === 6);
    expect(await neighbour.request('vote:skip', { id: playing, skip: true })).toMatchObject({ ok: true });
  });

  it('R100, R102, R108: vote toggles from rotating guests reach a viewer of a 500-item room as votes, well under 100 KB/s', async () => {
    const roomId = await createRoom(server, host);
    // 500 items, written before anyone joins: adding them one by one would take the host's rate for 25 s.
    const videos: Array<Omit<Video, 'visited'>> = Array.from({ length: 500 }, (_, i) => ({
      ...youtubeVideo(`Video số ${i} với một cái tên khá dài như người ta vẫn đặt`),
      thumbnail: `https://i.ytimg.com/vi/${String(i).padStart(11, 'x')}/mqdefault.jpg`,
    }));
    await new RoomStore(server.app.db).apply(roomId, (state) => ({
      state: { ...state, playlist: videos.map((video) => ({ ...video, visited: false })) },
    }));
    const hostClient = await joined(roomId, { user: host, forwardedFor: '198.51.100.1' });
    await hostClient.request('playlist:select', { id: videos[0]?.id ?? '' });
    const viewer = await joined(roomId, {
      user: await signedInUser(server, 'Người xem'),
      forwardedFor: '198.51.100.3',
    });
    expect(JSON.stringify(viewer.joined).length).toBeGreaterThan(100_000);
    // An audience that never votes, so that the guests' votes never pass and skip (a skip is a whole new room).
    for (let i = 0; i < 11; i++) {
      await joined(roomId, { user: await signedInUser(server, `Khán giả ${i}`), forwardedFor: '198.51.100.4' });
    }
    // Ten addresses, each rotating fresh guests that vote and take the vote back as fast as they are let.
    const startedAt = Date.now();
    const receivedBefore = viewer.events.length;
    const votes = await Promise.all(
      Array.from({ length: 10 }, async (_, address) => {
        let accepted = 0;
        for (let round = 0; round < 4; round++) {
          const guest = await joined(roomId, { cookie: freshGuest(), forwardedFor: `203.0.113.${100 + address}` });
          for (let toggle = 0; toggle < 6; toggle++) {
            const ack = await guest.request('vote:skip', { id: videos[0]?.id ?? '', skip: toggle % 2 === 0 });
            if (ack.ok) accepted++;
          }
          guest.close();
        }
        return accepted;
      }),
    );
    const seconds = Math.max(1, (Date.now() - startedAt) / 1000);
    const received = viewer.events.slice(receivedBefore);
    const bytes = received.reduce((sum, { payload }) => sum + JSON.stringify(payload).length, 0);
    // Each address got its burst through (VOTE_ADDRESS_RATE), and more would have been refused.
    const accepted = votes.reduce((sum, count) => sum + count, 0);
    expect(accepted).toBeGreaterThanOrEqual(10 * VOTE_ADDRESS_RATE.capacity);
    expect(received.filter(({ event }) => event === 'room:state')).toEqual([]);
    expect(received.filter(({ event }) => event === 'room:delta').length).toBeGreaterThan(0);
    expect(bytes / seconds).toBeLessThan(100_000);
    // And the viewer's room is the room: the votes applied to its version are the stored votes.
    const stored = await hostClient.request('room:join', { roomId });
    expect(stored.ok && viewer.latest?.version).toBe(stored.ok && stored.room.version);
    expect(viewer.latest?.skipVotes).toEqual(stored.ok ? stored.room.skipVotes : null);
  });
});
