import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerEmbedOembed, embedOembedEnv } from './fake-embed-oembed.ts';
import { FIXTURE_LISTS, type FixtureItem, fixtureItems } from './fixture-playlists.ts';

/**
 * A local stand-in for the YouTube Data API v3 (`GET /youtube/v3/search`) and the oEmbed endpoint
 * (`GET /oembed`), speaking their wire formats with recorded-shape fixtures. The search keyword or the video
 * id picks the scenario, so one fake serves a whole suite without shared mutable state:
 *
 * | search `q` | answer |
 * |---|---|
 * | `quota` | 403 quotaExceeded (the real error body) |
 * | `missing` | 404 notFound |
 * | `broken` | 500 backendError |
 * | `malformed` | 200 with a body that is not JSON |
 * | `odd-shape` | 200 JSON that is not a search list |
 * | `slow` | success after `slowMs` |
 * | anything else | success: three videos with HTML entities in titles, and one channel |
 *
 * oEmbed by video id: `deletedVid1` 404, `privateVid1` 401, `noembedVid1` 403, `badReqVid01` 400,
 * `serverErr01` 500, `malformed01` not JSON, `slowVideo01` after `slowMs`, any other id a video.
 * Search requests with a key other than FAKE_YOUTUBE_KEY get 400 keyInvalid, as the real API does. It also serves
 * the Vimeo, Dailymotion and SoundCloud oEmbed fakes (fake-embed-oembed.ts).
 *
 * `GET /youtube/v3/playlistItems` serves the lists of fixture-playlists.ts, 50 items a page at most
 * (`maxResults`), paged by `pageToken`; FIXTURE_LISTS.private answers 403 playlistItemsNotAccessible,
 * `broken` 500 (and `flaky` on every page after the first), `slow` after `slowMs`, and any unknown list 404 playlistNotFound, as the API documents.
 * RECORDED_DATA_API_LIST_ID answers the recorded page of fixtures/data-api (its README says where it comes from).
 */
export const FAKE_YOUTUBE_KEY = 'fake-youtube-key';

/** The list the recorded `playlistItems.list` page is of: 13 videos, 3 of them private (fixtures/data-api/README.md). */
export const RECORDED_DATA_API_LIST_ID = 'PLBCF2DAC6FFB574DE';
const RECORDED_PLAYLIST_ITEMS = readFileSync(new URL('fixtures/data-api/playlist-items.json', import.meta.url), 'utf8');

/** The recorded items YouTube titled as videos (not 'Private video'), in the order it sent them. */
export function recordedDataApiVideos(): { id: string; title: string }[] {
  const body = JSON.parse(RECORDED_PLAYLIST_ITEMS) as {
    items: { snippet: { title: string }; contentDetails: { videoId: string } }[];
  };
  return body.items
    .filter(({ snippet }) => snippet.title !== 'Private video')
    .map(({ snippet, contentDetails }) => ({ id: contentDetails.videoId, title: snippet.title }));
}

export interface FakeYouTube {
  /** YOUTUBE_API_BASE_URL, YOUTUBE_OEMBED_URL, YOUTUBE_API_KEY and the *_OEMBED_URL of the other sites, at this fake. */
  env: Record<string, string>;
  /** Every request received, in order. */
  requests: URL[];
  /** Requests received whose path is `pathname`, optionally with search `q` equal to `keyword`. */
  count(pathname: '/youtube/v3/search' | '/oembed' | '/youtube/v3/playlistItems', keyword?: string): number;
  close(): Promise<void>;
}

