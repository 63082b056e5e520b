import { searchResponseSchema } from '@xemchung/protocol/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_YOUTUBE_KEY, type FakeYouTube, SEARCH_FIXTURE_RESULTS, startFakeYouTube } from './fake-youtube.ts';
import { startServer, type TestServer } from './harness.ts';

// Search touches no database, so these suites run on SQLite only; events.test.ts covers both databases.
const TIMEOUT_MS = 300;
const SEARCH = '/youtube/v3/search';

let fake: FakeYouTube;
let server: TestServer;
let clientIp = 0;

/** Each call comes from its own client IP (the app trusts X-Forwarded-For) unless one is given. */
function search(
  server: TestServer,
  encodedKeyword: string,
  ip = `10.1.${Math.floor(++clientIp / 250)}.${clientIp % 250}`,
) {
  return fetch(`${server.url}/api/search_videos/${encodedKeyword}`, { headers: { 'x-forwarded-for': ip } });
}

beforeAll(async () => {
  fake = await startFakeYouTube({ slowMs: 1500 });
  server = await startServer('sqlite', {
    env: { ...fake.env, YOUTUBE_TIMEOUT_MS: String(TIMEOUT_MS), TRUST_PROXY: 'true' },
  });
});
afterAll(async () => {
  await server.close();
  await fake.close();
});

describe('GET /api/search_videos/:keyword', () => {
  it('returns {id, title, thumbnail} with HTML entities decoded, asking YouTube for embeddable videos', async () => {
    const response = await search(server, 'lac%20troi');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = await response.json();
    expect(body).toEqual(SEARCH_FIXTURE_RESULTS);
    expect(searchResponseSchema.parse(body)).toEqual(body);
    const upstream = fake.requests.find((url) => url.pathname === SEARCH && url.searchParams.get('q') === 'lac troi');
    expect(Object.fromEntries(upstream?.searchParams ?? [])).toEqual({
      part: 'snippet',
      type: 'video',
      videoEmbeddable: 'true',
      maxResults: '10',
      safeSearch: 'moderate',
      q: 'lac troi',
      key: FAKE_YOUTUBE_KEY,
    });
  });

  it('answers the same keyword from the cache: one upstream call, whatever the case and spacing', async () => {
    for (const spelling of ['Son%20Tung', 'son%20tung', '%20%20SON%20%20%20TUNG%20']) {
      expect(await (await search(server, spelling)).json()).toEqual(SEARCH_FIXTURE_RESULTS);
    }
    expect(fake.count(SEARCH, 'Son Tung')).toBe(1);
    expect(fake.count(SEARCH, 'son tung') + fake.count(SEARCH, 'SON TUNG')).toBe(0);
  });

  it('gives concurrent identical searches one upstream call, and does not cache a timeout', async () => {
    const started = Date.now();
    const bodies = await Promise.all(Array.from({ length: 5 }, () => search(server, 'slow').then((r) => r.json())));
    expect(bodies).toEqual(Array.from({ length: 5 }, () => ({ status: 504 })));
    expect(Date.now() - started).toBeLessThan(1400);
    expect(fake.count(SEARCH, 'slow')).toBe(1);
    expect(await (await search(server, 'slow')).json()).toEqual({ status: 504 });
    expect(fake.count(SEARCH, 'slow')).toBe(2);
  });

  it.each([
    ['quota', 403],
    ['missing', 404],
    ['broken', 500],
    ['malformed', 502],
    ['odd-shape', 502],
  ])('answers upstream %s with HTTP 200 {status: %i}, not cached by browsers', async (keyword, status) => {
    const response = await search(server, keyword);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ status });
  });

  it.each([
    ['an encoded slash', 'AC%2FDC', 'AC/DC'],
    ['a raw slash', 'AC/DC/live', 'AC/DC/live'],
    ['a percent sign', '100%25%20hits', '100% hits'],
    ['emoji', encodeURIComponent('nhạc chill 🎵🎧'), 'nhạc chill 🎵🎧'],
    ['a script tag', encodeURIComponent('<script>alert(1)</script>'), '<script>alert(1)</script>'],
    ['quotes and ampersands', encodeURIComponent(`Tom & "Jerry" 'x'`), `Tom & "Jerry" 'x'`],
    ['a question mark', encodeURIComponent('why?'), 'why?'],
    ['200 characters', 'a'.repeat(200), 'a'.repeat(200)],
  ])('searches a keyword with %s, as JSON', async (_label, encoded, sent) => {
    const response = await search(server, encoded);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual(SEARCH_FIXTURE_RESULTS);
    expect(fake.count(SEARCH, sent)).toBe(1);
  });

  it.each([
    ['201 characters', 'b'.repeat(201)],
    ['500 characters of emoji', encodeURIComponent('🎵'.repeat(250))],
    ['only spaces', '%20%20%20'],
    ['nothing', ''],
  ])('refuses a keyword of %s with 400 invalid_keyword and no upstream call', async (_label, encoded) => {
    const before = fake.requests.length;
    const response = await search(server, encoded);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'invalid_keyword', message: expect.any(String) } });
    expect(fake.requests.length).toBe(before);
  });

  it('answers a broken percent escape (a client that forgot to encode %) with a JSON 400 and no upstream call', async () => {
    // Fastify's router rejects the URL before any route runs; frameworkErrors puts it in our error shape.
    const before = fake.requests.length;
    const response = await search(server, '100%');
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toMatchObject({ error: { code: 'bad_url', message: expect.any(String) } });
    expect(fake.requests.length).toBe(before);
  });

  it('limits each client to 30 searches a minute with a 429 JSON error', async () => {
    const ip = '10.200.0.1';
    for (let i = 0; i < 30; i++) expect((await search(server, `limit-${i}`, ip)).status).toBe(200);
    const limited = await search(server, 'limit-30', ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({ error: { code: 'rate_limited' } });
    expect(fake.count(SEARCH, 'limit-30')).toBe(0);
    expect((await search(server, 'limit-30', '10.200.0.2')).status).toBe(200);
  });
});

// Without a YOUTUBE_API_KEY search goes through InnerTube: search-innertube.test.ts.
describe('GET /api/search_videos/:keyword without a usable upstream', () => {
  it('mirrors a rejected key (400) and answers 502 when YouTube cannot be reached', async () => {
    const wrongKey = await startServer('sqlite', { env: { ...fake.env, YOUTUBE_API_KEY: 'not-the-key' } });
    const unreachable = await startServer('sqlite', {
      env: { ...fake.env, YOUTUBE_API_BASE_URL: 'http://127.0.0.1:1/youtube/v3' },
    });
    try {
      expect(await (await search(wrongKey, 'anything')).json()).toEqual({ status: 400 });
      expect(await (await search(unreachable, 'anything')).json()).toEqual({ status: 502 });
    } finally {
      await wrongKey.close();
      await unreachable.close();
    }
  });
});
