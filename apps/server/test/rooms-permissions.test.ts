import { COMMAND_TYPES, type CommandType } from '@xemchung/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RoomRepository } from '../src/rooms/room-repository.ts';
import { DATABASE_KINDS, startServer, type TestServer } from './harness.ts';
import { connect, createRoom, signedInUser, type TestClient, type TestUser, youtubeVideo } from './room-clients.ts';

type Role = 'host' | 'member' | 'guest';
/** The list, written out rather than read from the table under test. */
const HOST_ONLY: CommandType[] = [
  'playlist:select',
  'playlist:remove',
  'playlist:clearWatched',
  'playback:update',
  'playback:ended',
];
const ROLES: Role[] = ['host', 'member', 'guest'];

describe.each(DATABASE_KINDS)('room permissions on %s (R1, R2)', (kind) => {
  let server: TestServer;
  let host: TestUser;
  let member: TestUser;
  let roomId: string;
  const clients = {} as Record<Role, TestClient>;

  beforeAll(async () => {
    server = await startServer(kind);
    host = await signedInUser(server, 'Chủ phòng');
    member = await signedInUser(server, 'Thành viên');
    roomId = await createRoom(server, host);
    clients.host = await connect(server, { user: host });
    clients.member = await connect(server, { user: member });
    clients.guest = await connect(server);
    for (const client of Object.values(clients)) expect((await client.join(roomId)).ok).toBe(true);
  });

  afterAll(async () => {
    for (const client of Object.values(clients)) client.close();
    await server?.close();
  });

  /** The committed room, straight from the database. */
  const snapshot = () => new RoomRepository(server.app.db).load(roomId);

  /**
   * Two fresh videos a and b, with a playing, so every host-only command has something to act on. Sent from
   * a second socket of the host, so the sockets under test stay far below the rate limit (R22).
   */
  async function prepare() {
    const a = youtubeVideo('A');
    const b = youtubeVideo('B');
    const setup = await connect(server, { user: host });
    try {
      expect(await setup.join(roomId)).toMatchObject({ ok: true, isHost: true });
      expect(await setup.request('playlist:add', { video: a })).toMatchObject({ ok: true });
      expect(await setup.request('playlist:add', { video: b })).toMatchObject({ ok: true });
      expect(await setup.request('playlist:select', { id: a.id })).toMatchObject({ ok: true });
    } finally {
      setup.close();
    }
    return { a, b };
  }

  const sendAs = async (role: Role, type: CommandType, ids: { a: { id: string }; b: { id: string } }) => {
    const client = clients[role];
    switch (type) {
      case 'room:join':
        return client.request(type, { roomId });
      case 'room:leave': {
        const ack = await client.request(type, {});
        await client.join(roomId);
        return ack;
      }
      case 'clock:ping':
        return client.request(type, {});
      case 'presence:report':
        return client.request(type, { state: 'paused', errorMs: 0, rttMs: 20 });
      case 'playlist:add':
        return client.request(type, { video: youtubeVideo(role) });
      case 'playlist:select':
      case 'playlist:remove':
        return client.request(type, { id: ids.b.id });
      case 'playlist:clearWatched':
        return client.request(type, {});
      case 'playback:update':
        return client.request(type, { id: ids.a.id, playing: false, position: 12, rate: 1.25 });
      case 'playback:ended':
        return client.request(type, { id: ids.a.id });
    }
  };

  const matrix = ROLES.flatMap((role) => COMMAND_TYPES.map((type) => ({ role, type })));

  it.each(matrix)('$role × $type follows the permission table (R2)', async ({ role, type }) => {
    const ids = await prepare();
    const before = await snapshot();
    const ack = await sendAs(role, type, ids);
    const allowed = !HOST_ONLY.includes(type) || role === 'host';
    if (allowed) {
      expect(ack).toMatchObject({ ok: true });
    } else {
      expect(ack).toEqual({ ok: false, error: { code: 'forbidden', message: expect.any(String) } });
      expect(await snapshot()).toEqual(before);
    }
  });

  it('tells each caller who it is and whether it hosts, from the session cookie only (R1, R4)', async () => {
    const asHost = await clients.host.join(roomId);
    const asMember = await clients.member.join(roomId);
    const asGuest = await clients.guest.join(roomId);
    expect(asHost).toMatchObject({ ok: true, isHost: true, me: { uid: host.uid, displayName: 'Chủ phòng' } });
    expect(asMember).toMatchObject({ ok: true, isHost: false, me: { uid: member.uid } });
    expect(asGuest).toMatchObject({ ok: true, isHost: false, me: null });
    expect(asHost.ok && asHost.room).toMatchObject({ id: roomId, host: host.uid, name: 'Phòng thử' });
  });

  it('ignores a forged host claim in the payload (R1)', async () => {
    const { b } = await prepare();
    const before = await snapshot();
    const forged = { roomId, uid: host.uid, host: member.uid, isHost: true, actor: { uid: host.uid } };
    expect(await clients.member.raw('room:join', forged)).toMatchObject({ ok: true, isHost: false });
    const select = { id: b.id, uid: host.uid, host: member.uid, isHost: true, as: 'host' };
    expect(await clients.member.raw('playlist:select', select)).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect(await clients.guest.raw('playlist:clearWatched', { host: host.uid })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect(await snapshot()).toEqual(before);
  });

  it('treats a tampered session cookie as a guest (R1)', async () => {
    const forged = await connect(server, { user: { ...host, cookie: 'xc_session=not-a-real-token' } });
    try {
      expect(await forged.join(roomId)).toMatchObject({ ok: true, isHost: false, me: null });
      const ack = await forged.request('playlist:clearWatched', {});
      expect(ack).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    } finally {
      forged.close();
    }
  });
});