const thumbnails = (id: string) => ({
  default: { url: `https://i.ytimg.com/vi/${id}/default.jpg`, width: 120, height: 90 },
  medium: { url: `https://i.ytimg.com/vi/${id}/mqdefault.jpg`, width: 320, height: 180 },
  high: { url: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`, width: 480, height: 360 },
});

const videoItem = (id: string, title: string) => ({
  kind: 'youtube#searchResult',
  etag: `etag-${id}`,
  id: { kind: 'youtube#video', videoId: id },
  snippet: {
    publishedAt: '2022-09-01T10:00:00Z',
    channelId: 'UC_x5XG1OV2P6uZZ5FSM9Ttw',
    title,
    description: 'A fixture &amp; nothing more',
    thumbnails: thumbnails(id),
    channelTitle: 'Fixture Channel',
    liveBroadcastContent: 'none',
    publishTime: '2022-09-01T10:00:00Z',
  },
});

/** The decoded titles of SEARCH_SUCCESS, in order, as our route must return them. */
export const SEARCH_FIXTURE_RESULTS = [
  {
    id: 'dQw4w9WgXcQ',
    title: 'Tom & Jerry | Best Moments',
    thumbnail: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/mqdefault.jpg',
  },
  {
    id: 'kJQP7kiw5Fk',
    title: "Don't Stop Me Now - Queen",
    thumbnail: 'https://i.ytimg.com/vi/kJQP7kiw5Fk/mqdefault.jpg',
  },
  {
    id: 'Llw9Q6akRo4',
    title: '"Lạc Trôi" - Sơn Tùng M-TP <Official MV>',
    thumbnail: 'https://i.ytimg.com/vi/Llw9Q6akRo4/mqdefault.jpg',
  },
];

const SEARCH_SUCCESS = {
  kind: 'youtube#searchListResponse',
  etag: 'q1w2e3',
  nextPageToken: 'CAoQAA',
  regionCode: 'VN',
  pageInfo: { totalResults: 1000000, resultsPerPage: 10 },
  items: [
    videoItem('dQw4w9WgXcQ', 'Tom &amp; Jerry | Best Moments'),
    videoItem('kJQP7kiw5Fk', 'Don&#39;t Stop Me Now - Queen'),
    videoItem('Llw9Q6akRo4', '&quot;Lạc Trôi&quot; - Sơn Tùng M-TP &lt;Official MV&gt;'),
    {
      kind: 'youtube#searchResult',
      etag: 'etag-channel',
      id: { kind: 'youtube#channel', channelId: 'UC_x5XG1OV2P6uZZ5FSM9Ttw' },
      snippet: { title: 'A channel, not a video', thumbnails: thumbnails('channel') },
    },
  ],
};

const googleError = (code: number, message: string, reason: string, domain = 'global') => ({
  error: { code, message, errors: [{ message, domain, reason }] },
});

const QUOTA_EXCEEDED = googleError(
  403,
  'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.',
  'quotaExceeded',
  'youtube.quota',
);

/** The oEmbed title of a fixture video (oEmbed titles are plain JSON strings, not HTML-escaped). */
export const oembedTitle = (id: string) =>
  id === 'dQw4w9WgXcQ' ? 'Rick Astley - Never Gonna Give You Up' : `Video ${id} & co`;

const oembedVideo = (id: string) => ({
  title: oembedTitle(id),
  author_name: 'Fixture Channel',
  author_url: 'https://www.youtube.com/@fixture',
  type: 'video',
  height: 113,
  width: 200,
  version: '1.0',
  provider_name: 'YouTube',
  provider_url: 'https://www.youtube.com/',
  thumbnail_height: 360,
  thumbnail_width: 480,
  thumbnail_url: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`,
  html: `<iframe width="200" height="113" src="https://www.youtube.com/embed/${id}?feature=oembed"></iframe>`,
});

const OEMBED_TEXT_ERRORS: Record<string, [number, string]> = {
  deletedVid1: [404, 'Not Found'],
  privateVid1: [401, 'Unauthorized'],
  noembedVid1: [403, 'Forbidden'],
  badReqVid01: [400, 'Bad Request'],
  serverErr01: [500, 'Internal Server Error'],
};

/** A `youtube#playlistItem` at `position`; a private or deleted video has no thumbnails and no owner. */
function playlistItem(listId: string, item: FixtureItem, position: number) {
  const unavailable = typeof item === 'string';
  const videoId = unavailable ? `${item === 'private' ? 'pr' : 'de'}${String(position).padStart(9, '0')}` : item.id;
  const title = unavailable ? (item === 'private' ? 'Private video' : 'Deleted video') : item.title;
  return {
    kind: 'youtube#playlistItem',
    etag: `etag-${listId}-${position}`,
    id: Buffer.from(`${listId}.${position}`).toString('base64url'),
    snippet: {
      publishedAt: '2024-03-01T10:00:00Z',
      channelId: 'UC_x5XG1OV2P6uZZ5FSM9Ttw',
      title,
      description: unavailable ? (item === 'private' ? 'This video is private.' : 'This video is unavailable.') : '',
      thumbnails: unavailable ? {} : thumbnails(videoId),
      channelTitle: 'Fixture Channel',
      playlistId: listId,
      position,
      resourceId: { kind: 'youtube#video', videoId },
      ...(unavailable
        ? {}
        : { videoOwnerChannelTitle: 'Fixture Channel', videoOwnerChannelId: 'UCfixtureOwner000000000' }),
    },
    contentDetails: unavailable ? { videoId } : { videoId, videoPublishedAt: '2020-01-01T00:00:00Z' },
  };
}

/** One page of `playlistItems.list`: `maxResults` items from the offset the page token carries. */
function playlistItemsPage(listId: string, items: readonly FixtureItem[], url: URL) {
  const size = Math.min(50, Math.max(0, Number(url.searchParams.get('maxResults') ?? '5')));
  const from = Number(url.searchParams.get('pageToken')?.replace(/^p/, '') ?? '0');
  const next = from + size;
  return {
    kind: 'youtube#playlistItemListResponse',
    etag: `etag-${listId}-${from}`,
    ...(next < items.length ? { nextPageToken: `p${next}` } : {}),
    ...(from > 0 ? { prevPageToken: `p${Math.max(0, from - size)}` } : {}),
    items: items.slice(from, next).map((item, i) => playlistItem(listId, item, from + i)),
    pageInfo: { totalResults: items.length, resultsPerPage: size },
  };
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' }).end(JSON.stringify(body));
}

function text(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(body);
}

/** `port` 0 (the default) picks a free port; the e2e run passes a fixed one (e2e/support/fake-youtube-server.ts). */
export async function startFakeYouTube(options: { slowMs?: number; port?: number } = {}): Promise<FakeYouTube> {
  const slowMs = options.slowMs ?? 2000;
  const requests: URL[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const later = (fn: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, slowMs);
    timers.add(timer);
  };

  const search = (url: URL, res: ServerResponse) => {
    if (url.searchParams.get('key') !== FAKE_YOUTUBE_KEY) {
      return json(
        res,
        400,
        googleError(400, 'API key not valid. Please pass a valid API key.', 'keyInvalid', 'global'),
      );
    }
    switch (url.searchParams.get('q')) {
      case 'quota':
        return json(res, 403, QUOTA_EXCEEDED);
      case 'missing':
        return json(res, 404, googleError(404, 'Requested entity was not found.', 'notFound'));
      case 'broken':
        return json(res, 500, googleError(500, 'Backend Error', 'backendError'));
      case 'malformed':
        return text(res, 200, '{"kind": "youtube#searchListResponse", "items": [');
      case 'odd-shape':
        return json(res, 200, { kind: 'youtube#searchListResponse', items: 'not a list' });
      case 'slow':
        return later(() => json(res, 200, SEARCH_SUCCESS));
      default:
        return json(res, 200, SEARCH_SUCCESS);
    }
  };

  const oembed = (url: URL, res: ServerResponse) => {
    const link = url.searchParams.get('url');
    const id = link ? new URL(link).searchParams.get('v') : null;
    if (!id || url.searchParams.get('format') !== 'json') return text(res, 400, 'Bad Request');
    const failure = OEMBED_TEXT_ERRORS[id];
    if (failure) return text(res, failure[0], failure[1]);
    if (id === 'malformed01') return text(res, 200, '<html>not json</html>');
    if (id === 'slowVideo01') return later(() => json(res, 200, oembedVideo(id)));
    return json(res, 200, oembedVideo(id));
  };

  const playlistItems = (url: URL, res: ServerResponse) => {
    if (url.searchParams.get('key') !== FAKE_YOUTUBE_KEY) {
      return json(res, 400, googleError(400, 'API key not valid. Please pass a valid API key.', 'keyInvalid'));
    }
    const listId = url.searchParams.get('playlistId') ?? '';
    if (listId === RECORDED_DATA_API_LIST_ID) return json(res, 200, JSON.parse(RECORDED_PLAYLIST_ITEMS));
    if (listId === FIXTURE_LISTS.private) {
      const message = 'The request is not properly authorized to retrieve the specified playlist.';
      return json(res, 403, googleError(403, message, 'playlistItemsNotAccessible', 'youtube.playlistItem'));
    }
    const laterPage = url.searchParams.has('pageToken');
    if (listId === FIXTURE_LISTS.broken || (listId === FIXTURE_LISTS.flaky && laterPage)) {
      return json(res, 500, googleError(500, 'Backend Error', 'backendError'));
    }
    const items = fixtureItems(listId);
    if (!items) {
      const message = "The playlist identified with the request's <code>playlistId</code> parameter cannot be found.";
      return json(res, 404, googleError(404, message, 'playlistNotFound', 'youtube.playlistItem'));
    }
    const page = playlistItemsPage(listId, items, url);
    if (listId === FIXTURE_LISTS.slow) return later(() => json(res, 200, page));
    return json(res, 200, page);
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    requests.push(url);
    if (req.method === 'GET' && url.pathname === '/youtube/v3/search') return search(url, res);
    if (req.method === 'GET' && url.pathname === '/oembed') return oembed(url, res);
    if (req.method === 'GET' && url.pathname === '/youtube/v3/playlistItems') return playlistItems(url, res);
    if (req.method === 'GET' && answerEmbedOembed(url, res, later)) return;
    return text(res, 404, 'Not Found');
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    env: {
      YOUTUBE_API_BASE_URL: `${base}/youtube/v3`,
      YOUTUBE_OEMBED_URL: `${base}/oembed`,
      YOUTUBE_API_KEY: FAKE_YOUTUBE_KEY,
      ...embedOembedEnv(base),
    },
    requests,
    count(pathname, keyword) {
      return requests.filter(
        (url) => url.pathname === pathname && (keyword === undefined || url.searchParams.get('q') === keyword),
      ).length;
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
