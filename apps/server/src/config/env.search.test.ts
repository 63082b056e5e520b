import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { ConfigError, parseEnv } from './env.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'xc-env-search-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const configWith = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env }).youtube;

describe('SEARCH_PROVIDER', () => {
  it('defaults to innertube without a YOUTUBE_API_KEY and to data-api with one', () => {
    expect(configWith({}).searchProvider).toBe('innertube');
    expect(configWith({ YOUTUBE_API_KEY: 'key' }).searchProvider).toBe('data-api');
  });

  it('takes an explicit choice over the default', () => {
    expect(configWith({ YOUTUBE_API_KEY: 'key', SEARCH_PROVIDER: 'innertube' }).searchProvider).toBe('innertube');
    expect(configWith({ YOUTUBE_API_KEY: 'key', SEARCH_PROVIDER: 'none' }).searchProvider).toBe('none');
    expect(configWith({ SEARCH_PROVIDER: 'none' }).searchProvider).toBe('none');
  });

  it('refuses data-api without a YOUTUBE_API_KEY at boot, saying what to do', () => {
    expect(() => parseEnv({ SEARCH_PROVIDER: 'data-api' })).toThrow(ConfigError);
    expect(() => parseEnv({ SEARCH_PROVIDER: 'data-api' })).toThrow(
      /^\s+SEARCH_PROVIDER: data-api needs YOUTUBE_API_KEY; set the key, or choose innertube \(no key\) or none \(search off\)$/m,
    );
  });

  it.each(['youtube', 'INNERTUBE', 'off', 'data_api'])('refuses SEARCH_PROVIDER=%j, naming the variable', (value) => {
    expect(() => parseEnv({ SEARCH_PROVIDER: value })).toThrow(/^\s+SEARCH_PROVIDER: /m);
  });

  it('points InnerTube at www.youtube.com unless INNERTUBE_BASE_URL says otherwise (no trailing slash)', () => {
    expect(configWith({}).innertubeBaseUrl).toBe('https://www.youtube.com');
    expect(configWith({ INNERTUBE_BASE_URL: 'http://127.0.0.1:9000/' }).innertubeBaseUrl).toBe('http://127.0.0.1:9000');
    expect(() => parseEnv({ INNERTUBE_BASE_URL: 'ftp://www.youtube.com' })).toThrow(/^\s+INNERTUBE_BASE_URL: /m);
  });
});
