// What the search, oEmbed and analytics routes answer besides their bodies' shapes (schemas/search.ts).

/** Status the UI shows as 'Hết lượt search cho tài khoản free…' (docs/product.md#search-box). */
export const SEARCH_QUOTA_STATUS = 403;

/**
 * Status the UI shows as 'Tìm kiếm video hiện không dùng được…': search is off (SEARCH_PROVIDER=none), or InnerTube
 * refused us or answered something we cannot read (docs/decisions/021-search-without-a-key.md).
 */
export const SEARCH_UNAVAILABLE_STATUS = 503;

/**
 * `error.code` of a failed `GET /api/oembed`: 400 unsupported_link (not a link we can play), 404
 * video_not_found (the UI says 'Link video không tồn tại'), 502 upstream_error, 504 upstream_timeout.
 */
export const OEMBED_ERROR_CODES = [
  'unsupported_link',
  'video_not_found',
  'upstream_error',
  'upstream_timeout',
] as const;
export type OembedErrorCode = (typeof OEMBED_ERROR_CODES)[number];

/** Largest body `POST /api/events` accepts (JSON only). */
export const ANALYTICS_BODY_MAX = 4096;
