import { canonicalHttpUrl, DUPLICATE_VIDEO_MESSAGE, parseVideoLink } from '@xemchung/protocol';
import { mediaVideoId } from '@xemchung/protocol/media-video-id';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RoomRepository } from '../src/rooms/room-repository.ts';
import { RoomStore } from '../src/rooms/room-store.ts';
import { DATABASE_KINDS } from './harness.ts';
import { connect, createRoom, signedInUser, type TestClient, type TestUser } from './room-clients.ts';
import { suiteServer } from './suite-server.ts';

const CANONICAL = 'http://cdn.example.com/phim/tap-1.mp4';

/** A direct media item as a client sends it: `mediaUrl` as given, the id of `idOf` (the canonical URL by default). */
function mediaItem(mediaUrl: string, idOf = canonicalHttpUrl(mediaUrl) ?? mediaUrl) {
  return { id: mediaVideoId(idOf), title: 'tap-1', thumbnail: '', source: 'media' as const, mediaUrl };
}

const duplicate = { ok: false, error: { code: 'duplicate_video', message: DUPLICATE_VIDEO_MESSAGE } };
const invalid = { ok: false, error: { code: 'invalid_payload', message: expect.any(String) } };

describe.each(DATABASE_KINDS)('direct media links on %s (R7, R21, R40)', (kind) => {
  const server = suiteServer(kind);
  let host: TestUser;
  let client: TestClient;
  let roomId: string;
  const stored = async () => (await new RoomRepository(server.app.db).load(roomId))?.playlist ?? [];

  beforeAll(async () => {
    host = await signedInUser(server, 'Chủ phòng');
  });

  beforeEach(async () => {
    client?.close();
    roomId = await createRoom(server, host);
    client = await connect(server, { user: host });
    await client.join(roomId);
  });

  afterAll(async () => {
    client?.close();
  });

  it('answers duplicate_video to every other spelling of a link, and stores the canonical one (R40)', async () => {
    expect(await client.request('playlist:add', { video: mediaItem('HTTP://CDN.Example.com/phim/tap-1.mp4') })).toEqual(
      {
        ok: true,
        version: expect.any(Number),
      },
    );
    for (const spelling of [
      CANONICAL,
      'HTTP://cdn.example.com/phim/tap-1.mp4',
      'http://cdn.example.com/./phim/./tap-1.mp4',
      'http://cdn.example.com/phim/tap-1.mp4#t=1',
      'http://cdn.example.com/phim/tap-1.mp4?',
      'http://cdn.example.com:80/phim/tap-1.mp4',
      'http://CDN.example.com:80/phim/x/../tap-1.mp4?#t=30',
    ]) {
      expect(await client.request('playlist:add', { video: mediaItem(spelling) }), spelling).toEqual(duplicate);
      // The id of the spelling itself is not the id of the link: refused before the room is looked at (R21).
      if (spelling !== CANONICAL) {
        expect(await client.raw('playlist:add', { video: mediaItem(spelling, spelling) }), spelling).toEqual(invalid);
      }
    }
    expect(await stored()).toEqual([
      {
        id: mediaVideoId(CANONICAL),
        title: 'tap-1',
        thumbnail: '',
        visited: true,
        source: 'media',
        mediaUrl: CANONICAL,
      },
    ]);
  });

  it('adds what a browser client sends for a pasted link: the parsed canonical URL and its id (R40)', async () => {
    const link = parseVideoLink(' HTTP://cdn.example.com:80/phim/tap-1.mp4?#t=1 ');
    if (link?.kind !== 'media') throw new Error('not a media link');
    const video = {
      id: mediaVideoId(link.url),
      title: link.title,
      thumbnail: '',
      source: 'media' as const,
      mediaUrl: link.url,
    };
    expect(await client.request('playlist:add', { video })).toMatchObject({ ok: true });
    expect(await client.request('playlist:add', { video: mediaItem(CANONICAL) })).toEqual(duplicate);
    expect((await stored()).map((item) => item.mediaUrl)).toEqual([CANONICAL]);
  });

  it('catches a new spelling of an item stored before links were canonical (R40)', async () => {
    // What the old schema let through: any spelling, with the id of that spelling.
    const legacyUrl = 'HTTP://cdn.example.com:80/phim/tap-1.mp4?';
    const legacy = { ...mediaItem(legacyUrl, legacyUrl), visited: true };
    await new RoomStore(server.app.db).apply(roomId, (state) => ({ state: { ...state, playlist: [legacy] } }));
    expect(await client.request('playlist:add', { video: mediaItem(CANONICAL) })).toEqual(duplicate);
    expect(
      await client.request('playlist:add', { video: mediaItem('http://cdn.example.com/phim/tap-1.mp4#x') }),
    ).toEqual(duplicate);
    expect(await stored()).toEqual([legacy]);
  });

  it('stores raw <, > and " percent-encoded, and refuses a link whose host keeps one (R40)', async () => {
    const raw = 'https://cdn.example.com/"><script>alert(1)</script>.mp4?q="<b>"';
    expect(await client.request('playlist:add', { video: mediaItem(raw) })).toMatchObject({ ok: true });
    const [item] = await stored();
    expect(item?.mediaUrl).toBe('https://cdn.example.com/%22%3E%3Cscript%3Ealert(1)%3C/script%3E.mp4?q=%22%3Cb%3E%22');
    expect(item?.mediaUrl).not.toMatch(/[<>"]/);
    expect(await client.raw('playlist:add', { video: mediaItem('https://a"b.example.com/x.mp4') })).toEqual(invalid);
    expect(await stored()).toHaveLength(1);
  });

  it('refuses a media URL that is not a supported link (R40)', async () => {
    for (const url of [
      'https://cdn.example.com/page.html',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://u:p@cdn.example.com/a.mp4',
    ]) {
      expect(await client.raw('playlist:add', { video: mediaItem(url) }), url).toEqual(invalid);
    }
    expect(await stored()).toEqual([]);
  });
});
