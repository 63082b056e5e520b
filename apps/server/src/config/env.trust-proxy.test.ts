import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { ConfigError, parseEnv } from './env.ts';

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
  });

  it('takes a hop count, and `true` as one hop rather than every entry', () => {
    expect(parseEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
  });

  it('takes a comma-separated list of proxy addresses, CIDRs and range names', () => {
    expect(parseEnv({ TRUST_PROXY: '10.0.0.5, 172.16.0.0/12,fd00::/8 ,::1,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.5',
      '172.16.0.0/12',
      'fd00::/8',
      '::1',
      'loopback',
    ]);
  });

  it.each(['yes', '11', '10.0.0.300', '10.0.0.0/33', '::1/129', '10.0.0.1,', 'proxy.internal', '10.0.0.0/8/8'])(
    'refuses %j at boot, naming the variable',
    (value) => {
      expect(() => parseEnv({ TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => parseEnv({ TRUST_PROXY: value })).toThrow(/^\s+TRUST_PROXY: /m);
    },
  );

  it('hands Fastify a hop count as a trust function: the peer and the hops behind it, no further', () => {
    const { trustProxy } = loadConfig({ TRUST_PROXY: '2', DATA_DIR: tmpdir(), SESSION_SECRET: 'x'.repeat(32) });
    expect(typeof trustProxy).toBe('function');
    if (typeof trustProxy !== 'function') return;
    expect([0, 1, 2].map((hop) => trustProxy('10.0.0.1', hop))).toEqual([true, true, false]);
  });
});
