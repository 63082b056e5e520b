import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../src/auth/sessions.ts';
import { TestBrowser } from './auth-browser.ts';
import {
  me,
  newAccount,
  openLoginPage,
  popupMessage,
  register,
  signIn,
  submitInteraction,
} from './auth-flow-helpers.ts';
import { DATABASE_KINDS } from './harness.ts';
import { suiteServer } from './suite-server.ts';

describe.each(DATABASE_KINDS)('sign-in with the embedded identity provider on %s', (kind) => {
  const server = suiteServer(kind);

  it('creates an account in the popup, announces success to the opener and opens a 30-day session', async () => {
    const page = await openLoginPage(server.url);
    expect(page.status).toBe(200);
    expect(page.html).toContain('<html lang="vi">');
    const account = newAccount();
    const done = await register(page, account);

    expect(done.url.href).toMatch(new RegExp(`^${server.url}/auth/callback\\?`));
    expect(done.response.status).toBe(200);
    expect(popupMessage(done.html)).toEqual({ type: 'xemchung:auth', ok: true });
    expect(done.html).toContain('new BroadcastChannel("xemchung-auth")');
    expect(done.html).toContain('window.opener.postMessage(message, location.origin)');
    expect(done.html).toContain('window.close()');
    expect(done.html).not.toContain(account.email);
    // The inline script runs only under its nonce.
    const csp = done.response.headers.get('content-security-policy') ?? '';
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(done.html).toContain(`<script nonce="${nonce}">`);

    const sessionHeader = done.response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`)) ?? '';
    expect(sessionHeader).toMatch(/; HttpOnly/i);
    expect(sessionHeader).toMatch(/; SameSite=Lax/i);
    expect(sessionHeader).toMatch(/; Path=\/(;|$)/);
    const expires = Date.parse(/Expires=([^;]+)/i.exec(sessionHeader)?.[1] ?? '');
    expect(Math.abs(expires - (Date.now() + 30 * 24 * 3600 * 1000))).toBeLessThan(60_000);

    const current = await me(server.url, page.browser);
    expect(current.status).toBe(200);
    expect(current.body).toEqual({
      uid: expect.any(String),
      email: account.email,
      displayName: account.displayName,
      photoURL: null,
    });
  });

  it('logs out, then signs in again with the same account and gets the same uid', async () => {
    const account = newAccount('Lan Anh');
    const first = await openLoginPage(server.url);
    await register(first, account);
    const { body: before } = await me(server.url, first.browser);

    const logout = await first.browser.fetch(`${server.url}/auth/logout`, { method: 'POST' });
    expect(logout.status).toBe(204);
    expect((await me(server.url, first.browser)).body).toBeNull();

    // The IdP is asked for prompt=login: the form comes back instead of a silent sign-in.
    const again = await openLoginPage(server.url, 'mode=popup', first.browser);
    expect(again.html).toContain('Đăng nhập');
    const done = await signIn(again, { email: account.email.toUpperCase(), password: account.password });
    expect(popupMessage(done.html)).toEqual({ type: 'xemchung:auth', ok: true });
    const { status, body: after } = await me(server.url, again.browser);
    expect(status).toBe(200);
    expect(after?.uid).toBe(before?.uid);
    expect(after?.email).toBe(account.email);

    const users = await server.app.db.selectFrom('users').select('uid').where('email', '=', account.email).execute();
    expect(users).toHaveLength(1);
  });

  it('redirect mode returns to a same-origin path, and to / for anything else', async () => {
    const cases: Array<[string, string]> = [
      ['/room/abc?x=1', '/room/abc?x=1'],
      ['https://evil.example/steal', '/'],
      ['//evil.example/steal', '/'],
      ['/\\evil.example', '/'],
      ['/.//evil.example', '/'],
      ['room/abc', '/'],
    ];
    const account = newAccount();
    const browser = new TestBrowser();
    for (const [index, [returnTo, expected]] of cases.entries()) {
      const page = await openLoginPage(server.url, `mode=redirect&returnTo=${encodeURIComponent(returnTo)}`, browser);
      const callback = await browser.submit(
        `${page.url.href}/${index === 0 ? 'register' : 'login'}`,
        index === 0 ? { ...account } : { email: account.email, password: account.password },
      );
      // follow() stops at the SPA (404 JSON here: no web build), the last hop is what we check.
      expect(callback.url.origin).toBe(server.url);
      expect(`${callback.url.pathname}${callback.url.search}`).toBe(expected);
      expect((await me(server.url, browser)).body?.email).toBe(account.email);
    }
    // Each sign-in replaced the browser's previous session instead of piling up new ones.
    const { body } = await me(server.url, browser);
    const sessions = await server.app.db
      .selectFrom('sessions')
      .select('id_hash')
      .where('user_uid', '=', String(body?.uid))
      .execute();
    expect(sessions).toHaveLength(1);
  });

  it('cancelling on the login page reports ok:false and opens no session', async () => {
    const page = await openLoginPage(server.url);
    expect(page.html).toContain('Hủy');
    const done = await submitInteraction(page, 'abort');
    expect(done.url.pathname).toBe('/auth/callback');
    expect(done.url.searchParams.get('error')).toBe('access_denied');
    expect(popupMessage(done.html)).toEqual({ type: 'xemchung:auth', ok: false });
    expect(page.browser.cookie(SESSION_COOKIE)).toBeUndefined();
    expect((await me(server.url, page.browser)).body).toBeNull();
  });
});
