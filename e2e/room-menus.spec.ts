import { expect, type Locator, type Page } from '@playwright/test';
import { joinRoom, openRoomAsHost } from './support/room';
import { saveScreenshot } from './support/screenshots';
import { test } from './support/test';

const DESKTOP = { viewport: { width: 1280, height: 800 } };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** Whether what the user sees at the middle of `locator` is `locator` itself (nothing clips or covers it). */
const onTop = (locator: Locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const seen = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return seen !== null && element.contains(seen);
  });

/** Opens the ⋮ menu of the last row of 'Người xem' and checks every item is whole, on screen and on top. */
async function lastRowMenu(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name: /^Người xem/ }).click();
  const rows = page.getByRole('list', { name: 'Người xem' }).getByRole('listitem');
  await expect(rows).toHaveCount(4);
  const toggle = rows.last().getByRole('button', { name: /^Thao tác với/ });
  await toggle.click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText(['Trao quyền điều khiển', 'Mời ra khỏi phòng', 'Chặn']);
  for (const item of await menu.getByRole('menuitem').all()) {
    await expect(item, `${await item.textContent()} on the ${name}`).toBeInViewport({ ratio: 1 });
    expect(await onTop(item), `${await item.textContent()} on top on the ${name}`).toBe(true);
  }
  await saveScreenshot(page, `viewer-menu-last-row-${name}`);
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(toggle).toBeFocused();
}

test('the viewer menu of the last row shows every item above the list, on a desktop and a phone (R55, R58, R59)', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const host = await openRoomAsHost(browser, DESKTOP);
  for (let i = 0; i < 3; i++) await joinRoom(browser, host.url(), { signedIn: true, ...DESKTOP });
  await lastRowMenu(host, 'desktop');

  const phone = await (
    await browser.newContext({ ...PHONE, storageState: await host.context().storageState() })
  ).newPage();
  await phone.goto(host.url());
  await expect(phone.getByText('Bạn là chủ phòng')).toBeVisible();
  await lastRowMenu(phone, 'phone');
});
