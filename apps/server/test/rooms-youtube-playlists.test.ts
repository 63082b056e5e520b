import { PLAYLIST_MAX, type RoomSnapshot } from '@xemchung/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RoomRepository } from '../src/rooms/room-repository.ts';
import {
  type FakeYouTube,
  RECORDED_DATA_API_LIST_ID,
  recordedDataApiVideos,
  startFakeYouTube,
} from './fake-youtube.ts';
import { FIXTURE_LISTS, hugeVideoId, SMALL_LIST_VIDEOS } from './fixture-playlists.ts';
import { DATABASE_KINDS } from './harness.ts';
import { guestBrowser, openTab, TRUST_LOCAL_PROXY } from './moderation-clients.ts';
import { connect, createRoom, signedInUser, youtubeVideo } from './room-clients.ts';
import { suiteServer } from './suite-server.ts';

const CAP = 4;
const TIMEOUT_MS = 800;
const PLAYLIST_ITEMS = '/youtube/v3/playlistItems';
const [RICK, DESPACITO, LAC_TROI] = SMALL_LIST_VIDEOS as [
  (typeof SMALL_LIST_VIDEOS)[0],
  (typeof SMALL_LIST_VIDEOS)[0],
  (typeof SMALL_LIST_VIDEOS)[0],
];

