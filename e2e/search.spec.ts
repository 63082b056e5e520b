import { expect, type Locator, type Page } from '@playwright/test';
import { newAccount, signUpThroughPopup } from './support/accounts';
import { CLIPS, MEDIA_ORIGIN } from './support/media';
import { saveScreenshot } from './support/screenshots';
import { test } from './support/test';
import { oembedTitle, SEARCH_FIXTURE_RESULTS } from './support/youtube';

// The fake YouTube server (e2e/support/youtube.ts) answers any keyword with SEARCH_FIXTURE_RESULTS, 'quota' with
// the Data API's 403 quotaExceeded and 'broken' with a 500; oEmbed answers 404 for the id 'deletedVid1'.
const QUOTA = 'Hết lượt search cho tài khoản free. Vui lòng dán link vào ô tìm kiếm';
const NOT_FOUND = 'Link video không tồn tại';
const UNAVAILABLE = 'Tìm kiếm video hiện không dùng được. Vui lòng dán link vào ô tìm kiếm';
const DUPLICATE = 'Video đã có trong playlist';

async function createRoom(page: Page, name: string): Promise<string> {
  await page.goto('/');
  await signUpThroughPopup(page, newAccount('Người Tìm Video'));
  await page.getByLabel('Tên phòng').fill(name);
  await page.getByRole('button', { name: 'Tạo phòng' }).click();
  await expect(page).toHaveURL(/\/room\/[A-Za-z0-9_-]{16}$/);
  return page.url();
}

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Tìm video hoặc dán link' });
const playlistRows = (page: Page) => page.getByRole('region', { name: 'Danh sách phát' }).getByRole('listitem');

/** Whether the element on top at the centre of `target` belongs to the search box (the overlay hides target). */
async function coveredBySearch(page: Page, target: Locator): Promise<boolean> {
  const box = await target.boundingBox();
  if (!box) throw new Error('target not laid out');
  return page.evaluate(({ x, y }) => Boolean(document.elementFromPoint(x, y)?.closest('search')), {
    x: box.x + box.width / 2,
    y: box.y + box.height / 2,
  });
}

async function submit(page: Page, text: string): Promise<void> {
  const box = searchBox(page);
  await box.fill(text);
  await box.press('Enter');
}

