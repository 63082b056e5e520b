import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { ConfigError, parseEnv } from './env.ts';

const base = { DATA_DIR: tmpdir(), SESSION_SECRET: 'x'.repeat(32) };

describe('LOG_FORMAT (docs/decisions/030-start-up-output.md)', () => {
  it('is pretty on a terminal and JSON elsewhere when unset', () => {
    expect(loadConfig(base, true).logFormat).toBe('pretty');
    expect(loadConfig(base, false).logFormat).toBe('json');
  });

  it('says otherwise when set, on a terminal or not', () => {
    expect(loadConfig({ ...base, LOG_FORMAT: 'json' }, true).logFormat).toBe('json');
    expect(loadConfig({ ...base, LOG_FORMAT: 'pretty' }, false).logFormat).toBe('pretty');
  });

  it('refuses anything else, naming the variable', () => {
    expect(() => parseEnv({ LOG_FORMAT: 'text' })).toThrow(ConfigError);
    expect(() => parseEnv({ LOG_FORMAT: 'text' })).toThrow(/LOG_FORMAT/);
  });
});
