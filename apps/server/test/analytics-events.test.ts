import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionStore } from '../src/auth/sessions.ts';
import { DATABASE_KINDS, startServer, type TestServer } from './harness.ts';

const SEARCH_EVENT = { name: 'Search videos', properties: { keyword: 'lạc trôi', email: null } };

interface Captured {
  path: string;
  body: Record<string, unknown>;
}

/** A PostHog capture endpoint that records each request and answers only after two seconds. */
async function startSlowCapture(): Promise<{ server: Server; url: string; captured: Captured[] }> {
  const captured: Captured[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      captured.push({ path: req.url ?? '', body: JSON.parse(raw) });
      setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"Ok"}'), 2000);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, captured };
}

async function until(condition: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let clientIp = 0;
function postEvent(server: TestServer, body: string, headers: Record<string, string> = {}) {
  return fetch(`${server.url}/api/events`, {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      origin: server.url,
      'x-forwarded-for': `10.3.0.${++clientIp % 250}`,
      ...headers,
    },
  });
}

describe.each(DATABASE_KINDS)('POST /api/events on %s', (kind) => {
  let capture: Awaited<ReturnType<typeof startSlowCapture>>;
  let server: TestServer;
  let cookie: string;

  const storedEvents = () => server.app.db.selectFrom('events').selectAll().orderBy('created_at').execute();

  beforeAll(async () => {
    capture = await startSlowCapture();
    server = await startServer(kind, { env: { POSTHOG_HOST: capture.url, TRUST_PROXY: 'true' } });
    await server.app.db
      .insertInto('users')
      .values({
        uid: 'u-analytics',
        issuer: 'test',
        subject: 'analytics',
        email: 'an@example.com',
        display_name: 'An',
        photo_url: null,
        created_at: Date.now(),
      })
      .execute();
    const { token } = await new SessionStore(server.app.db).create('u-analytics');
    cookie = `xc_session=${token}`;
  });
  afterAll(async () => {
    await server.close();
    capture.server.closeAllConnections();
    capture.server.close();
  });

  it('stores a signed-out JSON event without a user and answers 204', async () => {
    const response = await postEvent(server, JSON.stringify(SEARCH_EVENT));
    expect(response.status).toBe(204);
    const [row] = await storedEvents();
    expect(row).toMatchObject({ name: 'Search videos', user_uid: null });
    expect(JSON.parse(row?.properties ?? '')).toEqual({ keyword: 'lạc trôi', email: null });
    expect(row?.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('stores an event with the session user, taking the email from the session', async () => {
    const forged = { name: 'Search videos', properties: { keyword: 'son tung', email: 'someone@else.example' } };
    const response = await postEvent(server, JSON.stringify(forged), { cookie });
    expect(response.status).toBe(204);
    const row = (await storedEvents()).find((event) => event.properties.includes('son tung'));
    expect(row?.user_uid).toBe('u-analytics');
    expect(JSON.parse(row?.properties ?? '')).toEqual({ keyword: 'son tung', email: 'an@example.com' });
  });

  it.each([
    ['an unknown event name', JSON.stringify({ name: 'Delete everything', properties: {} }), 'invalid_event'],
    [
      'a keyword that is not text',
      JSON.stringify({ name: 'Search videos', properties: { keyword: 5, email: null } }),
      'invalid_event',
    ],
    ['missing properties', JSON.stringify({ name: 'Search videos' }), 'invalid_event'],
    ['a body that is not JSON', '{"name": "Search videos", ', null],
  ])('refuses %s with a 400 and stores nothing', async (_label, body, code) => {
    const before = (await storedEvents()).length;
    const response = await postEvent(server, body);
    expect(response.status).toBe(400);
    const error = (await response.json()) as { error: { code: string; message: string } };
    expect(error.error.message).toEqual(expect.any(String));
    if (code) expect(error.error.code).toBe(code);
    expect(await storedEvents()).toHaveLength(before);
  });

  it('refuses a body over 4 KB with 413 and stores nothing', async () => {
    const before = (await storedEvents()).length;
    const big = JSON.stringify({ name: 'Search videos', properties: { keyword: 'x'.repeat(4100), email: null } });
    const response = await postEvent(server, big);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
    expect(await storedEvents()).toHaveLength(before);
  });

  it('refuses any body but JSON with 415 — the text/plain of a plain sendBeacon too — and stores nothing (R36)', async () => {
    const before = (await storedEvents()).length;
    for (const contentType of ['text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'application/xml']) {
      const response = await postEvent(server, JSON.stringify(SEARCH_EVENT), { 'content-type': contentType, cookie });
      expect(response.status).toBe(415);
      expect(await response.json()).toMatchObject({ error: { code: 'unsupported_media_type' } });
    }
    expect(await storedEvents()).toHaveLength(before);
  });

  it('forwards nothing to PostHog while POSTHOG_KEY is unset', async () => {
    expect(capture.captured).toEqual([]);
  });

  it('limits each client to 60 events a minute', async () => {
    const headers = { 'x-forwarded-for': '10.4.0.1' };
    for (let i = 0; i < 60; i++)
      expect((await postEvent(server, JSON.stringify(SEARCH_EVENT), headers)).status).toBe(204);
    const limited = await postEvent(server, JSON.stringify(SEARCH_EVENT), headers);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ error: { code: 'rate_limited' } });
  });
});

describe.each(DATABASE_KINDS)('POST /api/events with POSTHOG_KEY on %s', (kind) => {
  let capture: Awaited<ReturnType<typeof startSlowCapture>>;
  let server: TestServer;

  beforeAll(async () => {
    capture = await startSlowCapture();
    server = await startServer(kind, {
      env: { POSTHOG_KEY: 'phc_test', POSTHOG_HOST: `${capture.url}/`, TRUST_PROXY: 'true' },
    });
  });
  afterAll(async () => {
    await server.close();
    capture.server.closeAllConnections();
    capture.server.close();
  });

  it('stores the event, answers without waiting for PostHog, then forwards it to /i/v0/e/', async () => {
    const started = Date.now();
    const response = await postEvent(server, JSON.stringify(SEARCH_EVENT));
    expect(response.status).toBe(204);
    expect(Date.now() - started).toBeLessThan(1500);
    await until(() => capture.captured.length === 1);
    const [row] = await server.app.db.selectFrom('events').selectAll().execute();
    expect(capture.captured[0]).toEqual({
      path: '/i/v0/e/',
      body: {
        api_key: 'phc_test',
        event: 'Search videos',
        distinct_id: `anon-${row?.id}`,
        properties: { keyword: 'lạc trôi', email: null, $insert_id: row?.id, $process_person_profile: false },
        timestamp: new Date(row?.created_at ?? 0).toISOString(),
      },
    });
  });
});
