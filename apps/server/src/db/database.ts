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
}

const INT8_OID = 20;

/** Like psql, fall back to the OS user when the URL names none (postgres://127.0.0.1:5432/test). */
export function withDefaultUser(url: string): string {
  const parsed = new URL(url);
  if (!parsed.username) parsed.username = process.env.PGUSER ?? userInfo().username;
  return parsed.toString();
}

function postgresDialect(url: string, schema: string | undefined): PostgresDialect {
  const pool = new pg.Pool({
    connectionString: withDefaultUser(url),
    max: 10,
    connectionTimeoutMillis: 5000,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
    // Epoch milliseconds live in bigint columns; they fit a JS number for the next 285,000 years.
    types: {
      getTypeParser: (oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID ? Number : pg.types.getTypeParser(oid, format as 'text'),
    },
  });
  return new PostgresDialect({ pool });
}

export function databaseKind(options: Pick<DatabaseOptions, 'databaseUrl'>): DatabaseKind {
  return options.databaseUrl ? 'postgres' : 'sqlite';
}

/** Opens the database and brings it to the latest migration before anything else touches it. */
export async function openDatabase(options: DatabaseOptions): Promise<Db> {
  const dialect = options.databaseUrl
    ? postgresDialect(options.databaseUrl, options.pgSchema)
    : nodeSqliteDialect(path.join(options.dataDir, 'xemchung.sqlite'));
  const db = new Kysely<Database>({ dialect });
  const { error, results } = await new Migrator({
    db,
    provider: migrationProvider,
    // Keep Kysely's bookkeeping in the same schema as the data (tests run many schemas side by side).
    ...(options.pgSchema ? { migrationTableSchema: options.pgSchema } : {}),
  }).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    await db.destroy();
    throw new Error(`Database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`);
  }
  return db;
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
