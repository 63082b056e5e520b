// Helpers of crash-restart.test.ts: the real server entry point as a child process that can be SIGKILLed and
// started again on the same port and database, and that database, private to one test (a temp dir for SQLite, a
// fresh PostgreSQL schema selected through the connection URL, as bench/lib/database.ts does it). For PostgreSQL,
// a "commit gate": a deferred trigger that makes every commit wait on an advisory lock the test can hold, so the
// node can be killed while a commit is in flight, deterministically.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type DatabaseKind, type Db, openDatabase } from '../src/db/database.ts';
import { TEST_DATABASE_URL } from './harness.ts';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));

/** Variables the server reads that must not leak in from the environment of the test run (env.ts). */
const SERVER_VARIABLES = [
  'PORT',
  'HOST',
  'PUBLIC_URL',
  'DATABASE_URL',
  'REDIS_URL',
  'REDIS_PREFIX',
  'COMMAND_TIMEOUT_MS',
  'DATA_DIR',
  'OIDC_ISSUER',
  'OIDC_CLIENT_ID',
  'OIDC_CLIENT_SECRET',
  'SESSION_SECRET',
  'LOG_LEVEL',
  'WEB_DIST_DIR',
  'TRUST_PROXY',
  'SOCKETS_PER_ADDRESS',
  'YOUTUBE_API_KEY',
  'YOUTUBE_API_BASE_URL',
  'YOUTUBE_OEMBED_URL',
  'YOUTUBE_TIMEOUT_MS',
  'POSTHOG_KEY',
  'POSTHOG_HOST',
  'SENTRY_DSN',
  'METRICS_TOKEN',
];

const children = new Set<ChildProcess>();
// However the test run ends, no server it started outlives it.
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

/** The server as its own process: `node apps/server/src/main.ts` with nothing but environment variables. */
export class ServerProcess {
  readonly child: ChildProcess;
  readonly url: string;
  private output = '';

  private constructor(child: ChildProcess, url: string) {
    this.child = child;
    this.url = url;
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-4000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
  }

