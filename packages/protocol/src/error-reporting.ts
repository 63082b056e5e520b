/** Share of page loads and requests traced by error reporting (docs/product.md#limits). */
export const TRACES_SAMPLE_RATE = 0.2;

/**
 * What the Sentry SDKs (browser and server) may attach to a report: the error, its stack and the page or route
 * it happened on — no user fields, cookies, headers, bodies, query strings or local variables. The product promises no
 * personal data in error reports (docs/product.md#terms-and-privacy), so none is sent. Assignable to Sentry's `dataCollection` option.
 */
export const ERROR_REPORTING_DATA_COLLECTION = {
  userInfo: false,
  cookies: false,
  httpHeaders: false,
  httpBodies: [],
  urlQueryParams: false,
  stackFrameVariables: false,
  databaseQueryData: false,
  queues: false,
  genAI: { inputs: false, outputs: false },
  mcp: { inputs: false, outputs: false },
  graphQL: { document: false, variables: false },
};

/** A search URL's path segment that carries what the user typed (`GET /api/search_videos/:keyword`). */
const SEARCH_KEYWORD_IN_PATH = /(\/api\/search_videos\/)[^/?#\s"'<>]+/g;

/**
 * Replaces the keyword of every search URL found in `value` (a Sentry event, span or breadcrumb: any JSON
 * shape, changed in place) with `[keyword]`. The SDKs strip query strings but keep paths, and the search keyword
 * is in the path, so without this a keyword would ride along in fetch breadcrumbs, spans and request URLs —
 * what the privacy page promises not to send.
 */
export function redactSearchKeywords<T>(value: T): T {
  return redact(value, new WeakSet()) as T;
}

function redact(value: unknown, seen: WeakSet<object>): unknown {
  if (typeof value === 'string') return value.replace(SEARCH_KEYWORD_IN_PATH, '$1[keyword]');
  if (value === null || typeof value !== 'object' || seen.has(value)) return value;
  seen.add(value);
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) record[key] = redact(record[key], seen);
  return value;
}