test('a host searches, adds results and pasted links, and sees each message of the search box', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await createRoom(page, 'Tìm và thêm video');
  const box = searchBox(page);
  await expect(box).toBeVisible();

  // Empty keyword: Enter does nothing.
  await box.press('Enter');
  await expect(page.getByRole('listbox')).toBeHidden();

  // A keyword search lists thumbnails and titles, and records 'Search videos' through a beacon.
  const beacon = page.waitForRequest((request) => request.url().endsWith('/api/events'));
  await submit(page, 'lofi chill');
  const results = page.getByRole('listbox', { name: 'Kết quả tìm kiếm' });
  await expect(results.getByRole('option')).toHaveText(SEARCH_FIXTURE_RESULTS.map((result) => result.title));
  await expect(results.getByRole('option').first().locator('img')).toHaveAttribute(
    'src',
    SEARCH_FIXTURE_RESULTS[0]?.thumbnail ?? '',
  );
  expect((await beacon).postDataJSON()).toMatchObject({
    name: 'Search videos',
    properties: { keyword: 'lofi chill' },
  });
  expect((await (await beacon).response())?.status()).toBe(204);
  // At most half the viewport high on a larger screen, scrolling inside.
  const maxHeight = await results.evaluate((element) => getComputedStyle(element).maxHeight);
  expect(maxHeight).toBe(`${800 / 2}px`);
  await saveScreenshot(page, 'search-results-desktop');

  // Keyboard: the second result, chosen with Enter, joins the playlist.
  await box.press('ArrowDown');
  await box.press('ArrowDown');
  await box.press('Enter');
  await expect(results).toBeHidden();
  await expect(playlistRows(page)).toHaveCount(1);
  await expect(playlistRows(page).first()).toContainText(SEARCH_FIXTURE_RESULTS[1]?.title ?? '');

  // A click on another result adds it too; the same one again is refused by the room.
  await box.click();
  await results.getByRole('option', { name: SEARCH_FIXTURE_RESULTS[0]?.title }).click();
  await expect(playlistRows(page)).toHaveCount(2);
  await box.click();
  await results.getByRole('option', { name: SEARCH_FIXTURE_RESULTS[0]?.title }).click();
  await expect(page.getByText(DUPLICATE)).toBeVisible();
  await expect(playlistRows(page)).toHaveCount(2);

  // Escape and a click outside close the dropdown.
  await box.click();
  await expect(results).toBeVisible();
  await box.press('Escape');
  await expect(results).toBeHidden();
  await box.press('ArrowDown');
  await expect(results).toBeVisible();
  await page.getByRole('region', { name: 'Danh sách phát' }).click();
  await expect(results).toBeHidden();

  // A pasted YouTube link is looked up (oEmbed) and added; the box empties.
  await submit(page, 'https://www.youtube.com/watch?v=M7lc1UVf-VE&t=42s');
  await expect(playlistRows(page)).toHaveCount(3);
  await expect(playlistRows(page).nth(2)).toContainText(oembedTitle('M7lc1UVf-VE'));
  await expect(box).toHaveValue('');

  // A direct media link is added with its file name as the title, once the browser has loaded its metadata; one
  // the media server answers 404 for is refused with the YouTube link's message, and nothing is added (R42).
  await submit(page, `${MEDIA_ORIGIN}/missing.mp4`);
  await expect(page.getByRole('alert').filter({ hasText: NOT_FOUND })).toHaveText(NOT_FOUND);
  await submit(page, `${MEDIA_ORIGIN}/hls/missing.m3u8`);
  await expect(page.getByRole('alert').filter({ hasText: NOT_FOUND })).toHaveText(NOT_FOUND);
  await expect(playlistRows(page)).toHaveCount(3);
  await submit(page, CLIPS.b.url);
  await expect(playlistRows(page)).toHaveCount(4);
  await expect(playlistRows(page).nth(3)).toContainText(CLIPS.b.title);

  // The errors of docs/product.md#search-box, exactly.
  await submit(page, 'quota');
  await expect(page.getByRole('alert').filter({ hasText: QUOTA })).toHaveText(QUOTA);
  await saveScreenshot(page, 'search-quota-desktop');
  // A keyword search that fails (YouTube unreachable) is search not working, not a missing link (#28).
  await submit(page, 'broken');
  await expect(page.getByRole('alert').filter({ hasText: UNAVAILABLE })).toHaveText(UNAVAILABLE);
  await submit(page, 'https://www.youtube.com/watch?v=deletedVid1');
  await expect(page.getByRole('alert').filter({ hasText: NOT_FOUND })).toHaveText(NOT_FOUND);
  await submit(page, 'https://example.com/not-a-video');
  await expect(page.getByRole('alert').filter({ hasText: NOT_FOUND })).toHaveText(NOT_FOUND);
  await expect(playlistRows(page)).toHaveCount(4);
});

test('on a phone the search box opens over the top bar with a back button', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'vi-VN', hasTouch: true });
  const page = await context.newPage();
  await createRoom(page, 'Xem trên điện thoại');
  const box = searchBox(page);
  const back = page.getByRole('button', { name: 'Quay lại' });
  await expect(back).toBeHidden();

  await box.tap();
  await expect(back).toBeVisible();
  // Near the full width, covering the product name and the menu button.
  const width = (await box.boundingBox())?.width ?? 0;
  expect(width).toBeGreaterThan(390 * 0.75);
  expect(await coveredBySearch(page, page.getByRole('button', { name: 'Mở menu' }))).toBe(true);
  expect(await coveredBySearch(page, page.getByRole('link', { name: 'XemChung' }))).toBe(true);
  await saveScreenshot(page, 'search-phone-expanded');

  await box.fill('lofi');
  await box.press('Enter');
  const results = page.getByRole('listbox', { name: 'Kết quả tìm kiếm' });
  await expect(results.getByRole('option')).toHaveCount(SEARCH_FIXTURE_RESULTS.length);
  await saveScreenshot(page, 'search-phone-results');
  await results.getByRole('option').first().tap();
  await expect(playlistRows(page)).toHaveCount(1);

  await box.tap();
  await expect(back).toBeVisible();
  await back.tap();
  await expect(back).toBeHidden();
  expect(await coveredBySearch(page, page.getByRole('button', { name: 'Mở menu' }))).toBe(false);
  await context.close();
});
