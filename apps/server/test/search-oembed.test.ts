import { mediaVideoId } from '@xemchung/protocol/media-video-id';
import { linkPreviewSchema } from '@xemchung/protocol/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeYouTube, oembedTitle, startFakeYouTube } from './fake-youtube.ts';
import { startServer, type TestServer } from './harness.ts';

// oEmbed touches no database, so this suite runs on SQLite only.
const OEMBED = '/oembed';

let fake: FakeYouTube;
let server: TestServer;
let fakeOrigin: string;

function oembed(link: string | undefined, extraQuery = '') {
  const query = link === undefined ? '' : `url=${encodeURIComponent(link)}`;
  return fetch(`${server.url}/api/oembed?${query}${extraQuery}`);
}

/** The `url` parameters the fake oEmbed endpoint received. */
const upstreamLinks = () =>
  fake.requests.filter((url) => url.pathname === OEMBED).map((url) => url.searchParams.get('url'));

beforeAll(async () => {
  fake = await startFakeYouTube({ slowMs: 1500 });
  fakeOrigin = new URL(fake.env.YOUTUBE_OEMBED_URL as string).origin;
  server = await startServer('sqlite', { env: { ...fake.env, YOUTUBE_TIMEOUT_MS: '300' } });
});
afterAll(async () => {
  await server.close();
  await fake.close();
});

describe('GET /api/oembed: YouTube links', () => {
  const shapes = [
    (id: string) => `https://www.youtube.com/watch?v=${id}`,
    (id: string) => `https://youtube.com/watch?v=${id}&t=42s&list=PL123`,
    (id: string) => `https://m.youtube.com/watch?app=desktop&v=${id}`,
    (id: string) => `https://music.youtube.com/watch?v=${id}&feature=share`,
    (id: string) => `https://youtu.be/${id}?si=abc&t=10`,
    (id: string) => `https://www.youtube.com/shorts/${id}`,
    (id: string) => `https://www.youtube.com/embed/${id}?start=5`,
    (id: string) => `https://www.youtube.com/live/${id}`,
    (id: string) => `https://www.youtube.com/v/${id}`,
    (id: string) => `https://www.youtube-nocookie.com/embed/${id}`,
  ];

  it.each(shapes.map((shape, index) => [shape(`shapeTest${String(index).padStart(2, '0')}`)]))(
    'looks up %s at the fixed endpoint with the canonical watch URL',
    async (link) => {
      const id = new URL(link).searchParams.get('v') ?? new URL(link).pathname.split('/').at(-1);
      const response = await oembed(link);
      expect(response.status).toBe(200);
      const body = await response.json();
      expect(linkPreviewSchema.parse(body)).toEqual({
        id,
        title: oembedTitle(id as string),
        thumbnail: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`,
        source: 'youtube',
        mediaUrl: null,
      });
      const received = fake.requests.filter((url) => url.pathname === OEMBED).at(-1);
      expect(Object.fromEntries(received?.searchParams ?? [])).toEqual({
        url: `https://www.youtube.com/watch?v=${id}`,
        format: 'json',
      });
    },
  );

  it('never forwards the user’s own URL or its parameters', async () => {
    await oembed('https://www.youtube.com/watch?v=forwardTst1&next=http://169.254.169.254/&format=xml');
    expect(upstreamLinks().at(-1)).toBe('https://www.youtube.com/watch?v=forwardTst1');
  });

  it('caches by video id: two shapes of one video, one upstream call', async () => {
    expect((await oembed('https://youtu.be/cachedVid01')).status).toBe(200);
    expect((await oembed('https://www.youtube.com/shorts/cachedVid01')).status).toBe(200);
    expect(upstreamLinks().filter((link) => link?.endsWith('cachedVid01'))).toHaveLength(1);
  });

  it.each([
    ['deleted (404)', 'deletedVid1'],
    ['private (401)', 'privateVid1'],
    ['not embeddable (403)', 'noembedVid1'],
    ['unresolvable (400)', 'badReqVid01'],
  ])('answers a %s video with 404 video_not_found', async (_label, id) => {
    const response = await oembed(`https://www.youtube.com/watch?v=${id}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 'video_not_found', message: expect.any(String) } });
  });

  it.each([
    ['a server error', 'serverErr01', 502, 'upstream_error'],
    ['a body that is not JSON', 'malformed01', 502, 'upstream_error'],
    ['no answer in time', 'slowVideo01', 504, 'upstream_timeout'],
  ])('answers %s with %i %s', async (_label, id, status, code) => {
    const started = Date.now();
    const response = await oembed(`https://youtu.be/${id}`);
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ error: { code } });
    expect(Date.now() - started).toBeLessThan(1400);
  });
});

describe('GET /api/oembed: other input', () => {
  it.each([
    ['another site', 'https://www.twitch.tv/videos/123456'],
    ['a javascript: URL', 'javascript:alert(document.cookie)'],
    ['a javascript: URL dressed as media', 'javascript:alert(1)//x.mp4'],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['a file: URL', 'file:///etc/passwd'],
    ['a YouTube path on a private host', 'http://127.0.0.1/watch?v=dQw4w9WgXcQ'],
    ['a look-alike host', 'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ'],
    ['credentials', 'https://user:pw@www.youtube.com/watch?v=dQw4w9WgXcQ'],
    ['an over-long link', `https://www.youtube.com/watch?v=dQw4w9WgXcQ&pad=${'x'.repeat(3000)}`],
    ['plain words', 'not a link'],
  ])('refuses %s with 400 unsupported_link and calls nobody', async (_label, link) => {
    const before = fake.requests.length;
    const response = await oembed(link);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'unsupported_link', message: expect.any(String) } });
    expect(fake.requests.length).toBe(before);
  });

  it('refuses a missing or repeated url parameter', async () => {
    expect((await oembed(undefined)).status).toBe(400);
    expect((await oembed('https://youtu.be/dQw4w9WgXcQ', '&url=https://youtu.be/dQw4w9WgXcQ')).status).toBe(400);
  });

  it.each([
    ['a public file', 'https://cdn.example.com/films/Phim%20hay.mp4', 'Phim hay'],
    ['a loopback address (the fake itself)', 'FAKE/private/secret-report.mp4', 'secret-report'],
    ['the cloud metadata address', 'http://169.254.169.254/latest/meta-data/credentials.m3u8', 'credentials'],
    ['a private network address', 'http://10.0.0.5:8080/nas/music.mp3', 'music'],
  ])('describes a direct media link to %s from its name alone, fetching nothing', async (_label, raw, title) => {
    const link = raw.replace('FAKE', fakeOrigin);
    const before = fake.requests.length;
    const response = await oembed(link);
    expect(response.status).toBe(200);
    expect(linkPreviewSchema.parse(await response.json())).toEqual({
      id: mediaVideoId(link),
      title,
      thumbnail: '',
      source: 'media',
      mediaUrl: link,
    });
    expect(fake.requests.length).toBe(before);
  });
});
