/** Client routes (docs/product.md#routes). */
export const HOME_PATH = '/';
export const TERMS_PATH = '/terms-of-use';
export const PRIVACY_PATH = '/privacy-policy';
/** Any unknown path shows the not-found page; this one is for redirects (e.g. an unknown room id). */
export const NOT_FOUND_PATH = '/not-found';

/** The room route as the router matches it; `roomPath` builds its links. */
export const ROOM_PATH_PATTERN = '/room/:roomId';

export function roomPath(roomId: string): string {
  return `/room/${encodeURIComponent(roomId)}`;
}
