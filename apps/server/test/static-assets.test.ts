import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RoomRepository } from '../src/rooms/room-repository.ts';
import { startServer, type TestServer } from './harness.ts';
import { type RawResponse, rawRequest } from './raw-http.ts';
import { createRoom, signedInUser } from './room-clients.ts';
import { buildWebApp } from './web-build.ts';

// Serving the real production build (issue #12 item 1, docs/decisions/017): the files go out as written at build
// time, in the encoding the client accepts, with a cache policy per kind of file.
const METRICS_TOKEN = 'metrics-token-for-static-assets-test';
let dist: string;
let server: TestServer;
let shellJs: string;
let shellCss: string;

const get = (urlPath: string, headers: Record<string, string> = {}) => rawRequest(`${server.url}${urlPath}`, headers);
const file = (relative: string) => readFileSync(path.join(dist, relative));
const header = (response: RawResponse, name: string) => response.headers[name];

beforeAll(async () => {
  dist = await buildWebApp();
  const assets = readdirSync(path.join(dist, 'assets'));
  shellJs = `assets/${assets.find((name) => /^shell-.*\.js$/.test(name))}`;
  shellCss = `assets/${assets.find((name) => /^shell-.*\.css$/.test(name))}`;
  server = await startServer('sqlite', { env: { WEB_DIST_DIR: dist, METRICS_TOKEN } });
}, 120_000);
afterAll(async () => {
  await server?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the build', () => {
  it('writes a brotli and a gzip copy beside every script, style sheet and page, each smaller than the file', () => {
    const text = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((name) =>
      /\.(js|css|html|svg)$/.test(name),
    );
    expect(text).toEqual(expect.arrayContaining([shellJs, shellCss, 'index.html', 'favicon.svg']));
    for (const name of text.filter((name) => file(name).length >= 100)) {
      const plain = file(name);
      expect(brotliDecompressSync(file(`${name}.br`)).equals(plain), `${name}.br`).toBe(true);
      expect(gunzipSync(file(`${name}.gz`)).equals(plain), `${name}.gz`).toBe(true);
      expect(file(`${name}.br`).length, name).toBeLessThan(plain.length);
    }
    // Vite's manifest and the chunk contents are read by `npm run size`, never served: no copies of them.
    expect(readdirSync(path.join(dist, '.vite')).sort()).toEqual(['chunk-modules.json', 'manifest.json']);
    // Brotli at quality 11 beats gzip -9 by a clear margin on the app's main script.
    expect(file(`${shellJs}.br`).length).toBeLessThan(file(`${shellJs}.gz`).length * 0.92);
  });
});

describe('choosing the encoding by Accept-Encoding', () => {
  it.each([
    ['br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip;q=0.5, br;q=0.9', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'gzip'],
  ])('Accept-Encoding %j gets the %s copy written at build time', async (acceptEncoding, encoding) => {
    for (const asset of [shellJs, shellCss]) {
      const response = await get(`/${asset}`, { 'accept-encoding': acceptEncoding });
      expect(response.status).toBe(200);
      expect(header(response, 'content-encoding')).toBe(encoding);
      expect(response.body.equals(file(`${asset}.${encoding === 'br' ? 'br' : 'gz'}`))).toBe(true);
      expect(header(response, 'content-type')).toMatch(
        asset.endsWith('.js') ? /^(text|application)\/javascript;/ : /^text\/css;/,
      );
      expect(header(response, 'vary')).toMatch(/accept-encoding/i);
    }
  });

  it.each([
    ['no Accept-Encoding', undefined],
    ['identity', 'identity'],
    ['an encoding we do not have', 'deflate'],
    ['unknown tokens', 'x-compress-9000, sdch'],
    ['a malformed weight', 'br;q=abc'],
    ['separators only', ',;; ,,;'],
    ['every encoding refused', 'br;q=0, gzip;q=0, *;q=0'],
  ])('%s gets the plain file, byte for byte', async (_label, acceptEncoding) => {
    const response = await get(
      `/${shellJs}`,
      acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    );
    expect(response.status).toBe(200);
    expect(header(response, 'content-encoding')).toBeUndefined();
    expect(response.body.equals(file(shellJs))).toBe(true);
    expect(Number(header(response, 'content-length'))).toBe(file(shellJs).length);
    expect(header(response, 'vary')).toMatch(/accept-encoding/i);
  });
});

