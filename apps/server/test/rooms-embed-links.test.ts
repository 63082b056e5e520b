import { DUPLICATE_VIDEO_MESSAGE } from '@xemchung/protocol';
import { mediaVideoId } from '@xemchung/protocol/media-video-id';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RoomRepository } from '../src/rooms/room-repository.ts';
import { DATABASE_KINDS } from './harness.ts';
import { connect, createRoom, signedInUser, type TestClient, type TestUser } from './room-clients.ts';
import { suiteServer } from './suite-server.ts';

const ITEMS = {
  vimeo: 'https://vimeo.com/76979871/0a1b2c3d4e',
  dailymotion: 'https://www.dailymotion.com/video/x8abc12',
  soundcloud: 'https://soundcloud.com/forss/flickermood',
} as const;

const item = (source: keyof typeof ITEMS, mediaUrl: string = ITEMS[source], id = mediaVideoId(ITEMS[source])) => ({
  id,
  title: `${source} item`,
  thumbnail: '',
  source,
  mediaUrl,
});

const invalid = { ok: false, error: { code: 'invalid_payload', message: expect.any(String) } };

describe.each(DATABASE_KINDS)('Vimeo, Dailymotion and SoundCloud items on %s (R75)', (kind) => {
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

  it('stores each with its source and canonical page URL, as sent in another spelling, and reads them back', async () => {
    for (const [source, spelling] of [
      ['vimeo', 'https://player.vimeo.com/video/76979871?h=0a1b2c3d4e'],
      ['dailymotion', 'https://dai.ly/x8abc12'],
      ['soundcloud', 'https://m.soundcloud.com/Forss/Flickermood?si=x'],
    ] as const) {
      expect(await client.request('playlist:add', { video: item(source, spelling) })).toEqual({
        ok: true,
        version: expect.any(Number),
      });
    }
    expect(await stored()).toEqual(
      (['vimeo', 'dailymotion', 'soundcloud'] as const).map((source, index) => ({
        ...item(source),
        visited: index === 0,
      })),
    );
  });

  it('answers duplicate_video to the same video again, and refuses a page of another site or a made-up id', async () => {
    await client.request('playlist:add', { video: item('vimeo') });
    expect(
      await client.request('playlist:add', { video: item('vimeo', 'https://vimeo.com/76979871?h=0a1b2c3d4e') }),
    ).toEqual({
      ok: false,
      error: { code: 'duplicate_video', message: DUPLICATE_VIDEO_MESSAGE },
    });
    expect(
      await client.raw('playlist:add', { video: item('dailymotion', ITEMS.vimeo, mediaVideoId(ITEMS.vimeo)) }),
    ).toEqual(invalid);
    expect(
      await client.raw('playlist:add', { video: item('soundcloud', ITEMS.soundcloud, 'm_madeUpIdOfTwentyTwo00') }),
    ).toEqual(invalid);
    expect(await client.raw('playlist:add', { video: item('vimeo', 'https://vimeo.com/channels/staffpicks') })).toEqual(
      invalid,
    );
    expect((await stored()).map((video) => video.source)).toEqual(['vimeo']);
  });
});
