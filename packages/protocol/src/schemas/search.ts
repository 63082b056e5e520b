import { z } from 'zod';
import { TITLE_MAX } from '../limits.ts';
import { SEARCH_KEYWORD_MAX } from '../search-keyword.ts';
import { httpUrlSchema, videoIdSchema, videoSourceSchema } from './room.ts';

/** The keyword as the search route accepts it: trimmed, 1–200 characters. */
export const searchKeywordSchema = z
  .string()
  .trim()
  .min(1, 'Keyword is required')
  .max(SEARCH_KEYWORD_MAX, `Keyword must be at most ${SEARCH_KEYWORD_MAX} characters`);

/** One search hit (docs/product.md#data). */
export const searchResultSchema = z.object({
  id: videoIdSchema,
  title: z.string().max(TITLE_MAX),
  thumbnail: z.union([httpUrlSchema, z.literal('')]),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/**
 * A search that did not produce results (docs/product.md#services): `status` 403 means the Data API's free quota is used
 * up; 503 that search is off or its keyless provider is unavailable; anything else is the upstream failure (its HTTP
 * code, 502 unreadable answer, 504 timeout). Sent with HTTP 200 — see docs/decisions/004-search.md and 021.
 */
export const searchStatusSchema = z.object({ status: z.number().int() });
export type SearchStatus = z.infer<typeof searchStatusSchema>;

/** Body of `GET /api/search_videos/:keyword` with HTTP 200: results, or a status. */
export const searchResponseSchema = z.union([z.array(searchResultSchema), searchStatusSchema]);
export type SearchResponse = z.infer<typeof searchResponseSchema>;

/**
 * Body of `GET /api/oembed?url=` with HTTP 200: what a pasted link points at, ready to become a playlist
 * item. For a direct media link the title comes from the file name, the thumbnail is '' and nothing is
 * fetched; `mediaUrl` is the normalised link to play.
 */
export const linkPreviewSchema = z.object({
  id: videoIdSchema,
  title: z.string().max(TITLE_MAX),
  thumbnail: z.union([httpUrlSchema, z.literal('')]),
  source: videoSourceSchema,
  mediaUrl: httpUrlSchema.nullable(),
});
export type LinkPreview = z.infer<typeof linkPreviewSchema>;

/**
 * 'Search videos' (docs/product.md#services): the keyword, and the user's email or null. The server records the email of the
 * session instead of trusting this field, so a client cannot attribute events to someone else.
 */
export const searchVideosEventSchema = z.object({
  name: z.literal('Search videos'),
  properties: z.object({
    keyword: z.string().max(SEARCH_KEYWORD_MAX),
    email: z.string().max(320).nullable(),
  }),
});

/** Body of `POST /api/events`: one of the known product events, tagged by `name`. */
export const analyticsEventSchema = z.discriminatedUnion('name', [searchVideosEventSchema]);
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;
