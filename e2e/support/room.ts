import { type Browser, type BrowserContextOptions, expect, type Page } from '@playwright/test';
import { newAccount, signUpThroughPopup } from './accounts.ts';

/** The media element of the room's player (DOM contract at the top of apps/web/src/routes/RoomPage.tsx). */
export const PLAYER = '[data-testid="media-player"]';

export interface MediaState {
  src: string;
  currentTime: number;
  paused: boolean;
  rate: number;
  controls: boolean;
  /** `performance.timeOrigin + performance.now()` when read: one clock for every page of the browser. */
  at: number;
}

/** The player's media element as it is now, or null when there is none. */
export function mediaState(page: Page): Promise<MediaState | null> {
  return page.evaluate((selector) => {
    const media = document.querySelector<HTMLMediaElement>(selector);
    if (!media) return null;
    return {
      src: media.currentSrc || media.src,
      currentTime: media.currentTime,
      paused: media.paused,
      rate: media.playbackRate,
      controls: media.controls,
      at: performance.timeOrigin + performance.now(),
    };
  }, PLAYER);
}

/**
 * How far the follower's position is from the host's, in seconds, read at nearly the same moment and brought
 * to one instant with the host's rate; Infinity when either has no player or they play different sources
 * (`anySource` for players fed differently, as hls.js feeds its element a blob: URL).
 */
export async function positionGap(host: Page, follower: Page, { anySource = false } = {}): Promise<number> {
  const [a, b] = await Promise.all([mediaState(host), mediaState(follower)]);
  if (!a || !b || (!anySource && a.src !== b.src)) return Number.POSITIVE_INFINITY;
  const hostAtFollowerRead = a.paused ? a.currentTime : a.currentTime + ((b.at - a.at) / 1000) * a.rate;
  return Math.abs(b.currentTime - hostAtFollowerRead);
}

/** Does on the host's media element what its native controls would do (the room reports it like a click). */
export function hostControls(host: Page) {
  const act = (script: (media: HTMLMediaElement, value: number) => void, value = 0) =>
    host.locator(PLAYER).evaluate(script, value);
  return {
    play: () => act((media) => void media.play()),
    pause: () => act((media) => media.pause()),
    seek: (seconds: number) =>
      act((media, value) => {
        media.currentTime = value;
      }, seconds),
  };
}

const roomUrlPattern = /\/room\/[A-Za-z0-9_-]{16}$/;

/** A new account signs up, creates a room and lands in it as its host. */
export async function openRoomAsHost(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const page = await (await browser.newContext(options)).newPage();
  await page.goto('/');
  await signUpThroughPopup(page, newAccount('Chủ Phòng'));
  await page.getByLabel('Tên phòng').fill('Phòng xem thử');
  await page.getByRole('button', { name: 'Tạo phòng' }).click();
  await expect(page).toHaveURL(roomUrlPattern);
  await expect(page.getByText('Bạn là chủ phòng')).toBeVisible();
  return page;
}

/** Someone opens the room's link: signed up first as a new account, or as a guest. */
export async function joinRoom(
  browser: Browser,
  roomUrl: string,
  { signedIn, ...options }: BrowserContextOptions & { signedIn: boolean },
): Promise<Page> {
  const page = await (await browser.newContext(options)).newPage();
  if (signedIn) {
    await page.goto('/');
    await signUpThroughPopup(page, newAccount('Người Xem'));
  }
  await page.goto(roomUrl);
  await expect(page.getByText('Bạn đang xem theo chủ phòng')).toBeVisible();
  return page;
}

/**
 * Pastes a link into the top bar's search box and submits it, as a user adds a direct video, and waits until the
 * box has checked it (R42): the box takes no new Enter while a link is being checked, as a user would see.
 */
export async function pasteLink(page: Page, url: string): Promise<void> {
  const search = page.getByRole('combobox', { name: 'Tìm video hoặc dán link' });
  await search.fill(url);
  await search.press('Enter');
  await expect(page.getByRole('button', { name: 'Tìm', exact: true })).toBeEnabled();
}

/** The playlist panel 'Danh sách phát'. */
export const playlist = (page: Page) => page.getByRole('region', { name: 'Danh sách phát' });
