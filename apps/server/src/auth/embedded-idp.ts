import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Provider, { type Account, type Grant, type KoaContextWithOIDC } from 'oidc-provider';
import type { Db } from '../db/database.ts';
import type { RouteRateLimit } from '../http/rate-limit.ts';
import { deriveSecret, deriveSigningJwk } from './derived-keys.ts';
import { pageCsp, renderMessagePage } from './interaction-page.ts';
import type { LocalAccounts } from './local-accounts.ts';
import { kyselyOidcAdapter } from './oidc-adapter.ts';

export const OIDC_MOUNT = '/oidc';
export const EMBEDDED_CLIENT_ID = 'xemchung-web';
const SCOPE = 'openid email profile';

export interface EmbeddedIdp {
  provider: Provider;
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export interface EmbeddedIdpOptions {
  db: Db;
  accounts: LocalAccounts;
  publicUrl: string;
  sessionSecret: string;
  log: FastifyBaseLogger;
}

/**
 * Our own grant for our own client: the user signs in to XemChung itself, so there is nothing to consent to.
 * A grant of another account (the IdP session changed hands) is never reused.
 */
async function autoGrant(ctx: KoaContextWithOIDC): Promise<Grant | undefined> {
  const { client, session, result, provider } = ctx.oidc;
  const accountId = session?.accountId;
  if (!client || !accountId) return undefined;
  const existingId = result?.consent?.grantId ?? session?.grantIdFor(client.clientId);
  const existing = existingId ? await provider.Grant.find(existingId) : undefined;
  if (existing && existing.accountId === accountId && existing.clientId === client.clientId) return existing;
  if (client.clientId !== EMBEDDED_CLIENT_ID) return undefined;
  const grant = new provider.Grant({ accountId, clientId: client.clientId });
  grant.addOIDCScope(SCOPE);
  await grant.save();
  return grant;
}

/** The embedded OpenID provider (oidc-provider), used when no OIDC_ISSUER is configured. */
export function createEmbeddedIdp(options: EmbeddedIdpOptions): EmbeddedIdp {
  const { publicUrl, sessionSecret, accounts } = options;
  const issuer = `${publicUrl}${OIDC_MOUNT}`;
  const clientSecret = deriveSecret(sessionSecret, 'oidc-client-secret').toString('base64url');
  const provider = new Provider(issuer, {
    adapter: kyselyOidcAdapter(options.db),
    clients: [
      {
        client_id: EMBEDDED_CLIENT_ID,
        client_secret: clientSecret,
        redirect_uris: [`${publicUrl}/auth/callback`],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
        id_token_signed_response_alg: 'EdDSA',
      },
    ],
    jwks: { keys: [deriveSigningJwk(sessionSecret)] },
    cookies: {
      keys: [deriveSecret(sessionSecret, 'oidc-cookie-key').toString('base64url')],
      names: { session: 'xc_idp_session', interaction: 'xc_idp_interaction', resume: 'xc_idp_resume' },
      // The IdP's own session cookie is only ever needed under its mount.
      long: { httpOnly: true, sameSite: 'lax', path: OIDC_MOUNT },
    },
    responseTypes: ['code'],
    pkce: { required: () => true },
    scopes: SCOPE.split(' '),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    // Put email and name in the ID token itself, as Google does, so the RP needs no userinfo call.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 86_400, Grant: 86_400 },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `${OIDC_MOUNT}/interaction/${interaction.uid}`,
    },
    loadExistingGrant: autoGrant,
    async findAccount(_ctx: unknown, sub: string): Promise<Account | undefined> {
      const account = await accounts.find(sub);
      if (!account) return undefined;
      return {
        accountId: account.id,
        claims: () => ({
          sub: account.id,
          email: account.email,
          email_verified: false,
          name: account.displayName,
          picture: null,
        }),
      };
    },
    async renderError(ctx: KoaContextWithOIDC, out: { error?: string }) {
      const nonce = randomBytes(16).toString('base64');
      ctx.type = 'html';
      ctx.set('content-security-policy', pageCsp(nonce));
      ctx.body = renderMessagePage(
        'Không thể đăng nhập',
        `Yêu cầu đăng nhập không hợp lệ hoặc đã hết hạn (${out.error ?? 'error'}). Vui lòng thử lại.`,
        nonce,
      );
    },
  });
  // Behind a TLS-terminating proxy the public scheme and host come from X-Forwarded-*, as for Fastify (trustProxy).
  provider.proxy = true;
  provider.on('server_error', (_ctx, error) => options.log.error({ err: error }, 'embedded identity provider error'));
  return { provider, issuer, clientId: EMBEDDED_CLIENT_ID, clientSecret };
}

/**
 * Serves the provider under /oidc. Its body parser reads the raw stream itself, so this scope registers a
 * parser that leaves the body untouched; the request URL loses the mount prefix and keeps it in `originalUrl`,
 * which is how oidc-provider learns its mount path (as under express or middie).
 */
export async function mountEmbeddedIdp(
  app: FastifyInstance,
  provider: Provider,
  authorizationLimit: RouteRateLimit,
): Promise<void> {
  const handle = provider.callback();
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const forward = (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      const url = raw.url ?? OIDC_MOUNT;
      const rest = url.slice(OIDC_MOUNT.length);
      raw.originalUrl = url;
      raw.url = rest.startsWith('/') ? rest : `/${rest}`;
      handle(raw, reply.raw);
    };
    // Every authorization request stores an interaction: limited per client, like /auth/login that leads here.
    scope.route({
      method: ['GET', 'POST'],
      url: `${OIDC_MOUNT}/auth`,
      config: { rateLimit: authorizationLimit },
      handler: forward,
    });
    scope.all(OIDC_MOUNT, forward);
    scope.all(`${OIDC_MOUNT}/*`, forward);
  });
}
