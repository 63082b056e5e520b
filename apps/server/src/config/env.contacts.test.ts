import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from './env.ts';

describe("the operator's support page and contact address", () => {
  it("default to the original instance's", () => {
    expect(parseEnv({})).toMatchObject({
      SUPPORT_URL: 'https://www.facebook.com/xemchung',
      CONTACT_EMAIL: 'banquyen@xemchung.app',
    });
  });

  it('take any http(s) URL and an email address', () => {
    const env = parseEnv({
      SUPPORT_URL: 'http://help.example.org/lien-he?from=menu',
      CONTACT_EMAIL: 'admin@phim.example',
    });
    expect(env).toMatchObject({
      SUPPORT_URL: 'http://help.example.org/lien-he?from=menu',
      CONTACT_EMAIL: 'admin@phim.example',
    });
  });

  it.each([
    ['SUPPORT_URL', 'javascript:alert(1)'],
    ['SUPPORT_URL', 'ftp://help.example.org'],
    ['SUPPORT_URL', 'help.example.org'],
    ['CONTACT_EMAIL', 'admin'],
    ['CONTACT_EMAIL', 'admin@localhost'],
    ['CONTACT_EMAIL', 'Admin <admin@phim.example>'],
    ['CONTACT_EMAIL', 'admin@phim.example?subject=x'],
  ])('refuses %s=%j at boot, naming the variable', (variable, value) => {
    expect(() => parseEnv({ [variable]: value })).toThrow(ConfigError);
    expect(() => parseEnv({ [variable]: value })).toThrow(new RegExp(`^\\s+${variable}: `, 'm'));
  });
});
