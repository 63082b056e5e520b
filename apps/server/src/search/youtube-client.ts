import type { SearchResult } from '@xemchung/protocol';
import type { Config } from '../config/config.ts';
import { fetchUpstreamJson } from './upstream-fetch.ts';
import {
  boundedTitle,
  googleErrorReason,
  oembedSchema,
  safeThumbnail,
  searchListSchema,
  toSearchResults,
} from './youtube-wire.ts';

/**
 * A search either has results or a status for the client (docs/product.md#services): 403 quota, 503 search off or
 * InnerTube unavailable (docs/decisions/021-search-without-a-key.md), else the failure.
 */
export type SearchOutcome =
  | { kind: 'results'; results: SearchResult[] }
  | { kind: 'status'; status: number; reason: string };

export type OembedOutcome =
  | { kind: 'found'; title: string; thumbnail: string }
  | { kind: 'not_found' }
  | { kind: 'timeout' }
  | { kind: 'upstream_error'; reason: string };

/** Statuses for failures that have no upstream HTTP code of their own. */
const BAD_GATEWAY = 502;
const GATEWAY_TIMEOUT = 504;
/**
 * oEmbed answers 401 (private), 403 (embedding disabled) or 404 (deleted) for videos that cannot be played,
 * and 400 when it cannot resolve the video; our request is always a well-formed watch URL, so 400 is the
 * video's fault too. All of them are 'Link video không tồn tại' for the user.
 */
const OEMBED_NOT_FOUND = new Set([400, 401, 403, 404]);

export type YouTubeSettings = Config['youtube'];

/** Uncached calls to the YouTube Data API v3 and the oEmbed endpoint, only ever at the configured URLs. */
export class YouTubeClient {
  private readonly settings: YouTubeSettings;

  constructor(settings: YouTubeSettings) {
    this.settings = settings;
  }

  async search(keyword: string): Promise<SearchOutcome> {
    const { apiKey, apiBaseUrl, timeoutMs } = this.settings;
    // Unreachable in practice: SEARCH_PROVIDER=data-api without a key is refused at boot.
    if (!apiKey) return { kind: 'status', status: 403, reason: 'not_configured' };
    const url = new URL(`${apiBaseUrl}/search`);
    const params = {
      part: 'snippet',
      type: 'video',
      videoEmbeddable: 'true',
      maxResults: '10',
      safeSearch: 'moderate',
      q: keyword,
      key: apiKey,
    };
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    const result = await fetchUpstreamJson(url, timeoutMs);
    switch (result.kind) {
      case 'ok': {
        const list = searchListSchema.safeParse(result.body);
        return list.success
          ? { kind: 'results', results: toSearchResults(list.data) }
          : { kind: 'status', status: BAD_GATEWAY, reason: 'unexpected_shape' };
      }
      case 'http_error':
        return { kind: 'status', status: result.status, reason: googleErrorReason(result.body) ?? 'http_error' };
      case 'timeout':
        return { kind: 'status', status: GATEWAY_TIMEOUT, reason: 'timeout' };
      case 'unreachable':
        return { kind: 'status', status: BAD_GATEWAY, reason: 'unreachable' };
      case 'malformed':
        return { kind: 'status', status: BAD_GATEWAY, reason: 'malformed_json' };
    }
  }

  /** Looks a video up by id; the link sent is always rebuilt from the id, never the user's raw URL. */
  async oembed(videoId: string): Promise<OembedOutcome> {
    const url = new URL(this.settings.oembedUrl);
    url.searchParams.set('url', `https://www.youtube.com/watch?v=${videoId}`);
    url.searchParams.set('format', 'json');
    const result = await fetchUpstreamJson(url, this.settings.timeoutMs);
    switch (result.kind) {
      case 'ok': {
        const video = oembedSchema.safeParse(result.body);
        return video.success
          ? { kind: 'found', title: boundedTitle(video.data.title), thumbnail: safeThumbnail(video.data.thumbnail_url) }
          : { kind: 'upstream_error', reason: 'unexpected_shape' };
      }
      case 'http_error':
        return OEMBED_NOT_FOUND.has(result.status)
          ? { kind: 'not_found' }
          : { kind: 'upstream_error', reason: `http_${result.status}` };
      case 'timeout':
        return { kind: 'timeout' };
      case 'unreachable':
      case 'malformed':
        return { kind: 'upstream_error', reason: result.kind };
    }
  }
}
