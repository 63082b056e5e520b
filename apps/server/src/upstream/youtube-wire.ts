import { type SearchResult, TITLE_MAX, YOUTUBE_ID_PATTERN } from '@xemchung/protocol';
import { httpUrlSchema } from '@xemchung/protocol/schemas';
import { decodeHTMLStrict } from 'entities';
import { z } from 'zod';

/**
 * The parts we read of YouTube's wire formats. Parsing is loose on purpose: an item we cannot use is
 * dropped, not a reason to fail the whole search.
 */
const thumbnailSchema = z.object({ url: z.string() }).optional();

/** YouTube Data API v3 `search.list` response (youtube#searchListResponse). */
export const searchListSchema = z.object({
  items: z
    .array(
      z.object({
        id: z.object({ videoId: z.string().optional() }).optional(),
        snippet: z
          .object({
            title: z.string().optional(),
            thumbnails: z
              .object({ default: thumbnailSchema, medium: thumbnailSchema, high: thumbnailSchema })
              .optional(),
          })
          .optional(),
      }),
    )
    .default([]),
});

/** Google API error body: `{error: {code, message, errors: [{reason, domain}]}}`. */
export const googleErrorSchema = z.object({
  error: z.object({
    code: z.number().optional(),
    errors: z.array(z.object({ reason: z.string().optional() })).optional(),
  }),
});

/** oEmbed 1.0 response (type video), as served by https://www.youtube.com/oembed?format=json. */
export const oembedSchema = z.object({ title: z.string(), thumbnail_url: z.string().optional() });

/** Cuts text to TITLE_MAX UTF-16 units without leaving half of a surrogate pair at the end. */
export function boundedTitle(text: string): string {
  if (text.length <= TITLE_MAX) return text;
  const cut = text.slice(0, TITLE_MAX);
  return /[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** An http(s) thumbnail URL, or '' (the UI shows a placeholder). */
export function safeThumbnail(url: string | undefined): string {
  return url !== undefined && httpUrlSchema.safeParse(url).success ? url : '';
}

/**
 * Search results as docs/product.md#data shapes them: valid, unique ids, decoded titles, the 320×180 thumbnail. The Data API
 * sends titles HTML-escaped (`Tom &amp; Jerry`); the browser gets plain text, which React escapes itself. Only
 * references closed by `;` are decoded, so a title's own `AT&T` or `&amp` stays as written.
 */
export function toSearchResults(list: z.infer<typeof searchListSchema>): SearchResult[] {
  const results: SearchResult[] = [];
  const seen = new Set<string>();
  for (const item of list.items) {
    const id = item.id?.videoId;
    if (!id || !YOUTUBE_ID_PATTERN.test(id) || seen.has(id)) continue;
    seen.add(id);
    const thumbnails = item.snippet?.thumbnails;
    results.push({
      id,
      title: boundedTitle(decodeHTMLStrict(item.snippet?.title ?? '')),
      thumbnail: safeThumbnail(thumbnails?.medium?.url ?? thumbnails?.high?.url ?? thumbnails?.default?.url),
    });
  }
  return results;
}

/** The first `reason` of a Google API error body (e.g. quotaExceeded), for the log. */
export function googleErrorReason(body: unknown): string | undefined {
  const parsed = googleErrorSchema.safeParse(body);
  return parsed.success ? parsed.data.error.errors?.[0]?.reason : undefined;
}
