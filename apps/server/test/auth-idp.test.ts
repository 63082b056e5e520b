import { describe, expect, it } from 'vitest';
import { deleteExpiredOidcPayloads, KyselyOidcAdapter } from '../src/auth/oidc-adapter.ts';
import { SESSION_COOKIE } from '../src/auth/sessions.ts';
import { upsertUser } from '../src/auth/users.ts';
import { me, newAccount, openLoginPage, popupMessage, register } from './auth-flow-helpers.ts';
import { DATABASE_KINDS, startServer } from './harness.ts';
import { suiteServer } from './suite-server.ts';

describe.each(DATABASE_KINDS)('embedded identity provider on %s', (kind) => {
  const server = suiteServer(kind);

  it('publishes its discovery document under /oidc with the public issuer, code flow and PKCE', async () => {
    const response = await fetch(`${server.url}/oidc/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const metadata = (await response.json()) as Record<string, unknown>;
    expect(metadata.issuer).toBe(`${server.url}/oidc`);
    expect(metadata.authorization_endpoint).toBe(`${server.url}/oidc/auth`);
    expect(metadata.token_endpoint).toBe(`${server.url}/oidc/token`);
    expect(metadata.response_types_supported).toEqual(['code']);
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
    expect(metadata.scopes_supported).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
  });

  it('refuses an authorization request without PKCE, and an unknown client, without leaking internals', async () => {
    const noPkce = new URL(`${server.url}/oidc/auth`);
    noPkce.search = new URLSearchParams({
      client_id: 'xemchung-web',
      response_type: 'code',
      scope: 'openid',
      redirect_uri: `${server.url}/auth/callback`,
      state: 'r.some-state-value-123',
    }).toString();
    const refused = await fetch(noPkce, { redirect: 'manual' });
    expect(refused.status).toBe(303);
    const location = new URL(refused.headers.get('location') ?? '');
    expect(location.pathname).toBe('/auth/callback');
    expect(location.searchParams.get('error')).toBe('invalid_request');

    const unknownClient = await fetch(`${server.url}/oidc/auth?client_id=evil&response_type=code&scope=openid`);
    expect(unknownClient.status).toBe(400);
    const page = await unknownClient.text();
    expect(page).toContain('Không thể đăng nhập');
    expect(page).not.toMatch(/at \w+ \(|node_modules/);

    const token = await fetch(`${server.url}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=authorization_code&code=nope',
    });
    expect(token.status).toBe(400);
    const body = (await token.json()) as Record<string, unknown>;
    expect(body.error).toBe('invalid_request');
    expect(JSON.stringify(body)).not.toMatch(/node_modules|stack/);
  });

  it('a login started on one node finishes on another that shares the database', async () => {
    const second = await startServer(kind, {
      reuse: { dataDir: server.dataDir, pgSchema: server.pgSchema },
      env: { PUBLIC_URL: server.url },
    });
    try {
      const page = await openLoginPage(server.url);
      const account = newAccount('Minh');
      // The form is posted to the second node (a load balancer's choice); it finds the interaction in the DB.
      const onSecond = { ...page, url: new URL(page.url.pathname, second.url) };
      const done = await register(onSecond, account);
      expect(popupMessage(done.html)).toEqual({ type: 'xemchung:auth', ok: true });
      expect(page.browser.visited).toContain(`${second.url}${page.url.pathname}/register`);
      expect(page.browser.cookie(SESSION_COOKIE)).toBeTruthy();
      expect((await me(server.url, page.browser)).body?.email).toBe(account.email);
    } finally {
      await second.stop();
    }
  });

  it('stores provider state with expiry, consumption, grant revocation and deletion of expired rows', async () => {
    const db = server.app.db;
    let now = 1_000_000;
    const codes = new KyselyOidcAdapter(db, 'AuthorizationCode', () => now);
    await codes.upsert('code-1', { grantId: 'grant-1', accountId: 'a' }, 60);
    await codes.upsert('code-2', { grantId: 'grant-2', accountId: 'b' }, 60);
    expect(await codes.find('code-1')).toEqual({ grantId: 'grant-1', accountId: 'a' });

    await codes.consume('code-1');
    expect((await codes.find('code-1'))?.consumed).toBe(Math.floor(now / 1000));

    const sessions = new KyselyOidcAdapter(db, 'Session', () => now);
    await sessions.upsert('session-1', { uid: 'uid-1', accountId: 'a' }, 3600);
    expect(await sessions.findByUid('uid-1')).toMatchObject({ accountId: 'a' });
    expect(await codes.findByUid('uid-1')).toBeUndefined();

    await codes.revokeByGrantId('grant-1');
    expect(await codes.find('code-1')).toBeUndefined();
    expect(await codes.find('code-2')).toBeDefined();

    now += 61_000;
    expect(await codes.find('code-2')).toBeUndefined();
    expect(await sessions.findByUid('uid-1')).toBeDefined();
    expect(await deleteExpiredOidcPayloads(db, now, 1000)).toBeGreaterThanOrEqual(1);
    const left = await db.selectFrom('oidc_payloads').select('id').where('id', 'in', ['code-2', 'session-1']).execute();
    expect(left.map((row) => row.id)).toEqual(['session-1']);
    await sessions.destroy('session-1');
    expect(await sessions.findByUid('uid-1')).toBeUndefined();
  });

  it('upserts users by (issuer, subject): a random uid once, fresh profile on every sign-in', async () => {
    const identity = {
      issuer: 'https://accounts.example',
      subject: 'sub-1',
      email: 'old@example.test',
      displayName: 'Cũ',
      photoUrl: null,
    };
    const first = await upsertUser(server.app.db, identity);
    const second = await upsertUser(server.app.db, {
      ...identity,
      email: 'new@example.test',
      displayName: 'Mới',
      photoUrl: 'https://img.example/a.png',
    });
    expect(second.uid).toBe(first.uid);
    expect(first.uid).not.toBe(identity.subject);
    expect(second).toMatchObject({
      email: 'new@example.test',
      display_name: 'Mới',
      photo_url: 'https://img.example/a.png',
    });
    const other = await upsertUser(server.app.db, { ...identity, issuer: 'https://other.example' });
    expect(other.uid).not.toBe(first.uid);
  });
});