  /** Starts the server on `port` and resolves once /readyz answers 200. */
  static async start(port: number, env: Record<string, string>, timeoutMs = 15_000): Promise<ServerProcess> {
    const base: Record<string, string | undefined> = { ...process.env };
    for (const name of SERVER_VARIABLES) delete base[name];
    const url = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, [MAIN], {
      stdio: ['ignore', 'pipe', 'pipe'],
      // SOCKETS_PER_ADDRESS: every client is 127.0.0.1, as in harness.ts (R99 has its own test).
      env: {
        ...base,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        LOG_LEVEL: 'warn',
        SOCKETS_PER_ADDRESS: '100000',
        ...env,
      },
    });
    children.add(child);
    child.once('exit', () => children.delete(child));
    const server = new ServerProcess(child, url);
    await server.waitReady(timeoutMs);
    return server;
  }

  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** What the server printed last (for failure messages). */
  get log(): string {
    return this.output;
  }

  async readyz(): Promise<number> {
    try {
      return (await fetch(`${this.url}/readyz`, { signal: AbortSignal.timeout(2000) })).status;
    } catch {
      return 0;
    }
  }

  private async waitReady(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (!this.alive) {
        throw new Error(`the server exited (${this.child.signalCode ?? this.child.exitCode}):\n${this.output}`);
      }
      if ((await this.readyz()) === 200) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    this.child.kill('SIGKILL');
    throw new Error(`${this.url}/readyz did not answer 200 within ${timeoutMs} ms:\n${this.output}`);
  }

  /** SIGKILL: no shutdown hook runs, commands in flight are cut off. Resolves once the process is gone. */
  async crash(): Promise<void> {
    if (!this.alive) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.kill('SIGKILL');
    await exited;
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function adminClient(schema?: string): Promise<pg.Client> {
  const client = new pg.Client({
    connectionString: TEST_DATABASE_URL,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  await client.connect();
  return client;
}

async function adminQuery<T extends pg.QueryResultRow>(statement: string, values: unknown[] = []): Promise<T[]> {
  const client = await adminClient();
  try {
    return (await client.query<T>(statement, values)).rows;
  } finally {
    await client.end();
  }
}

/** One test's database, its migrations run in-process (as the seeding code of bench/ does) before any server. */
export class CrashDatabase {
  readonly kind: DatabaseKind;
  readonly dataDir: string;
  readonly schema: string;
  /** The servers' PostgreSQL connections carry it, so the test can find (and end) their backends. */
  readonly applicationName: string;
  private readonly gateKey = randomInt(1, 2 ** 31 - 1);
  private gate: pg.Client | undefined;
  db: Db | undefined;

  constructor(kind: DatabaseKind) {
    this.kind = kind;
    this.dataDir = mkdtempSync(path.join(tmpdir(), 'xc-crash-'));
    this.schema = `t_crash_${randomBytes(5).toString('hex')}`;
    this.applicationName = this.schema.replaceAll('_', '-');
  }

  /** The environment that points a server process at this database. */
  serverEnv(): Record<string, string> {
    if (this.kind === 'sqlite') return { DATA_DIR: this.dataDir };
    const url = new URL(TEST_DATABASE_URL);
    url.searchParams.set('options', `-c search_path=${this.schema}`);
    url.searchParams.set('application_name', this.applicationName);
    return { DATA_DIR: this.dataDir, DATABASE_URL: url.toString() };
  }

  async open(): Promise<Db> {
    if (this.kind === 'postgres') await adminQuery(`create schema ${this.schema}`);
    this.db = await openDatabase({
      databaseUrl: this.kind === 'postgres' ? TEST_DATABASE_URL : undefined,
      dataDir: this.dataDir,
      ...(this.kind === 'postgres' ? { pgSchema: this.schema } : {}),
    });
    if (this.kind === 'postgres') {
      // Every commit that touches a room row (all of them: R17's conditional update) takes the gate's lock, shared,
      // at COMMIT time; while the test holds it exclusively, commits wait there, after every statement has run.
      const client = await adminClient(this.schema);
      try {
        await client.query(`create function crash_gate() returns trigger language plpgsql as $$
          begin perform pg_advisory_xact_lock_shared(${this.gateKey}); return null; end $$`);
        await client.query(`create constraint trigger crash_gate after update on rooms
          deferrable initially deferred for each row execute function crash_gate()`);
      } finally {
        await client.end();
      }
    }
    return this.db;
  }

  /** PostgreSQL: from now on every commit waits at COMMIT until `openGate`. */
  async closeGate(): Promise<void> {
    this.gate = await adminClient();
    await this.gate.query('select pg_advisory_lock($1)', [this.gateKey]);
  }

  async openGate(): Promise<void> {
    const gate = this.gate;
    this.gate = undefined;
    await gate?.end(); // ending the session releases its advisory lock
  }

  /** How many of the servers' commits are waiting at the gate. */
  async commitsAtGate(): Promise<number> {
    const rows = await adminQuery<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where application_name = $1 and wait_event_type = 'Lock' and wait_event = 'advisory'`,
      [this.applicationName],
    );
    return rows[0]?.n ?? 0;
  }

  /**
   * Ends every PostgreSQL session the servers left behind. After a SIGKILL an idle backend notices the closed
   * socket at once, but one waiting on a lock does not; ending it is the database side of the crash: the commit
   * it carried never happens, as if the node had died before its COMMIT reached the database.
   */
  async endServerSessions(timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const rows = await adminQuery<{ pid: number }>(
        'select pid from pg_stat_activity where application_name = $1 and pid <> pg_backend_pid()',
        [this.applicationName],
      );
      if (rows.length === 0) return;
      if (Date.now() > deadline) throw new Error(`${rows.length} server sessions outlived the crash`);
      await adminQuery('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [rows.map((row) => row.pid)]);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async drop(): Promise<void> {
    await this.openGate().catch(() => {});
    await this.db?.destroy();
    this.db = undefined;
    rmSync(this.dataDir, { recursive: true, force: true });
    if (this.kind === 'postgres') await adminQuery(`drop schema if exists ${this.schema} cascade`);
  }
}