describe.each(DATABASE_KINDS)('YouTube playlists through the Data API on %s (R70–R73)', (kind) => {
  let youtube: FakeYouTube;
  beforeAll(async () => {
    youtube = await startFakeYouTube({ slowMs: 3 * TIMEOUT_MS });
  });
  afterAll(async () => {
    await youtube?.close();
  });
  const server = suiteServer(kind, () => ({
    env: { ...TRUST_LOCAL_PROXY, ...youtube.env, YOUTUBE_TIMEOUT_MS: String(TIMEOUT_MS) },
  }));
  const { track } = server;

  const load = async (roomId: string) => (await new RoomRepository(server.app.db).load(roomId)) as RoomSnapshot;
  const ids = (room: RoomSnapshot | undefined) => room?.playlist.map((video) => video.id) ?? [];
  const reads = () => youtube.count(PLAYLIST_ITEMS);

  /**
   * A room with its host in it, a new host each time (reads are limited per person, R73); with `playing`, a video
   * is selected (so imported videos wait) and the cap is CAP.
   */
  async function room(options: { playing?: boolean } = {}) {
    const host = await signedInUser(server, 'Chủ phòng');
    const roomId = await createRoom(server, host);
    const hostClient = track(await connect(server, { user: host }));
    await hostClient.join(roomId);
    if (options.playing) {
      const first = youtubeVideo('Đang phát');
      await hostClient.request('playlist:add', { video: first });
      await hostClient.request('playlist:select', { id: first.id });
      await hostClient.request('room:settings', { settings: { perPersonCap: CAP } });
    }
    return { roomId, hostClient };
  }

  it('adds the playable videos in order as one commit, one version and one broadcast, skipping private and deleted ones (R71, R72)', async () => {
    const { roomId, hostClient } = await room();
    const follower = track(await openTab(server, guestBrowser('198.51.100.10')));
    await follower.join(roomId);
    const before = (await load(roomId)).version;
    const statesBefore = follower.states.length;

    const ack = await hostClient.request('playlist:addList', { listId: FIXTURE_LISTS.small });
    // The list's repeat of its first video is read once: a list is a set of videos to add.
    expect(ack).toEqual({ ok: true, version: before + 1, added: 3, skipped: 0, limit: null });
    const seen = await follower.waitForVersion(before + 1);
    expect(follower.states.length).toBe(statesBefore + 1);
    expect(seen.playlist.map(({ id, title }) => ({ id, title }))).toEqual([RICK, DESPACITO, LAC_TROI]);
    // The first into an empty playlist is watched (R9); the thumbnail is built from the id, as search's are.
    expect(seen.playlist.map((video) => video.visited)).toEqual([true, false, false]);
    expect(seen.playlist[1]?.thumbnail).toBe(`https://i.ytimg.com/vi/${DESPACITO.id}/mqdefault.jpg`);
    expect(await load(roomId)).toEqual(seen);
  });

  it('reads a recorded Data API answer: its videos in the order recorded, its three private videos skipped (R72)', async () => {
    const { roomId, hostClient } = await room();
    const recorded = recordedDataApiVideos();
    expect(recorded).toHaveLength(10);
    const before = reads();
    const ack = await hostClient.request('playlist:addList', { listId: RECORDED_DATA_API_LIST_ID });
    expect(ack).toMatchObject({ ok: true, added: recorded.length, skipped: 0, limit: null });
    expect((await load(roomId)).playlist.map(({ id, title }) => ({ id, title }))).toEqual(recorded);
    expect(reads() - before).toBe(1);
  });

  it('skips videos already in the playlist and adds the rest after them (R7, R71)', async () => {
    const { roomId, hostClient } = await room();
    const mine = { id: DESPACITO.id, title: 'Đã có', thumbnail: '', source: 'youtube' as const, mediaUrl: null };
    await hostClient.request('playlist:add', { video: mine });
    const ack = await hostClient.request('playlist:addList', { listId: FIXTURE_LISTS.small });
    expect(ack).toMatchObject({ ok: true, added: 2, skipped: 1, limit: null });
    expect(ids(await load(roomId))).toEqual([DESPACITO.id, RICK.id, LAC_TROI.id]);

    const again = await hostClient.request('playlist:addList', { listId: FIXTURE_LISTS.small });
    expect(again).toMatchObject({
      ok: false,
      error: { code: 'duplicate_video', message: 'Video đã có trong playlist' },
    });
  });

  it("adds a 5,000-video list only as far as the viewer's cap, reading one page (R56, R71, R72)", async () => {
    const { roomId } = await room({ playing: true });
    const guest = track(await openTab(server, guestBrowser('198.51.100.20')));
    await guest.join(roomId);
    const readsBefore = reads();
    const ack = await guest.request('playlist:addList', { listId: FIXTURE_LISTS.huge });
    expect(ack).toMatchObject({ ok: true, added: CAP, skipped: 0, limit: 'cap' });
    expect(reads() - readsBefore).toBe(1);
    expect(ids(await load(roomId)).slice(1)).toEqual([0, 1, 2, 3].map(hugeVideoId));

    const version = (await load(roomId)).version;
    const refused = await guest.request('playlist:addList', { listId: FIXTURE_LISTS.small });
    expect(refused).toMatchObject({ ok: false, error: { code: 'cap_reached' } });
    expect((await load(roomId)).version).toBe(version);
  });

  it('fills a playlist to 500 from a 5,000-video list in at most 10 pages, then answers playlist_full without asking YouTube (R8, R72)', async () => {
    const { roomId, hostClient } = await room({ playing: true });
    const readsBefore = reads();
    const ack = await hostClient.request('playlist:addList', { listId: FIXTURE_LISTS.huge });
    expect(ack).toMatchObject({ ok: true, added: PLAYLIST_MAX - 1, skipped: 0, limit: 'playlist' });
    expect(reads() - readsBefore).toBe(10);
    const stored = await load(roomId);
    expect(stored.playlist).toHaveLength(PLAYLIST_MAX);
    expect(stored.playlist.at(-1)?.id).toBe(hugeVideoId(PLAYLIST_MAX - 2));

    const refused = await hostClient.request('playlist:addList', { listId: FIXTURE_LISTS.small });
    expect(refused).toMatchObject({ ok: false, error: { code: 'playlist_full' } });
    expect(reads() - readsBefore).toBe(10);
    expect((await load(roomId)).version).toBe(stored.version);
  });

  it('keeps what was read when a later page fails (R72)', async () => {
    const { roomId, hostClient } = await room({ playing: true });
    const ack = await hostClient.request('playlist:addList', { listId: FIXTURE_LISTS.flaky });
    expect(ack).toMatchObject({ ok: true, added: 50, skipped: 0, limit: null });
    expect((await load(roomId)).playlist).toHaveLength(51);
  });

  it.each([
    ['a private list', FIXTURE_LISTS.private, 'playlist_unavailable'],
    ['a missing list', FIXTURE_LISTS.missing, 'playlist_unavailable'],
    ['an empty list', FIXTURE_LISTS.empty, 'playlist_empty'],
    ['a list of private and deleted videos only', FIXTURE_LISTS.unplayable, 'playlist_empty'],
    ['a list YouTube fails on (500)', FIXTURE_LISTS.broken, 'playlist_lookup_failed'],
    ['a list YouTube answers too late', FIXTURE_LISTS.slow, 'playlist_lookup_failed'],
  ])('refuses %s with a typed error and changes nothing (R72)', async (_label, listId, code) => {
    const { roomId, hostClient } = await room({ playing: true });
    const before = await load(roomId);
    const statesBefore = hostClient.states.length;
    expect(await hostClient.request('playlist:addList', { listId })).toMatchObject({ ok: false, error: { code } });
    expect(await load(roomId)).toEqual(before);
    expect(hostClient.states.length).toBe(statesBefore);
  });

  it('decides concurrent imports on the room as each commits: caps hold and nothing is added twice (R17, R56, R71)', async () => {
    const { roomId, hostClient } = await room({ playing: true });
    const guests = await Promise.all(
      ['198.51.100.31', '198.51.100.32', '198.51.100.33'].map(async (address) => {
        const guest = track(await openTab(server, guestBrowser(address)));
        await guest.join(roomId);
        return guest;
      }),
    );
    const single = youtubeVideo('Một video');
    const [acks, hostAck] = await Promise.all([
      Promise.all(guests.map((guest) => guest.request('playlist:addList', { listId: FIXTURE_LISTS.huge }))),
      hostClient.request('playlist:add', { video: single }),
    ]);
    expect(hostAck).toMatchObject({ ok: true });
    for (const ack of acks) expect(ack).toMatchObject({ ok: true, added: CAP, limit: 'cap' });
    // Each import skipped what the ones committed before it had added: 0, 4 and 8, in some order.
    expect(acks.map((ack) => (ack.ok ? ack.skipped : -1)).sort((a, b) => a - b)).toEqual([0, CAP, 2 * CAP]);
    const versions = [...acks, hostAck].map((ack) => (ack.ok ? ack.version : -1)).sort((a, b) => a - b);
    expect(new Set(versions).size).toBe(4);
    const stored = await load(roomId);
    expect(ids(stored).filter((id) => id.startsWith('hv'))).toEqual(
      Array.from({ length: 3 * CAP }, (_, i) => hugeVideoId(i)),
    );
    expect(new Set(ids(stored)).size).toBe(stored.playlist.length);
    expect(stored.version).toBe(versions.at(-1));
  });

  it('lets a person start 3 reads, then one every 10 s: rate_limited before YouTube is asked (R73)', async () => {
    const { roomId } = await room();
    const guest = track(await openTab(server, guestBrowser('198.51.100.40')));
    await guest.join(roomId);
    const answers = [];
    for (let i = 0; i < 3; i++)
      answers.push(await guest.request('playlist:addList', { listId: FIXTURE_LISTS.missing }));
    for (const answer of answers) expect(answer).toMatchObject({ ok: false, error: { code: 'playlist_unavailable' } });
    const readsBefore = reads();
    expect(await guest.request('playlist:addList', { listId: FIXTURE_LISTS.small })).toMatchObject({
      ok: false,
      error: { code: 'rate_limited' },
    });
    expect(reads()).toBe(readsBefore);
  });

  it('follows the room settings: a guest where only signed-in viewers add is refused before YouTube is asked (R56, R71)', async () => {
    const { roomId, hostClient } = await room();
    await hostClient.request('room:settings', { settings: { addPolicy: 'signedIn' } });
    const guest = track(await openTab(server, guestBrowser('198.51.100.50')));
    await guest.join(roomId);
    const readsBefore = reads();
    expect(await guest.request('playlist:addList', { listId: FIXTURE_LISTS.small })).toMatchObject({
      ok: false,
      error: { code: 'adding_restricted' },
    });
    expect(reads()).toBe(readsBefore);
    const member = track(await connect(server, { user: await signedInUser(server, 'Thành viên') }));
    await member.join(roomId);
    expect(await member.request('playlist:addList', { listId: FIXTURE_LISTS.small })).toMatchObject({ ok: true });
  });
});
