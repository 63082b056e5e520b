import { expect, type Page } from '@playwright/test';

export interface TestAccount {
  email: string;
  displayName: string;
  password: string;
}

let counter = 0;

/** A new account for each call, so specs never depend on each other's data. */
export function newAccount(displayName = 'Người Dùng Thử'): TestAccount {
  counter += 1;
  return {
    email: `user${Date.now().toString(36)}${counter}@example.test`,
    displayName,
    password: 'mat-khau-du-dai',
  };
}

/**
 * Signs up through the real popup: the home page's start button opens our /auth/login, which redirects to
 * the embedded identity provider's Vietnamese page; creating the account completes the OIDC flow and the
 * popup closes itself after telling the opener.
 */
export async function signUpThroughPopup(page: Page, account: TestAccount): Promise<void> {
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Bắt đầu' }).click();
  const popup = await popupPromise;
  await popup.waitForLoadState();
  await popup.getByRole('link', { name: 'Tạo tài khoản' }).click();
  const form = popup.locator('form', { has: popup.getByLabel('Tên hiển thị') });
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Tên hiển thị').fill(account.displayName);
  await form.getByLabel('Mật khẩu').fill(account.password);
  // Listen before submitting: the popup may close itself before a later listener would be in place.
  const closed = popup.waitForEvent('close');
  await form.getByRole('button', { name: 'Tạo tài khoản' }).click();
  await closed;
  await expect(page.getByRole('button', { name: 'Bắt đầu' })).toBeHidden();
}
