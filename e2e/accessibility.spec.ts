import { type Browser, type BrowserContextOptions, expect, type Locator, type Page } from '@playwright/test';
import { expectAccessible, expectVisibleFocusRings } from './support/accessibility';
import { newAccount, signUpThroughPopup } from './support/accounts';
import { openChat } from './support/chat';
import { CLIPS } from './support/media';
import { joinRoom, openRoomAsHost, pasteLink, playlist } from './support/room';
import { saveScreenshot } from './support/screenshots';
import { test } from './support/test';
import { SEARCH_FIXTURE_RESULTS } from './support/youtube';

// Issue #12 item 4: axe-core (every impact), our own contrast check from resolved colours, focus rings of 2 px or
// more, the skip link, and where focus goes after sign-in, on arriving in a room and after a delete
// (docs/decisions/019-accessibility-checks.md).

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 800 } };
const DELETE_ONE = 'Bạn có chắc muốn xóa video này?';
const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Tìm video hoặc dán link' });
const rows = (page: Page) => playlist(page).getByRole('listitem');

/** The host adds two direct videos and plays the second: the first is a watched row ('Đã xem'). */
async function addWatchedRow(page: Page): Promise<void> {
  await pasteLink(page, CLIPS.a.url);
  await pasteLink(page, CLIPS.b.url);
  await page.getByRole('button', { name: `Phát ${CLIPS.b.title}` }).click();
  await expect(rows(page).filter({ hasText: CLIPS.a.title })).toContainText('Đã xem');
  await expect(rows(page).filter({ hasText: CLIPS.b.title })).toHaveAttribute('aria-current', 'true');
}

/** Presses Tab until `target` has the focus, as a keyboard user gets there (so its focus ring shows). */
async function tabTo(page: Page, target: Locator): Promise<void> {
  await expect(async () => {
    await page.keyboard.press('Tab');
    await expect(target).toBeFocused({ timeout: 100 });
  }).toPass({ timeout: 15_000, intervals: [0] });
}

async function newPage(browser: Browser, options: BrowserContextOptions): Promise<Page> {
  return (await browser.newContext(options)).newPage();
}

