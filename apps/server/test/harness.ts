import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type App, buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/config.ts';
import { type DatabaseKind, withDefaultUser } from '../src/db/database.ts';

/** The PostgreSQL of the integration suites, with its user named (PGUSER, else the OS user) as psql would. */
export const TEST_DATABASE_URL = withDefaultUser(
  process.env.TEST_DATABASE_URL ?? 'postgres://127.0.0.1:5432/test',
  process.env.PGUSER,
);

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * The databases the integration suites run against: SQLite always, PostgreSQL when TEST_DATABASE_URL
 * answers. Under CI=true PostgreSQL is required, so a missing service fails the run instead of hiding.
 */
export async function databaseKinds(): Promise<DatabaseKind[]> {
  if (await postgresAnswers()) return ['sqlite', 'postgres'];
  if (process.env.CI === 'true') throw new Error(`CI=true but PostgreSQL does not answer at ${TEST_DATABASE_URL}`);
  console.warn(`[notice] PostgreSQL not reachable at ${TEST_DATABASE_URL}: PostgreSQL suites skipped`);
  return ['sqlite'];
}

export const DATABASE_KINDS = await databaseKinds();

export interface TestServer {
  app: App;
  url: string;
  kind: DatabaseKind;
  dataDir: string;
  pgSchema: string | undefined;
  /** Stops the server; keeps the data unless `wipe` is set, so a restart can reuse it. */
  stop(): Promise<void>;
  /** Stops and removes the data (the temporary directory or the PostgreSQL schema). */
  close(): Promise<void>;
}

export interface StartOptions {
  /** Reuse the data of a previous server (restart tests). */
  reuse?: { dataDir: string; pgSchema: string | undefined };
  /** Listen on this port (a restarted server at the same URL, so socket clients can reconnect to it). */
  port?: number;
  env?: Record<string, string>;
  /** Where the server's log lines go (with `env.LOG_LEVEL`; silent by default). */
  logStream?: { write(line: string): void };
  /** How long a room waits for an absent sharer (R120), instead of OWN_FILE_SHARER_WAIT_MS. */
  sharerWaitMs?: number;
}

/** Starts the real server on a random port with a private database (a temp dir, or a fresh PG schema). */
export async function startServer(kind: DatabaseKind, options: StartOptions = {}): Promise<TestServer> {
  const dataDir = options.reuse?.dataDir ?? mkdtempSync(path.join(tmpdir(), 'xc-test-'));
  let pgSchema = options.reuse?.pgSchema;
  if (kind === 'postgres' && !pgSchema) {
    pgSchema = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    await adminQuery(`create schema ${pgSchema}`);
  }
  // The public URL must name the port, so pick a free one before the config is built.
  const probe = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${probe}`;
  const config = loadConfig({
    PORT: String(probe),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // Every test's sockets come from 127.0.0.1, and a suite shares one server: R99 would refuse them past 30 at
    // once or 2 a second. Its own test sets the limit it checks.
    SOCKETS_PER_ADDRESS: '100000',
    ...(kind === 'postgres' ? { DATABASE_URL: TEST_DATABASE_URL } : {}),
    ...options.env,
  });
  const app = await buildApp(config, {
    ...(pgSchema ? { pgSchema } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
    sharerWaitMs: options.sharerWaitMs,
  });
  await app.http.listen({ port: probe, host: '127.0.0.1' });
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await app.close();
  };
  return {
    app,
    url,
    kind,
    dataDir,
    pgSchema,
    stop,
    async close() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
      if (pgSchema) await adminQuery(`drop schema if exists ${pgSchema} cascade`);
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
