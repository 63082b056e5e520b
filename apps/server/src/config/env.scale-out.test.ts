import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from './env.ts';

describe('scale-out settings', () => {
  it('defaults to one node: no Redis, a 5 s command deadline', () => {
    const env = parseEnv({});
    expect(env.REDIS_URL).toBeUndefined();
    expect(env.REDIS_PREFIX).toBe('xemchung');
    expect(env.COMMAND_TIMEOUT_MS).toBe(5000);
  });

  it('accepts redis:// and rediss:// URLs and a channel prefix', () => {
    expect(parseEnv({ REDIS_URL: 'redis://redis:6379/0', REDIS_PREFIX: 'xc-prod' })).toMatchObject({
      REDIS_URL: 'redis://redis:6379/0',
      REDIS_PREFIX: 'xc-prod',
    });
    expect(parseEnv({ REDIS_URL: 'rediss://user:secret@cache.example:6380' }).REDIS_URL).toBe(
      'rediss://user:secret@cache.example:6380',
    );
  });

  it.each([
    ['REDIS_URL', { REDIS_URL: 'http://redis:6379' }],
    ['REDIS_URL', { REDIS_URL: 'redis' }],
    ['REDIS_PREFIX', { REDIS_PREFIX: 'has space' }],
    ['COMMAND_TIMEOUT_MS', { COMMAND_TIMEOUT_MS: '50' }],
    ['COMMAND_TIMEOUT_MS', { COMMAND_TIMEOUT_MS: 'soon' }],
  ])('names %s when its value is bad', (variable, source) => {
    expect(() => parseEnv(source)).toThrow(ConfigError);
    expect(() => parseEnv(source)).toThrow(new RegExp(`^\\s+${variable}: `, 'm'));
  });
});
