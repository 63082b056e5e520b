import { PLAYLIST_MAX, type RoomSnapshot } from '@xemchung/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RoomRepository } from '../src/rooms/room-repository.ts';
import {
  type FakeInnerTube,
  RECORDED_LIST_CONTINUATION_TOKEN,
  RECORDED_LIST_ID,
  recordedListVideos,
  startFakeInnerTube,
} from './fake-innertube.ts';
import { INNERTUBE_PAGE_SIZE } from './fake-innertube-browse.ts';
import { FIXTURE_LISTS, hugeVideoId, SMALL_LIST_VIDEOS } from './fixture-playlists.ts';
import { startServer } from './harness.ts';
import { connect, createRoom, signedInUser, youtubeVideo } from './room-clients.ts';
import { suiteServer } from './suite-server.ts';

// Reading a list touches no database until the commit, which rooms-youtube-playlists.test.ts covers on both: SQLite only.
const TIMEOUT_MS = 800;

describe('YouTube playlists without a key, through InnerTube (R72)', () => {
  let innertube: FakeInnerTube;
  const logLines: string[] = [];

  beforeAll(async () => {
    innertube = await startFakeInnerTube({ slowMs: 3 * TIMEOUT_MS });
  });
  afterAll(async () => {
    await innertube?.close();
  });
  // No YOUTUBE_API_KEY and no SEARCH_PROVIDER: a plain install, which reads lists through InnerTube.
  const server = suiteServer('sqlite', () => ({
    env: {
      INNERTUBE_BASE_URL: innertube.env.INNERTUBE_BASE_URL ?? '',
      YOUTUBE_TIMEOUT_MS: String(TIMEOUT_MS),
      LOG_LEVEL: 'warn',
    },
    logStream: { write: (line) => logLines.push(line) },
  }));

  const load = async (roomId: string) => (await new RoomRepository(server.app.db).load(roomId)) as RoomSnapshot;

  /** A room with a new host in it (reads are limited per person, R73) and a video playing. */
  async function hostInRoom() {
    const host = await signedInUser(server, 'Chủ phòng');
    const roomId = await createRoom(server, host);
    const client = await connect(server, { user: host });
    server.track(client);
    await client.join(roomId);
    const first = youtubeVideo('Đang phát');
    await client.request('playlist:add', { video: first });
    await client.request('playlist:select', { id: first.id });
    return { roomId, client };
  }

  it('reads a list through youtubei.js: playable videos in order, private and deleted ones skipped', async () => {
    const { roomId, client } = await hostInRoom();
    const ack = await client.request('playlist:addList', { listId: FIXTURE_LISTS.small });
    expect(ack).toMatchObject({ ok: true, added: 3, skipped: 0, limit: null });
    const stored = await load(roomId);
    expect(stored.playlist.slice(1).map(({ id, title }) => ({ id, title }))).toEqual(SMALL_LIST_VIDEOS);
    expect(innertube.browses.at(-1)).toEqual({ browseId: `VL${FIXTURE_LISTS.small}` });
    // youtubei.js read every node of the built pages (docs/decisions/024-youtube-playlists.md).
    expect(logLines.filter((line) => line.includes('could not parse a node'))).toEqual([]);
  });

  it('reads a recorded YouTube answer: both pages, the videos added in the order they were recorded', async () => {
    const { roomId, client } = await hostInRoom();
    const before = innertube.browses.length;
    const recorded = recordedListVideos();
    expect(recorded).toHaveLength(5);
    const ack = await client.request('playlist:addList', { listId: RECORDED_LIST_ID });
    expect(ack).toMatchObject({ ok: true, added: recorded.length, skipped: 0, limit: null });
    const stored = await load(roomId);
    expect(stored.playlist.slice(1).map(({ id, title }) => ({ id, title }))).toEqual(recorded);
    // The video list's own continuation was followed, not the section's beside it, and nothing more was asked.
    expect(innertube.browses.slice(before)).toEqual([
      { browseId: `VL${RECORDED_LIST_ID}` },
      { continuation: RECORDED_LIST_CONTINUATION_TOKEN },
    ]);
    expect(logLines.filter((line) => line.includes('could not parse a node'))).toEqual([]);
  });

  it('follows continuations only until the room is full: 5 pages of a 5,000-video list', async () => {
    const { roomId, client } = await hostInRoom();
    const before = innertube.browses.length;
    const ack = await client.request('playlist:addList', { listId: FIXTURE_LISTS.huge });
    expect(ack).toMatchObject({ ok: true, added: PLAYLIST_MAX - 1, limit: 'playlist' });
    const browses = innertube.browses.slice(before);
    expect(browses).toHaveLength(Math.ceil((PLAYLIST_MAX - 1) / INNERTUBE_PAGE_SIZE));
    expect(browses[1]).toEqual({ continuation: `${FIXTURE_LISTS.huge}:${INNERTUBE_PAGE_SIZE}` });
    expect((await load(roomId)).playlist.at(-1)?.id).toBe(hugeVideoId(PLAYLIST_MAX - 2));
  });

  it('keeps what was read when a continuation fails', async () => {
    const { roomId, client } = await hostInRoom();
    const ack = await client.request('playlist:addList', { listId: FIXTURE_LISTS.flaky });
    expect(ack).toMatchObject({ ok: true, added: INNERTUBE_PAGE_SIZE, skipped: 0, limit: null });
    expect((await load(roomId)).playlist).toHaveLength(INNERTUBE_PAGE_SIZE + 1);
  });

  it.each([
    ['a private list (an ERROR alert)', FIXTURE_LISTS.private, 'playlist_unavailable'],
    ['a missing list (an ERROR alert)', FIXTURE_LISTS.missing, 'playlist_unavailable'],
    ['an empty list', FIXTURE_LISTS.empty, 'playlist_empty'],
    ['a list of private and deleted videos only', FIXTURE_LISTS.unplayable, 'playlist_empty'],
    ['a list InnerTube fails on (500)', FIXTURE_LISTS.broken, 'playlist_lookup_failed'],
    ['a list InnerTube answers too late', FIXTURE_LISTS.slow, 'playlist_lookup_failed'],
  ])('refuses %s with a typed error and changes nothing', async (_label, listId, code) => {
    const { roomId, client } = await hostInRoom();
    const before = await load(roomId);
    expect(await client.request('playlist:addList', { listId })).toMatchObject({ ok: false, error: { code } });
    expect(await load(roomId)).toEqual(before);
  });

  it('asks nobody with SEARCH_PROVIDER=none: playlist_lookup_failed', async () => {
    const off = await startServer('sqlite', {
      env: { SEARCH_PROVIDER: 'none', INNERTUBE_BASE_URL: innertube.env.INNERTUBE_BASE_URL ?? '' },
    });
    try {
      const host = await signedInUser(off, 'Chủ phòng');
      const client = await connect(off, { user: host });
      server.track(client);
      await client.join(await createRoom(off, host));
      const before = innertube.browses.length;
      expect(await client.request('playlist:addList', { listId: FIXTURE_LISTS.small })).toMatchObject({
        ok: false,
        error: { code: 'playlist_lookup_failed' },
      });
      expect(innertube.browses.length).toBe(before);
    } finally {
      await off.close();
    }
  });
});
