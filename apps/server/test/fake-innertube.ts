import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { browseAlertPage, browseAnswer } from './fake-innertube-browse.ts';
import { FIXTURE_LISTS } from './fixture-playlists.ts';

/**
 * A local stand-in for YouTube's InnerTube search (`POST /youtubei/v1/search`), answering with the recorded
 * responses in fixtures/innertube (their README says where each comes from). The query in the request body picks
 * the scenario:
 *
 * | query | answer |
 * |---|---|
 * | `nothing-found` | 200, the no-results page (a `backgroundPromoRenderer`) |
 * | `throttled` | 429 with Google's HTML "unusual traffic" page |
 * | `refused` | 403 with an HTML body |
 * | `broken` | 500 |
 * | `malformed` | 200 with a body that is not JSON |
 * | `odd-shape` | 200 JSON without `contents` (the page layout changed) |
 * | `renamed` | 200, the recorded page with `videoRenderer` renamed (a node youtubei.js does not know) |
 * | `slow` | the recorded page after `slowMs` |
 * | anything else | 200, the recorded page: two videos and a Shorts shelf |
 *
 * `POST /youtubei/v1/browse` serves the playlists of fixture-playlists.ts (fake-innertube-browse.ts builds the
 * pages): FIXTURE_LISTS.private and unknown lists answer an ERROR alert, `broken` 500 (and `flaky`'s continuations),
 * `slow` after `slowMs`. RECORDED_LIST_ID answers the recorded pages of fixtures/innertube (its first page, then
 * its continuation when asked with the token the first page names).
 */
export interface FakeInnerTube {
  /** INNERTUBE_BASE_URL pointing at this fake, and SEARCH_PROVIDER=innertube. */
  env: Record<string, string>;
  /** Every search request received, in order: its path and the JSON body youtubei.js sent. */
  requests: { pathname: string; body: InnerTubeSearchBody }[];
  /** Every browse request received (playlist pages), in order: the list's browse id or a continuation token. */
  browses: { browseId?: string; continuation?: string }[];
  /** Search requests received whose query is `keyword`. */
  count(keyword: string): number;
  close(): Promise<void>;
}

export interface InnerTubeSearchBody {
  query?: string;
  params?: string;
  context?: { client?: { clientName?: string; hl?: string; gl?: string } };
}

const fixture = (name: string) => readFileSync(new URL(`fixtures/innertube/${name}`, import.meta.url), 'utf8');
const VIDEOS_PAGE = fixture('search-videos.json');
const NO_RESULTS_PAGE = fixture('search-no-results.json');
const RECORDED_LIST_PAGE = fixture('playlist-browse.json');
const RECORDED_LIST_CONTINUATION = fixture('playlist-browse-continuation.json');

/** The results our route must return for VIDEOS_PAGE: its two videos in order, not the Shorts shelf. */
export const INNERTUBE_FIXTURE_RESULTS = [
  {
    id: 'XsHbg7zkJpQ',
    title: 'LÜGT STIFTUNG WARENTEST? KLARTEXT ZUM AKKUSCHRAUBER TEST! | WERKZEUG NEWS #337',
    thumbnail: 'https://i.ytimg.com/vi/XsHbg7zkJpQ/mqdefault.jpg',
  },
  {
    id: 'JjRDf8v8igE',
    title: 'Mercedes CLA: Neue Außensounds im Test',
    thumbnail: 'https://i.ytimg.com/vi/JjRDf8v8igE/mqdefault.jpg',
  },
];

/** The list the recorded browse pages are of (fixtures/innertube/README.md). */
export const RECORDED_LIST_ID = 'PLoumn5BIsUDeGF1vy5Nylf_RJKn5aL_nr';

interface RecordedVideo {
  playlistVideoRenderer?: { videoId: string; title: { runs: { text: string }[] } };
  continuationItemRenderer?: { continuationEndpoint: { continuationCommand: { token: string } } };
}

/** The items of the recorded pages, read along the paths YouTube sent them: the first page's list, then the continuation's. */
function recordedItems(): { first: RecordedVideo[]; next: RecordedVideo[] } {
  const first =
    JSON.parse(RECORDED_LIST_PAGE).contents.twoColumnBrowseResultsRenderer.tabs[0].tabRenderer.content
      .sectionListRenderer.contents[0].itemSectionRenderer.contents[0].playlistVideoListRenderer.contents;
  const next =
    JSON.parse(RECORDED_LIST_CONTINUATION).onResponseReceivedActions[0].appendContinuationItemsAction.continuationItems;
  return { first, next };
}

