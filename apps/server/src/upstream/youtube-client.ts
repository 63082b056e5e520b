import type { SearchResult } from '@xemchung/protocol';
import type { Config } from '../config/config.ts';
import { lookupOembed, type OembedOutcome } from './oembed-client.ts';
import { fetchUpstreamJson } from './upstream-fetch.ts';
import { googleErrorReason, searchListSchema, toSearchResults } from './youtube-wire.ts';

/**
 * A search either has results or a status for the client (docs/product.md#services): 403 quota, 503 search off or
 * InnerTube unavailable (docs/decisions/021-search-without-a-key.md), else the failure.
 */
export type SearchOutcome =
  | { kind: 'results'; results: SearchResult[] }
  | { kind: 'status'; status: number; reason: string };

/** Statuses for failures that have no upstream HTTP code of their own. */
const BAD_GATEWAY = 502;
const GATEWAY_TIMEOUT = 504;

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
  oembed(videoId: string): Promise<OembedOutcome> {
    return lookupOembed(this.settings.oembedUrl, `https://www.youtube.com/watch?v=${videoId}`, this.settings.timeoutMs);
  }
}
