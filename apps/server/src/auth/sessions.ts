import { createHash, randomBytes } from 'node:crypto';
// The cookie helpers' types, so this file also checks when compiled without app.ts (bench/ seeds sessions).
import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';

export const SESSION_COOKIE = 'xc_session';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** The signed-in user as the client sees it (spec §3 User, without the per-room isHost flag). */
export interface SessionUser {
  uid: string;
  email: string;
  photoURL: string | null;
  displayName: string;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export function toSessionUser(row: UserRow): SessionUser {
  return { uid: row.uid, email: row.email, photoURL: row.photo_url, displayName: row.display_name };
}

/** Server-side sessions: the cookie holds a random token, the table only its hash. */
export class SessionStore {
  private readonly db: Db;
  private readonly now: () => number;

  constructor(db: Db, now: () => number = Date.now) {
    this.db = db;
    this.now = now;
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
    const row = await this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.uid', 'sessions.user_uid')
      .selectAll('users')
      .where('sessions.id_hash', '=', hashToken(token))
      .where('sessions.expires_at', '>', this.now())
      .executeTakeFirst();
    return row ? toSessionUser(row) : null;
  }

  async destroy(token: string | undefined): Promise<void> {
    if (!token) return;
    await this.db.deleteFrom('sessions').where('id_hash', '=', hashToken(token)).execute();
  }
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
