import { describe, expect, it } from 'vitest';
import { TestBrowser } from './auth-browser.ts';
import { newAccount, openLoginPage, register } from './auth-flow-helpers.ts';
import { suiteServer } from './suite-server.ts';

const SIGNUPS = 3;

/** R105: the embedded sign-in makes at most SIGNUPS_PER_ADDRESS_PER_HOUR accounts per client address an hour. */
describe('sign-ups per address (R105)', () => {
  const server = suiteServer('sqlite', {
    env: { TRUST_PROXY: '1', SIGNUPS_PER_ADDRESS_PER_HOUR: String(SIGNUPS) },
  });

  const signUp = async (address: string, email?: string) => {
    const account = { ...newAccount('Người mới'), ...(email ? { email } : {}) };
    const page = await openLoginPage(server.url, 'mode=popup', new TestBrowser({ 'x-forwarded-for': address }));
    return { account, result: await register(page, account) };
  };
  const stored = async (email: string) =>
    (await server.app.db.selectFrom('local_accounts').select('id').where('email', '=', email).execute()).length;

  it('R105: one address makes its accounts, then is answered 429 too_many_accounts in Vietnamese and nothing is stored', async () => {
    // A form with a mistake costs nothing: only accounts made are counted.
    const typo = await signUp('203.0.113.60', 'not-an-email');
    expect(typo.result.response.status).toBe(400);
    for (let i = 0; i < SIGNUPS; i++) {
      const { account, result } = await signUp('203.0.113.60');
      expect(result.response.status).toBe(200);
      expect(await stored(account.email)).toBe(1);
    }
    const { account, result } = await signUp('203.0.113.60');
    expect(result.response.status).toBe(429);
    expect(result.html).toContain('data-code="too_many_accounts"');
    expect(result.html).toContain('Đã có nhiều tài khoản được tạo từ mạng của bạn.');
    expect(await stored(account.email)).toBe(0);
    // Another address signs up as usual.
    const elsewhere = await signUp('192.0.2.60');
    expect(elsewhere.result.response.status).toBe(200);
    expect(await stored(elsewhere.account.email)).toBe(1);
  });
});
