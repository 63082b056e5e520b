import type { EmbedSource } from '@xemchung/protocol';
import type { Config } from '../config/config.ts';
import { fetchUpstreamJson } from './upstream-fetch.ts';
import { boundedTitle, oembedSchema, safeThumbnail } from './youtube-wire.ts';

export type OembedOutcome =
  | { kind: 'found'; title: string; thumbnail: string }
  | { kind: 'not_found' }
  | { kind: 'timeout' }
  | { kind: 'upstream_error'; reason: string };

/**
 * oEmbed answers 401 (private), 403 (embedding disabled) or 404 (deleted) for videos that cannot be played,
 * and 400 when it cannot resolve the link; our request always carries a canonical page URL rebuilt by
 * parseVideoLink, so 400 is the video's fault too. All of them are 'Link video không tồn tại' for the user.
 */
const OEMBED_NOT_FOUND = new Set([400, 401, 403, 404]);

/** The oEmbed endpoints of the embedded sources beside YouTube (R77), from VIMEO_/DAILYMOTION_/SOUNDCLOUD_OEMBED_URL. */
export type EmbedOembedUrls = Config['embedOembedUrls'];

/**
 * One uncached oEmbed 1.0 lookup (oembed.com §2.2: `url` and `format=json`) of `pageUrl` at the configured
 * `endpoint`, whichever site it is: YouTube, Vimeo, Dailymotion and SoundCloud all answer the same JSON shape.
 */
export async function lookupOembed(endpoint: string, pageUrl: string, timeoutMs: number): Promise<OembedOutcome> {
  const url = new URL(endpoint);
  url.searchParams.set('url', pageUrl);
  url.searchParams.set('format', 'json');
  const result = await fetchUpstreamJson(url, timeoutMs);
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

/** Looks a Vimeo, Dailymotion or SoundCloud page up at its site's endpoint. */
export function lookupEmbed(urls: EmbedOembedUrls, source: EmbedSource, pageUrl: string, timeoutMs: number) {
  return lookupOembed(urls[source], pageUrl, timeoutMs);
}
