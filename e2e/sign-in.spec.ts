import { expect } from '@playwright/test';
import { newAccount, signUpThroughPopup } from './support/accounts';
import { saveScreenshot } from './support/screenshots';
import { test } from './support/test';

test('a visitor signs up through the popup, creates a room, stays signed in across a reload and logs out', async ({
  page,
}) => {
  const account = newAccount('Trần Thị Mai');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await saveScreenshot(page, 'home-signed-out');

  await signUpThroughPopup(page, account);

  // Signed in without a room: name input and a create button that waits for a name.
  const create = page.getByRole('button', { name: 'Tạo phòng' });
  await expect(create).toBeDisabled();
  await page.getByLabel('Tên phòng').fill('   ');
  await expect(create).toBeDisabled();
  await saveScreenshot(page, 'home-signed-in');

  // The form counts graphemes as the server does (R41): 80 flags are 80 characters, 81 are too many.
  await page.getByLabel('Tên phòng').fill('🇻🇳'.repeat(80));
  await expect(page.getByText('80/80 ký tự')).toBeVisible();
  await expect(create).toBeEnabled();
  await page.getByLabel('Tên phòng').fill('👨‍👩‍👧'.repeat(81));
  await expect(page.getByRole('alert')).toHaveText('Tên phòng dài quá 80 ký tự.');
  await expect(create).toBeDisabled();

  // The side menu shows who is signed in.
  await page.getByRole('button', { name: 'Mở menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByText(account.displayName)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  await page.getByLabel('Tên phòng').fill('Tối thứ Sáu');
  await create.click();
  await expect(page).toHaveURL(/\/room\/[A-Za-z0-9_-]{16}$/);
  const roomUrl = page.url();

  // History was replaced: going back does not return to the creation form.
  await page.reload();
  await expect(page).toHaveURL(roomUrl);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Vào phòng' })).toBeVisible();
  await page.getByRole('button', { name: 'Vào phòng' }).click();
  await expect(page).toHaveURL(roomUrl);

  await page.goto('/');
  await page.getByRole('button', { name: 'Mở menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Đăng xuất' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Bắt đầu' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Bắt đầu' })).toBeVisible();
});

test('home looks right on a phone and on a desktop', async ({ browser }) => {
  for (const [name, viewport] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1280, height: 800 }],
  ] as const) {
    const context = await browser.newContext({ viewport, locale: 'vi-VN' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Bắt đầu' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, `home-${name}`);
    await context.close();
  }
});
