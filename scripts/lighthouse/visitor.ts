import { chromium, expect } from '@playwright/test';
import { newAccount, signUpThroughPopup } from '../../e2e/support/accounts.ts';
import { pasteLink, playlist } from '../../e2e/support/room.ts';

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