/** The videos of the recorded list in the order YouTube sent them, across both pages, as the room must get them. */
export function recordedListVideos(): { id: string; title: string }[] {
  const { first, next } = recordedItems();
  return [...first, ...next].flatMap(({ playlistVideoRenderer: video }) =>
    video ? [{ id: video.videoId, title: video.title.runs.map((run) => run.text).join('') }] : [],
  );
}

/** The token of the recorded first page's video list (not the section's own continuation beside it). */
export const RECORDED_LIST_CONTINUATION_TOKEN =
  recordedItems().first.at(-1)?.continuationItemRenderer?.continuationEndpoint.continuationCommand.token ?? '';

const UNUSUAL_TRAFFIC =
  '<html><head><title>https://www.youtube.com/youtubei/v1/search</title></head><body>Our systems have detected unusual traffic from your computer network.</body></html>';

function send(res: ServerResponse, status: number, contentType: string, body: string) {
  res.writeHead(status, { 'content-type': contentType }).end(body);
}

const json = (res: ServerResponse, status: number, body: string) =>
  send(res, status, 'application/json; charset=UTF-8', body);
const html = (res: ServerResponse, status: number, body: string) => send(res, status, 'text/html; charset=UTF-8', body);

async function readBody(req: IncomingMessage): Promise<InnerTubeSearchBody> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as InnerTubeSearchBody;
  } catch {
    return {};
  }
}

export async function startFakeInnerTube(options: { slowMs?: number } = {}): Promise<FakeInnerTube> {
  const slowMs = options.slowMs ?? 2000;
  const requests: FakeInnerTube['requests'] = [];
  const timers = new Set<NodeJS.Timeout>();

  const search = (body: InnerTubeSearchBody, res: ServerResponse) => {
    switch (body.query) {
      case 'nothing-found':
        return json(res, 200, NO_RESULTS_PAGE);
      case 'throttled':
        return html(res, 429, UNUSUAL_TRAFFIC);
      case 'refused':
        return html(res, 403, '<html><body>Forbidden</body></html>');
      case 'broken':
        return json(res, 500, JSON.stringify({ error: { code: 500, message: 'Internal error encountered.' } }));
      case 'malformed':
        return json(res, 200, VIDEOS_PAGE.slice(0, 400));
      case 'odd-shape':
        return json(res, 200, JSON.stringify({ responseContext: {}, estimatedResults: '0' }));
      case 'renamed':
        return json(res, 200, VIDEOS_PAGE.replaceAll('"videoRenderer"', '"videoRendererV2"'));
      case 'slow': {
        const timer = setTimeout(() => {
          timers.delete(timer);
          json(res, 200, VIDEOS_PAGE);
        }, slowMs);
        timers.add(timer);
        return;
      }
      default:
        return json(res, 200, VIDEOS_PAGE);
    }
  };

  const browses: FakeInnerTube['browses'] = [];
  const browse = (body: { browseId?: string; continuation?: string }, res: ServerResponse) => {
    browses.push({ browseId: body.browseId, continuation: body.continuation });
    const listId = body.browseId?.replace(/^VL/, '');
    if (listId === RECORDED_LIST_ID) return json(res, 200, RECORDED_LIST_PAGE);
    if (body.continuation === RECORDED_LIST_CONTINUATION_TOKEN) return json(res, 200, RECORDED_LIST_CONTINUATION);
    if (listId === FIXTURE_LISTS.private)
      return json(res, 200, JSON.stringify(browseAlertPage('This playlist is private.')));
    const flakyContinuation = body.continuation?.startsWith(`${FIXTURE_LISTS.flaky}:`) ?? false;
    if (listId === FIXTURE_LISTS.broken || flakyContinuation) {
      return json(res, 500, JSON.stringify({ error: { code: 500, message: 'Internal error encountered.' } }));
    }
    const answer = browseAnswer(body);
    const page = JSON.stringify(answer ?? browseAlertPage('The playlist does not exist.'));
    if (listId !== FIXTURE_LISTS.slow) return json(res, 200, page);
    const timer = setTimeout(() => {
      timers.delete(timer);
      json(res, 200, page);
    }, slowMs);
    timers.add(timer);
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    if (req.method === 'POST' && url.pathname === '/youtubei/v1/browse') {
      return browse((await readBody(req)) as { browseId?: string; continuation?: string }, res);
    }
    if (req.method !== 'POST' || url.pathname !== '/youtubei/v1/search') return html(res, 404, 'Not Found');
    const body = await readBody(req);
    requests.push({ pathname: url.pathname, body });
    search(body, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    env: { SEARCH_PROVIDER: 'innertube', INNERTUBE_BASE_URL: base },
    requests,
    browses,
    count: (keyword) => requests.filter((request) => request.body.query === keyword).length,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
