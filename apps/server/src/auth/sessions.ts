import { createHash, randomBytes } from 'node:crypto';
// The cookie helpers' types, so this file also checks when compiled without app.ts (bench/ seeds sessions).
import type {} from '@fastify/cookie';
import { shownDisplayName } from '@xemchung/protocol';
import DataLoader from 'dataloader';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';

export const SESSION_COOKIE = 'xc_session';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** The signed-in user as the client sees it (docs/product.md#data). */
export interface SessionUser {
  uid: string;
  email: string;
  photoURL: string | null;
  displayName: string;
}

/** Sessions looked up by one query at most. */
const RESOLVE_BATCH_MAX = 100;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** The name is shown by the name rule (R96): a name stored before it reaches nobody as it was written. */
export function toSessionUser(row: UserRow): SessionUser {
  return { uid: row.uid, email: row.email, photoURL: row.photo_url, displayName: shownDisplayName(row.display_name) };
}

/** Server-side sessions: the cookie holds a random token, the table only its hash. */
export class SessionStore {
  private readonly db: Db;
  private readonly now: () => number;
  /**
   * Lookups by token hash, batched like RoomRepository's loads: after a restart every client's handshake asks at
   * once, and 10,000 single-row queries queued on the pooled connections past the pool's checkout timeout, which
   * refused the handshakes left at the back (bench:reconnect, bench/README.md).
   */
  private readonly loader: DataLoader<string, SessionUser | null>;

  constructor(db: Db, now: () => number = Date.now) {
    this.db = db;
    this.now = now;
    this.loader = new DataLoader((hashes) => this.resolveMany(hashes), {
      cache: false,
      batchScheduleFn: (callback) => setImmediate(callback),
      maxBatchSize: RESOLVE_BATCH_MAX,
    });
  }

  async create(userUid: string): Promise<{ token: string; expiresAt: number }> {
    const token = randomBytes(32).toString('base64url');
    const createdAt = this.now();
    const expiresAt = createdAt + SESSION_TTL_MS;
    await this.db
      .insertInto('sessions')
      .values({ id_hash: hashToken(token), user_uid: userUid, created_at: createdAt, expires_at: expiresAt })
      .execute();
    return { token, expiresAt };
  }

  /** The user behind a cookie token, or null for a missing, unknown, tampered or expired one. */
  async resolve(token: string | undefined): Promise<SessionUser | null> {
    if (!token || token.length > 128) return null;
    return this.loader.load(hashToken(token));
  }

  private async resolveMany(hashes: readonly string[]): Promise<Array<SessionUser | null>> {
    const rows = await this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.uid', 'sessions.user_uid')
      .selectAll('users')
      .select('sessions.id_hash')
      .where('sessions.id_hash', 'in', [...hashes])
      .where('sessions.expires_at', '>', this.now())
      .execute();
    const users = new Map(rows.map((row) => [row.id_hash, toSessionUser(row)]));
    return hashes.map((hash) => users.get(hash) ?? null);
  }

  async destroy(token: string | undefined): Promise<void> {
    if (!token) return;
    await this.db.deleteFrom('sessions').where('id_hash', '=', hashToken(token)).execute();
  }
}

/**
 * Deletes at most `limit` sessions expired at `now` (which `resolve` already ignores); returns how many.
 * retention/cleanup.ts calls it in batches, inside its transaction.
 */
export async function deleteExpiredSessions(db: Db, now: number, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where('id_hash', 'in', (eb) =>
      eb.selectFrom('sessions').select('id_hash').where('expires_at', '<=', now).limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Reads the session cookie of a request; null when signed out. */
export function currentUser(sessions: SessionStore, request: FastifyRequest): Promise<SessionUser | null> {
  return sessions.resolve(request.cookies[SESSION_COOKIE]);
}

export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: number, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    expires: new Date(expiresAt),
    // Max-Age wins over Expires where both are understood, and does not depend on the browser's clock.
    maxAge: Math.max(0, Math.round((expiresAt - Date.now()) / 1000)),
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}
