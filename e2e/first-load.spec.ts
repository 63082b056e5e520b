import { expect, type Page } from '@playwright/test';
import { openRoomAsHost } from './support/room';
import { test } from './support/test';

/** The built files (JS and CSS) the page has asked for, by their name without the hash: 'shell.js', 'en.js'… */
function recordAssets(page: Page): Set<string> {
  const assets = new Set<string>();
  page.on('request', (request) => {
    const match = /\/assets\/(.+)-[\w-]{8}\.(js|css)$/.exec(new URL(request.url()).pathname);
    if (match) assets.add(`${match[1]}.${match[2]}`);
  });
  return assets;
}

test('home loads only what home needs; English and the room texts come when asked for, and the choice stays', async ({
  page,
  browser,
}) => {
  const assets = recordAssets(page);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Bắt đầu' })).toBeVisible();
  // The side menu is fetched right after the first render; wait for it so nothing is still on its way.
  await expect.poll(() => assets.has('SideMenu.js')).toBe(true);
  await page.waitForLoadState('networkidle');
  expect(assets).toContain('HomePage.js');
  expect([...assets].filter((file) => file.endsWith('.css'))).toEqual(['shell.css']);
  // Not the room page, its player or hls.js, the Sentry SDK (no DSN here), nor any English.
  expect([...assets].filter((file) => /^(RoomPage|hls\.light|sentry|en|enRoom)\.js$/.test(file))).toEqual([]);

  await page.getByRole('button', { name: 'Mở menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Watch videos together, in perfect sync');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(assets.has('en.js')).toBe(true);
  expect(assets.has('enRoom.js')).toBe(false);

  // A room opened in English: its page brings its texts, and fetches their English.
  const host = await openRoomAsHost(browser);
  await page.goto(host.url());
  await expect(page.getByText('You are watching along with the host')).toBeVisible();
  expect(assets.has('RoomPage.js')).toBe(true);
  expect(assets.has('enRoom.js')).toBe(true);

  // Back to Vietnamese inside the room: the room's texts switch too.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Tiếng Việt' }).click();
  await expect(page.getByText('Bạn đang xem theo chủ phòng')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Bạn đang xem theo chủ phòng')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
  await host.context().close();
});
