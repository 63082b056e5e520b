import pg from 'pg';
import { createClient } from 'redis';
import { withDefaultUser } from '../db/database.ts';
import { errorCode, StartupError } from './startup-error.ts';

/**
 * How long a start waits for PostgreSQL or Redis to answer. A node that is already running rides out either being
 * away (docs/decisions/009-scale-out.md); a node that cannot reach them when it starts is far more often
 * misconfigured, and says so (docs/decisions/030-start-up-output.md).
 */
export const PROBE_TIMEOUT_MS = 5000;

/** `host:port`, never the user or password of the URL. */
function endpoint(url: URL, defaultPort: number): string {
  return `${url.hostname}:${url.port || defaultPort}`;
}

/** Why a TCP connection failed, in words; '' when the error is not about reaching the host. */
function unreachable(error: unknown): string {
  const code = errorCode(error);
  const message = error instanceof Error ? error.message : '';
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host not found';
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'no route to the host';
  if (code === 'ETIMEDOUT' || /timeout/i.test(message)) return `no answer within ${PROBE_TIMEOUT_MS / 1000} s`;
  return '';
}

function describeError(error: unknown): string {
  return unreachable(error) || (error instanceof Error ? error.message : String(error));
}

/** Connects to DATABASE_URL once and asks `select 1`; a StartupError that names the setting when it cannot. */
export async function checkDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const where = endpoint(url, 5432);
  const client = new pg.Client({
    connectionString: withDefaultUser(databaseUrl),
    connectionTimeoutMillis: PROBE_TIMEOUT_MS,
  });
  client.on('error', () => {}); // a connection dropped after a failed connect; the rejection says it all
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    const code = errorCode(error);
    const database = decodeURIComponent(url.pathname.slice(1)) || '(default)';
    const problem =
      code === '3D000'
        ? `names database "${database}", which does not exist on ${where}; create it, or correct DATABASE_URL`
        : code === '28P01' || code === '28000'
          ? `has a user or password that PostgreSQL on ${where} refused (${describeError(error)}); correct them`
          : `points at PostgreSQL on ${where}, which does not answer (${describeError(error)}); start it, or correct DATABASE_URL`;
    throw new StartupError('DATABASE_URL', `Cannot start: DATABASE_URL ${problem}`, { cause: error });
  } finally {
    await client.end().catch(() => {});
  }
}

/** Connects to REDIS_URL once and PINGs it, without retrying; a StartupError that names the setting when it cannot. */
export async function checkRedis(redisUrl: string): Promise<void> {
  const where = endpoint(new URL(redisUrl), 6379);
  const client = createClient({
    url: redisUrl,
    socket: { connectTimeout: PROBE_TIMEOUT_MS, reconnectStrategy: false },
  });
  client.on('error', () => {}); // the same error rejects connect()
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    const auth = /WRONGPASS|NOAUTH|NOPERM/.test(error instanceof Error ? error.message : '');
    const problem = auth
      ? `has credentials that Redis on ${where} refused (${describeError(error)}); correct them`
      : `points at Redis on ${where}, which does not answer (${describeError(error)}); start it, correct REDIS_URL, or unset it to run a single node`;
    throw new StartupError('REDIS_URL', `Cannot start: REDIS_URL ${problem}`, { cause: error });
  } finally {
    client.destroy();
  }
}
