import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOGIN_COOKIE } from '../src/auth/login-state.ts';
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
import { DATABASE_KINDS, startServer, type TestServer } from './harness.ts';
import { suiteServer } from './suite-server.ts';

describe.each(DATABASE_KINDS)('sign-in refuses bad input on %s', (kind) => {
  const server = suiteServer(kind);

  const accountsWithEmail = (email: string) =>
    server.app.db.selectFrom('local_accounts').select('id').where('email', '=', email).execute();

  it('a wrong password or unknown email answers 401 with the Vietnamese error and keeps the email', async () => {
    const account = newAccount();
    await register(await openLoginPage(server.url), account);
    for (const attempt of [
      { email: account.email, password: 'sai-mat-khau' },
      { email: 'khong-ton-tai@example.test', password: account.password },
    ]) {
      const page = await openLoginPage(server.url);
      const result = await signIn(page, attempt);
      expect(result.response.status).toBe(401);
      expect(result.url.href).toBe(`${page.url.href}/login`);
      expect(result.html).toContain('Email hoặc mật khẩu không đúng');
      expect(result.html).toContain(`value="${attempt.email}"`);
      expect(result.html).not.toContain(attempt.password);
      expect(page.browser.cookie(SESSION_COOKIE)).toBeUndefined();
      // The interaction is still alive: the right password now completes it.
      if (attempt.email === account.email) {
        const retry = await signIn(page, account);
        expect(popupMessage(retry.html)).toEqual({ type: 'xemchung:auth', ok: true });
      }
    }
  });

  it('a second account with the same email (any case) is refused with 409; one account remains', async () => {
    const account = newAccount();
    await register(await openLoginPage(server.url), account);
    const page = await openLoginPage(server.url);
    const result = await register(page, { ...newAccount(), email: `  ${account.email.toUpperCase()} ` });
    expect(result.response.status).toBe(409);
    expect(result.html).toContain('Email này đã có tài khoản');
    expect(page.browser.cookie(SESSION_COOKIE)).toBeUndefined();
    expect(await accountsWithEmail(account.email)).toHaveLength(1);
  });

  it.each([
    ['a short password', { password: '1234567' }, 'Mật khẩu cần ít nhất 8 ký tự'],
    ['a blank display name', { displayName: '   ' }, 'Vui lòng nhập tên hiển thị'],
    ['an invalid email', { email: 'khong-phai-email' }, 'Email không hợp lệ'],
    ['a too long display name', { displayName: 'x'.repeat(61) }, 'Tên hiển thị tối đa 60 ký tự'],
  ])('%s is refused with 400 and the Vietnamese message; nothing is created', async (_name, override, message) => {
    const account = { ...newAccount(), ...override };
    const page = await openLoginPage(server.url);
    const result = await register(page, account);
    expect(result.response.status).toBe(400);
    expect(result.html).toContain(message);
    expect(result.html).toContain('<label for="displayName">Tên hiển thị</label>');
    expect(await accountsWithEmail(account.email.trim().toLowerCase())).toHaveLength(0);
    expect((await me(server.url, page.browser)).body).toBeNull();
  });

  it('repeated or oversized form fields are refused without an account', async () => {
    const page = await openLoginPage(server.url);
    const repeated = await page.browser.fetch(`${page.url.href}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=a%40example.test&email=b%40example.test&displayName=A&password=mat-khau-du-dai',
    });
    expect(repeated.status).toBe(400);
    const huge = await page.browser.fetch(`${page.url.href}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `email=c%40example.test&displayName=${'x'.repeat(20_000)}&password=mat-khau-du-dai`,
    });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ error: { code: expect.any(String) } });
    const rows = await server.app.db.selectFrom('local_accounts').select('email').execute();
    expect(rows.map((row) => row.email)).not.toContain('a@example.test');
    expect(rows.map((row) => row.email)).not.toContain('c@example.test');
  });

  it('form posts without the interaction cookie change nothing and show the expired page', async () => {
    const page = await openLoginPage(server.url);
    const stranger = new TestBrowser();
    const account = newAccount();
    const result = await stranger.submit(`${page.url.href}/register`, { ...account });
    expect(result.response.status).toBe(400);
    expect(await result.response.text()).toContain('Phiên đăng nhập đã hết hạn');
    expect(await accountsWithEmail(account.email)).toHaveLength(0);
  });

  it('a forged state opens no session: 400 invalid_state for redirect mode, ok:false for popup mode', async () => {
    const redirect = await openLoginPage(server.url, 'mode=redirect');
    const forged = await redirect.browser.fetch(`${server.url}/auth/callback?code=abc&state=r.forged-state-value`);
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ error: { code: 'invalid_state', message: expect.any(String) } });
    expect(redirect.browser.cookie(SESSION_COOKIE)).toBeUndefined();

    const popup = await openLoginPage(server.url, 'mode=popup');
    const forgedPopup = await popup.browser.fetch(`${server.url}/auth/callback?code=abc&state=p.forged-state-value`);
    expect(forgedPopup.status).toBe(400);
    expect(popupMessage(await forgedPopup.text())).toEqual({ type: 'xemchung:auth', ok: false });
    expect(popup.browser.cookie(SESSION_COOKIE)).toBeUndefined();
  });

  it('a replayed callback opens no session, with or without the old login cookie', async () => {
    const page = await openLoginPage(server.url, 'mode=redirect');
    const loginCookie = page.browser.cookie(LOGIN_COOKIE);
    expect(loginCookie).toBeTruthy();
    await register(page, newAccount());
    const callbackUrl = page.browser.visited.find((url) => url.includes('/auth/callback?'));
    expect(callbackUrl).toBeDefined();
    expect(page.browser.cookie(LOGIN_COOKIE)).toBeUndefined();

    // The same browser: its state cookie was cleared on first use.
    const again = await page.browser.fetch(callbackUrl ?? '');
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: { code: 'invalid_state' } });
    expect(again.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=`))).toBe(false);

    // An attacker who kept the login cookie: the state matches but the code was already used.
    const stolen = await fetch(callbackUrl ?? '', { headers: { cookie: `${LOGIN_COOKIE}=${loginCookie}` } });
    expect(stolen.status).toBe(400);
    expect(await stolen.json()).toMatchObject({ error: { code: 'login_failed' } });
    expect(stolen.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=`))).toBe(false);
  });

  it('a tampered login cookie is ignored (invalid_state)', async () => {
    const page = await openLoginPage(server.url, 'mode=redirect');
    const cookie = page.browser.cookie(LOGIN_COOKIE) ?? '';
    const [payload = '', signature = ''] = cookie.split('.');
    const state = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forgedPayload = Buffer.from(JSON.stringify({ ...state, returnTo: '/khac' })).toString('base64url');
    const response = await fetch(`${server.url}/auth/callback?code=abc&state=${state.state}`, {
      headers: { cookie: `${LOGIN_COOKIE}=${forgedPayload}.${signature}` },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'invalid_state' } });
  });

  it('a tampered session cookie is not a session', async () => {
    const page = await openLoginPage(server.url);
    await register(page, newAccount());
    const token = page.browser.cookie(SESSION_COOKIE) ?? '';
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    const response = await fetch(`${server.url}/api/me`, { headers: { cookie: `${SESSION_COOKIE}=${tampered}` } });
    expect(response.status).toBe(200);
    expect(await response.json()).toBeNull();
  });

  it('an unknown login mode is a 400 JSON error', async () => {
    const response = await fetch(`${server.url}/auth/login?mode=tab`, { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'invalid_request' } });
  });
});

describe('sign-in rate limits', () => {
  // A fresh server per test: the limits count per process, and each test spends one.
  let server: TestServer;
  beforeEach(async () => {
    server = await startServer('sqlite');
  });
  afterEach(async () => {
    await server.close();
  });

  it('limits /auth/login per client and answers 429 JSON, while other routes stay open', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      const response = await fetch(`${server.url}/auth/login?mode=popup`, { redirect: 'manual' });
      statuses.push(response.status);
      if (response.status === 429) {
        expect(await response.json()).toMatchObject({ error: { code: 'rate_limited' } });
      } else {
        await response.arrayBuffer();
      }
    }
    expect(statuses.slice(0, 60).every((status) => status === 302)).toBe(true);
    expect(statuses[60]).toBe(429);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it('limits password attempts on the login form', async () => {
    const page = await openLoginPage(server.url);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const result = await submitInteraction(page, 'login', { email: 'x@example.test', password: `sai-${i}-mat-khau` });
      statuses.push(result.response.status);
    }
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
