import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from './env.ts';

describe('SFU settings (R129)', () => {
  it('defaults to no SFU, and to a Janus started on 127.0.0.1:7088 when one is asked for', () => {
    expect(parseEnv({})).toMatchObject({ SFU: 'off', SFU_PORT: 7088, JANUS_PATH: '/usr/bin/janus' });
    expect(parseEnv({ SFU: 'janus' }).SFU_URL).toBeUndefined();
  });

  it('takes a Janus already running, with its api_secret', () => {
    expect(parseEnv({ SFU: 'janus', SFU_URL: 'http://10.0.0.5:8088/janus', SFU_SECRET: 's3cret' })).toMatchObject({
      SFU_URL: 'http://10.0.0.5:8088/janus',
      SFU_SECRET: 's3cret',
    });
  });

  it.each([
    ['SFU', { SFU: 'mediasoup' }],
    ['SFU_URL', { SFU: 'janus', SFU_URL: 'ws://10.0.0.5:8188' }],
    ['SFU_PORT', { SFU_PORT: '0' }],
    // Several nodes, each with a Janus of its own, would split a share's viewers from its sharer.
    ['SFU_URL', { SFU: 'janus', REDIS_URL: 'redis://redis:6379' }],
  ])('names %s when its value is bad', (variable, source) => {
    expect(() => parseEnv(source)).toThrow(ConfigError);
    expect(() => parseEnv(source)).toThrow(new RegExp(`^\\s+${variable}: `, 'm'));
  });
});
