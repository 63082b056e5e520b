import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/config.ts';
import { type ErrorReporting, startErrorReporting } from '../src/observability/error-reporting.ts';
import { type FakeSentry, startFakeSentry } from './fake-sentry.ts';

/** The real app on a random port, with two routes that fail: one with a bug (500), one with bad input (400). */
async function startFailingApp(env: Record<string, string>): Promise<{ app: App; url: string; dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'xc-sentry-'));
  const config = loadConfig({ HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
  const app = await buildApp(config);
  app.http.get('/test/bug', async (request) => {
    // `n` varies the message: the SDK drops an error identical to the previous one.
    throw new Error(`a bug in a route ${env.MARKER ?? ''} ${(request.query as { n?: string }).n ?? ''}`);
  });
  // A bug under the search route's path: its URL carries what a user typed.
  app.http.get('/api/search_videos/:keyword/bug', async () => {
    throw new Error(`a bug while searching ${env.MARKER ?? ''}`);
  });
  app.http.get('/test/bad-input', async () => {
    throw Object.assign(new Error('bad input, not a bug'), { statusCode: 400, code: 'bad_input' });
  });
  await app.http.listen({ port: 0, host: '127.0.0.1' });
  const address = app.http.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, url: `http://127.0.0.1:${port}`, dataDir };
}

/** The exception messages of the events received (their stack frames quote this file's source, so not those). */
function reportedMessages(sentry: FakeSentry): string[] {
  return sentry.events().flatMap((event) => {
    const exception = event.exception as { values?: { value?: string }[] } | undefined;
    return (exception?.values ?? []).map((value) => value.value ?? '');
  });
}

const sentryLoaded = () => '__SENTRY__' in globalThis;

// One file, in order: the SDK is process-wide, so "unset" must run before anything loads it.
describe('server error reporting (Sentry)', () => {
  let sentry: FakeSentry;
  beforeAll(async () => {
    sentry = await startFakeSentry();
  });
  afterAll(async () => {
    await sentry.close();
  });

  it('without SENTRY_DSN: loads no SDK and sends nothing', async () => {
    expect(await startErrorReporting(undefined)).toBeNull();
    const { app, url, dataDir } = await startFailingApp({});
    try {
      const response = await fetch(`${url}/test/bug`);
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ error: { code: 'internal', message: 'Internal error' } });
      expect(await (await fetch(`${url}/api/client-config`)).json()).toMatchObject({ sentryDsn: null });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(sentry.envelopes).toEqual([]);
      expect(sentryLoaded()).toBe(false);
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  describe('with SENTRY_DSN', () => {
    let reporting: ErrorReporting | null;
    let server: Awaited<ReturnType<typeof startFailingApp>>;
    const marker = `m${Date.now().toString(36)}`;

    beforeAll(async () => {
      reporting = await startErrorReporting(sentry.dsn('42'));
      server = await startFailingApp({ SENTRY_DSN: sentry.dsn('42'), MARKER: marker });
    });
    afterAll(async () => {
      await server.app.close();
      await reporting?.close(2000);
      rmSync(server.dataDir, { recursive: true, force: true });
    });

    it('tells the web app the DSN', async () => {
      expect(reporting).not.toBeNull();
      expect(await (await fetch(`${server.url}/api/client-config`)).json()).toMatchObject({
        sentryDsn: sentry.dsn('42'),
      });
    });

    it("reports a route's unhandled error to the envelope endpoint, without personal data", async () => {
      const response = await fetch(`${server.url}/test/bug?email=an.nguyen%40example.com`, {
        headers: { cookie: 'xc_session=secret-session-id', 'user-agent': 'test-agent' },
      });
      expect(response.status).toBe(500);
      await expect.poll(() => sentry.events().length, { timeout: 10_000 }).toBeGreaterThan(0);

      const event = sentry.events().find((candidate) => JSON.stringify(candidate).includes(marker));
      expect(event).toBeDefined();
      const envelope = sentry.envelopes.find((candidate) => JSON.stringify(candidate).includes(marker));
      expect(envelope?.path).toBe('/api/42/envelope/');
      expect(reportedMessages(sentry)).toContain(`a bug in a route ${marker} `);
      const raw = JSON.stringify(sentry.envelopes);
      for (const secret of ['secret-session-id', 'an.nguyen', 'test-agent']) expect(raw).not.toContain(secret);
      expect(event?.user).toBeUndefined();
    });

    it('sends no search keyword: the path that carries it arrives as [keyword]', async () => {
      const keyword = `b%C3%AD%20m%E1%BA%ADt%20${marker}`;
      expect((await fetch(`${server.url}/api/search_videos/${keyword}/bug`)).status).toBe(500);
      const searching = () =>
        sentry.events().find((event) => JSON.stringify(event.exception).includes(`while searching ${marker}`));
      await expect.poll(() => searching(), { timeout: 10_000 }).toBeDefined();
      expect((searching()?.request as { url?: string } | undefined)?.url).toMatch(
        /\/api\/search_videos\/\[keyword\]\/bug$/,
      );
      const raw = JSON.stringify(sentry.envelopes);
      expect(raw).not.toContain('m%E1%BA%ADt');
      expect(raw).not.toContain('bí mật');
    });

    it('does not report answers to bad input (4xx)', async () => {
      const before = sentry.events().length;
      expect((await fetch(`${server.url}/test/bad-input`)).status).toBe(400);
      // A bug reported after it shows the queue got past the 400 without a report for it.
      expect((await fetch(`${server.url}/test/bug?n=2`)).status).toBe(500);
      await expect.poll(() => sentry.events().length, { timeout: 10_000 }).toBe(before + 1);
      expect(reportedMessages(sentry).filter((message) => message.includes('bad input'))).toEqual([]);
      expect(reportedMessages(sentry).filter((message) => message.startsWith('a bug in a route'))).toHaveLength(2);
    });
  });
});
