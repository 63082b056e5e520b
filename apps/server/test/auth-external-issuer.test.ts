import type { Server } from 'node:http';
import { createServer } from 'node:net';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from './auth-browser.ts';
import { me, popupMessage } from './auth-flow-helpers.ts';
import { DATABASE_KINDS, startServer, type TestServer } from './harness.ts';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * A stand-in for Google: a separate, stock oidc-provider on its own port with its development login and
 * consent pages, and profile claims only in userinfo (as conforming providers do).
 */
async function startExternalIssuer(): Promise<{ issuer: string; close: () => Promise<void> }> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'xemchung-test',
        client_secret: 'external-client-secret',
        redirect_uris: ['http://127.0.0.1/auth/callback'],
      },
    ],
    scopes: ['openid', 'email', 'profile'],
    claims: { openid: ['sub'], email: ['email'], profile: ['name', 'picture'] },
    pkce: { required: () => true },
    ttl: { AccessToken: 600, IdToken: 600, Interaction: 600, Session: 600, Grant: 600 },
    async findAccount(_ctx: unknown, sub: string) {
      return {
        accountId: sub,
        claims: () => ({
          sub,
          email: `${sub}@gmail.example`,
          name: `Google ${sub}`,
          picture: 'https://img.example/p.png',
        }),
      };
    },
  });
  // The test server's port is only known once it starts: accept any loopback callback of ours.
  (
    provider as unknown as { Client: { prototype: { redirectUriAllowed(uri: string): boolean } } }
  ).Client.prototype.redirectUriAllowed = (uri: string) => /^http:\/\/127\.0\.0\.1:\d+\/auth\/callback$/.test(uri);
  const server = (provider as unknown as { listen(port: number, host: string): Server }).listen(port, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { issuer, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe.each(DATABASE_KINDS)('sign-in against an external issuer on %s', (kind) => {
  let external: Awaited<ReturnType<typeof startExternalIssuer>>;
  let server: TestServer;
  beforeAll(async () => {
    external = await startExternalIssuer();
    server = await startServer(kind, {
      env: {
        OIDC_ISSUER: external.issuer,
        OIDC_CLIENT_ID: 'xemchung-test',
        OIDC_CLIENT_SECRET: 'external-client-secret',
      },
    });
  });
  afterAll(async () => {
    await server.close();
    await external.close();
  });

  it('does not mount the embedded identity provider', async () => {
    expect((await fetch(`${server.url}/oidc/.well-known/openid-configuration`)).status).toBe(404);
  });

  it('runs the same code flow against the issuer and reads the profile from userinfo', async () => {
    const browser = new TestBrowser();
    const start = await browser.fetch(`${server.url}/auth/login?mode=popup`);
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get('location') ?? '');
    expect(authorize.origin).toBe(external.issuer);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${server.url}/auth/callback`);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('prompt')).toBeNull();

    // The issuer's own pages: log in as "lan", then consent.
    const loginPage = await browser.follow(authorize);
    await loginPage.response.text();
    const consentPage = await browser.submit(loginPage.url, { prompt: 'login', login: 'lan', password: 'x' });
    expect(await consentPage.response.text()).toContain('Authorize');
    const done = await browser.submit(consentPage.url, { prompt: 'consent' });
    expect(done.url.href.startsWith(`${server.url}/auth/callback?`)).toBe(true);
    expect(popupMessage(await done.response.text())).toEqual({ type: 'xemchung:auth', ok: true });

    const current = await me(server.url, browser);
    expect(current.body).toEqual({
      uid: expect.any(String),
      email: 'lan@gmail.example',
      displayName: 'Google lan',
      photoURL: 'https://img.example/p.png',
    });
    const stored = await server.app.db
      .selectFrom('users')
      .selectAll()
      .where('uid', '=', String(current.body?.uid))
      .execute();
    expect(stored).toMatchObject([{ issuer: external.issuer, subject: 'lan' }]);
  });
});
