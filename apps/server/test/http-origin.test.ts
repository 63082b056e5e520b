import { beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../src/auth/sessions.ts';
import { me, newAccount, openLoginPage, register } from './auth-flow-helpers.ts';
import { DATABASE_KINDS } from './harness.ts';
import { signedInUser, type TestUser } from './room-clients.ts';
import { suiteServer } from './suite-server.ts';

const EVIL = 'https://evil.example';

describe.each(DATABASE_KINDS)('cross-site requests on %s (R36)', (kind) => {
  const server = suiteServer(kind);
  let user: TestUser;

  beforeAll(async () => {
    user = await signedInUser(server, 'Nạn nhân');
  });

  const roomCount = async () =>
    (await server.app.db.selectFrom('rooms').select('id').where('host_uid', '=', user.uid).execute()).length;

  function createRoom(headers: Record<string, string>, body: string) {
    return fetch(`${server.url}/api/rooms`, { method: 'POST', headers: { cookie: user.cookie, ...headers }, body });
  }

  it('refuses a form-encoded POST /api/rooms, even from our own origin, and creates nothing (R36)', async () => {
    const before = await roomCount();
    for (const type of ['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x']) {
      const response = await createRoom({ origin: server.url, 'content-type': type }, 'name=Ph%C3%B2ng');
      expect(response.status).toBe(415);
      expect(await response.json()).toEqual({
        error: { code: 'unsupported_media_type', message: expect.any(String) },
      });
    }
    expect(await roomCount()).toBe(before);
  });

  it.each([
    ['another site', { origin: EVIL }],
    ['a page on the same host, another port', { origin: 'http://127.0.0.1:1' }],
    ['the https twin of our origin', { origin: 'https://127.0.0.1' }],
    ['no Origin and no Sec-Fetch-Site (not a browser page of ours)', {}],
    ["Origin null from another site's sandboxed page", { origin: 'null', 'sec-fetch-site': 'cross-site' }],
    ['no Origin, Sec-Fetch-Site same-site (a sibling subdomain)', { 'sec-fetch-site': 'same-site' }],
  ])('refuses a JSON POST /api/rooms from %s with 403 forbidden (R36)', async (_label, headers) => {
    const before = await roomCount();
    const response = await createRoom(
      { ...headers, 'content-type': 'application/json' },
      JSON.stringify({ name: 'Phòng giả' }),
    );
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: { code: 'forbidden', message: 'Origin not allowed' } });
    expect(await roomCount()).toBe(before);
  });

  /** Stands for the test server's origin, which is only known once it runs. */
  const OURS = 'ours';
  it.each<[string, Record<string, string>]>([
    ['Origin equal to PUBLIC_URL’s', { origin: OURS }],
    ['no Origin but Sec-Fetch-Site same-origin', { 'sec-fetch-site': 'same-origin' }],
    [
      'Origin null (a no-referrer page) and Sec-Fetch-Site same-origin',
      { origin: 'null', 'sec-fetch-site': 'same-origin' },
    ],
  ])('creates a room for a JSON POST with %s (R36)', async (_label, headers) => {
    const origin: Record<string, string> = headers.origin === OURS ? { origin: server.url } : {};
    const response = await createRoom(
      { ...headers, ...origin, 'content-type': 'application/json; charset=utf-8' },
      JSON.stringify({ name: 'Phòng thật' }),
    );
    expect(response.status).toBe(201);
  });

  it('keeps the session when another site posts a form to /auth/logout (R36)', async () => {
    const forged = await fetch(`${server.url}/auth/logout`, {
      method: 'POST',
      headers: { cookie: user.cookie, origin: EVIL, 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(forged.status).toBe(403);
    expect(forged.headers.getSetCookie().some((line) => line.startsWith(`${SESSION_COOKIE}=`))).toBe(false);
    // The session survived: /api/me still names the account (signed out would be 200 null).
    const me = await fetch(`${server.url}/api/me`, { headers: { cookie: user.cookie } });
    expect(await me.json()).toMatchObject({ uid: expect.any(String) });
  });

  it('still answers safe requests from anywhere: GET is not checked', async () => {
    const response = await fetch(`${server.url}/api/me`, { headers: { cookie: user.cookie, origin: EVIL } });
    expect(response.status).toBe(200);
  });

  it('checks routes nobody wrote a check for: any other method and path (R36)', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const response = await fetch(`${server.url}/api/rooms`, { method, headers: { origin: EVIL } });
      expect(response.status).toBe(403);
    }
    expect((await fetch(`${server.url}/api/nope`, { method: 'POST', headers: { origin: EVIL } })).status).toBe(403);
  });

  it('refuses a cross-site post of the sign-in form, and takes our own page’s form (R36)', async () => {
    const page = await openLoginPage(server.url);
    const account = newAccount('Bị ép đăng ký');
    const forged = await page.browser.fetch(`${page.url.href}/register`, {
      method: 'POST',
      headers: { origin: EVIL, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...account }).toString(),
    });
    expect(forged.status).toBe(403);
    const accounts = await server.app.db.selectFrom('local_accounts').select('email').execute();
    expect(accounts.map((row) => row.email)).not.toContain(account.email);

    const done = await register(page, account);
    expect(done.response.status).toBe(200);
    expect((await me(server.url, page.browser)).body?.email).toBe(account.email);
  });

  it('lets a back-channel call without Origin reach the provider, and refuses one from another site (R36)', async () => {
    const post = (headers: Record<string, string>) =>
      fetch(`${server.url}/oidc/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: 'grant_type=authorization_code&code=nope',
      });
    const backChannel = await post({});
    expect(backChannel.status).toBe(400);
    expect(await backChannel.json()).toMatchObject({ error: 'invalid_request' });
    const crossSite = await post({ origin: EVIL });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toMatchObject({ error: { code: 'forbidden' } });
  });
});