describe('caching', () => {
  it('lets browsers keep a hashed asset for a year without asking again, whatever the encoding', async () => {
    for (const acceptEncoding of ['br', 'gzip', 'identity']) {
      for (const asset of [shellJs, shellCss]) {
        const response = await get(`/${asset}`, { 'accept-encoding': acceptEncoding });
        expect(header(response, 'cache-control'), `${asset} ${acceptEncoding}`).toBe(
          'public, max-age=31536000, immutable',
        );
      }
    }
  });

  it.each(['/', '/index.html', '/room/abcdefghijklmnop', '/terms-of-use'])(
    'revalidates the app shell at %s every time: no-cache with an ETag, then 304 while it is unchanged',
    async (page) => {
      for (const acceptEncoding of ['br', 'gzip', 'identity']) {
        const first = await get(page, { accept: 'text/html', 'accept-encoding': acceptEncoding });
        expect(first.status).toBe(200);
        expect(header(first, 'cache-control')).toBe('no-cache');
        expect(header(first, 'vary')).toMatch(/accept-encoding/i);
        const etag = String(header(first, 'etag'));
        expect(etag).toMatch(/^(W\/)?"[^"]+"$/);
        const decoded =
          acceptEncoding === 'br'
            ? brotliDecompressSync(first.body)
            : acceptEncoding === 'gzip'
              ? gunzipSync(first.body)
              : first.body;
        expect(decoded.equals(file('index.html'))).toBe(true);

        const again = await get(page, {
          accept: 'text/html',
          'accept-encoding': acceptEncoding,
          'if-none-match': etag,
        });
        expect(again.status, `${page} ${acceptEncoding}`).toBe(304);
        expect(again.body.length).toBe(0);
        expect(header(again, 'etag')).toBe(etag);
        expect(header(again, 'cache-control')).toBe('no-cache');
        expect(header(again, 'vary')).toMatch(/accept-encoding/i);

        const changed = await get(page, {
          accept: 'text/html',
          'accept-encoding': acceptEncoding,
          'if-none-match': '"0-0"',
        });
        expect(changed.status).toBe(200);
      }
    },
  );

  it('answers HEAD for a page and an asset with the headers of GET and no body', async () => {
    for (const [urlPath, accept] of [
      ['/room/abcdefghijklmnop', 'text/html'],
      [`/${shellJs}`, '*/*'],
    ] as const) {
      const headers = { accept, 'accept-encoding': 'br' };
      const full = await get(urlPath, headers);
      const head = await rawRequest(`${server.url}${urlPath}`, headers, 'HEAD');
      expect(head.status, urlPath).toBe(200);
      expect(head.body.length).toBe(0);
      for (const name of ['etag', 'cache-control', 'content-encoding', 'vary', 'content-length']) {
        expect(header(head, name), `${urlPath} ${name}`).toBe(header(full, name));
      }
    }
  });

  it('gives unhashed files from public/ a day, then revalidation', async () => {
    const response = await get('/favicon.svg', { 'accept-encoding': 'br' });
    expect(response.status).toBe(200);
    expect(header(response, 'cache-control')).toBe('public, max-age=86400');
    expect(header(response, 'etag')).toBeTruthy();
    expect(brotliDecompressSync(response.body).equals(file('favicon.svg'))).toBe(true);
  });
});

