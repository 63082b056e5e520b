import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { guestKey, type Person, userKey } from '@xemchung/protocol';
import type { SessionUser } from '../auth/sessions.ts';

/**
 * A guest's browser session: a random token in an httpOnly cookie, set on the WebSocket upgrade of a socket that
 * came without one. It keeps a guest the same person across tabs and reloads (presence shows one entry; the
 * per-person cap and a kick follow them), without an account (docs/room-rules.md R51).
 */
export const GUEST_COOKIE = 'xc_guest';
const GUEST_COOKIE_MAX_AGE_S = 365 * 24 * 3600;
const GUEST_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** Crockford's base32: no I, L, O or U, so a tag read aloud or copied by hand stays unambiguous. */
const BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Characters of a guest id: 50 bits, so two guests of one room never share one. */
const GUEST_ID_LENGTH = 10;

/** Who is behind a socket, as the room needs to know it. */
export interface ViewerIdentity {
  person: Person;
  /**
   * A keyed hash of the client address (behind TRUST_PROXY, the address the proxies vouch for): caps and kicks of
   * guests follow it too, so clearing cookies does not reset them. Never the address itself.
   */
  addressKey: string;
}

/** The public id of a guest token: a hash, so nothing others see reveals the cookie. */
export function guestIdOf(token: string): string {
  const digest = createHash('sha256').update(token).digest();
  let id = '';
  for (let index = 0; index < GUEST_ID_LENGTH; index++) id += BASE32[(digest[index] ?? 0) % 32];
  return id;
}

export function personOf(user: SessionUser | null, guestToken: string): Person {
  if (user)
    return { key: userKey(user.uid), uid: user.uid, name: user.displayName, photoURL: user.photoURL, guestTag: null };
  const id = guestIdOf(guestToken);
  return { key: guestKey(id), uid: null, name: null, photoURL: null, guestTag: id };
}

export interface IdentityOptions {
  /** The client address of a request, read as HTTP reads it (TRUST_PROXY, client-warnings.ts). */
  addressOf: (request: IncomingMessage) => string;
  /** Keys the address hash; from SESSION_SECRET, so every node hashes alike. */
  addressSecret: Buffer;
  parseCookie: (header: string) => Record<string, string | undefined>;
  serializeCookie: (name: string, value: string, options: object) => string;
  secureCookies: boolean;
}

/** The guest token a request carries, if it is one we could have issued. */
function guestTokenOf(request: IncomingMessage, parseCookie: IdentityOptions['parseCookie']): string | null {
  const header = request.headers.cookie;
  const token = header ? parseCookie(header)[GUEST_COOKIE] : undefined;
  return token && GUEST_TOKEN_PATTERN.test(token) ? token : null;
}

/** The token issued on this request's upgrade, for the handshake that follows it. */
const issuedTokens = new WeakMap<IncomingMessage, string>();

export function viewerIdentities(options: IdentityOptions) {
  return {
    /**
     * engine.io's `initial_headers`: a socket without a guest cookie gets one in its upgrade response (browsers
     * keep cookies from a WebSocket handshake, RFC 6455 §4.1), so its next tab is the same guest.
     */
    issueGuestCookie(headers: Record<string, string | string[]>, request: IncomingMessage): void {
      if (guestTokenOf(request, options.parseCookie)) return;
      const token = randomBytes(16).toString('base64url');
      issuedTokens.set(request, token);
      headers['set-cookie'] = options.serializeCookie(GUEST_COOKIE, token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: options.secureCookies,
        maxAge: GUEST_COOKIE_MAX_AGE_S,
      });
    },
    /** Who is behind the request of a socket's handshake. */
    identify(request: IncomingMessage, user: SessionUser | null): ViewerIdentity {
      const token =
        guestTokenOf(request, options.parseCookie) ??
        issuedTokens.get(request) ??
        randomBytes(16).toString('base64url');
      const address = options.addressOf(request);
      const addressKey = createHmac('sha256', options.addressSecret).update(address).digest('base64url').slice(0, 16);
      return { person: personOf(user, token), addressKey };
    },
  };
}

export type ViewerIdentities = ReturnType<typeof viewerIdentities>;
