import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { ConfigError, parseEnv } from './env.ts';

describe('cleanup settings (R38)', () => {
  it('cleans hourly and keeps analytics events 180 days by default', () => {
    const { cleanup } = loadConfig({ DATA_DIR: tmpdir(), SESSION_SECRET: 'x'.repeat(32) });
    expect(cleanup).toEqual({ intervalMs: 60 * 60_000, analyticsRetentionMs: 180 * 24 * 60 * 60_000 });
  });

  it('takes an interval in minutes and a retention in days', () => {
    const env = { CLEANUP_INTERVAL_MINUTES: '15', ANALYTICS_RETENTION_DAYS: '30' };
    const { cleanup } = loadConfig({ ...env, DATA_DIR: tmpdir(), SESSION_SECRET: 'x'.repeat(32) });
    expect(cleanup).toEqual({ intervalMs: 15 * 60_000, analyticsRetentionMs: 30 * 24 * 60 * 60_000 });
  });

  it.each([
    ['CLEANUP_INTERVAL_MINUTES', '0'],
    ['CLEANUP_INTERVAL_MINUTES', '1441'],
    ['CLEANUP_INTERVAL_MINUTES', 'hourly'],
    ['CLEANUP_INTERVAL_MINUTES', '0.5'],
    ['ANALYTICS_RETENTION_DAYS', '0'],
    ['ANALYTICS_RETENTION_DAYS', '-30'],
    ['ANALYTICS_RETENTION_DAYS', '1.5'],
    ['ANALYTICS_RETENTION_DAYS', 'forever'],
  ])('refuses %s=%j at boot, naming the variable', (variable, value) => {
    expect(() => parseEnv({ [variable]: value })).toThrow(ConfigError);
    expect(() => parseEnv({ [variable]: value })).toThrow(new RegExp(`^\\s+${variable}: `, 'm'));
  });
});
