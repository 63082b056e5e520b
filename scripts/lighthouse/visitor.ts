import { chromium, expect } from '@playwright/test';
import { newAccount, signUpThroughPopup } from '../../e2e/support/accounts.ts';
import { pasteLink, playlist } from '../../e2e/support/room.ts';
import { type PageSpec, pageUrl } from './pages.ts';

/**
 * Signs a new account up in the Chrome that Lighthouse drives (Playwright attached over its debugging port,
 * in its default profile: the session cookie stays for Lighthouse's next pages), creates a room and pastes two
 * direct video links. Returns the room's URL. Nothing is played: the room as its host finds it again.
 */
export async function signUpWithRoom(chromePort: number, baseUrl: string, mediaOrigin: string): Promise<string> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('the Chrome under Lighthouse has no default context');
    const page = await context.newPage();
    await page.goto(baseUrl);
    await signUpThroughPopup(page, newAccount('Chủ Phòng'));
    await page.getByLabel('Tên phòng').fill('Phòng xem thử');
    await page.getByRole('button', { name: 'Tạo phòng' }).click();
    await page.waitForURL(/\/room\/[A-Za-z0-9_-]{16}$/);
    await pasteLink(page, `${mediaOrigin}/clip-a.mp4`);
    await pasteLink(page, `${mediaOrigin}/clip-b.webm`);
    await expect(playlist(page).getByRole('listitem')).toHaveCount(2);
    const roomUrl = page.url();
    await page.close();
    return roomUrl;
  } finally {
    // Attached, not launched: this only disconnects Playwright; the browser and its cookies stay.
    await browser.close();
  }
}

/**
 * Calls `visit` for each page with its URL: the signed-out pages first, then (after signUpWithRoom) the
 * signed-in ones. Each group is gone through `rounds` times, round after round rather than page after page, so a
 * change in the machine's load is shared between the pages.
 */
export async function visitSignedOutThenIn(
  options: { chromePort: number; baseUrl: string; mediaOrigin: string; pages: PageSpec[]; rounds?: number },
  visit: (page: PageSpec, url: string, round: number) => Promise<void>,
): Promise<void> {
  let roomUrl: string | null = null;
  for (const signedIn of [false, true]) {
    const group = options.pages.filter((page) => page.signedIn === signedIn);
    if (group.length === 0) continue;
    if (signedIn) roomUrl = await signUpWithRoom(options.chromePort, options.baseUrl, options.mediaOrigin);
    for (let round = 1; round <= (options.rounds ?? 1); round++) {
      for (const page of group) await visit(page, pageUrl(page, options.baseUrl, roomUrl), round);
    }
  }
}
