import { searchResponseSchema } from '@xemchung/protocol/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeInnerTube, INNERTUBE_FIXTURE_RESULTS, startFakeInnerTube } from './fake-innertube.ts';
import { type FakeYouTube, startFakeYouTube } from './fake-youtube.ts';
import { startServer, type TestServer } from './harness.ts';

// Search touches no database, so these suites run on SQLite only, as search.test.ts does.
const TIMEOUT_MS = 400;
const METRICS_TOKEN = 'metrics-token-for-search-tests-0123';

let innertube: FakeInnerTube;
let youtube: FakeYouTube;
let server: TestServer;
const logLines: string[] = [];
let clientIp = 0;

/** Each call comes from its own client IP (the app trusts X-Forwarded-For), so the rate limit stays out of the way. */
function search(target: TestServer, encodedKeyword: string) {
  const ip = `10.2.${Math.floor(++clientIp / 250)}.${clientIp % 250}`;
  return fetch(`${target.url}/api/search_videos/${encodedKeyword}`, { headers: { 'x-forwarded-for': ip } });
}

/** Upstream searches counted by xemchung_search_upstream_total for these labels. */
async function upstreamCount(target: TestServer, provider: string, outcome: string): Promise<number> {
  const text = await (
    await fetch(`${target.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  const line = text
    .split('\n')
    .find((entry) => entry.startsWith(`xemchung_search_upstream_total{provider="${provider}",outcome="${outcome}"}`));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

/** Servers started with the fakes, no YOUTUBE_API_KEY unless `env` sets one; closed after the suite. */
const extraServers: TestServer[] = [];
async function startWith(env: Record<string, string>): Promise<TestServer> {
  const started = await startServer('sqlite', {
    env: { YOUTUBE_OEMBED_URL: youtube.env.YOUTUBE_OEMBED_URL ?? '', METRICS_TOKEN, TRUST_PROXY: 'true', ...env },
  });
  extraServers.push(started);
  return started;
}

beforeAll(async () => {
  innertube = await startFakeInnerTube({ slowMs: 1500 });
  youtube = await startFakeYouTube();
  // No SEARCH_PROVIDER and no YOUTUBE_API_KEY: the default a plain install gets.
  server = await startServer('sqlite', {
    env: {
      INNERTUBE_BASE_URL: innertube.env.INNERTUBE_BASE_URL ?? '',
      YOUTUBE_TIMEOUT_MS: String(TIMEOUT_MS),
      TRUST_PROXY: 'true',
      METRICS_TOKEN,
      LOG_LEVEL: 'warn',
    },
    logStream: { write: (line) => logLines.push(line) },
  });
});
afterAll(async () => {
  await server.close();
  for (const extra of extraServers) await extra.close();
  await innertube.close();
  await youtube.close();
});

describe('GET /api/search_videos/:keyword without a YOUTUBE_API_KEY (InnerTube)', () => {
  it('maps the recorded InnerTube page to {id, title, thumbnail}: its videos in order, not its Shorts shelf', async () => {
    const response = await search(server, 'lac%20troi');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, max-age=600');
    const body = await response.json();
    expect(body).toEqual(INNERTUBE_FIXTURE_RESULTS);
    expect(searchResponseSchema.parse(body)).toEqual(body);
    // What youtubei.js sent: the keyword, a video-only filter and a WEB client context, to our fake only.
    const sent = innertube.requests.find((request) => request.body.query === 'lac troi');
    expect(sent?.body.params).toEqual(expect.any(String));
    expect(sent?.body.context?.client).toMatchObject({ clientName: 'WEB', hl: 'vi', gl: 'VN' });
    expect(youtube.requests.length).toBe(0);
    // youtubei.js 18.1.0 reads every node of the recording: nothing logged about InnerTube.
    expect(logLines.filter((line) => line.includes('InnerTube'))).toEqual([]);
  });

  it('answers an empty list when YouTube finds nothing', async () => {
    const response = await search(server, 'nothing-found');
    expect(await response.json()).toEqual([]);
    expect(response.headers.get('cache-control')).toBe('private, max-age=600');
  });

  it('caches by normalised keyword: one upstream call whatever the case and spacing', async () => {
    for (const spelling of ['Son%20Tung', 'son%20tung', '%20%20SON%20%20%20TUNG%20']) {
      expect(await (await search(server, spelling)).json()).toEqual(INNERTUBE_FIXTURE_RESULTS);
    }
    expect(innertube.count('Son Tung')).toBe(1);
    expect(innertube.count('son tung') + innertube.count('SON TUNG')).toBe(0);
  });

  it('answers {status: 504} past YOUTUBE_TIMEOUT_MS, shares one call between concurrent searches, and does not cache it', async () => {
    const started = Date.now();
    const bodies = await Promise.all(Array.from({ length: 3 }, () => search(server, 'slow').then((r) => r.json())));
    expect(bodies).toEqual(Array.from({ length: 3 }, () => ({ status: 504 })));
    expect(Date.now() - started).toBeLessThan(1400);
    expect(innertube.count('slow')).toBe(1);
    expect(await (await search(server, 'slow')).json()).toEqual({ status: 504 });
    expect(innertube.count('slow')).toBe(2);
  });

  it.each([
    ['throttled (HTTP 429)', 'throttled', 503, 'http_429'],
    ['refused (HTTP 403)', 'refused', 503, 'http_403'],
    ['a server error (HTTP 500)', 'broken', 500, 'http_500'],
    ['a body that is not JSON', 'malformed', 503, 'malformed_json'],
    ['JSON without the search contents', 'odd-shape', 503, 'unexpected_shape'],
    ['a page whose video node was renamed', 'renamed', 503, 'no_video_nodes'],
  ])(
    'answers %s with HTTP 200 and a {status}, not cached, counted by reason',
    async (_label, keyword, status, reason) => {
      const before = await upstreamCount(server, 'innertube', reason);
      for (let attempt = 0; attempt < 2; attempt++) {
        const response = await search(server, keyword);
        expect(response.status).toBe(200);
        expect(response.headers.get('cache-control')).toBe('no-store');
        expect(await response.json()).toEqual({ status });
      }
      expect(innertube.count(keyword)).toBe(2);
      expect(await upstreamCount(server, 'innertube', reason)).toBe(before + 2);
    },
  );

  it('logs an unreadable answer at error level, with the reason', async () => {
    await search(server, 'odd-shape');
    await search(server, 'renamed');
    const errors = logLines.map((line) => JSON.parse(line)).filter((entry) => entry.level >= 50);
    expect(errors.map((entry) => entry.msg)).toEqual(
      expect.arrayContaining(['InnerTube search: unreadable answer', 'InnerTube search: items but no video node']),
    );
    expect(errors.find((entry) => entry.msg === 'InnerTube search: items but no video node')?.types).toContain(
      'VideoV2',
    );
    const parserWarnings = logLines.map((line) => JSON.parse(line)).filter((entry) => entry.level === 40);
    expect(parserWarnings).toContainEqual(
      expect.objectContaining({ msg: 'InnerTube: youtubei.js could not parse a node', classname: 'VideoV2' }),
    );
  });

  it('counts successful upstream searches by provider', async () => {
    const before = await upstreamCount(server, 'innertube', 'results');
    await search(server, 'counted%20once');
    await search(server, 'counted%20once');
    expect(await upstreamCount(server, 'innertube', 'results')).toBe(before + 1);
  });

  it('answers 502 when InnerTube cannot be reached', async () => {
    const unreachable = await startWith({ INNERTUBE_BASE_URL: 'http://127.0.0.1:1' });
    expect(await (await search(unreachable, 'anything')).json()).toEqual({ status: 502 });
  });
});

describe('SEARCH_PROVIDER', () => {
  it('keeps the Data API when a YOUTUBE_API_KEY is set, with its 403 quota answer', async () => {
    const keyed = await startWith({ ...youtube.env, INNERTUBE_BASE_URL: innertube.env.INNERTUBE_BASE_URL ?? '' });
    const before = innertube.requests.length;
    expect(await (await search(keyed, 'data%20api')).json()).toHaveLength(3);
    expect(await (await search(keyed, 'quota')).json()).toEqual({ status: 403 });
    expect(youtube.count('/youtube/v3/search', 'data api')).toBe(1);
    expect(innertube.requests.length).toBe(before);
  });

  it('innertube uses InnerTube even when a key is set', async () => {
    const chosen = await startWith({ ...youtube.env, ...innertube.env });
    expect(await (await search(chosen, 'chosen%20innertube')).json()).toEqual(INNERTUBE_FIXTURE_RESULTS);
    expect(innertube.count('chosen innertube')).toBe(1);
    expect(youtube.count('/youtube/v3/search', 'chosen innertube')).toBe(0);
  });

  it('none answers {status: 503} at once, asking nobody, and still looks up pasted links', async () => {
    const off = await startWith({ ...youtube.env, SEARCH_PROVIDER: 'none' });
    const before = { innertube: innertube.requests.length, youtube: youtube.count('/youtube/v3/search') };
    const response = await search(off, 'anything');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ status: 503 });
    expect(innertube.requests.length).toBe(before.innertube);
    expect(youtube.count('/youtube/v3/search')).toBe(before.youtube);
    expect(await upstreamCount(off, 'none', 'search_off')).toBe(1);
    const link = encodeURIComponent('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect((await fetch(`${off.url}/api/oembed?url=${link}`)).status).toBe(200);
  });
});
