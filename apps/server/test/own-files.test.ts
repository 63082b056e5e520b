import { readFileSync } from 'node:fs';
import { userKey } from '@xemchung/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { RoomRepository } from '../src/rooms/room-repository.ts';
import { DATABASE_KINDS } from './harness.ts';
import { type GuestBrowser, guestBrowser, openTab, TRUST_LOCAL_PROXY } from './moderation-clients.ts';
import { itemIdOf, itemOf, playing, roomWhere, sharedFile } from './own-file-clients.ts';
import { connect, createRoom, signedInUser, type TestClient, type TestUser, youtubeVideo } from './room-clients.ts';
import { suiteServer } from './suite-server.ts';

// Own files through real sockets and a real database (R117, R121; R111 on a shared file). R120's wait is in
// own-files-sharer-wait.test.ts, the refusals of bad input in own-files-bad-input.test.ts.
describe.each(DATABASE_KINDS)('own files on %s (R117, R121)', (kind) => {
  const server = suiteServer(kind, { env: TRUST_LOCAL_PROXY });
  const { track } = server;
  let host: TestUser;
  let address = 0;

  beforeAll(async () => {
    host = await signedInUser(server, 'Chủ phòng');
  });

  /** A new room with the host in it, and two guests of their own at addresses of their own. */
  async function room() {
    const roomId = await createRoom(server, host);
    const hostClient = track(await connect(server, { user: host }));
    expect(await hostClient.join(roomId)).toMatchObject({ ok: true });
    const sharerBrowser = guestBrowser(`198.51.100.${++address}`);
    const sharer = await guestIn(roomId, sharerBrowser);
    const viewer = await guestIn(roomId, guestBrowser(`198.51.100.${++address}`));
    return { roomId, hostClient, sharer, viewer, sharerKey: sharerBrowser.key };
  }

  /** A tab of `browser` in `roomId`. */
  async function guestIn(roomId: string, browser: GuestBrowser): Promise<TestClient> {
    const client = track(await openTab(server, browser));
    expect(await client.join(roomId)).toMatchObject({ ok: true });
    return client;
  }

  const stored = async (roomId: string) => (await new RoomRepository(server.app.db).load(roomId))?.playlist ?? [];

  it('R117: a guest shares a file; every viewer gets it with the guest as its sharer, whatever sharer was sent', async () => {
    const { roomId, hostClient, sharer, viewer, sharerKey } = await room();
    const file = sharedFile(1);
    // A forged sharer inside the file and beside it: neither is read (the schema has no such field to take).
    const ack = await sharer.raw('playlist:addFile', { file: { ...file, sharer: userKey(host.uid) }, sharer: 'u:x' });
    expect(ack).toMatchObject({ ok: true });
    const expected = {
      id: itemIdOf(file),
      title: file.name,
      thumbnail: '',
      visited: true,
      source: 'file',
      mediaUrl: null,
      file: { ...file, sharer: sharerKey },
    };
    for (const client of [hostClient, viewer, sharer]) {
      expect(itemOf(await roomWhere(client, (r) => itemOf(r, file) !== undefined, 'the file'), file)).toEqual(expected);
    }
    // A late joiner reads it from the room, and so does a fresh read of the database.
    const late = track(await connect(server));
    const joined = await late.join(roomId);
    expect(joined.ok && itemOf(joined.room, file)).toEqual(expected);
    expect(await stored(roomId)).toEqual([expected]);
  });

  it('R117, R118: the same file shared again, by anyone, is refused as a duplicate and the first sharer stays', async () => {
    const { roomId, hostClient, sharer, sharerKey } = await room();
    expect(await sharer.request('playlist:addFile', { file: sharedFile(2) })).toMatchObject({ ok: true });
    const renamed = { ...sharedFile(2), name: 'Tên khác.mkv', mime: 'video/x-matroska' };
    expect(await hostClient.request('playlist:addFile', { file: renamed })).toMatchObject({
      ok: false,
      error: { code: 'duplicate_video' },
    });
    expect((await stored(roomId)).map((video) => [video.title, video.file?.sharer])).toEqual([
      [sharedFile(2).name, sharerKey],
    ]);
  });

  it("R117, R56: a file follows the room's add policy and counts toward the guest's cap", async () => {
    const { roomId, hostClient, sharer } = await room();
    expect(await hostClient.request('room:settings', { settings: { addPolicy: 'signedIn' } })).toMatchObject({
      ok: true,
    });
    expect(await sharer.request('playlist:addFile', { file: sharedFile(3) })).toMatchObject({
      ok: false,
      error: { code: 'adding_restricted' },
    });
    await hostClient.request('room:settings', { settings: { addPolicy: 'everyone', perPersonCap: 2 } });
    // The first item plays at once (R6) and so is not waiting; a link and a file then fill the cap of two.
    await hostClient.request('playlist:add', { video: youtubeVideo('Đang phát') });
    expect(await sharer.request('playlist:add', { video: youtubeVideo('Của khách') })).toMatchObject({ ok: true });
    expect(await sharer.request('playlist:addFile', { file: sharedFile(4) })).toMatchObject({ ok: true });
    expect(await sharer.request('playlist:addFile', { file: sharedFile(5) })).toMatchObject({
      ok: false,
      error: { code: 'cap_reached' },
    });
    // The host is not capped.
    expect(await hostClient.request('playlist:addFile', { file: sharedFile(5) })).toMatchObject({ ok: true });
    expect((await stored(roomId)).filter((video) => video.source === 'file').map((video) => video.id)).toEqual([
      itemIdOf(sharedFile(4)),
      itemIdOf(sharedFile(5)),
    ]);
  });

  it('R111, R117: subtitles go on a shared file, reach every viewer, and are stored with it', async () => {
    const { roomId, hostClient, sharer, viewer } = await room();
    const file = sharedFile(6);
    await sharer.request('playlist:addFile', { file });
    const vtt = readFileSync(new URL('../../../packages/protocol/fixtures/subtitles/styled.vtt', import.meta.url));
    const upload = await fetch(`${server.url}/api/rooms/${roomId}/subtitles`, {
      method: 'POST',
      headers: {
        origin: server.url,
        'content-type': 'application/octet-stream',
        'x-forwarded-for': `203.0.113.${++address}`,
      },
      body: vtt,
    });
    expect(upload.status).toBe(201);
    const { id: fileId, cues } = (await upload.json()) as { id: string; cues: number };
    const id = itemIdOf(file);
    expect(await sharer.request('subtitle:add', { id, fileId, label: 'Tiếng Việt' })).toMatchObject({ ok: true });
    expect(await hostClient.request('subtitle:shift', { id, shiftMs: -1500 })).toMatchObject({ ok: true });

    const track_ = { id: fileId, label: 'Tiếng Việt', cues, by: expect.any(String) };
    const told = await roomWhere(viewer, (r) => itemOf(r, file)?.subtitleShiftMs === -1500, 'the shifted subtitles');
    expect(itemOf(told, file)).toMatchObject({ subtitles: [track_], subtitleShiftMs: -1500, file: { ...file } });
    expect(await stored(roomId)).toEqual([itemOf(told, file)]);
  });

  it("R121: the host kicks a sharer: their files leave everyone's playlist, the room moves on from the one playing", async () => {
    const { roomId, hostClient, sharer, viewer, sharerKey } = await room();
    const [first, second, others] = [sharedFile(7), sharedFile(8), sharedFile(9)];
    await sharer.request('playlist:addFile', { file: first });
    await sharer.request('playlist:addFile', { file: second });
    const link = youtubeVideo('Của người xem');
    await viewer.request('playlist:add', { video: link });
    await viewer.request('playlist:addFile', { file: others });
    await hostClient.request('playlist:select', { id: itemIdOf(first) });
    const kickedAt = (await playing(viewer, itemIdOf(first))).version;

    expect(await hostClient.request('moderation:kick', { key: sharerKey })).toMatchObject({ ok: true });
    for (const client of [hostClient, viewer]) {
      const after = await roomWhere(client, (r) => r.version > kickedAt && !itemOf(r, first), 'the files gone');
      expect(after.playlist.map((video) => video.id)).toEqual([link.id, itemIdOf(others)]);
      expect(after.current_video).toMatchObject({ id: link.id, index: 0, current_time: 0 });
    }
    expect((await stored(roomId)).map((video) => video.id)).toEqual([link.id, itemIdOf(others)]);
  });

  it('R121: a banned signed-in sharer takes their files out too; nobody else’s go', async () => {
    const { roomId, hostClient, viewer } = await room();
    const member = await signedInUser(server, 'Thành viên');
    const memberClient = track(await connect(server, { user: member }));
    await memberClient.join(roomId);
    await viewer.request('playlist:addFile', { file: sharedFile(10) });
    await memberClient.request('playlist:addFile', { file: sharedFile(11) });
    const bannedAt = (await roomWhere(viewer, (r) => r.playlist.length === 2, 'both files')).version;
    expect(await hostClient.request('moderation:ban', { uid: member.uid })).toMatchObject({ ok: true });
    const after = await roomWhere(viewer, (r) => r.version > bannedAt && r.playlist.length === 1, 'the file gone');
    expect(after.playlist.map((video) => video.id)).toEqual([itemIdOf(sharedFile(10))]);
    expect((await stored(roomId)).map((video) => video.id)).toEqual([itemIdOf(sharedFile(10))]);
  });
});
