import { expect } from '@playwright/test';
import { auditPage, type Category, isLocal } from '../scripts/lighthouse/audit.ts';
import { launchChrome } from '../scripts/lighthouse/chrome.ts';
import { PAGES } from '../scripts/lighthouse/pages.ts';
import { visitSignedOutThenIn } from '../scripts/lighthouse/visitor.ts';
import { MEDIA_ORIGIN } from './support/media';
import { test } from './support/test';

/**
 * Issue #12's goals that do not depend on the machine's speed: Lighthouse's accessibility, best practices and SEO
 * scores on every page `npm run lighthouse` audits on a phone. Performance is timing, so it stays a benchmark there.
 */
const MINIMUM: Partial<Record<Category, number>> = { accessibility: 100, 'best-practices': 100, seo: 95 };
const CATEGORIES = Object.keys(MINIMUM) as Category[];

test('Lighthouse on a phone: accessibility 100, best practices 100 and SEO at least 95 on every page', async ({
  baseURL,
}) => {
  test.setTimeout(150_000);
  if (!baseURL) throw new Error('playwright.config.ts names no baseURL');
  const chrome = await launchChrome();
  try {
    const phonePages = PAGES.filter((page) => page.preset === 'mobile');
    const site = { chromePort: chrome.port, baseUrl: baseURL, mediaOrigin: MEDIA_ORIGIN, pages: phonePages };
    await visitSignedOutThenIn(site, (page, url) =>
      test.step(page.name, async () => {
        const result = await auditPage(url, { port: chrome.port, preset: 'mobile', categories: CATEGORIES });
        // Every page is judged, so one run lists all that is left to fix.
        const findings = `${page.name}: ${result.failing.join('; ') || 'nothing failing'}`;
        for (const category of CATEGORIES) {
          expect.soft(result.scores[category], findings).toBeGreaterThanOrEqual(MINIMUM[category] ?? 100);
        }
        const offsite = result.requests.filter((requested) => !isLocal(requested));
        expect.soft(offsite, `${page.name} stays offline`).toEqual([]);
        // The signed-in pages really are signed in: only an account's home asks for its room.
        if (page.signedIn && page.path === '/') expect(result.requests).toContain(`${baseURL}/api/rooms?host=me`);
      }),
    );
  } finally {
    chrome.kill();
  }
});
