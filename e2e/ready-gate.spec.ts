import { expect, type Page } from '@playwright/test';
import { CLIPS } from './support/media';
import { hostControls, joinRoom, mediaState, openRoomAsHost, pasteLink, positionGap } from './support/room';
import { saveScreenshot } from './support/screenshots';
import { test } from './support/test';

// Issue #27 items 1 and 6, R122: a start waits for the players still loading, up to the room's bound (3 s), and
// then everyone starts together; a controller can start at once. The follower's media comes through a link that
// holds every response back (its player cannot play until then): 2 s for the first clip, 8 s for the second.

const POLL = { timeout: 15_000 };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** Holds back every response of the follower's clip `url` by `hold.ms`. */
async function throttleMedia(page: Page, url: string, hold: { ms: number }) {
  await page.route(`${url}*`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, hold.ms));
    await route.continue().catch(() => {});
  });
}

test('R122: the room waits for a follower still loading, everyone sees whom for, and all start together', async ({
  browser,
}) => {
  const host = await openRoomAsHost(browser);
  // The follower on a phone, where the notice sits under the player too.
  const follower = await joinRoom(browser, host.url(), { signedIn: false, ...PHONE });
  await pasteLink(host, CLIPS.a.url);
  await pasteLink(host, CLIPS.b.url);
  await throttleMedia(follower, CLIPS.a.url, { ms: 2000 });
  // Far longer than the bound: without the button the room would start at the bound anyway.
  await throttleMedia(follower, CLIPS.b.url, { ms: 8000 });

  await test.step('the first item: held at 0 while the follower loads, then both play in step', async () => {
    await host.getByRole('button', { name: `Phát ${CLIPS.a.title}` }).click();
    const waiting = host.getByRole('status').filter({ hasText: /^Đang chờ Khách [A-Z0-9]{4} tải video…$/ });
    await expect(waiting).toBeVisible();
    // The follower is told it is the one the room waits for.
    await expect(follower.getByRole('status').filter({ hasText: 'Đang chờ bạn tải video…' })).toBeVisible();
    await saveScreenshot(host, 'ready-gate-waiting-desktop');
    await saveScreenshot(follower, 'ready-gate-waiting-phone');
    // The host's own player stands at the start meanwhile.
    const held = await mediaState(host);
    expect(held?.paused).toBe(true);
    expect(held?.currentTime ?? 1).toBeLessThan(0.1);
    await expect.poll(async () => (await mediaState(follower))?.paused, POLL).toBe(false);
    await expect.poll(async () => (await mediaState(host))?.paused, POLL).toBe(false);
    await expect(waiting).toBeHidden();
    await expect.poll(() => positionGap(host, follower), POLL).toBeLessThan(0.3);
  });

  await test.step('the next item waits too; the host starts at once with "Bắt đầu ngay"', async () => {
    await host.getByRole('button', { name: `Phát ${CLIPS.b.title}` }).click();
    const start = host.getByRole('button', { name: 'Bắt đầu ngay' });
    await expect(start).toBeVisible();
    // A guest cannot start the room.
    await expect(follower.getByRole('button', { name: 'Bắt đầu ngay' })).toHaveCount(0);
    await start.click();
    await expect.poll(async () => (await mediaState(host))?.paused, { timeout: 2000 }).toBe(false);
    await expect(start).toBeHidden();
    // The follower catches up once its bytes come, as a late viewer does.
    await expect.poll(() => positionGap(host, follower), { timeout: 20_000 }).toBeLessThan(0.3);
  });

  await test.step('a seek while playing holds both where the host seeked, then both play on from there', async () => {
    await hostControls(host).seek(30);
    await expect.poll(async () => (await mediaState(follower))?.currentTime, POLL).toBeGreaterThan(29.9);
    await expect.poll(async () => (await mediaState(follower))?.paused, POLL).toBe(false);
    await expect.poll(() => positionGap(host, follower), POLL).toBeLessThan(0.3);
  });
});
