import fastifyCookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { deriveSecret } from './derived-keys.ts';

/**
 * What the relying party must remember between /auth/login and /auth/callback: PKCE verifier, state, nonce,
 * how to answer (popup page or redirect) and where to return. It rides in a short-lived, httpOnly, signed
 * cookie scoped to /auth, and is cleared on first use so a replayed callback finds nothing.
 */
export const LOGIN_COOKIE = 'xc_login';
export const LOGIN_TTL_MS = 10 * 60 * 1000;
const COOKIE_PATH = '/auth';

export const loginModeSchema = z.enum(['popup', 'redirect']);
export type LoginMode = z.infer<typeof loginModeSchema>;

const loginStateSchema = z.object({
  state: z.string().min(16).max(200),
  nonce: z.string().min(16).max(200),
  verifier: z.string().min(43).max(128),
  mode: loginModeSchema,
  returnTo: z.string().max(2048),
  expiresAt: z.number(),
});
export type LoginState = z.infer<typeof loginStateSchema>;

/**
 * The state parameter starts with the mode ('p.' or 'r.'), so a callback whose cookie is gone (replayed,
 * expired, forged) still answers in the right form. Only the presentation depends on it, never a decision.
 */
export function stateForMode(mode: LoginMode, random: string): string {
  return `${mode === 'popup' ? 'p' : 'r'}.${random}`;
}

export function modeOfState(state: unknown): LoginMode {
  return typeof state === 'string' && state.startsWith('p.') ? 'popup' : 'redirect';
}

const looksLikeAnotherHost = (path: string) => path.startsWith('//') || path.startsWith('/\\');

/**
 * Only a same-origin path: one leading '/', never '//' or '/\' (browsers read those as another host), checked
 * both before and after URL normalisation (which strips tabs and newlines and folds '/./').
 */
export function safeReturnTo(raw: unknown): string {
  if (typeof raw !== 'string' || raw.length > 2048 || !raw.startsWith('/') || looksLikeAnotherHost(raw)) return '/';
  const base = 'http://return-to.invalid';
  const resolved = new URL(raw, base);
  const path = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  return resolved.origin === base && !looksLikeAnotherHost(path) ? path : '/';
}

export class LoginStateCookie {
  private readonly signer: ReturnType<typeof fastifyCookie.signerFactory>;
  private readonly secure: boolean;
  private readonly now: () => number;

  constructor(sessionSecret: string, secure: boolean, now: () => number = Date.now) {
    this.signer = fastifyCookie.signerFactory(deriveSecret(sessionSecret, 'login-state-cookie').toString('base64url'));
    this.secure = secure;
    this.now = now;
  }

  create(fields: Omit<LoginState, 'expiresAt'>): LoginState {
    return { ...fields, expiresAt: this.now() + LOGIN_TTL_MS };
  }

  set(reply: FastifyReply, state: LoginState): void {
    const value = this.signer.sign(Buffer.from(JSON.stringify(state)).toString('base64url'));
    reply.setCookie(LOGIN_COOKIE, value, {
      path: COOKIE_PATH,
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secure,
      maxAge: LOGIN_TTL_MS / 1000,
    });
  }

  /** The state of this browser's pending login, or null when missing, tampered with or expired. */
  read(request: FastifyRequest): LoginState | null {
    const raw = request.cookies[LOGIN_COOKIE];
    if (!raw || raw.length > 4096) return null;
    const unsigned = this.signer.unsign(raw);
    if (!unsigned.valid || unsigned.value === null) return null;
    try {
      const parsed = loginStateSchema.safeParse(JSON.parse(Buffer.from(unsigned.value, 'base64url').toString('utf8')));
      return parsed.success && parsed.data.expiresAt > this.now() ? parsed.data : null;
    } catch {
      return null;
    }
  }

  clear(reply: FastifyReply): void {
    reply.clearCookie(LOGIN_COOKIE, { path: COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure: this.secure });
  }
}
