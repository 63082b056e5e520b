import { type Browser, expect, type Page } from '@playwright/test';
import { fakeMediaLaunch } from './support/fakeMedia';
import { CLIPS } from './support/media';
import { secondTab, uidOf } from './support/moderation';
import { joinRoom, mediaState, openRoomAsHost, PLAYER, pasteLink } from './support/room';
import { saveScreenshot } from './support/screenshots';
import { sfuBaseUrl, useSfuServer } from './support/sfu';
import { test } from './support/test';

// Chromium's fake capture: getDisplayMedia answers at once with a moving test picture and a tone, no prompt.
test.use({ launchOptions: fakeMediaLaunch });

const POLL = { timeout: 20_000 };
const SHARE = '[data-testid="share-video"]';

/** A fingerprint of the shared picture this page shows now: its size and a sum of sampled pixels. */
const frameOf = (page: Page) =>
  page.locator(SHARE).evaluate((video: HTMLVideoElement) => {
    if (video.videoWidth === 0) return null;
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 36;
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
    let sum = 0;
    for (let index = 0; index < pixels.length; index += 7) sum = (sum * 31 + (pixels[index] ?? 0)) % 1_000_000_007;
    return `${video.videoWidth}x${video.videoHeight}:${sum}`;
  });

/** The shared picture reaches `page` and keeps changing (a live picture, not one frame). */
async function seesLiveShare(page: Page) {
  await expect.poll(() => frameOf(page), POLL).not.toBeNull();
  const first = await frameOf(page);
  await expect.poll(() => frameOf(page), POLL).not.toBe(first);
}

/** Counts the page's RTCPeerConnections that are not closed (`window.openPeerConnections()`), from its next load. */
function countPeerConnections() {
  const Native = window.RTCPeerConnection;
  const made: RTCPeerConnection[] = [];
  window.RTCPeerConnection = class extends Native {
    constructor(configuration?: RTCConfiguration) {
      super(configuration);
      made.push(this);
    }
  };
  Object.assign(window, { openPeerConnections: () => made.filter((link) => link.connectionState !== 'closed').length });
}
const openPeerConnections = (page: Page) =>
  page.evaluate(() => (window as unknown as { openPeerConnections: () => number }).openPeerConnections());

test('R126: a co-host shares a screen; everyone sees it live in place of the player, a controller stops it, and a share ends with its tab', async ({
  browser,
  baseURL,
}) => {
  await shareScenario(browser, baseURL as string, { throughSfu: false });
});

test.describe('through the SFU', () => {
  useSfuServer();
  test.use({ baseURL: sfuBaseUrl });

  test('R129: the same share goes through the SFU: the sharing tab sends one picture, and everyone sees it live', async ({
    browser,
    baseURL,
  }) => {
    await shareScenario(browser, baseURL as string, { throughSfu: true });
  });
});

async function shareScenario(browser: Browser, baseURL: string, { throughSfu }: { throughSfu: boolean }) {
  test.setTimeout(150_000);
  const host = await openRoomAsHost(browser);
  const cohost = await joinRoom(browser, host.url(), { signedIn: true });
  const guest = await joinRoom(browser, host.url(), { signedIn: false });
  await pasteLink(host, CLIPS.a.url);
  await host.getByRole('button', { name: `Phát ${CLIPS.a.title}` }).click();
  await expect.poll(async () => (await mediaState(guest))?.paused, POLL).toBe(false);
  const tab = await secondTab(host, baseURL);
  expect(await tab.request('cohost:grant', { uid: await uidOf(cohost) })).toMatchObject({ ok: true });
  tab.close();
  if (throughSfu) {
    await cohost.context().addInitScript(countPeerConnections);
    await cohost.reload();
    await expect(cohost.getByRole('button', { name: 'Chia sẻ màn hình' })).toBeVisible();
  }

  await test.step('only controllers are offered to share', async () => {
    await expect(guest.getByRole('button', { name: 'Chia sẻ màn hình' })).toHaveCount(0);
    await expect(host.getByRole('button', { name: 'Chia sẻ màn hình' })).toBeVisible();
  });

  await test.step('the co-host shares: the room pauses and everyone sees the live picture, with who shares it', async () => {
    await cohost.getByRole('button', { name: 'Chia sẻ màn hình' }).click();
    await expect(cohost.getByText('Bạn đang chia sẻ màn hình')).toBeVisible();
    for (const page of [host, guest]) {
      await expect(page.getByText('Người Xem đang chia sẻ màn hình')).toBeVisible();
      await expect(page.locator(PLAYER)).toHaveCount(0);
      await seesLiveShare(page);
    }
    await expect(guest.getByRole('button', { name: 'Dừng chia sẻ' })).toHaveCount(0);
    await expect(host.getByRole('button', { name: 'Chia sẻ màn hình' })).toHaveCount(0);
    if (!throughSfu) {
      await saveScreenshot(guest, 'screen-share-guest-desktop');
      await saveScreenshot(cohost, 'screen-share-sharer-desktop');
    }
    const phone = await joinRoom(browser, host.url(), {
      signedIn: false,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await seesLiveShare(phone);
    // Three viewers see it: tab to tab, the sharing tab holds a link to each; through the SFU, one link in all.
    if (throughSfu) expect(await openPeerConnections(cohost)).toBe(1);
    else await saveScreenshot(phone, 'screen-share-guest-phone');
    await phone.context().close();
  });

  await test.step('the host stops it: everyone is back on the item, paused where the room paused', async () => {
    await host.getByRole('button', { name: 'Dừng chia sẻ' }).click();
    for (const page of [host, cohost, guest]) {
      await expect(page.locator(SHARE)).toHaveCount(0);
      await expect.poll(async () => (await mediaState(page))?.paused, POLL).toBe(true);
    }
  });

  await test.step("a share ends when the sharer's tab closes", async () => {
    await cohost.getByRole('button', { name: 'Chia sẻ màn hình' }).click();
    await seesLiveShare(guest);
    await cohost.close();
    await expect(guest.locator(SHARE)).toHaveCount(0, POLL);
    await expect(guest.locator(PLAYER)).toHaveCount(1);
  });
}
