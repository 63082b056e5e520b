import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from './harness.ts';
import { suiteServer } from './suite-server.ts';

describe.each(DATABASE_KINDS)('foundation on %s', (kind) => {
  const server = suiteServer(kind);

  it('answers /healthz and /readyz', async () => {
    expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', database: true });
  });

  it('echoes a safe x-request-id and replaces an unsafe one', async () => {
    const kept = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'abc-123' } });
    expect(kept.headers.get('x-request-id')).toBe('abc-123');
    const replaced = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': '<script>' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers unknown API paths with a 404 JSON error', async () => {
    const response = await fetch(`${server.url}/api/nope`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
  });

  it('answers /api/me with 200 null without a session, and with a tampered cookie (signed out is not an error)', async () => {
    const none = await fetch(`${server.url}/api/me`);
    expect(none.status).toBe(200);
    expect(await none.json()).toBeNull();
    const tampered = await fetch(`${server.url}/api/me`, { headers: { cookie: 'xc_session=forged-token' } });
    expect(tampered.status).toBe(200);
    expect(await tampered.json()).toBeNull();
  });
});
