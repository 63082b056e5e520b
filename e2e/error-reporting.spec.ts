import { expect } from '@playwright/test';
import { type FakeSentry, startFakeSentry } from '../apps/server/test/fake-sentry.ts';
import { startOwnServer } from './support/ownServer';
import { test } from './support/test';

const SENTRY_CHUNK = /\/assets\/sentry-[\w-]+\.js$/;

test('without SENTRY_DSN the browser never downloads the Sentry SDK', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  const config = page.waitForResponse((response) => response.url().endsWith('/api/client-config'));
  await page.goto('/');
  expect(await (await config).json()).toMatchObject({ sentryDsn: null });
  await expect(page.getByRole('button', { name: 'Bắt đầu' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((url) => SENTRY_CHUNK.test(url))).toEqual([]);
});

test.describe('with SENTRY_DSN', () => {
  // A second app server of our own, configured with a DSN pointing at a local Sentry envelope endpoint.
  const port = Number(process.env.E2E_PORT ?? 3179) + 3000;
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = `.data-e2e-${port}-sentry`;
  let sentry: FakeSentry;
  let server: { stop(): Promise<void> } | undefined;

  test.beforeAll(async () => {
    sentry = await startFakeSentry();
    server = await startOwnServer(port, dataDir, {
      SENTRY_DSN: sentry.dsn('7'),
      // The search below is only a breadcrumb: answer it without asking YouTube (no key here, so not InnerTube).
      SEARCH_PROVIDER: 'none',
    });
  });

  test.afterAll(async () => {
    await server?.stop();
    await sentry.close();
  });

  test("the browser loads the SDK and an uncaught error reaches Sentry's envelope endpoint", async ({ page }) => {
    const sdk = page.waitForResponse((response) => SENTRY_CHUNK.test(response.url()));
    await page.goto(`${origin}/`);
    expect((await sdk).status()).toBe(200);

    // A search just before the error: its fetch becomes a breadcrumb of the error, with the keyword redacted.
    const keyword = `bí mật ${Date.now()}`;
    await page.evaluate((text) => fetch(`/api/search_videos/${encodeURIComponent(text)}`), keyword);
    const message = `e2e browser error ${Date.now()}`;
    // Thrown until one report arrives: the SDK starts a moment after its chunk has loaded.
    await expect
      .poll(
        async () => {
          await page.evaluate(
            (text) =>
              setTimeout(() => {
                throw new Error(text);
              }),
            message,
          );
          await page.waitForTimeout(200);
          return sentry.events().filter((event) => JSON.stringify(event.exception).includes(message)).length;
        },
        { timeout: 15_000 },
      )
      .toBeGreaterThan(0);

    const envelope = sentry.envelopes.find((candidate) => JSON.stringify(candidate).includes(message));
    expect(envelope?.path).toBe('/api/7/envelope/');
    const event = sentry.events().find((candidate) => JSON.stringify(candidate.exception).includes(message));
    expect(event?.user).toBeUndefined();
    expect(JSON.stringify(event)).not.toContain('cookie');
    const fetches = (event?.breadcrumbs as { category?: string; data?: { url?: string } }[] | undefined)?.filter(
      (breadcrumb) => breadcrumb.category === 'fetch',
    );
    expect(fetches?.map((breadcrumb) => breadcrumb.data?.url)).toContain('/api/search_videos/[keyword]');
    const raw = JSON.stringify(sentry.envelopes);
    expect(raw).not.toContain(encodeURIComponent(keyword));
    expect(raw).not.toContain(keyword);
  });
});
