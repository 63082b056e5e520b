import { userInfo } from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { migrationProvider } from './migrations.ts';
import { nodeSqliteDialect } from './node-sqlite-dialect.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;
export type DatabaseKind = 'sqlite' | 'postgres';

export interface DatabaseOptions {
  /** postgres://… selects PostgreSQL; otherwise SQLite in `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** PostgreSQL schema to use (tests isolate themselves in a fresh schema). */
  pgSchema?: string;
  /**
   * PostgreSQL: the server cancels any statement running longer, and waiting for a pooled connection gives up
   * after as long, so a stuck database fails requests instead of holding them (docs/decisions/009-scale-out.md).
   */
  timeoutMs?: number;
  /** Told when an idle pooled connection dies (database restart, connections dropped); the pool replaces it. */
  onConnectionError?: (error: Error) => void;
}

const INT8_OID = 20;

/**
 * Like psql, when the URL names no user (postgres://127.0.0.1:5432/test) connect as `user` (PGUSER, read by
 * config/), else as the OS user.
 */
export function withDefaultUser(url: string, user?: string): string {
  const parsed = new URL(url);
  if (!parsed.username) parsed.username = user ?? userInfo().username;
  return parsed.toString();
}

const DEFAULT_TIMEOUT_MS = 5000;

function postgresDialect(url: string, options: DatabaseOptions, limitStatements: boolean): PostgresDialect {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const pool = new pg.Pool({
    connectionString: withDefaultUser(url),
    max: 10,
    connectionTimeoutMillis: timeoutMs,
    ...(limitStatements ? { statement_timeout: timeoutMs } : {}),
    // Notice a peer that vanished without closing the connection (a network cut) instead of waiting forever.
    keepAlive: true,
    ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    // Epoch milliseconds live in bigint columns; they fit a JS number for the next 285,000 years.
    types: {
      getTypeParser: (oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID ? Number : pg.types.getTypeParser(oid, format as 'text'),
    },
  });
  // A connection dying (database restart, dropped connections) emits 'error' on its client, checked out or idle;
  // without a listener that is an unhandled 'error' event and ends the process. The query in flight, if any,
  // fails on its own, and the pool drops the dead client.
  const onConnectionError = (error: Error) => options.onConnectionError?.(error);
  pool.on('connect', (client) => client.on('error', onConnectionError));
  pool.on('error', () => {}); // the same error, already reported by the client's listener
  return new PostgresDialect({ pool });
}

export function databaseKind(options: Pick<DatabaseOptions, 'databaseUrl'>): DatabaseKind {
  return options.databaseUrl ? 'postgres' : 'sqlite';
}

function dialect(options: DatabaseOptions, limitStatements: boolean) {
  return options.databaseUrl
    ? postgresDialect(options.databaseUrl, options, limitStatements)
    : nodeSqliteDialect(path.join(options.dataDir, 'xemchung.sqlite'));
}

/**
 * Opens the database and brings it to the latest migration before anything else touches it. Migrations run on
 * their own connection without the statement timeout: a long one, or waiting for another node's, is not stuck.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Db> {
  const migrating = new Kysely<Database>({ dialect: dialect(options, false) });
  try {
    const { error, results } = await new Migrator({
      db: migrating,
      provider: migrationProvider,
      // Keep Kysely's bookkeeping in the same schema as the data (tests run many schemas side by side).
      ...(options.pgSchema ? { migrationTableSchema: options.pgSchema } : {}),
    }).migrateToLatest();
    const failed = results?.find((result) => result.status === 'Error');
    if (error || failed) {
      throw new Error(`Database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`);
    }
  } finally {
    await migrating.destroy();
  }
  return new Kysely<Database>({ dialect: dialect(options, true) });
}

/** True when the database answers a trivial query (used by /readyz). */
export async function isDatabaseReachable(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
