import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.ts';

describe('password hashing', () => {
  it('stores scrypt with its parameters and a random salt, and verifies only the right password', async () => {
    const first = await hashPassword('mat-khau-du-dai');
    const second = await hashPassword('mat-khau-du-dai');
    expect(first).toMatch(/^scrypt\$N=16384,r=8,p=1\$[\w-]{22}\$[\w-]{43}$/);
    expect(second).not.toBe(first);
    expect(await verifyPassword('mat-khau-du-dai', first)).toBe(true);
    expect(await verifyPassword('mat-khau-du-dai', second)).toBe(true);
    expect(await verifyPassword('mat-khau-du-dai ', first)).toBe(false);
    expect(await verifyPassword('Mat-khau-du-dai', first)).toBe(false);
    expect(await verifyPassword('', first)).toBe(false);
  });

  it('treats the same Vietnamese text typed composed or decomposed as one password', async () => {
    const composed = 'mật khẩu tiếng Việt';
    const decomposed = composed.normalize('NFD');
    expect(decomposed).not.toBe(composed);
    expect(await verifyPassword(decomposed, await hashPassword(composed))).toBe(true);
  });

  it('verifies hashes made with other (older) parameters', async () => {
    const hash = await hashPassword('doi-tham-so');
    const [, , salt, key] = hash.split('$');
    // A hash at N=1024 made by hand with node:crypto, as an older release might have stored it.
    const { scryptSync } = await import('node:crypto');
    const weaker = scryptSync('doi-tham-so', Buffer.from(salt ?? '', 'base64url'), 32, { N: 1024, r: 8, p: 1 });
    const stored = `scrypt$N=1024,r=8,p=1$${salt}$${weaker.toString('base64url')}`;
    expect(key).not.toBe(weaker.toString('base64url'));
    expect(await verifyPassword('doi-tham-so', stored)).toBe(true);
    expect(await verifyPassword('khac', stored)).toBe(false);
  });

  it('never matches a malformed, tampered or unreasonable stored value', async () => {
    const hash = await hashPassword('mat-khau-du-dai');
    const tampered = `${hash.slice(0, -3)}${hash.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    for (const stored of [
      '',
      'plain-text-password',
      'bcrypt$whatever',
      tampered,
      hash.replace('N=16384', 'N=16383'),
      hash.replace('N=16384', 'N=1073741824'),
      hash.replace('p=1', 'p=0'),
    ]) {
      expect(await verifyPassword('mat-khau-du-dai', stored), stored).toBe(false);
    }
  });
});
