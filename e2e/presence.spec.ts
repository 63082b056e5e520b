import { type Browser, expect, type Page } from '@playwright/test';
import { CLIPS } from './support/media';
import { joinRoom, mediaState, openRoomAsHost, pasteLink, positionGap } from './support/room';
import { saveScreenshot } from './support/screenshots';
import { test } from './support/test';

// Issue #11 items 1 and 2 in real Chromium: who is in the room, and how each one is in step (R52, R53).
const POLL = { timeout: 20_000 };
const CLOCK_SKEW_MS = 7000;

/** The 'Người xem' tab, opened: the list of people in the room. */
async function viewersList(page: Page) {
  await page.getByRole('tab', { name: /^Người xem/ }).click();
  return page.getByRole('list', { name: 'Người xem' });
}

const row = (page: Page, name: string | RegExp) =>
  page.getByRole('list', { name: 'Người xem' }).getByRole('listitem').filter({ hasText: name });
const badge = (page: Page, name: string | RegExp) => row(page, name).getByRole('img', { name: /^Đồng bộ/ });

/** A signed-in follower whose clock runs CLOCK_SKEW_MS ahead of everyone's (Date, as a wrong system clock would). */
async function skewedFollower(browser: Browser, url: string): Promise<Page> {
  const page = await joinRoom(browser, url, { signedIn: true });
  await page.addInitScript((skew) => {
    const RealDate = Date;
    class SkewedDate extends RealDate {
      constructor(...args: ConstructorParameters<DateConstructor> | []) {
        if (args.length === 0) super(RealDate.now() + skew);
        else super(...(args as ConstructorParameters<DateConstructor>));
      }
      static override now() {
        return RealDate.now() + skew;
      }
    }
    globalThis.Date = SkewedDate as DateConstructor;
  }, CLOCK_SKEW_MS);
  await page.reload();
  await expect(page.getByText('Bạn đang xem theo chủ phòng')).toBeVisible();
  return page;
}

/** A guest whose browser cannot fetch the clip: its player fails. */
async function brokenFollower(browser: Browser, url: string): Promise<Page> {
  const page = await joinRoom(browser, url, { signedIn: false });
  await page.route(`${CLIPS.a.url}*`, (route) => route.abort('failed'));
  return page;
}

test('every viewer’s badge: a follower with a clock 7 s ahead is green, one whose media fails says so (R52, R53)', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const host = await openRoomAsHost(browser, { viewport: { width: 1280, height: 800 } });
  const skewed = await skewedFollower(browser, host.url());
  const broken = await brokenFollower(browser, host.url());
  expect(await skewed.evaluate(() => Date.now() - (performance.timeOrigin + performance.now()))).toBeGreaterThan(
    CLOCK_SKEW_MS - 100,
  );

  await pasteLink(host, CLIPS.a.url);
  await host.getByRole('button', { name: `Phát ${CLIPS.a.title}` }).click();
  await expect.poll(async () => (await mediaState(skewed))?.paused, POLL).toBe(false);
  await expect.poll(() => positionGap(host, skewed), POLL).toBeLessThan(0.3);

  await test.step('the host sees three people, each once, with their badges', async () => {
    await viewersList(host);
    await expect(host.getByRole('tab', { name: 'Người xem, 3 người đang xem' })).toBeVisible(POLL);
    await expect(row(host, 'Chủ Phòng')).toContainText('Chủ phòng');
    await expect(badge(host, 'Người Xem')).toHaveAccessibleName(/^Đồng bộ tốt: lệch \d+ ms$/, POLL);
    await expect(badge(host, 'Người Xem')).toHaveAttribute('data-level', 'good');
    await expect(badge(host, /^Khách [0-9A-Z]{4}/)).toHaveAccessibleName('Đồng bộ: lỗi phát video', POLL);
    await expect(badge(host, /^Khách/)).toHaveText('Lỗi');
  });

  await test.step('the followers see the same list', async () => {
    for (const page of [skewed, broken]) {
      await viewersList(page);
      await expect(page.getByRole('list', { name: 'Người xem' }).getByRole('listitem')).toHaveCount(3, POLL);
    }
  });

  await test.step('the room with its viewers on desktop and phone', async () => {
    for (const [name, viewport] of [
      ['desktop', { width: 1280, height: 800 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      for (const [role, page] of [
        ['host', host],
        ['follower', skewed],
      ] as const) {
        await page.setViewportSize(viewport);
        await expect(badge(page, 'Người Xem')).toBeVisible();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${role} on ${name} scrolls sideways`).toBeLessThanOrEqual(0);
        await saveScreenshot(page, `presence-${role}-${name}`);
      }
    }
    await host.setViewportSize({ width: 1280, height: 800 });
  });

  await test.step('a second tab of the host is one person with two tabs; a closed tab leaves', async () => {
    const second = await host.context().newPage();
    await second.goto(host.url());
    await expect(row(host, 'Chủ Phòng')).toContainText('2 thẻ', POLL);
    await expect(host.getByRole('list', { name: 'Người xem' }).getByRole('listitem')).toHaveCount(3);
    await second.close();
    await expect(row(host, 'Chủ Phòng')).not.toContainText('2 thẻ', POLL);
    await broken.close();
    await expect(row(host, /^Khách/)).toHaveCount(0, POLL);
    await expect(host.getByRole('tab', { name: 'Người xem, 2 người đang xem' })).toBeVisible();
  });
});

test('a guest whose scripts are paused for 10 s stays listed: Chromium answers the server’s WebSocket pings itself (R52)', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const host = await openRoomAsHost(browser);
  const guest = await joinRoom(browser, host.url(), { signedIn: false });
  await viewersList(host);
  const two = host.getByRole('tab', { name: 'Người xem, 2 người đang xem' });
  await expect(two).toBeVisible(POLL);
  // Nothing of the page runs while the debugger holds it: no report, no Engine.IO pong, no timer.
  const cdp = await guest.context().newCDPSession(guest);
  await cdp.send('Debugger.enable');
  await cdp.send('Debugger.pause');
  const end = Date.now() + 10_000; // almost three times the 3.5 s a tab may stay unheard
  let dropped = false;
  while (Date.now() < end && !dropped) {
    dropped = !(await two.isVisible());
    await host.waitForTimeout(250);
  }
  await cdp.send('Debugger.resume');
  expect(dropped).toBe(false);
  await guest.close();
  await expect(host.getByRole('tab', { name: 'Người xem, 1 người đang xem' })).toBeVisible(POLL);
});
