/**
 * SQLSTATE classes that mean "the database cannot do this right now" rather than "this request is wrong":
 * 08 connection exception, 40 transaction rollback (serialization failure, deadlock), 53 insufficient
 * resources, 57 operator intervention (statement_timeout's query_canceled, admin shutdown, terminated backend).
 */
const POSTGRES_CLASSES = new Set(['08', '40', '53', '57']);

/** Socket errors from node:net while reaching the database. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH']);

/** node-postgres and its pool say these without a code. */
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client has encountered a connection error/,
  /^Query read timeout/,
];

/** SQLite result codes: SQLITE_BUSY and SQLITE_LOCKED (another writer held the file past the busy timeout). */
const SQLITE_BUSY_CODES = new Set([5, 6]);

/**
 * True when a database call failed because the database is down, unreachable, overloaded or timed out: the
 * request may succeed on retry, so callers answer `unavailable` rather than `internal`.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, errcode } = error as Error & { code?: unknown; errcode?: unknown };
  if (typeof code === 'string') {
    if (/^[0-9A-Z]{5}$/.test(code) && POSTGRES_CLASSES.has(code.slice(0, 2))) return true;
    if (NETWORK_CODES.has(code)) return true;
  }
  if (typeof errcode === 'number' && SQLITE_BUSY_CODES.has(errcode & 0xff)) return true;
  return DRIVER_MESSAGES.some((pattern) => pattern.test(error.message));
}
