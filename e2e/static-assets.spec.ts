import { expect } from '@playwright/test';
import { test } from './support/test';

// What a phone gets from `npm start` with no proxy in front (issue #12 item 1, docs/decisions/017): the build's
// compressed copies, decoded by a real browser, kept by it, and the app shell revalidated on the next visit.
test('Chromium gets the compressed scripts and styles, keeps them, and revalidates only the page', async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  // Per request: its path, whether the browser's cache answered it, and the status that came over the wire.
  const paths = new Map<string, string>();
  const fromCache = new Set<string>();
  const wireStatus = new Map<string, number>();
  cdp.on('Network.requestWillBeSent', ({ requestId, request }) => paths.set(requestId, new URL(request.url).pathname));
  cdp.on('Network.requestServedFromCache', ({ requestId }) => fromCache.add(requestId));
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    if (response.fromDiskCache) fromCache.add(requestId);
  });
  cdp.on('Network.responseReceivedExtraInfo', ({ requestId, statusCode }) => wireStatus.set(requestId, statusCode));

  const assets: { path: string; encoding: string | undefined; cache: string | undefined; accepted: string }[] = [];
  page.on('response', async (response) => {
    const { pathname } = new URL(response.url());
    if (!/^\/assets\/.+\.(js|css)$/.test(pathname)) return;
    const headers = await response.allHeaders();
    const accepted = (await response.request().allHeaders())['accept-encoding'] ?? '';
    assets.push({ path: pathname, encoding: headers['content-encoding'], cache: headers['cache-control'], accepted });
  });

  const first = await page.goto('/');
  expect(first?.headers()['cache-control']).toBe('no-cache');
  expect(first?.headers().etag).toBeTruthy();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(assets.length).toBeGreaterThanOrEqual(2);
  for (const asset of assets) {
    // Chromium offers br on any origin it treats as secure (127.0.0.1 is one); gzip where it does not.
    expect(asset.encoding, asset.path).toBe(/\bbr\b/.test(asset.accepted) ? 'br' : 'gzip');
    expect(asset.cache, asset.path).toBe('public, max-age=31536000, immutable');
  }

  // A new visit: the page is asked again (304, unchanged), the immutable files come from the browser's cache.
  paths.clear();
  fromCache.clear();
  wireStatus.clear();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const requests = [...paths];
  const pageRequests = requests.filter(([, path]) => path === '/');
  // The page sees the cached 200; on the wire it was a 304.
  expect(pageRequests.map(([id]) => wireStatus.get(id))).toEqual([304]);
  const assetRequests = requests.filter(([, path]) => /^\/assets\/.+\.(js|css)$/.test(path));
  expect(assetRequests.length).toBeGreaterThanOrEqual(2);
  for (const [id, path] of assetRequests) {
    expect(fromCache.has(id), path).toBe(true);
    expect(wireStatus.has(id), `${path} went to the server`).toBe(false);
  }
});

test('a missing script is a 404, not the app shell', async ({ request }) => {
  const response = await request.get('/assets/nope.js', { headers: { accept: 'text/html,*/*' } });
  expect(response.status()).toBe(404);
  expect(response.headers()['cache-control']).toBe('no-store');
  expect(await response.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
});
