import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { deleteEventsBefore } from '../analytics/event-store.ts';
import { deleteExpiredOidcPayloads } from '../auth/oidc-adapter.ts';
import { deleteExpiredSessions } from '../auth/sessions.ts';
import type { DatabaseKind, Db } from '../db/database.ts';
import type { WalEraser } from '../db/wal-erase.ts';
import {
  deleteExpiredBanAddresses,
  deleteExpiredKickAddresses,
  deleteExpiredKicks,
} from '../moderation/expired-holds.ts';
import { deleteUnattachedSubtitles, SUBTITLE_UNATTACHED_MS } from '../rooms/subtitle-files.ts';

/** Rows one transaction deletes at most, so a large backlog never holds the lock or the tables for long. */
export const CLEANUP_BATCH_SIZE = 1000;

/**
 * First key of the PostgreSQL advisory lock ('xcln'). The second is the oid of this schema's `sessions` table:
 * advisory locks are per database, and keying on the table keeps deployments (and test servers) that share one
 * database in separate schemas from locking each other out.
 */
const LOCK_KEY = 0x78636c6e;

export interface CleanupCounts {
  sessions: number;
  oidcPayloads: number;
  events: number;
  /** Room kicks whose 10 minutes are over (R58), and the address holds of kicks and bans that ran out (R104). */
  kicks: number;
  /** Subtitle files no playlist item names an hour after their upload (R111). */
  subtitles: number;
}

export interface CleanupResult {
  deleted: CleanupCounts;
  /** True when the run stopped because another node held the lock (PostgreSQL): that node is cleaning. */
  yielded: boolean;
}

export interface CleanupOptions {
  kind: DatabaseKind;
  /** Analytics events older than this are deleted (ANALYTICS_RETENTION_DAYS). */
  analyticsRetentionMs: number;
  batchSize?: number;
  now?: () => number;
  /** Asked between batches; a run ends early when it answers true (the server is shutting down). */
  stopping?: () => boolean;
  /** Told after a run that deleted rows, so their bytes leave the SQLite WAL too (R98). */
  eraser?: Pick<WalEraser, 'erase'>;
}

/** Takes the cleanup lock for the rest of `trx`; false when another transaction holds it. */
async function tryLock(trx: Db): Promise<boolean> {
  const { rows } = await sql<{ locked: boolean }>`
    select pg_try_advisory_xact_lock(${LOCK_KEY}, 'sessions'::regclass::oid::int) as locked`.execute(trx);
  return rows[0]?.locked === true;
}

/**
 * Deletes expired sessions (R38), expired records of the embedded identity provider, and analytics events older
 * than the retention, `batchSize` rows per transaction until none is left. On PostgreSQL every batch first takes
 * a transaction-level advisory lock and the run gives way as soon as another node holds it, so the nodes of a
 * deployment clean one at a time. SQLite needs no lock: one server process owns the file (several nodes need
 * PostgreSQL, docs/deploy.md) and SQLite runs its writes one at a time anyway. A run that deleted anything ends
 * with the eraser, so on SQLite the deleted rows' old pages leave the WAL as well (R98).
 */
export async function runCleanup(db: Db, options: CleanupOptions): Promise<CleanupResult> {
  const result = await deleteInBatches(db, options);
  if (Object.values(result.deleted).some((count) => count > 0)) await options.eraser?.erase();
  return result;
}

async function deleteInBatches(db: Db, options: CleanupOptions): Promise<CleanupResult> {
  const batchSize = options.batchSize ?? CLEANUP_BATCH_SIZE;
  const now = (options.now ?? Date.now)();
  const steps: Array<[keyof CleanupCounts, (trx: Db, limit: number) => Promise<number>]> = [
    ['sessions', (trx, limit) => deleteExpiredSessions(trx, now, limit)],
    ['oidcPayloads', (trx, limit) => deleteExpiredOidcPayloads(trx, now, limit)],
    ['events', (trx, limit) => deleteEventsBefore(trx, now - options.analyticsRetentionMs, limit)],
    ['kicks', (trx, limit) => deleteExpiredKicks(trx, now, limit)],
    // Counted with the kicks: an address hold of a kick or a ban (R104) runs out as a kick does.
    ['kicks', (trx, limit) => deleteExpiredKickAddresses(trx, now, limit)],
    ['kicks', (trx, limit) => deleteExpiredBanAddresses(trx, now, limit)],
    ['subtitles', (trx, limit) => deleteUnattachedSubtitles(trx, now - SUBTITLE_UNATTACHED_MS, limit)],
  ];
  const deleted: CleanupCounts = { sessions: 0, oidcPayloads: 0, events: 0, kicks: 0, subtitles: 0 };
  for (const [table, deleteBatch] of steps) {
    for (;;) {
      if (options.stopping?.()) return { deleted, yielded: false };
      const count = await db.transaction().execute(async (trx) => {
        if (options.kind === 'postgres' && !(await tryLock(trx))) return null;
        return deleteBatch(trx, batchSize);
      });
      if (count === null) return { deleted, yielded: true };
      deleted[table] += count;
      if (count < batchSize) break;
      // node:sqlite runs synchronously: let sockets and requests in between two batches.
      await nextTurn();
    }
  }
  return { deleted, yielded: false };
}

export interface Schedule {
  /** Stops the timer and waits for a run in progress to end (it stops at its next batch). */
  stop(): Promise<void>;
}

/**
 * Calls `run` every `intervalMs`, never two at once: a tick that finds the previous run still going is skipped.
 * The timer does not keep the process alive.
 */
export function every(intervalMs: number, run: (stopping: () => boolean) => Promise<void>): Schedule {
  let stopped = false;
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = run(() => stopped).finally(() => {
      running = undefined;
    });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

/** Runs the cleanup every `intervalMs` (CLEANUP_INTERVAL_MINUTES), logging what it deleted. */
export function scheduleCleanup(
  db: Db,
  options: Omit<CleanupOptions, 'stopping'> & { intervalMs: number; log: FastifyBaseLogger },
): Schedule {
  return every(options.intervalMs, async (stopping) => {
    try {
      const { deleted, yielded } = await runCleanup(db, { ...options, stopping });
      const total = deleted.sessions + deleted.oidcPayloads + deleted.events + deleted.kicks;
      if (total > 0) options.log.info({ deleted, yielded }, 'cleanup deleted expired rows');
      else if (yielded) options.log.debug('cleanup left to the node holding the lock');
    } catch (error) {
      options.log.warn({ err: error }, 'cleanup failed; next attempt at the next interval');
    }
  });
}
