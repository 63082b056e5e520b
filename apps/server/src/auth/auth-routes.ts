import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import { sendError } from '../http/errors.ts';
import type { RouteRateLimit } from '../http/rate-limit.ts';
import { type LoginMode, type LoginStateCookie, loginModeSchema, modeOfState, safeReturnTo } from './login-state.ts';
import { sendPopupResult } from './popup-page.ts';
import type { RelyingParty } from './relying-party.ts';
import { SESSION_COOKIE, type SessionStore, setSessionCookie } from './sessions.ts';
import { upsertUser } from './users.ts';

export interface AuthRouteDeps {
  db: Db;
  rp: RelyingParty;
  loginState: LoginStateCookie;
  sessions: SessionStore;
  publicUrl: string;
  secureCookies: boolean;
  /** Per-route rate limit for @fastify/rate-limit. */
  rateLimit: RouteRateLimit;
}

const loginQuerySchema = z.object({
  mode: loginModeSchema.default('redirect'),
  returnTo: z.string().max(2048).optional(),
});

/** The callback's own parameters; anything else the issuer adds (iss, session_state…) passes through. */
const callbackQuerySchema = z.looseObject({
  state: z.string().max(512).optional(),
  error: z.string().max(512).optional(),
});

function fail(reply: FastifyReply, mode: LoginMode, status: number, code: string, message: string) {
  return mode === 'popup' ? sendPopupResult(reply, false, status) : sendError(reply, status, code, message);
}

/** GET /auth/login and GET /auth/callback: the relying-party half of sign-in. */
export function registerAuthRoutes(app: FastifyInstance, deps: AuthRouteDeps): void {
  const config = { rateLimit: deps.rateLimit };

  app.get('/auth/login', { config }, async (request, reply) => {
    const query = loginQuerySchema.safeParse(request.query);
    if (!query.success) return sendError(reply, 400, 'invalid_request', 'mode must be popup or redirect');
    const { mode } = query.data;
    let started: Awaited<ReturnType<RelyingParty['start']>>;
    try {
      started = await deps.rp.start(mode, safeReturnTo(query.data.returnTo));
    } catch (error) {
      request.log.error({ err: error }, 'identity provider unavailable');
      return fail(reply, mode, 503, 'idp_unavailable', 'The identity provider is unavailable');
    }
    deps.loginState.set(reply, deps.loginState.create(started.pending));
    return reply.header('cache-control', 'no-store').redirect(started.url.href, 302);
  });

  app.get('/auth/callback', { config }, async (request, reply) => {
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    const query = callbackQuerySchema.safeParse(request.query);
    const state = query.success ? query.data.state : undefined;
    const pending = deps.loginState.read(request);
    // First use clears the cookie, whatever happens next: a replay of this callback finds no state.
    deps.loginState.clear(reply);
    const mode = pending?.mode ?? modeOfState(state);
    if (!pending || !state || state !== pending.state) {
      return fail(reply, mode, 400, 'invalid_state', 'Sign-in state is missing, expired or already used');
    }
    if (query.success && query.data.error) {
      // The user cancelled or the issuer refused: no session; a redirect flow goes back where it started.
      return mode === 'popup' ? sendPopupResult(reply, false) : reply.redirect(pending.returnTo, 302);
    }
    let identity: Awaited<ReturnType<RelyingParty['finish']>>;
    try {
      identity = await deps.rp.finish(new URL(request.url, deps.publicUrl), pending);
    } catch (error) {
      request.log.warn({ err: error }, 'sign-in callback failed');
      return fail(reply, mode, 400, 'login_failed', 'Sign-in could not be completed');
    }
    try {
      const user = await upsertUser(deps.db, identity);
      // A sign-in replaces whatever session this browser had, so no orphaned session outlives it.
      await deps.sessions.destroy(request.cookies[SESSION_COOKIE]);
      const session = await deps.sessions.create(user.uid);
      setSessionCookie(reply, session.token, session.expiresAt, deps.secureCookies);
    } catch (error) {
      request.log.error({ err: error }, 'could not store the signed-in user');
      return fail(reply, mode, 500, 'internal', 'Internal error');
    }
    return mode === 'popup' ? sendPopupResult(reply, true) : reply.redirect(pending.returnTo, 302);
  });
}
