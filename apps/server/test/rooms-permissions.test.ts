import { type CommandType, userKey } from '@xemchung/protocol';
import { mediaVideoId } from '@xemchung/protocol/media-video-id';
import { COMMAND_TYPES } from '@xemchung/protocol/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatRepository } from '../src/chat/chat-repository.ts';
import { RoomRepository } from '../src/rooms/room-repository.ts';
import { type FakeYouTube, startFakeYouTube } from './fake-youtube.ts';
import { FRESH_LIST_PREFIX } from './fixture-playlists.ts';
import { DATABASE_KINDS, startServer, type TestServer } from './harness.ts';
import { connect, createRoom, signedInUser, type TestClient, type TestUser, youtubeVideo } from './room-clients.ts';

type Role = 'host' | 'cohost' | 'member' | 'guest';
/** The issues' lists (#3, #11), written out rather than read from the table under test. */
const CONTROLLERS_ONLY: CommandType[] = [
  'playlist:select',
  'playlist:remove',
  'playlist:clearWatched',
  'playlist:move',
  'playlist:playNext',
  'playlist:shuffle',
  'room:loop',
  'playback:update',
  'playback:ended',
  'playback:start',
  'chat:delete',
  'subtitle:shift',
  'share:start',
  'call:mute',
];
const HOST_ONLY: CommandType[] = [
  'playlist:clear',
  'cohost:grant',
  'cohost:revoke',
  'room:settings',
  'moderation:kick',
  'moderation:ban',
  'moderation:unban',
  'moderation:bans',
  'moderation:kicks',
  'moderation:unkick',
];
const ROLES: Role[] = ['host', 'cohost', 'member', 'guest'];

/** A direct link, which takes subtitles (R111), kept in the playlist for the subtitle commands. */
const FILM_URL = 'https://media.example/phim.mp4';
const FILM = { id: mediaVideoId(FILM_URL), title: 'Phim', thumbnail: '', source: 'media' as const, mediaUrl: FILM_URL };
const VTT = 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nXin chào\n';

function allowed(role: Role, type: CommandType): boolean {
  if (HOST_ONLY.includes(type)) return role === 'host';
  if (CONTROLLERS_ONLY.includes(type)) return role === 'host' || role === 'cohost';
  // Guests chat only where the host allows it, which by default it does not (R54); and join the call likewise (R127).
  return !GUEST_SETTINGS_REFUSALS[type] || role !== 'guest';
}

/** What a guest is refused with by the room's default settings rather than by the table. */
const GUEST_SETTINGS_REFUSALS: Partial<Record<CommandType, string>> = {
  'chat:send': 'chat_restricted',
  'call:join': 'call_restricted',
  // Not in the call, which the default settings kept them out of.
  'call:update': 'not_in_call',
};

/**
 * What every role is refused with past the table, for lack of a share standing (R129): the SFU commands are anyone's
 * in the room by the table, and each is then checked against the room's share (who may: sfu.test.ts).
 */
const NO_SHARE_REFUSALS: Partial<Record<CommandType, string>> = {
  'sfu:publish': 'not_sharing',
  'sfu:subscribe': 'not_sharing',
  'sfu:answer': 'not_sharing',
};

