import { sql } from 'kysely';
import type { DatabaseKind, Db } from './database.ts';
import { SQLITE_BUSY_TIMEOUT_MS } from './node-sqlite-dialect.ts';

/** The wait before trying again when the WAL could not be cut; each further try waits twice as long, up to a minute. */
export const FIRST_RETRY_MS = 1000;
const LAST_RETRY_MS = 60_000;

/** Makes a commit that erased text reach the disk (R98). */
export interface WalEraser {
  /**
   * Call after the commit that emptied or deleted the rows. SQLite: copies every frame of the write-ahead log into
   * the database file (where secure_delete has zeroed the old bytes) and cuts the log to zero bytes, so no older
   * page image that held the text is left in `xemchung.sqlite-wal`. While another connection (a backup, an
   * operator's sqlite3) reads an older snapshot the log cannot be cut; then it tries again later, until it can.
   * Resolves once the first try is over. PostgreSQL: nothing to do here (docs/deploy.md#deleted-data).
   */
  erase(): Promise<void>;
  /** Cancels a pending retry (the server is closing; closing the last connection checkpoints the log anyway). */
  stop(): void;
}

/**
 * One `wal_checkpoint(TRUNCATE)` on the server's connection; false when a reader or another process's writer kept
 * it from finishing. It does not wait for them: node:sqlite is synchronous, and SQLite's busy handler would hold
 * the event loop for up to the busy timeout.
 */
async function truncateWal(db: Db): Promise<boolean> {
  return db.connection().execute(async (connection) => {
    await sql`pragma busy_timeout = 0`.execute(connection);
    try {
      const { rows } = await sql<{ busy: number }>`pragma wal_checkpoint(TRUNCATE)`.execute(connection);
      return rows[0]?.busy === 0;
    } finally {
      await sql`pragma busy_timeout = ${sql.lit(SQLITE_BUSY_TIMEOUT_MS)}`.execute(connection);
    }
  });
}

export function walEraser(db: Db, kind: DatabaseKind, onError: (error: unknown) => void): WalEraser {
  if (kind === 'postgres') return { erase: async () => {}, stop: () => {} };
  let retry: NodeJS.Timeout | undefined;
  let wait = FIRST_RETRY_MS;
  let stopped = false;
  const attempt = async (): Promise<void> => {
    clearTimeout(retry);
    retry = undefined;
    if (stopped) return;
    let done = false;
    try {
      done = await truncateWal(db);
    } catch (error) {
      onError(error);
    }
    if (done) {
      wait = FIRST_RETRY_MS;
      return;
    }
    if (stopped) return;
    retry = setTimeout(() => void attempt(), wait);
    retry.unref();
    wait = Math.min(wait * 2, LAST_RETRY_MS);
  };
  return {
    erase: attempt,
    stop() {
      stopped = true;
      clearTimeout(retry);
    },
  };
}
