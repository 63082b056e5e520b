import type { EmbedSource } from '@xemchung/protocol';
import { mediaVideoId } from '@xemchung/protocol/media-video-id';
import { linkPreviewSchema } from '@xemchung/protocol/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBED_OEMBED_PATHS, embedThumbnail, embedTitle } from './fake-embed-oembed.ts';
import { type FakeYouTube, startFakeYouTube } from './fake-youtube.ts';
import { startServer, type TestServer } from './harness.ts';

// oEmbed touches no database, so this suite runs on SQLite only.
let fake: FakeYouTube;
let server: TestServer;

const oembed = (link: string) => fetch(`${server.url}/api/oembed?url=${encodeURIComponent(link)}`);
/** The `url` parameters `source`'s fake endpoint received. */
const upstreamLinks = (source: EmbedSource) =>
  fake.requests.filter((url) => url.pathname === EMBED_OEMBED_PATHS[source]).map((url) => url.searchParams.get('url'));

beforeAll(async () => {
  fake = await startFakeYouTube({ slowMs: 1500 });
  server = await startServer('sqlite', { env: { ...fake.env, YOUTUBE_TIMEOUT_MS: '300' } });
});
afterAll(async () => {
  await server.close();
  await fake.close();
});

describe('R77 GET /api/oembed: Vimeo, Dailymotion and SoundCloud links', () => {
  it.each([
    ['vimeo', 'https://player.vimeo.com/video/76979871?autoplay=1', 'https://vimeo.com/76979871'],
    ['vimeo', 'https://vimeo.com/76979871/0a1b2c3d4e', 'https://vimeo.com/76979871/0a1b2c3d4e'],
    ['dailymotion', 'https://dai.ly/x8abc12', 'https://www.dailymotion.com/video/x8abc12'],
    ['soundcloud', 'https://m.soundcloud.com/Forss/Flickermood?si=1', 'https://soundcloud.com/forss/flickermood'],
  ] as const)('looks a %s link up at its own endpoint with the canonical page URL: %s', async (source, raw, page) => {
    const response = await oembed(raw);
    expect(response.status).toBe(200);
    expect(linkPreviewSchema.parse(await response.json())).toEqual({
      id: mediaVideoId(page),
      title: embedTitle(source, page),
      thumbnail: embedThumbnail(source, page),
      source,
      mediaUrl: page,
    });
    // The user's own spelling and parameters never leave the server.
    expect(upstreamLinks(source).at(-1)).toBe(page);
  });

  it.each([
    ['vimeo', 'https://vimeo.com/404404404'],
    ['vimeo', 'https://vimeo.com/403403403'],
    ['vimeo', 'https://vimeo.com/401401401'],
    ['dailymotion', 'https://www.dailymotion.com/video/x404gone'],
    ['dailymotion', 'https://www.dailymotion.com/video/x403priv'],
    ['soundcloud', 'https://soundcloud.com/fixture/gone-404'],
    ['soundcloud', 'https://soundcloud.com/fixture/private-403'],
    ['soundcloud', 'https://soundcloud.com/fixture/signin-401'],
  ])('answers 404 video_not_found when %s says the page %s cannot be had', async (_source, page) => {
    const response = await oembed(page);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 'video_not_found' } });
  });

  it('answers 502 upstream_error when the site fails, and asks again next time', async () => {
    const page = 'https://www.dailymotion.com/video/x500err';
    const first = await oembed(page);
    expect(first.status).toBe(502);
    expect(await first.json()).toMatchObject({ error: { code: 'upstream_error' } });
    await oembed(page);
    expect(upstreamLinks('dailymotion').filter((link) => link === page)).toHaveLength(2);
  });

  it('answers 504 upstream_timeout when the site is slower than YOUTUBE_TIMEOUT_MS', async () => {
    const response = await oembed('https://soundcloud.com/fixture/slow-track');
    expect(response.status).toBe(504);
    expect(await response.json()).toMatchObject({ error: { code: 'upstream_timeout' } });
  });

  it('caches by canonical page: two spellings of one Vimeo video, one upstream call', async () => {
    const before = upstreamLinks('vimeo').length;
    expect((await oembed('https://vimeo.com/channels/staffpicks/11223344')).status).toBe(200);
    expect((await oembed('https://player.vimeo.com/video/11223344')).status).toBe(200);
    expect(upstreamLinks('vimeo').length - before).toBe(1);
  });

  it.each([
    'https://vimeo.com/channels/staffpicks',
    'https://soundcloud.com/forss/sets/soulhack',
    'https://www.dailymotion.com/playlist/x6hynp',
    'https://on.soundcloud.com/AbCdEf',
    'https://www.twitch.tv/videos/123456',
  ])('refuses %s as unsupported_link without asking anyone', async (link) => {
    const before = fake.requests.length;
    const response = await oembed(link);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'unsupported_link' } });
    expect(fake.requests.length).toBe(before);
  });
});