describe.each(DATABASE_KINDS)('room permissions on %s (R1, R2, R55)', (kind) => {
  let server: TestServer;
  let youtube: FakeYouTube;
  let host: TestUser;
  let member: TestUser;
  /** Someone else, whom grants, kicks and bans name (so the roles under test never change). */
  let bystander: TestUser;
  let perPersonCap = 10;
  let loop: 'off' | 'all' = 'off';
  let shiftMs = 0;
  let roomId: string;
  const clients = {} as Record<Role, TestClient>;

  beforeAll(async () => {
    youtube = await startFakeYouTube();
    server = await startServer(kind, { env: youtube.env });
    host = await signedInUser(server, 'Chủ phòng');
    member = await signedInUser(server, 'Thành viên');
    bystander = await signedInUser(server, 'Người khác');
    const cohost = await signedInUser(server, 'Đồng chủ phòng');
    roomId = await createRoom(server, host);
    clients.host = await connect(server, { user: host });
    clients.cohost = await connect(server, { user: cohost });
    clients.member = await connect(server, { user: member });
    clients.guest = await connect(server);
    for (const client of Object.values(clients)) expect((await client.join(roomId)).ok).toBe(true);
    expect(await clients.host.request('cohost:grant', { uid: cohost.uid })).toMatchObject({ ok: true });
  });

  afterAll(async () => {
    for (const client of Object.values(clients)) client.close();
    await server?.close();
    await youtube?.close();
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
      // The film again after a clear took it away.
      if (!(await snapshot())?.playlist.some((video) => video.id === FILM.id)) {
        expect(await setup.request('playlist:add', { video: FILM })).toMatchObject({ ok: true });
      }
    } finally {
      setup.close();
    }
    return { a, b };
  }

  /** The host empties the queue (R57) from a socket of its own, the playing film staying. */
  async function clearQueue() {
    const setup = await connect(server, { user: host });
    try {
      expect(await setup.join(roomId)).toMatchObject({ ok: true });
      expect(await setup.request('playlist:clear', {})).toMatchObject({ ok: true });
    } finally {
      setup.close();
    }
  }

  /** A subtitle file uploaded to the room, not yet attached (R111). */
  const uploadSubtitle = async () => {
    const response = await fetch(`${server.url}/api/rooms/${roomId}/subtitles`, {
      method: 'POST',
      headers: { origin: server.url, 'content-type': 'application/octet-stream' },
      body: VTT,
    });
    return ((await response.json()) as { id: string }).id;
  };

  let fileCount = 0;
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
      case 'playlist:addList':
        return client.request(type, { listId: `${FRESH_LIST_PREFIX}${role}${Date.now()}` });
      case 'playlist:addFile': {
        // A file never shared before, into a queue the YouTube list above did not fill up to the caller's cap
        // (R56), so the add is judged on who sends it alone (R117).
        if (allowed(role, type)) await clearQueue();
        fileCount++;
        const digest = fileCount.toString(16).padStart(64, '0');
        return client.request(type, {
          file: { name: `Phim ${role}.mp4`, size: 1000 + fileCount, duration: 60, mime: 'video/mp4', digest },
        });
      }
      case 'p2p:announce':
        return client.request(type, { itemId: FILM.id, has: false });
      case 'p2p:signal':
        // To a socket that is not in the room: relayed to nobody, answered ok (R113).
        return client.request(type, {
          to: 'not-a-socket-here',
          itemId: FILM.id,
          candidate: { candidate: '', sdpMid: null, sdpMLineIndex: null },
        });
      case 'playlist:select':
      case 'playlist:remove':
        return client.request(type, { id: ids.b.id });
      case 'playlist:clearWatched':
      case 'playlist:shuffle':
        return client.request(type, {});
      case 'playlist:move':
        return client.request(type, { id: ids.b.id, toIndex: 0 });
      case 'playlist:playNext':
        return client.request(type, { id: ids.b.id });
      case 'room:loop':
        loop = loop === 'all' ? 'off' : 'all';
        return client.request(type, { mode: loop });
      case 'playback:update':
        return client.request(type, { id: ids.a.id, playing: false, position: 12, rate: 1.25 });
      case 'playback:ended':
        return client.request(type, { id: ids.a.id });
      case 'playback:ready':
        // For a start that is not the room's (R122): answered ok, changing nothing, whoever sends it.
        return client.request(type, { id: ids.a.id, startsAt: 1 });
      case 'playback:start':
        return client.request(type, { id: ids.a.id });
      case 'vote:skip':
        // One vote among the four present: stored, not enough to skip (R66).
        return client.request(type, { id: ids.a.id, skip: true });
      case 'chat:send':
        return client.request(type, { text: `Tin nhắn của ${role}` });
      case 'chat:delete': {
        const author = { key: `u:${host.uid}`, uid: host.uid, name: 'Chủ phòng', photoURL: null, guestTag: null };
        const message = await new ChatRepository(server.app.db).append(roomId, author, 'Xoá tôi đi', Date.now());
        return client.request(type, { seq: message?.seq ?? 0 });
      }
      case 'chat:history':
        return client.request(type, {});
      case 'playlist:clear':
      case 'moderation:bans':
      case 'moderation:kicks':
        return client.request(type, {});
      case 'cohost:grant':
      case 'cohost:revoke':
      case 'moderation:ban':
      case 'moderation:unban':
        return client.request(type, { uid: bystander.uid });
      case 'room:settings':
        // Not guestChat: the guest's chat:send must keep meeting the default, closed to guests (R54).
        perPersonCap = perPersonCap === 10 ? 11 : 10;
        return client.request(type, { settings: { perPersonCap } });
      case 'moderation:kick':
      case 'moderation:unkick':
        return client.request(type, { key: userKey(bystander.uid) });
      case 'subtitle:add':
        return client.request(type, { id: FILM.id, fileId: await uploadSubtitle(), label: role });
      case 'subtitle:remove': {
        // Their own track: anyone who may add may take back what they attached (R111).
        const fileId = await uploadSubtitle();
        expect(await client.request('subtitle:add', { id: FILM.id, fileId, label: role })).toMatchObject({ ok: true });
        return client.request(type, { id: FILM.id, fileId });
      }
      case 'subtitle:shift':
        shiftMs = shiftMs === 100 ? 200 : 100;
        return client.request(type, { id: FILM.id, shiftMs });
      case 'share:start': {
        // Stopped again, so the next role's start meets no share standing (R126: one at a time).
        const ack = await client.request(type, {});
        const share = (await new RoomRepository(server.app.db).load(roomId))?.share;
        if (share) expect(await client.request('share:stop', { id: share.id })).toMatchObject({ ok: true });
        return ack;
      }
      case 'call:join':
        return client.request(type, { audio: true, video: false });
      case 'call:leave':
        return client.request(type, {});
      case 'call:update':
        await client.request('call:join', { audio: true, video: false });
        return client.request(type, { video: true });
      case 'call:mute':
        // Their own tab, put in the call first when they may mute (R127).
        if (allowed(role, type)) await client.request('call:join', { audio: true, video: false });
        return client.request(type, { peer: client.socket.id ?? '' });
      case 'share:stop':
        // A share that is not standing: nothing to stop, whoever asks (who may stop one: screen-share.test.ts).
        return client.request(type, { id: 'sh-not-standing' });
      case 'sfu:publish':
      case 'sfu:answer':
        return client.request(type, { id: 'sh-not-standing', sdp: 'v=0\r\n' });
      case 'sfu:subscribe':
        return client.request(type, { id: 'sh-not-standing' });
    }
  };

  const matrix = ROLES.flatMap((role) => COMMAND_TYPES.map((type) => ({ role, type })));

  it.each(matrix)('$role × $type follows the permission table (R2)', async ({ role, type }) => {
    const ids = await prepare();
    const before = await snapshot();
    const ack = await sendAs(role, type, ids);
    const pastTheTable = NO_SHARE_REFUSALS[type];
    if (allowed(role, type) && pastTheTable) {
      expect(ack).toEqual({ ok: false, error: { code: pastTheTable, message: expect.any(String) } });
    } else if (allowed(role, type)) {
      expect(ack).toMatchObject({ ok: true });
    } else {
      // Refused by the room's default settings rather than by the table (R54, R127).
      const code = (role === 'guest' && GUEST_SETTINGS_REFUSALS[type]) || 'forbidden';
      expect(ack).toEqual({ ok: false, error: { code, message: expect.any(String) } });
      expect(await snapshot()).toEqual(before);
    }
  });

  it('tells each caller who it is and whether it hosts, from the session cookie only (R1, R4)', async () => {
    const asHost = await clients.host.join(roomId);
    const asMember = await clients.member.join(roomId);
    const asGuest = await clients.guest.join(roomId);
    expect(asHost).toMatchObject({ ok: true, isHost: true, me: { uid: host.uid, displayName: 'Chủ phòng' } });
    expect(asMember).toMatchObject({ ok: true, isHost: false, me: { uid: member.uid } });
    expect(asGuest).toMatchObject({ ok: true, isHost: false, me: null, personKey: expect.stringMatching(/^g:/) });
    expect(asMember).toMatchObject({ personKey: userKey(member.uid) });
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
