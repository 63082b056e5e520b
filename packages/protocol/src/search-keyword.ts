// No zod here: the search box imports this, and the room page's chunk must not carry the schemas.

/** Longest keyword `GET /api/search_videos/:keyword` accepts, after trimming. */
export const SEARCH_KEYWORD_MAX = 200;

/**
 * The first SEARCH_KEYWORD_MAX UTF-16 units of a trimmed keyword, never splitting a character (an emoji cut in
 * half cannot be URL-encoded). The search box sends this rather than a keyword the route would refuse.
 */
export function clipSearchKeyword(keyword: string): string {
  const trimmed = keyword.trim();
  if (trimmed.length <= SEARCH_KEYWORD_MAX) return trimmed;
  let clipped = '';
  for (const character of trimmed) {
    if (clipped.length + character.length > SEARCH_KEYWORD_MAX) break;
    clipped += character;
  }
  return clipped.trim();
}
