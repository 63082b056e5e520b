import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type DatabaseKind, type Db, openDatabase, withDefaultUser } from '../../apps/server/src/db/database.ts';

/** PostgreSQL for the benchmarks: the one the tests use unless BENCH_DATABASE_URL says otherwise. */
const POSTGRES_URL = withDefaultUser(
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://127.0.0.1:5432/test',
  process.env.PGUSER,
);

/**
 * A private database for one benchmark: a temporary SQLite folder, or a fresh PostgreSQL schema selected through
 * the connection URL (`options=-c search_path=…`), so the servers under test run their real entry point with
 * nothing but environment variables. Their connections carry an application_name, so their PostgreSQL
 * backends (and the CPU those spend) can be found.
 */
export class BenchDatabase {
  readonly kind: DatabaseKind;
  readonly dataDir: string;
  readonly schema: string;
  readonly applicationName: string;

  constructor(kind: DatabaseKind) {
    this.kind = kind;
    this.dataDir = mkdtempSync(path.join(tmpdir(), 'xc-bench-'));
    this.schema = `xc_bench_${randomBytes(5).toString('hex')}`;
    this.applicationName = this.schema.replaceAll('_', '-');
  }

  /** The environment that points a server at this database. */
  serverEnv(): Record<string, string> {
    if (this.kind === 'sqlite') return { DATA_DIR: this.dataDir };
    const url = new URL(POSTGRES_URL);
    url.searchParams.set('options', `-c search_path=${this.schema}`);
    url.searchParams.set('application_name', this.applicationName);
    return { DATA_DIR: this.dataDir, DATABASE_URL: url.toString() };
  }

  /** Creates the schema (PostgreSQL) and opens it through the server's own code, migrations included. */
  async open(): Promise<Db> {
    if (this.kind === 'postgres') await this.admin(`create schema ${this.schema}`);
    return openDatabase({
      databaseUrl: this.kind === 'postgres' ? POSTGRES_URL : undefined,
      dataDir: this.dataDir,
      ...(this.kind === 'postgres' ? { pgSchema: this.schema } : {}),
    });
  }

  /** Process ids of the PostgreSQL backends serving the servers under test. */
  async backendPids(): Promise<number[]> {
    if (this.kind !== 'postgres') return [];
    const rows = await this.admin('select pid from pg_stat_activity where application_name = $1', [
      this.applicationName,
    ]);
    return rows.map((row) => Number(row.pid));
  }

  async drop(): Promise<void> {
    rmSync(this.dataDir, { recursive: true, force: true });
    if (this.kind === 'postgres') await this.admin(`drop schema if exists ${this.schema} cascade`);
  }

  private async admin(statement: string, values: unknown[] = []): Promise<Array<Record<string, unknown>>> {
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    try {
      return (await client.query(statement, values)).rows;
    } finally {
      await client.end();
    }
  }
}
