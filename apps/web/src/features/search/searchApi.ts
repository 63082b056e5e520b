import { type AddVideoInput, type LinkPreview, parseVideoLink, type SearchResponse } from '@xemchung/protocol';
import { requestJson } from '../../lib/http.ts';
import { probeMedia } from './probeMedia.ts';

/** docs/product.md#search-box: input containing 'https://' (or plain 'http://') is a link, anything else a keyword. */
export function isLinkInput(input: string): boolean {
  return /https?:\/\//i.test(input);
}

/** `GET /api/search_videos/:keyword`: a list of results, or `{status}` (403: free quota used up). */
export function fetchSearchResults(keyword: string): Promise<SearchResponse> {
  return requestJson<SearchResponse>(`/api/search_videos/${encodeURIComponent(keyword)}`);
}

/** Thrown for a link we cannot play; `status` is what the search state records as its error code. */
export class LinkLookupError extends Error {
  readonly status: number;
  constructor(status: number) {
    super(`link lookup failed with ${status}`);
    this.name = 'LinkLookupError';
    this.status = status;
  }
}

/**
 * The playlist item a pasted link points at. A direct media file is probed in the browser (R42): 404 when it
 * cannot be loaded, 504 when it did not answer in time; its title is the file name. A YouTube, Vimeo, Dailymotion or
 * SoundCloud link is looked up through our `/api/oembed` (R77), which answers 404 for a video that does not exist. Anything else is refused
 * here with 400, as the server would.
 */
export async function resolveLink(input: string): Promise<AddVideoInput> {
  const link = parseVideoLink(input);
  if (!link) throw new LinkLookupError(400);
  if (link.kind === 'media') {
    const probe = await probeMedia(link.url, link.format);
    if (probe !== 'playable') throw new LinkLookupError(probe === 'timeout' ? 504 : 404);
    // The hash is loaded with the first direct link, not with the room page (docs/decisions/018).
    const { mediaVideoId } = await import('@xemchung/protocol/media-video-id');
    return { id: mediaVideoId(link.url), title: link.title, thumbnail: '', source: 'media', mediaUrl: link.url };
  }
  const preview = await requestJson<LinkPreview>(`/api/oembed?url=${encodeURIComponent(input.trim())}`);
  return {
    id: preview.id,
    title: preview.title,
    thumbnail: preview.thumbnail,
    source: preview.source,
    mediaUrl: preview.mediaUrl,
  };
}