test('home: axe and contrast signed out, signed in and with the side menu open; the skip link; focus after sign-in', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await newPage(browser, DESKTOP);
  await page.goto('/');
  const start = page.getByRole('button', { name: 'Bắt đầu' });
  await expect(start).toBeVisible();
  await expectAccessible(page, 'home signed out');

  await test.step('the first Tab reaches the skip link, shown, which leads to the main content', async () => {
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Bỏ qua đến nội dung chính' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await saveScreenshot(page, 'a11y-home-desktop-skip-link');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    await expect(page).toHaveURL(/\/$/);
    await page.keyboard.press('Tab');
    await expect(start).toBeFocused();
    await saveScreenshot(page, 'a11y-home-desktop-focus');
  });

  await test.step('every focus stop of the signed-out home shows a ring of 2 px or more', async () => {
    await expectVisibleFocusRings(page, 'home signed out');
  });

  await test.step('after signing in, focus is on the main action: the room name', async () => {
    await signUpThroughPopup(page, newAccount('Người Dùng Mới'));
    await expect(page.getByLabel('Tên phòng')).toBeFocused();
    await expectAccessible(page, 'home signed in');
    await expectVisibleFocusRings(page, 'home signed in');
  });

  await test.step('the side menu, open', async () => {
    await page.getByRole('button', { name: 'Mở menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu.getByRole('button', { name: 'Đăng xuất' })).toBeVisible();
    await expectAccessible(page, 'side menu');
    await expectVisibleFocusRings(page, 'side menu');
  });
});

test('room: axe and contrast for host and guest with a watched row, the tabs, the share and confirm dialogs, the search dropdown; focus on arrival and after deletes', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const host = await openRoomAsHost(browser, DESKTOP);

  await test.step('arriving in the room puts focus on its heading', async () => {
    await expect(host.getByRole('heading', { level: 1, name: 'Phòng xem thử' })).toBeFocused();
  });

  await test.step('the search dropdown with results', async () => {
    await searchBox(host).fill('nhạc lofi');
    await searchBox(host).press('Enter');
    const results = host.getByRole('listbox', { name: 'Kết quả tìm kiếm' });
    await expect(results.getByRole('option')).toHaveCount(SEARCH_FIXTURE_RESULTS.length);
    await searchBox(host).press('ArrowDown');
    await expectAccessible(host, 'search dropdown');
    await searchBox(host).press('Escape');
    await expect(results).toBeHidden();
  });

  await addWatchedRow(host);
  const guest = await joinRoom(browser, host.url(), { signedIn: false, ...DESKTOP });

  await test.step('the host’s room: the playlist with a watched row, the chat, the viewers and their menu', async () => {
    await expectAccessible(host, 'room as host, playlist');
    await expectVisibleFocusRings(host, 'room as host, playlist');
    await tabTo(host, host.getByRole('button', { name: `Xóa ${CLIPS.a.title}` }));
    await saveScreenshot(host, 'a11y-room-desktop-focus');
    await openChat(host);
    await expectAccessible(host, 'room as host, chat');
    await expectVisibleFocusRings(host, 'room as host, chat');
    await host.getByRole('tab', { name: /^Người xem/ }).click();
    await expect(host.getByRole('list', { name: 'Người xem' }).getByRole('listitem')).toHaveCount(2);
    await expectAccessible(host, 'room as host, viewers');
    await host.getByRole('button', { name: /^Thao tác với Khách/ }).click();
    await expect(host.getByRole('menuitem', { name: 'Mời ra khỏi phòng' })).toBeFocused();
    await expectAccessible(host, 'room as host, a viewer’s menu');
    await host.keyboard.press('Escape');
    await host.getByRole('tab', { name: 'Danh sách phát' }).click();
  });

  await test.step('the room settings dialog', async () => {
    await host.getByRole('button', { name: 'Cài đặt phòng' }).click();
    const dialog = host.getByRole('dialog', { name: 'Cài đặt phòng' });
    await expect(dialog.getByRole('button', { name: 'Lưu' })).toBeVisible();
    await expectAccessible(host, 'room settings dialog');
    await expectVisibleFocusRings(host, 'room settings dialog');
    await host.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  await test.step('a guest’s room: the playlist, the chat and the viewers', async () => {
    await expect(guest.getByRole('heading', { level: 1, name: 'Phòng xem thử' })).toBeFocused();
    await expect(rows(guest).filter({ hasText: CLIPS.a.title })).toContainText('Đã xem');
    await expectAccessible(guest, 'room as guest, playlist');
    await expectVisibleFocusRings(guest, 'room as guest, playlist');
    await openChat(guest);
    await expectAccessible(guest, 'room as guest, chat');
    await guest.getByRole('tab', { name: /^Người xem/ }).click();
    await expectAccessible(guest, 'room as guest, viewers');
    await guest.context().close();
  });

  await test.step('the share dialog', async () => {
    await host.getByRole('button', { name: 'Chia sẻ link phòng' }).click();
    const dialog = host.getByRole('dialog', { name: 'Chia sẻ link phòng' });
    await expect(dialog.getByRole('textbox', { name: 'Link phòng' })).toBeFocused();
    await expectAccessible(host, 'share dialog');
    await expectVisibleFocusRings(host, 'share dialog');
    await host.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  await test.step('the confirm dialog is named by its question; after the delete focus is on the next row', async () => {
    await tabTo(host, host.getByRole('button', { name: `Xóa ${CLIPS.a.title}` }));
    await host.keyboard.press('Enter');
    const confirm = host.getByRole('alertdialog', { name: DELETE_ONE });
    await expect(confirm.getByRole('button', { name: 'Không' })).toBeFocused();
    await expectAccessible(host, 'confirm dialog');
    await expectVisibleFocusRings(host, 'confirm dialog');
    await confirm.getByRole('button', { name: 'Có' }).focus();
    await host.keyboard.press('Enter');
    await expect(rows(host)).toHaveCount(1);
    await expect(host.getByRole('button', { name: `Xóa ${CLIPS.b.title}` })).toBeFocused();
  });

  await test.step('after deleting the last row, focus is on the playlist', async () => {
    await host.keyboard.press('Enter');
    await host.getByRole('alertdialog', { name: DELETE_ONE }).getByRole('button', { name: 'Có' }).click();
    await expect(rows(host)).toHaveCount(0);
    await expect(playlist(host)).toBeFocused();
    await expectAccessible(host, 'room as host, empty playlist');
  });
});

test('phone: home and room with a focus ring, a watched row, and the search overlay with results', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  await test.step('the signed-out home on a phone', async () => {
    const page = await newPage(browser, PHONE);
    await page.goto('/');
    // The page first, then axe: on a fresh server the first render can come after the load event.
    await expect(page.getByRole('button', { name: 'Bắt đầu' })).toBeVisible();
    await expectAccessible(page, 'home on a phone');
    await tabTo(page, page.getByRole('button', { name: 'Bắt đầu' }));
    await saveScreenshot(page, 'a11y-home-phone-focus');
    await page.context().close();
  });

  const host = await openRoomAsHost(browser, PHONE);
  await addWatchedRow(host);
  await expectAccessible(host, 'room on a phone');
  await expectVisibleFocusRings(host, 'room on a phone');
  await tabTo(host, host.getByRole('button', { name: 'Chia sẻ link phòng' }));
  await saveScreenshot(host, 'a11y-room-phone-focus');

  await test.step('the phone search overlay with results', async () => {
    await searchBox(host).tap();
    await expect(host.getByRole('button', { name: 'Quay lại' })).toBeVisible();
    await searchBox(host).fill('lofi');
    await searchBox(host).press('Enter');
    await expect(host.getByRole('listbox', { name: 'Kết quả tìm kiếm' }).getByRole('option')).toHaveCount(
      SEARCH_FIXTURE_RESULTS.length,
    );
    await expectAccessible(host, 'phone search overlay');
    await saveScreenshot(host, 'a11y-search-phone-overlay');
  });
});

test('the terms, privacy and not-found pages: axe, contrast and focus rings', async ({ page }) => {
  await page.setViewportSize(DESKTOP.viewport);
  for (const [path, heading] of [
    ['/terms-of-use', 'Điều khoản sử dụng'],
    ['/privacy-policy', 'Chính sách bảo mật'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('link', { name: 'legal@e2e.example' })).toBeVisible();
    await expectAccessible(page, path);
    await expectVisibleFocusRings(page, path);
  }
  await page.goto('/khong-co-trang-nay');
  await expect(page.getByText('Trang này không tồn tại')).toBeVisible();
  await expectAccessible(page, 'not-found page');
  await expectVisibleFocusRings(page, 'not-found page');
});
