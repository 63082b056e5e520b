import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RoomRepository } from '../src/rooms/room-repository.ts';
import { DATABASE_KINDS } from './harness.ts';
import {
  connect,
  connectRefused,
  createRoom,
  signedInUser,
  type TestClient,
  type TestUser,
  waitFor,
  youtubeVideo,
} from './room-clients.ts';
import { suiteServer } from './suite-server.ts';

const invalid = { ok: false, error: { code: 'invalid_payload', message: expect.any(String) } };

describe.each(DATABASE_KINDS)('room engine bad input on %s', (kind) => {
  const server = suiteServer(kind);
  let host: TestUser;
  let roomId: string;
  let client: TestClient;
  const snapshot = () => new RoomRepository(server.app.db).load(roomId);

  beforeAll(async () => {
    host = await signedInUser(server, 'Chủ phòng');
    roomId = await createRoom(server, host);
  });

  beforeEach(async () => {
    client?.close();
    client = await connect(server, { user: host });
  });

  afterAll(async () => {
    client?.close();
  });

  it('answers commands before room:join with not_joined (R3)', async () => {
    const video = youtubeVideo();
    expect(await client.request('playlist:add', { video })).toMatchObject({ ok: false, error: { code: 'not_joined' } });
    expect(await client.request('playlist:select', { id: video.id })).toMatchObject({ error: { code: 'not_joined' } });
    expect(await client.request('playback:ended', { id: video.id })).toMatchObject({ error: { code: 'not_joined' } });
    expect(await client.request('room:leave', {})).toMatchObject({ error: { code: 'not_joined' } });
    expect(await client.request('clock:ping', {})).toMatchObject({ ok: true });
    expect((await snapshot())?.playlist).toEqual([]);
  });

  it('answers not_joined again after room:leave (R3)', async () => {
    await client.join(roomId);
    expect(await client.request('room:leave', {})).toEqual({ ok: true, roomId });
    const ack = await client.request('playlist:add', { video: youtubeVideo() });
    expect(ack).toMatchObject({ ok: false, error: { code: 'not_joined' } });
  });

  it('answers a room that does not exist with room_not_found and room:notFound (R5)', async () => {
    for (const missing of ['AAAAAAAAAAAAAAAA', '../../etc/passwd', 'x', 'Ø'.repeat(16)]) {
      expect(await client.join(missing)).toEqual({
        ok: false,
        error: { code: 'room_not_found', message: expect.any(String) },
      });
      await waitFor(() =>
        client.events.find((e) => e.event === 'room:notFound' && (e.payload as { roomId: string }).roomId === missing),
      );
    }
    // Not left half-joined: room commands still need a join.
    expect(await client.request('playlist:clearWatched', {})).toMatchObject({ error: { code: 'not_joined' } });
  });

  it.each([
    ['a number as room id', 'room:join', { roomId: 42 }],
    ['an over-long room id', 'room:join', { roomId: 'a'.repeat(65) }],
    ['a numeric video id', 'playlist:select', { id: 5 }],
    ['a video id with a slash', 'playlist:remove', { id: 'a/b' }],
    ['a string position', 'playback:update', { id: 'dQw4w9WgXcQ', playing: true, position: '10', rate: 1 }],
    ['a rate of 100', 'playback:update', { id: 'dQw4w9WgXcQ', playing: true, position: 1, rate: 100 }],
    ['a title of 201 characters', 'playlist:add', { video: { ...youtubeVideo(), title: 'x'.repeat(201) } }],
    ['a title with a NUL', 'playlist:add', { video: { ...youtubeVideo(), title: 'Phim\u0000' } }],
    ['a title with half a surrogate pair', 'playlist:add', { video: { ...youtubeVideo(), title: 'Phim \uD83D' } }],
    ['a javascript: thumbnail', 'playlist:add', { video: { ...youtubeVideo(), thumbnail: 'javascript:alert(1)' } }],
    [
      'a media link with a made-up id',
      'playlist:add',
      { video: { ...youtubeVideo(), source: 'media', mediaUrl: 'https://a.example/x.mp4' } },
    ],
    ['a string instead of an object', 'playlist:clearWatched', 'please'],
    ['an array instead of an object', 'playlist:select', ['dQw4w9WgXcQ']],
    ['null', 'playlist:add', null],
  ])('refuses %s with invalid_payload and stays connected (R21)', async (_label, event, payload) => {
    await client.join(roomId);
    const before = await snapshot();
    expect(await client.raw(event, payload)).toEqual(invalid);
    expect(client.socket.connected).toBe(true);
    expect(await client.request('clock:ping', {})).toMatchObject({ ok: true });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses extra arguments with invalid_payload (R21)', async () => {
    await client.join(roomId);
    expect(await client.raw('clock:ping', {}, 'extra')).toEqual(invalid);
  });

  it('answers unknown events with unknown_command and stays connected (R21)', async () => {
    for (const event of ['room:delete', 'playlist:reorder', 'constructor', '__proto__', 'x'.repeat(5000)]) {
      expect(await client.raw(event, { roomId })).toEqual({
        ok: false,
        error: { code: 'unknown_command', message: expect.any(String) },
      });
    }
    expect(client.socket.connected).toBe(true);
  });

  it('closes the connection on a message over 64 KB without applying it, and lets the client back in (R23)', async () => {
    await client.join(roomId);
    const before = await snapshot();
    const disconnected = new Promise<string>((resolve) => client.socket.once('disconnect', resolve));
    client.socket.emit('playlist:add', { video: { ...youtubeVideo(), title: 'x'.repeat(100_000) } });
    expect(await disconnected).toMatch(/transport (close|error)/);
    expect(await snapshot()).toEqual(before);
    const again = await connect(server, { user: host });
    expect(await again.join(roomId)).toMatchObject({ ok: true });
    again.close();
  });

  it('rate-limits a flood with rate_limited, then serves the socket again (R22)', async () => {
    const acks = (await Promise.all(Array.from({ length: 120 }, () => client.request('clock:ping', {})))) as Array<{
      ok: boolean;
      error?: { code: string };
    }>;
    const limited = acks.filter((ack) => !ack.ok);
    expect(limited.length).toBeGreaterThan(0);
    expect(acks.filter((ack) => ack.ok).length).toBeGreaterThanOrEqual(40);
    expect(new Set(limited.map((ack) => ack.error?.code))).toEqual(new Set(['rate_limited']));
    expect(client.socket.connected).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await client.request('clock:ping', {})).toMatchObject({ ok: true });
  });

  it('refuses stale and replayed intentions without changing anything (R26)', async () => {
    await client.join(roomId);
    const a = youtubeVideo('A');
    const b = youtubeVideo('B');
    await client.request('playlist:add', { video: a });
    await client.request('playlist:add', { video: b });
    await client.request('playlist:select', { id: a.id });
    expect(await client.request('playback:ended', { id: a.id })).toMatchObject({ ok: true });
    const before = await snapshot();
    expect(before?.current_video.id).toBe(b.id);

    // The same messages again, as a flaky network or a second tab would send them, with old versions attached.
    const replays: Array<[string, unknown, string]> = [
      ['playback:ended', { id: a.id, version: 1, baseVersion: 1 }, 'version_conflict'],
      ['playback:update', { id: a.id, playing: true, position: 99, rate: 1, version: 1 }, 'version_conflict'],
      ['playlist:add', { video: a, version: 1 }, 'duplicate_video'],
    ];
    for (const [event, payload, code] of replays) {
      expect(await client.raw(event, payload)).toMatchObject({ ok: false, error: { code } });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a socket from another origin or without one (R24)', async () => {
    expect(await connectRefused(server, { user: host, origin: 'https://evil.example' })).toEqual({
      code: 'forbidden',
      message: 'Origin not allowed',
    });
    expect(await connectRefused(server, { user: host, origin: null })).toMatchObject({ code: 'forbidden' });
  });

  it('refuses another protocol version (R24)', async () => {
    for (const protocol of [0, 2, '1', null]) {
      expect(await connectRefused(server, { protocol })).toMatchObject({ code: 'protocol_mismatch' });
    }
  });

  it('offers no long-polling transport', async () => {
    const response = await fetch(`${server.url}/socket.io/?EIO=4&transport=polling`, {
      headers: { origin: server.url },
    });
    expect(response.status).toBe(400);
  });

  it('tells everyone in a deleted room, and takes them out of it (R25)', async () => {
    const doomedId = await createRoom(server, host, 'Sắp xóa');
    const other = await connect(server);
    try {
      await client.join(doomedId);
      await other.join(doomedId);
      await server.app.db.deleteFrom('rooms').where('id', '=', doomedId).execute();
      expect(await client.request('playlist:add', { video: youtubeVideo() })).toMatchObject({
        ok: false,
        error: { code: 'room_not_found' },
      });
      for (const member of [client, other]) {
        await waitFor(() => member.events.find((e) => e.event === 'room:deleted'));
        expect(member.events.find((e) => e.event === 'room:deleted')?.payload).toEqual({ roomId: doomedId });
      }
      expect(await other.request('playlist:add', { video: youtubeVideo() })).toMatchObject({
        error: { code: 'not_joined' },
      });
    } finally {
      other.close();
    }
  });
});
