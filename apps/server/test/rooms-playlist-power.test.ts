import type { RoomSnapshot } from '@xemchung/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { RoomRepository } from '../src/rooms/room-repository.ts';
import { DATABASE_KINDS } from './harness.ts';
import { connect, createRoom, signedInUser, type TestUser, youtubeVideo } from './room-clients.ts';
import { suiteServer } from './suite-server.ts';

const titles = (room: RoomSnapshot | null | undefined) => room?.playlist.map((video) => video.title).join(' ');

describe.each(DATABASE_KINDS)('playlist power on %s (R60–R63)', (kind) => {
  const server = suiteServer(kind);
  let host: TestUser;
  let cohost: TestUser;
  let member: TestUser;

  const { track } = server;

  beforeAll(async () => {
    host = await signedInUser(server, 'Chủ phòng');
    cohost = await signedInUser(server, 'Đồng chủ phòng');
    member = await signedInUser(server, 'Thành viên');
  });

  const load = (roomId: string) => new RoomRepository(server.app.db).load(roomId);

  /** A room with A B C D E, B playing, a co-host, a member and a guest in it. */
  async function room() {
    const roomId = await createRoom(server, host);
    const hostClient = track(await connect(server, { user: host }));
    await hostClient.join(roomId);
    const videos = ['A', 'B', 'C', 'D', 'E'].map((title) => youtubeVideo(title));
    for (const video of videos) await hostClient.request('playlist:add', { video });
    await hostClient.request('playlist:select', { id: videos[1]?.id ?? '' });
    expect(await hostClient.request('cohost:grant', { uid: cohost.uid })).toMatchObject({ ok: true });
    const cohostClient = track(await connect(server, { user: cohost }));
    const memberClient = track(await connect(server, { user: member }));
    const guestClient = track(await connect(server));
    for (const client of [cohostClient, memberClient, guestClient]) await client.join(roomId);
    const id = (title: string) => videos.find((video) => video.title === title)?.id ?? '';
    return { roomId, hostClient, cohostClient, memberClient, guestClient, id };
  }

  it('moves, plays next and shuffles in one commit each, stored and broadcast, the playing item kept', async () => {
    const { roomId, hostClient, cohostClient, guestClient, id } = await room();
    const before = await load(roomId);
    const moved = await hostClient.request('playlist:move', { id: id('E'), toIndex: 0, version: before?.version });
    expect(moved).toEqual({ ok: true, version: (before?.version ?? 0) + 1 });
    const seen = await guestClient.waitForVersion(moved.ok ? moved.version : Infinity);
    expect(titles(seen)).toBe('E A B C D');
    expect(seen.current_video).toMatchObject({ id: id('B'), index: 2 });

    const next = await cohostClient.request('playlist:playNext', { id: id('D') });
    expect(next).toMatchObject({ ok: true });
    expect(titles(await load(roomId))).toBe('E A B D C');

    // Shuffle: A (the first added, R9) and B (playing) are watched and keep their places; E, D and C trade theirs.
    const shuffled = await hostClient.request('playlist:shuffle');
    expect(shuffled).toEqual({ ok: true, version: (next.ok ? next.version : 0) + 1 });
    const stored = await load(roomId);
    expect(stored?.playlist[1]?.id).toBe(id('A'));
    expect(stored?.playlist[2]?.id).toBe(id('B'));
    expect(stored?.current_video).toMatchObject({ id: id('B'), index: 2 });
    expect(stored?.playlist.map((video) => video.title).sort()).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect((await guestClient.waitForVersion(stored?.version ?? Infinity)).playlist).toEqual(stored?.playlist);
  });

  it('refuses unknown ids, an index past the end and an old version, the playlist unchanged', async () => {
    const { roomId, hostClient, id } = await room();
    const before = await load(roomId);
    const unknown = youtubeVideo('Không có').id;
    expect(await hostClient.request('playlist:move', { id: unknown, toIndex: 0 })).toMatchObject({
      ok: false,
      error: { code: 'video_not_found' },
    });
    expect(await hostClient.request('playlist:playNext', { id: unknown })).toMatchObject({
      ok: false,
      error: { code: 'video_not_found' },
    });
    expect(await hostClient.request('playlist:move', { id: id('A'), toIndex: 5 })).toMatchObject({
      ok: false,
      error: { code: 'invalid_index' },
    });
    const old = (before?.version ?? 1) - 1;
    expect(await hostClient.request('playlist:move', { id: id('A'), toIndex: 3, version: old })).toMatchObject({
      ok: false,
      error: { code: 'version_conflict' },
    });
    expect(await hostClient.raw('playlist:move', { id: id('A'), toIndex: -1 })).toMatchObject({
      ok: false,
      error: { code: 'invalid_payload' },
    });
    expect(await hostClient.raw('room:loop', { mode: 'forever' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_payload' },
    });
    expect(await load(roomId)).toEqual(before);
  });

  it('refuses members and guests with forbidden (R2)', async () => {
    const { roomId, memberClient, guestClient, id } = await room();
    const before = await load(roomId);
    for (const client of [memberClient, guestClient]) {
      const refusals = await Promise.all([
        client.request('playlist:move', { id: id('E'), toIndex: 0 }),
        client.request('playlist:playNext', { id: id('E') }),
        client.request('playlist:shuffle'),
        client.request('room:loop', { mode: 'all' }),
      ]);
      for (const refusal of refusals) expect(refusal).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    expect(await load(roomId)).toEqual(before);
  });

  it('stores the loop mode and follows it when an item ends (R63)', async () => {
    const { roomId, hostClient, cohostClient, guestClient, id } = await room();
    const looped = await cohostClient.request('room:loop', { mode: 'one' });
    expect(looped).toMatchObject({ ok: true });
    expect((await guestClient.waitForVersion(looped.ok ? looped.version : Infinity)).loop).toBe('one');
    await hostClient.request('playback:ended', { id: id('B') });
    expect((await load(roomId))?.current_video).toMatchObject({ id: id('B'), index: 1, current_time: 0 });

    await hostClient.request('room:loop', { mode: 'all' });
    await hostClient.request('playlist:select', { id: id('E') });
    await hostClient.request('playback:ended', { id: id('E') });
    const wrapped = await load(roomId);
    expect(wrapped?.loop).toBe('all');
    expect(wrapped?.current_video).toMatchObject({ id: id('A'), index: 0 });
  });
});
