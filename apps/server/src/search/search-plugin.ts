import { type LinkPreview, parseVideoLink, SEARCH_UNAVAILABLE_STATUS, type SearchResponse } from '@xemchung/protocol';
import { mediaVideoId } from '@xemchung/protocol/media-video-id';
import { searchKeywordSchema } from '@xemchung/protocol/schemas';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import { LRUCache } from 'lru-cache';
import { sendError } from '../http/errors.ts';
import { enableRouteRateLimits, type RouteRateLimit } from '../http/rate-limit.ts';
import type { SearchMetrics } from '../metrics/app-metrics.ts';
import { InnerTubeClient } from '../upstream/innertube-client.ts';
import { type EmbedOembedUrls, lookupEmbed, type OembedOutcome } from '../upstream/oembed-client.ts';
import { type SearchOutcome, YouTubeClient, type YouTubeSettings } from '../upstream/youtube-client.ts';

export interface SearchPluginOptions {
  youtube: YouTubeSettings;
  embedOembedUrls: EmbedOembedUrls;
  metrics: SearchMetrics;
}

/** The keyword search SEARCH_PROVIDER chose (docs/decisions/021-search-without-a-key.md); none answers 503 at once. */
function keywordSearch(settings: YouTubeSettings, youtube: YouTubeClient, log: FastifyBaseLogger) {
  switch (settings.searchProvider) {
    case 'data-api':
      return (keyword: string) => youtube.search(keyword);
    case 'innertube': {
      const innertube = new InnerTubeClient(settings, log);
      return (keyword: string) => innertube.search(keyword);
    }
    case 'none':
      return async (): Promise<SearchOutcome> => ({
        kind: 'status',
        status: SEARCH_UNAVAILABLE_STATUS,
        reason: 'search_off',
      });
  }
}

const CACHE = { max: 500, ttl: 10 * 60 * 1000 };
const SEARCH_LIMIT: RouteRateLimit = { max: 30, timeWindow: 60_000 };
const OEMBED_LIMIT: RouteRateLimit = { max: 60, timeWindow: 60_000 };

/** Same search, same cache entry: Unicode NFC, inner whitespace collapsed, case folded. */
export function keywordCacheKey(keyword: string): string {
  return keyword.normalize('NFC').replace(/\s+/g, ' ').toLowerCase();
}

/**
 * The cached outcome of `key`, the lookup already in flight for it, or a new lookup. The cache holds the promise,
 * so concurrent lookups of one key share one upstream call; an outcome that is not `worthKeeping` (a timeout) is
 * dropped once it settles, and asked again next time.
 */
function cachedLookup<V>(
  cache: LRUCache<string, Promise<V>>,
  key: string,
  load: () => Promise<V>,
  worthKeeping: (value: V) => boolean,
): Promise<V> {
  const cached = cache.get(key);
  if (cached) return cached;
  const lookup = load();
  cache.set(key, lookup);
  const drop = () => {
    if (cache.peek(key) === lookup) cache.delete(key);
  };
  lookup.then((value) => {
    if (!worthKeeping(value)) drop();
  }, drop);
  return lookup;
}

/**
 * `GET /api/search_videos/*` and `GET /api/oembed?url=` (docs/product.md#services; docs/decisions/004-search.md).
 * The keyword is a wildcard so that it may contain `/` and be longer than a router parameter.
 */
export const searchPlugin: FastifyPluginAsync<SearchPluginOptions> = async (app, options) => {
  await enableRouteRateLimits(app);
  const youtube = new YouTubeClient(options.youtube);
  const provider = options.youtube.searchProvider;
  const searchUpstream = keywordSearch(options.youtube, youtube, app.log.child({ search: provider }));
  /** One upstream search, counted by provider and outcome (results, or the failure's reason). */
  const search = async (keyword: string) => {
    const outcome = await searchUpstream(keyword);
    options.metrics.searches.inc({ provider, outcome: outcome.kind === 'results' ? 'results' : outcome.reason });
    return outcome;
  };
  const searches = new LRUCache<string, Promise<SearchOutcome>>(CACHE);
  const previews = new LRUCache<string, Promise<OembedOutcome>>(CACHE);

  app.get('/api/search_videos/*', { config: { rateLimit: SEARCH_LIMIT } }, async (request, reply) => {
    const parsed = searchKeywordSchema.safeParse((request.params as { '*'?: string })['*'] ?? '');
    if (!parsed.success) {
      return sendError(reply, 400, 'invalid_keyword', parsed.error.issues[0]?.message ?? 'Invalid keyword');
    }
    const keyword = parsed.data.replace(/\s+/g, ' ');
    const outcome = await cachedLookup(
      searches,
      keywordCacheKey(keyword),
      () => search(keyword),
      (result) => result.kind === 'results',
    );
    if (outcome.kind === 'status') {
      if (outcome.reason !== 'search_off') {
        request.log.warn({ provider, status: outcome.status, reason: outcome.reason }, 'video search failed upstream');
      }
      const body: SearchResponse = { status: outcome.status };
      return reply.header('cache-control', 'no-store').send(body);
    }
    const body: SearchResponse = outcome.results;
    return reply.header('cache-control', 'private, max-age=600').send(body);
  });

  app.get('/api/oembed', { config: { rateLimit: OEMBED_LIMIT } }, async (request, reply) => {
    const link = parseVideoLink((request.query as { url?: unknown }).url);
    if (!link) return sendError(reply, 400, 'unsupported_link', 'Not a supported video link');
    if (link.kind === 'media') {
      // Played by the browser; the server never fetches the link, so a private address reaches nothing here.
      const preview: LinkPreview = {
        id: mediaVideoId(link.url),
        title: link.title,
        thumbnail: '',
        source: 'media',
        mediaUrl: link.url,
      };
      return reply.send(preview);
    }
    // YouTube by its id; the other sites by their canonical page URL (R77), which is also what their player loads.
    const lookup =
      link.kind === 'youtube'
        ? () => youtube.oembed(link.id)
        : () => lookupEmbed(options.embedOembedUrls, link.kind, link.url, options.youtube.timeoutMs);
    const outcome = await cachedLookup(
      previews,
      link.kind === 'youtube' ? link.id : link.url,
      lookup,
      (result) => result.kind === 'found' || result.kind === 'not_found',
    );
    switch (outcome.kind) {
      case 'found': {
        const preview: LinkPreview =
          link.kind === 'youtube'
            ? { id: link.id, title: outcome.title, thumbnail: outcome.thumbnail, source: 'youtube', mediaUrl: null }
            : {
                id: mediaVideoId(link.url),
                title: outcome.title,
                thumbnail: outcome.thumbnail,
                source: link.kind,
                mediaUrl: link.url,
              };
        return reply.header('cache-control', 'private, max-age=600').send(preview);
      }
      case 'not_found':
        return sendError(reply, 404, 'video_not_found', 'Video does not exist or cannot be embedded');
      case 'timeout':
        return sendError(reply, 504, 'upstream_timeout', 'The video platform did not answer in time');
      case 'upstream_error':
        request.log.warn({ reason: outcome.reason }, 'oEmbed lookup failed upstream');
        return sendError(reply, 502, 'upstream_error', 'The video platform answered with an error');
    }
  });
};
