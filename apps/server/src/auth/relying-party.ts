import { DISPLAY_NAME_FALLBACK, DISPLAY_NAME_MAX, safeName } from '@xemchung/protocol';
import * as client from 'openid-client';
import type { LoginMode, LoginState } from './login-state.ts';
import { stateForMode } from './login-state.ts';
import type { ExternalIdentity } from './users.ts';

export interface RelyingPartyOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** Extra authorization parameters (the embedded IdP asks for `prompt=login`, see ADR 003). */
  authorizationParams?: Record<string, string>;
  /** How to reach the issuer; the embedded IdP is reached in-process. */
  fetch?: client.CustomFetch;
}

/** The issuer answered, but not with what a sign-in needs (no ID token, no subject). */
export class SignInError extends Error {
  override name = 'SignInError';
}

const text = (value: unknown, max: number): string | null =>
  typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : null;

/**
 * The name to keep for someone an issuer names `name` (typed by a person there, so held to the name rule, R96):
 * its safe form, else that of the email's local part, else 'Người dùng'.
 */
function displayNameOf(name: unknown, email: string): string {
  const safe = (value: string) => safeName(value, DISPLAY_NAME_MAX);
  return (typeof name === 'string' && safe(name)) || safe(email.split('@')[0] ?? '') || DISPLAY_NAME_FALLBACK;
}

/**
 * Our OpenID Connect client (authorization code + PKCE + state + nonce), the same code for Google, any other
 * issuer, or the embedded identity provider. Discovery happens on first use and is retried after a failure,
 * so the server starts even while the issuer is unreachable.
 */
export class RelyingParty {
  private readonly options: RelyingPartyOptions;
  private discovered: Promise<client.Configuration> | undefined;

  constructor(options: RelyingPartyOptions) {
    this.options = options;
  }

  configuration(): Promise<client.Configuration> {
    if (!this.discovered) {
      const { issuer, clientId, clientSecret } = this.options;
      const insecure = new URL(issuer).protocol === 'http:';
      this.discovered = client
        .discovery(new URL(issuer), clientId, clientSecret, client.ClientSecretBasic(clientSecret), {
          ...(this.options.fetch ? { [client.customFetch]: this.options.fetch } : {}),
          // Plain http is only ever an issuer the operator configured (or our own on localhost).
          ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
          timeout: 10,
        })
        .catch((error: unknown) => {
          this.discovered = undefined;
          throw error;
        });
    }
    return this.discovered;
  }

  /** The authorization URL to send the browser to, and what the callback will need to check. */
  async start(mode: LoginMode, returnTo: string): Promise<{ url: URL; pending: Omit<LoginState, 'expiresAt'> }> {
    const config = await this.configuration();
    const verifier = client.randomPKCECodeVerifier();
    const state = stateForMode(mode, client.randomState());
    const nonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: this.options.redirectUri,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      ...this.options.authorizationParams,
    });
    return { url, pending: { state, nonce, verifier, mode, returnTo } };
  }

  /** Exchanges the code of a successful authorization response and reads who signed in. */
  async finish(callbackUrl: URL, pending: LoginState): Promise<ExternalIdentity> {
    const config = await this.configuration();
    const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: pending.verifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims?.sub) throw new SignInError('no ID token subject');
    let profile: Record<string, unknown> = claims;
    // Issuers that keep profile claims out of the ID token (conforming OPs) still serve them from userinfo.
    if (!text(claims.email, 254) && tokens.access_token) {
      profile = { ...claims, ...(await client.fetchUserInfo(config, tokens.access_token, claims.sub)) };
    }
    const email = text(profile.email, 254) ?? '';
    const picture = text(profile.picture, 2048);
    return {
      issuer: claims.iss,
      subject: claims.sub,
      email,
      displayName: displayNameOf(profile.name, email),
      photoUrl: picture?.startsWith('https://') ? picture : null,
    };
  }
}
