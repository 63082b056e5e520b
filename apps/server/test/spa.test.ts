import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { suiteServer } from './suite-server.ts';

describe('serving the built web app', () => {
  let dist: string;
  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'xemchung-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>XemChung</title>');
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
  });
  const server = suiteServer('sqlite', () => ({ env: { WEB_DIST_DIR: dist } }));

  it('answers / and client routes with index.html, for browsers and for clients that accept anything', async () => {
    for (const [path, accept] of [
      ['/', 'text/html'],
      ['/', '*/*'],
      ['/room/abc', 'text/html,application/xhtml+xml'],
      ['/terms-of-use', '*/*'],
    ] as const) {
      const response = await fetch(`${server.url}${path}`, { headers: { accept } });
      expect(response.status, `${path} with ${accept}`).toBe(200);
      expect(await response.text()).toContain('<title>XemChung</title>');
    }
  });

  it('serves assets, and answers a missing asset or API path with a JSON 404', async () => {
    expect(await (await fetch(`${server.url}/assets/app.js`)).text()).toBe('console.log(1)');
    for (const path of ['/assets/missing.js', '/favicon.ico', '/api/nope']) {
      const response = await fetch(`${server.url}${path}`, { headers: { accept: '*/*' } });
      expect(response.status, path).toBe(404);
      expect(await response.json()).toMatchObject({ error: { code: 'not_found' } });
    }
  });
});
