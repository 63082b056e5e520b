import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_RATE_LIMITS } from '../src/auth/register-auth.ts';
import { openLoginPage } from './auth-flow-helpers.ts';
import { startServer, type TestServer } from './harness.ts';
import { suiteServer } from './suite-server.ts';

describe('HTTP body limits', () => {
  const server = suiteServer('sqlite');

  it('answers a JSON body over 64 KB with 413 payload_too_large before anything reads it', async () => {
    const response = await fetch(`${server.url}/api/rooms`, {
      method: 'POST',
      headers: { origin: server.url, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(70 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: { code: 'payload_too_large', message: expect.any(String) },
    });
  });

  it('answers a sign-in form over 8 KB with 413 payload_too_large', async () => {
    const page = await openLoginPage(server.url);
    const response = await page.browser.fetch(`${page.url.href}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `email=a%40example.test&password=${'x'.repeat(9 * 1024)}`,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: { code: 'payload_too_large' } });
  });

  it("refuses a 2 MB body at the identity provider's token endpoint in OAuth's error shape, and stays up", async () => {
    const response = await fetch(`${server.url}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `grant_type=authorization_code&code=${'x'.repeat(2_000_000)}`,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_request' });
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});

describe("rate limit on the identity provider's authorization endpoint", () => {
  // A fresh server: the limits count per process.
  let server: TestServer;
  beforeEach(async () => {
    server = await startServer('sqlite');
  });
  afterEach(async () => {
    await server.close();
  });

  it('limits authorization requests per client, since each one stores an interaction', async () => {
    const { max } = AUTH_RATE_LIMITS.flow;
    const statuses: number[] = [];
    for (let i = 0; i <= max; i++) {
      const response = await fetch(`${server.url}/oidc/auth?client_id=xemchung-web`, { redirect: 'manual' });
      statuses.push(response.status);
      if (response.status === 429) {
        expect(await response.json()).toMatchObject({ error: { code: 'rate_limited' } });
      } else {
        await response.arrayBuffer();
      }
    }
    expect(statuses.slice(0, max).every((status) => status !== 429)).toBe(true);
    expect(statuses[max]).toBe(429);
    // The rest of the provider (discovery, used by the server itself) is not counted with it.
    expect((await fetch(`${server.url}/oidc/.well-known/openid-configuration`)).status).toBe(200);
  });
});