describe('bad input', () => {
  it.each([
    ['/assets/nope.js', '*/*'],
    ['/assets/nope.js', 'text/html'],
    ['/favicon-x.png', 'text/html,*/*'],
    ['/robots-old.txt', '*/*'],
  ])(
    'answers a missing file %s (Accept %s) with a JSON 404 that no cache keeps, never the app shell',
    async (missing, accept) => {
      const response = await get(missing, { accept, 'accept-encoding': 'br' });
      expect(response.status).toBe(404);
      expect(header(response, 'content-type')).toMatch(/^application\/json/);
      expect(header(response, 'cache-control')).toBe('no-store');
      expect(JSON.parse(response.body.toString())).toEqual({ error: { code: 'not_found', message: 'Not found' } });
    },
  );

  it('does not serve the compressed copies under their own names', async () => {
    for (const copy of [`/${shellJs}.br`, `/${shellJs}.gz`, '/index.html.br']) {
      const response = await get(copy, { accept: '*/*' });
      expect(response.status, copy).toBe(404);
      expect(header(response, 'cache-control')).toBe('no-store');
    }
  });

  it('answers a byte range from the plain file, even for a client that accepts brotli', async () => {
    const plain = file(shellJs);
    const response = await get(`/${shellJs}`, { 'accept-encoding': 'br, gzip', range: 'bytes=100-199' });
    expect(response.status).toBe(206);
    expect(header(response, 'content-encoding')).toBeUndefined();
    expect(header(response, 'content-range')).toBe(`bytes 100-199/${plain.length}`);
    expect(response.body.equals(plain.subarray(100, 200))).toBe(true);
    expect(header(response, 'vary')).toMatch(/accept-encoding/i);

    const tail = await get('/favicon.svg', { range: 'bytes=-20' });
    expect(tail.status).toBe(206);
    expect(tail.body.equals(file('favicon.svg').subarray(-20))).toBe(true);
  });

  it('sends the whole file when the range was asked of another version (If-Range)', async () => {
    const response = await get(`/${shellJs}`, { range: 'bytes=0-9', 'if-range': 'W/"old-version"' });
    expect(response.status).toBe(200);
    expect(response.body.equals(file(shellJs))).toBe(true);
  });

  it('refuses a range past the end with a JSON 416 naming the real length', async () => {
    const size = file(shellJs).length;
    const response = await get(`/${shellJs}`, { 'accept-encoding': 'br', range: `bytes=${size + 10}-` });
    expect(response.status).toBe(416);
    expect(header(response, 'content-range')).toBe(`bytes */${size}`);
    expect(JSON.parse(response.body.toString())).toMatchObject({ error: { code: 'range_not_satisfiable' } });
  });

  it('ignores a range it cannot parse and sends the file', async () => {
    const response = await get(`/${shellJs}`, { range: 'lines=1-2' });
    expect(response.status).toBe(200);
    expect(response.body.equals(file(shellJs))).toBe(true);
  });
});

describe('JSON answers', () => {
  it('compresses a JSON answer over 1 KB on the fly, br before gzip, and leaves it plain for others', async () => {
    const host = await signedInUser(server, 'Chủ Nhiều Phòng');
    // Straight into the database: one account may create only 10 rooms at once through the API (R103).
    const repository = new RoomRepository(server.app.db);
    for (let index = 0; index < 16; index++) await repository.create(host.uid, `Phòng xem phim số ${index} của cả nhà`);
    const plain = await get('/api/rooms?host=me', { cookie: host.cookie });
    expect(plain.status).toBe(200);
    expect(header(plain, 'content-encoding')).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const rooms = JSON.parse(plain.body.toString());
    expect(rooms).toHaveLength(16);

    const br = await get('/api/rooms?host=me', { cookie: host.cookie, 'accept-encoding': 'gzip, deflate, br' });
    expect(header(br, 'content-encoding')).toBe('br');
    expect(header(br, 'vary')).toMatch(/accept-encoding/i);
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(rooms);

    const gzip = await get('/api/rooms?host=me', { cookie: host.cookie, 'accept-encoding': 'gzip' });
    expect(header(gzip, 'content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.body).toString())).toEqual(rooms);

    const malformed = await get('/api/rooms?host=me', { cookie: host.cookie, 'accept-encoding': 'br;q=abc, x-y' });
    expect(header(malformed, 'content-encoding')).toBeUndefined();
    expect(JSON.parse(malformed.body.toString())).toEqual(rooms);
  });

  it('sends a JSON answer under 1 KB as it is', async () => {
    const host = await signedInUser(server, 'Chủ Một Phòng');
    await createRoom(server, host, 'Một phòng');
    for (const urlPath of ['/api/rooms?host=me', '/api/client-config', '/api/me']) {
      const response = await get(urlPath, { cookie: host.cookie, 'accept-encoding': 'br, gzip' });
      expect(response.status, urlPath).toBe(200);
      expect(response.body.length, urlPath).toBeLessThan(1024);
      expect(header(response, 'content-encoding'), urlPath).toBeUndefined();
    }
  });

  it('compresses nothing outside the JSON API: the metrics text stays plain', async () => {
    const response = await get('/metrics', { authorization: `Bearer ${METRICS_TOKEN}`, 'accept-encoding': 'br, gzip' });
    expect(response.status).toBe(200);
    expect(response.body.length).toBeGreaterThan(1024);
    expect(header(response, 'content-encoding')).toBeUndefined();
    expect(response.body.toString()).toContain('# HELP');
  });
});
