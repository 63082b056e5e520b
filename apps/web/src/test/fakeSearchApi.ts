import { type LinkPreview, parseVideoLink, type SearchResponse, type SearchResult } from '@xemchung/protocol';
import { mediaVideoId } from '@xemchung/protocol/media-video-id';
import { vi } from 'vitest';

export const searchFixtureResults: SearchResult[] = [
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
  { id: 'Llw9Q6akRo4', title: '"Lạc Trôi" - Sơn Tùng M-TP', thumbnail: '' },
];

/** A YouTube id the fake oEmbed answers 404 for, as the server does for a deleted video. */
export const DELETED_VIDEO_ID = 'deletedVid1';

/**
 * An in-test stand-in for `GET /api/search_videos/:keyword`, `GET /api/oembed` and `POST /api/events`,
 * answering with the shapes apps/server sends (docs/decisions/004-search.md); the events are kept in `beacons`
 * (JSON only, as the server takes them: R36), the other requests in `requests`. `answers` sets what a
 * keyword gets: a SearchResponse (HTTP 200), `{http: code}` for an HTTP error, or 'network' for a failed
 * request; any other keyword gets searchFixtureResults. `hold(key)` keeps 'search' or 'oembed' in flight.
 */
export function installFakeSearchApi(answers: Record<string, SearchResponse | { http: number } | 'network'> = {}) {
  const requests: string[] = [];
  const beacons: { url: string; body: unknown }[] = [];
  const gates = new Map<string, { promise: Promise<void>; open: () => void }>();

  const error = (status: number, code: string) => Response.json({ error: { code, message: code } }, { status });

  const search = (keyword: string): Response => {
    const answer = answers[keyword] ?? searchFixtureResults;
    if (answer === 'network') throw new TypeError('Failed to fetch');
    if ('http' in answer) return error(answer.http, 'rate_limited');
    return Response.json(answer);
  };

  const oembed = (url: string | null): Response => {
    const link = parseVideoLink(url);
    if (!link || link.kind === 'media') return error(400, 'unsupported_link');
    if (link.kind !== 'youtube') {
      // Vimeo, Dailymotion, SoundCloud (R77): a page whose URL ends in 404 does not exist.
      if (link.url.endsWith('404')) return error(404, 'video_not_found');
      const embed: LinkPreview = {
        id: mediaVideoId(link.url),
        title: `${link.kind} ${link.url}`,
        thumbnail: '',
        source: link.kind,
        mediaUrl: link.url,
      };
      return Response.json(embed);
    }
    if (link.id === DELETED_VIDEO_ID) return error(404, 'video_not_found');
    const preview: LinkPreview = {
      id: link.id,
      title: `Video ${link.id}`,
      thumbnail: `https://i.ytimg.com/vi/${link.id}/hqdefault.jpg`,
      source: 'youtube',
      mediaUrl: null,
    };
    return Response.json(preview);
  };

  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/events' && init?.method === 'POST') {
        const type = new Headers(init.headers).get('content-type');
        if (type !== 'application/json') return error(415, 'unsupported_media_type');
        beacons.push({ url: url.pathname, body: JSON.parse(String(init.body)) });
        return new Response(null, { status: 204 });
      }
      requests.push(`${url.pathname}${url.search}`);
      const route = url.pathname.startsWith('/api/search_videos/') ? 'search' : url.pathname;
      if (route === 'search') {
        await gates.get('search')?.promise;
        return search(decodeURIComponent(url.pathname.slice('/api/search_videos/'.length)));
      }
      if (route === '/api/oembed') {
        await gates.get('oembed')?.promise;
        return oembed(url.searchParams.get('url'));
      }
      return error(404, 'not_found');
    }),
  );
  return {
    /** Path and query of every request, in order. */
    requests,
    beacons,
    hold(key: 'search' | 'oembed') {
      let open = () => {};
      const promise = new Promise<void>((resolve) => {
        open = resolve;
      });
      gates.set(key, { promise, open });
    },
    release(key: 'search' | 'oembed') {
      gates.get(key)?.open();
      gates.delete(key);
    },
    uninstall() {
      vi.unstubAllGlobals();
    },
  };
}
