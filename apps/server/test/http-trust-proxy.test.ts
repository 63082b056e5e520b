import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness.ts';

/** The search route's limit per client (search-plugin.ts); with SEARCH_PROVIDER=none it answers 503 at once, and counts. */
const SEARCH_MAX = 30;
/** Who the trusted proxy saw connecting: what it appends to the client's X-Forwarded-For. */
const CLIENT_AS_SEEN = '203.0.113.7';

/**
 * A search as a client behind one appending proxy (nginx's `$proxy_add_x_forwarded_for`): the test is the proxy
 * (it connects from 127.0.0.1), `forged` is what the client wrote into X-Forwarded-For, and the proxy appends
 * the address it saw.
 */
async function searchVia(server: TestServer, forged: string, seen = CLIENT_AS_SEEN): Promise<number> {
  const response = await fetch(`${server.url}/api/search_videos/nhac`, {
    headers: { 'x-forwarded-for': forged ? `${forged}, ${seen}` : seen },
  });
  await response.arrayBuffer();
  return response.status;
}

describe('rate-limit key behind a proxy (TRUST_PROXY)', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
  });

  it.each(['1', 'true', '127.0.0.1', 'loopback'])(
    'with TRUST_PROXY=%s keys on the address the proxy saw, however the client rotates its forged entries',
    async (trust) => {
      server = await startServer('sqlite', { env: { SEARCH_PROVIDER: 'none', TRUST_PROXY: trust } });
      const statuses: number[] = [];
      for (let i = 0; i <= SEARCH_MAX; i++) statuses.push(await searchVia(server, `1.2.3.${i}, 10.9.8.${i}`));
      expect(statuses.slice(0, SEARCH_MAX)).not.toContain(429);
      expect(statuses[SEARCH_MAX]).toBe(429);
      // Another client behind the same proxy has its own budget.
      expect(await searchVia(server, '', '198.51.100.9')).not.toBe(429);
    },
  );

  it('trusts no header by default: every request from one peer shares its budget', async () => {
    server = await startServer('sqlite', { env: { SEARCH_PROVIDER: 'none' } });
    const statuses: number[] = [];
    for (let i = 0; i <= SEARCH_MAX; i++) statuses.push(await searchVia(server, '', `198.51.100.${i}`));
    expect(statuses[SEARCH_MAX]).toBe(429);
  });
});
