import fastifyFormbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/database.ts';
import { enableRouteRateLimits } from '../http/rate-limit.ts';
import { registerAuthRoutes } from './auth-routes.ts';
import { createEmbeddedIdp, mountEmbeddedIdp } from './embedded-idp.ts';
import { inProcessFetch } from './in-process-fetch.ts';
import { registerInteractionRoutes } from './interaction-routes.ts';
import { LocalAccounts } from './local-accounts.ts';
import { LoginStateCookie } from './login-state.ts';
import { RelyingParty } from './relying-party.ts';
import type { SessionStore } from './sessions.ts';

export interface AuthDeps {
  db: Db;
  config: Config;
  sessions: SessionStore;
  secureCookies: boolean;
}

/** Per client IP, per route: generous for people, slow for password guessing and flow spamming. */
export const AUTH_RATE_LIMITS = {
  flow: { max: 60, timeWindow: 60_000 },
  form: { max: 20, timeWindow: 60_000 },
} as const;

/**
 * Sign-in: the relying party (/auth/login, /auth/callback) against OIDC_ISSUER, or, when none is configured,
 * against the embedded identity provider mounted at /oidc with its Vietnamese login page. See ADR 003.
 */
export async function registerAuth(app: FastifyInstance, deps: AuthDeps): Promise<void> {
  const { config, db } = deps;
  await app.register(async (scope) => {
    await enableRouteRateLimits(scope);

    let rp: RelyingParty;
    if (config.oidc) {
      rp = new RelyingParty({
        ...config.oidc,
        redirectUri: `${config.publicUrl}/auth/callback`,
      });
    } else {
      const accounts = new LocalAccounts(db);
      const idp = createEmbeddedIdp({
        db,
        accounts,
        publicUrl: config.publicUrl,
        sessionSecret: config.sessionSecret,
        log: app.log,
      });
      await mountEmbeddedIdp(scope, idp.provider, AUTH_RATE_LIMITS.flow);
      // The login page's forms are the only form bodies the app reads (docs/decisions/010: JSON everywhere else).
      await scope.register(async (forms) => {
        await forms.register(fastifyFormbody);
        registerInteractionRoutes(forms, {
          provider: idp.provider,
          accounts,
          rateLimit: AUTH_RATE_LIMITS.form,
          signupsPerHour: config.signupsPerAddressPerHour,
        });
      });
      rp = new RelyingParty({
        issuer: idp.issuer,
        clientId: idp.clientId,
        clientSecret: idp.clientSecret,
        redirectUri: `${config.publicUrl}/auth/callback`,
        // Our own IdP keeps no sign-in worth reusing: always show the form, so "log out" really switches users.
        authorizationParams: { prompt: 'login' },
        fetch: inProcessFetch(app, config.publicUrl),
      });
    }

    registerAuthRoutes(scope, {
      db,
      rp,
      loginState: new LoginStateCookie(config.sessionSecret, deps.secureCookies),
      sessions: deps.sessions,
      publicUrl: config.publicUrl,
      secureCookies: deps.secureCookies,
      rateLimit: AUTH_RATE_LIMITS.flow,
    });
  });
}
