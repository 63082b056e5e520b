import { expect, type Page } from '@playwright/test';
import { newAccount, signUpThroughPopup } from './support/accounts';
import { CLIPS, MEDIA_ORIGIN } from './support/media';
import { mediaState, PLAYER, pasteLink } from './support/room';
import { test } from './support/test';

/** Every CSP violation a page of the context reports, as `directive blocked-uri`. */
async function violations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as Window & { __cspViolations?: string[] }).__cspViolations ?? []);
}

test('the app, its sign-in popup and a room playing a video from another origin run under the CSP without a violation', async ({
  browser,
}) => {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    const log: string[] = [];
    (window as Window & { __cspViolations?: string[] }).__cspViolations = log;
    document.addEventListener('securitypolicyviolation', (event) => {
      log.push(`${event.effectiveDirective} ${event.blockedURI}`);
    });
  });
  const consoleCsp: string[] = [];
  context.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) consoleCsp.push(message.text());
  });

  const page = await context.newPage();
  const response = await page.goto('/');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  expect(response?.headers()['cross-origin-opener-policy']).toBe('same-origin-allow-popups');

  // The popup keeps its opener on the sign-in page (no opener policy cuts it off).
  const popupHasOpener = new Promise<boolean>((resolve) => {
    context.once('page', async (popup) => {
      await popup.waitForURL(/\/oidc\/interaction\//);
      resolve(await popup.evaluate(() => window.opener !== null));
    });
  });
  await signUpThroughPopup(page, newAccount('Người Kiểm Tra'));
  expect(await popupHasOpener).toBe(true);
  await page.getByLabel('Tên phòng').fill('Phòng bảo mật');
  await page.getByRole('button', { name: 'Tạo phòng' }).click();
  await expect(page).toHaveURL(/\/room\/[A-Za-z0-9_-]{16}$/);

  // A direct link from another origin plays (media-src), and its bytes can be fetched as hls.js would (connect-src).
  await pasteLink(page, CLIPS.a.url);
  await page.getByRole('button', { name: `Phát ${CLIPS.a.title}` }).click();
  await expect(page.locator(PLAYER)).toBeAttached();
  await expect.poll(async () => (await mediaState(page))?.src).toBe(CLIPS.a.url);
  await page.locator(PLAYER).evaluate((media: HTMLMediaElement) => media.play());
  await expect.poll(async () => (await mediaState(page))?.currentTime ?? 0).toBeGreaterThan(0.2);
  const fetched = await page.evaluate(
    async (url) => (await fetch(url, { headers: { range: 'bytes=0-15' } })).status,
    CLIPS.a.url,
  );
  expect(fetched).toBe(206);

  expect(await violations(page)).toEqual([]);
  expect(consoleCsp).toEqual([]);

  // And the policy does bite: an injected inline script does not run, and another site cannot frame the app.
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true';
    document.body.append(script);
    return (window as Window & { __injected?: boolean }).__injected === true;
  });
  expect(ran).toBe(false);
  await expect.poll(() => violations(page)).toEqual([expect.stringMatching(/^script-src-elem inline$/)]);

  const framer = await context.newPage();
  await framer.goto(`${MEDIA_ORIGIN}/healthz`);
  consoleCsp.length = 0;
  await framer.evaluate((url) => {
    const frame = document.createElement('iframe');
    frame.src = url;
    document.body.append(frame);
  }, page.url());
  await expect.poll(() => consoleCsp.join('\n')).toContain("frame-ancestors 'none'");
  await context.close();
});
