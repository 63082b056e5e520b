import type { MeResponse } from '@xemchung/protocol';
import { expect } from 'vitest';
import { TestBrowser } from './auth-browser.ts';

export interface Account {
  email: string;
  displayName: string;
  password: string;
}

let counter = 0;
export function newAccount(displayName = 'Người Dùng Thử'): Account {
  counter += 1;
  return { email: `user${counter}.${Date.now().toString(36)}@example.test`, displayName, password: 'mat-khau-du-dai' };
}

export interface LoginPage {
  browser: TestBrowser;
  /** The embedded IdP's interaction page (/oidc/interaction/:uid). */
  url: URL;
  html: string;
  status: number;
}

/** Starts a sign-in (/auth/login) and follows it to the embedded identity provider's login page. */
export async function openLoginPage(
  baseUrl: string,
  query = 'mode=popup',
  browser = new TestBrowser(),
): Promise<LoginPage> {
  const { response, url } = await browser.follow(`${baseUrl}/auth/login?${query}`);
  expect(url.pathname).toMatch(/^\/oidc\/interaction\/[\w-]+$/);
  return { browser, url, html: await response.text(), status: response.status };
}

/** Posts one of the page's forms ('login', 'register' or 'abort') and follows to the end of the flow. */
export async function submitInteraction(page: LoginPage, form: 'login' | 'register' | 'abort', fields = {}) {
  const result = await page.browser.submit(`${page.url.href}/${form}`, fields);
  return { ...result, html: await result.response.text() };
}

export const register = (page: LoginPage, account: Account) =>
  submitInteraction(page, 'register', {
    email: account.email,
    displayName: account.displayName,
    password: account.password,
  });

export const signIn = (page: LoginPage, account: Pick<Account, 'email' | 'password'>) =>
  submitInteraction(page, 'login', { email: account.email, password: account.password });

/** What the popup page announces: the message literal inside its script. */
export function popupMessage(html: string): { type: string; ok: boolean } | null {
  const match = /var message = (\{[^}]*\});/.exec(html);
  return match?.[1] ? (JSON.parse(match[1]) as { type: string; ok: boolean }) : null;
}

/** GET /api/me in `browser`: the account, or a null body when signed out. */
export async function me(baseUrl: string, browser: TestBrowser) {
  const response = await browser.fetch(`${baseUrl}/api/me`);
  return { status: response.status, body: (await response.json()) as MeResponse };
}
