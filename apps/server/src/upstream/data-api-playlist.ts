import { YOUTUBE_ID_PATTERN } from '@xemchung/protocol';
import { z } from 'zod';
import {
  PageCollector,
  type PlaylistRead,
  type PlaylistReader,
  type ReadWanted,
  thumbnailOf,
} from './playlist-pages.ts';
import { fetchUpstreamJson, type UpstreamResult } from './upstream-fetch.ts';
import type { YouTubeSettings } from './youtube-client.ts';
import { boundedTitle, googleErrorReason } from './youtube-wire.ts';

/**
 * YouTube Data API v3 `playlistItems.list` (youtube#playlistItemListResponse), the parts we read. A private or
 * deleted video stays in its playlists as an item titled 'Private video' / 'Deleted video' without
 * `videoOwnerChannelId` (nobody owns what you cannot see), which is how we know to skip it.
 */
const playlistItemsSchema = z.object({
  nextPageToken: z.string().optional(),
  items: z
    .array(
      z.object({
        snippet: z.object({ title: z.string().optional(), videoOwnerChannelId: z.string().optional() }).optional(),
        contentDetails: z.object({ videoId: z.string().optional() }).optional(),
      }),
    )
    .default([]),
});

/**
 * 404 `playlistNotFound`: no such list, or one its owner made private; 403 `playlistItemsNotAccessible`: a list we
 * may not read (private). Both mean the same to the user (R72).
 */
const UNAVAILABLE_REASONS = new Set(['playlistNotFound', 'playlistItemsNotAccessible']);

/** Why the list's first page did not come (R72): private or missing, or the API failed us. */
function firstPageFailure(result: UpstreamResult): PlaylistRead {
  switch (result.kind) {
    case 'http_error': {
      const reason = googleErrorReason(result.body);
      if (reason && UNAVAILABLE_REASONS.has(reason)) return { kind: 'unavailable' };
      return { kind: 'failed', reason: reason ?? `http_${result.status}` };
    }
    case 'ok':
      return { kind: 'failed', reason: 'unexpected_shape' };
    case 'malformed':
      return { kind: 'failed', reason: 'malformed_json' };
    case 'timeout':
    case 'unreachable':
      return { kind: 'failed', reason: result.kind };
  }
}

/** Reads playlists through the Data API, 50 items a page, following `nextPageToken` until it has enough. */
export class DataApiPlaylists implements PlaylistReader {
  private readonly settings: YouTubeSettings;

  constructor(settings: YouTubeSettings) {
    this.settings = settings;
  }

  async read(listId: string, want: ReadWanted): Promise<PlaylistRead> {
    const { apiKey, apiBaseUrl, timeoutMs } = this.settings;
    // Unreachable in practice: SEARCH_PROVIDER=data-api without a key is refused at boot.
    if (!apiKey) return { kind: 'failed', reason: 'not_configured' };
    const collected = new PageCollector(want);
    let pageToken: string | undefined;
    do {
      const url = new URL(`${apiBaseUrl}/playlistItems`);
      const params = { part: 'snippet,contentDetails', playlistId: listId, maxResults: '50', key: apiKey };
      for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
      if (pageToken) url.searchParams.set('pageToken', pageToken);
      const result = await fetchUpstreamJson(url, Math.min(timeoutMs, collected.remainingMs));
      const page = result.kind === 'ok' ? playlistItemsSchema.safeParse(result.body) : null;
      if (!page?.success) {
        // A later page that fails leaves the list as far as it was read, as InnerTube's continuations do.
        if (collected.pages > 0) return collected.outcome(false);
        return firstPageFailure(result);
      }
      collected.pages++;
      for (const item of page.data.items) {
        const id = item.contentDetails?.videoId;
        if (!id || !YOUTUBE_ID_PATTERN.test(id) || !item.snippet?.videoOwnerChannelId) continue;
        collected.add({
          id,
          title: boundedTitle(item.snippet.title ?? ''),
          thumbnail: thumbnailOf(id),
          source: 'youtube',
          mediaUrl: null,
        });
      }
      pageToken = page.data.nextPageToken;
    } while (pageToken && !collected.done);
    return collected.outcome(pageToken !== undefined);
  }
}
