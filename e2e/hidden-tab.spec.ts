import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test';
import { CLOCK_SAMPLE_WINDOW } from '@xemchung/protocol';
import { BROWSER_PAUSED, throttle } from './support/hidden-tab';
import { CLIPS } from './support/media';
import { mediaState, openRoomAsHost, PLAYER, pasteLink, positionGap } from './support/room';
import { test } from './support/test';

// Issue #15, a hidden tab (R87, R88) and ping answers delayed by seconds (R86), in real Chromium against the real
// server. How fast the follower is back in step is measured by `npm run bench:sync` (its `hidden` scenario); here
// the follower must get back in step, without a seek storm, and never change the room.
const POLL = { timeout: 15_000 };
/** In step, as issue #15 puts it: within 100 ms of the host. */
const IN_STEP = 0.1;

/**
 * What the page is told about its visibility, and every seek of its player. Headless Chromium keeps every page
 * visible whatever is done to it (a minimised window, another tab in front, focus emulation off; frozen lifecycle
 * states are refused to visible pages: ADR 028), so `document.visibilityState` is the one thing set in script here.
 * The throttling a hidden tab gets is real, below: the page's scripts are held by the debugger.
 */
function visibilityAndSeeks(selector: string) {
  let hidden = false;
  Object.defineProperty(Document.prototype, 'visibilityState', { get: () => (hidden ? 'hidden' : 'visible') });
  Object.defineProperty(Document.prototype, 'hidden', { get: () => hidden });
  const page = window as unknown as { seeks: number[]; setHidden: (value: boolean) => void };
  page.seeks = [];
  page.setHidden = (value) => {
    hidden = value;
    document.dispatchEvent(new Event('visibilitychange'));
  };
  document.addEventListener(
    'seeking',
    (event) => {
      if ((event.target as Element).matches(selector)) page.seeks.push(performance.now());
    },
    true,
  );
}

const seekCount = (page: Page) => page.evaluate(() => (window as unknown as { seeks: number[] }).seeks.length);
const setHidden = (page: Page, hidden: boolean) =>
  page.evaluate((value) => (window as unknown as { setHidden: (value: boolean) => void }).setHidden(value), hidden);

/**
 * A host playing clip A, and a guest following it in step whose visibility the test controls; `prepare` sets up the
 * guest's browser before it opens the room.
 */
async function playingRoom(browser: Browser, prepare?: (context: BrowserContext) => Promise<void>) {
  const host = await openRoomAsHost(browser);
  await host.addInitScript(visibilityAndSeeks, PLAYER);
  await host.reload();
  await pasteLink(host, CLIPS.a.url);
  await host.getByRole('button', { name: `Phát ${CLIPS.a.title}` }).click();
  const context = await browser.newContext();
  await context.addInitScript(visibilityAndSeeks, PLAYER);
  await prepare?.(context);
  const follower = await context.newPage();
  await follower.goto(host.url());
  await expect(follower.getByText('Bạn đang xem theo chủ phòng')).toBeVisible();
  await expect.poll(async () => (await mediaState(follower))?.paused, POLL).toBe(false);
  await expect.poll(() => positionGap(host, follower), POLL).toBeLessThan(IN_STEP);
  const cdp = await context.newCDPSession(follower);
  return { host, follower, cdp };
}

/** How long (ms) until the follower is within IN_STEP of the host, polling as fast as the pages answer. */
async function timeToStep(host: Page, follower: Page, limitMs: number): Promise<number> {
  const start = Date.now();
  while (Date.now() - start < limitMs) {
    if ((await positionGap(host, follower)) < IN_STEP) return Date.now() - start;
  }
  return Number.POSITIVE_INFINITY;
}

test('R87: a follower hidden for 30 s while playing is back in step once shown, with no seek storm and the room unchanged', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { host, follower, cdp } = await playingRoom(browser);
  const hostSeeks = await seekCount(host);
  await setHidden(follower, true);
  await throttle(cdp, 30_000);
  const seeksBefore = await seekCount(follower);
  await setHidden(follower, false);
  const backInMs = await timeToStep(host, follower, 5_000);
  test.info().annotations.push({ type: 'back in step after shown (ms)', description: String(backInMs) });
  expect(backInMs).toBeLessThan(5_000);
  await follower.waitForTimeout(10_000);
  expect(await seekCount(follower)).toBeLessThanOrEqual(seeksBefore + 2);
  expect(await positionGap(host, follower)).toBeLessThan(IN_STEP);
  // The room went on as the host left it: no pause, no seek came back to its player.
  expect((await mediaState(host))?.paused).toBe(false);
  expect(await seekCount(host)).toBe(hostSeeks);
});

test('R88: the browser pauses a hidden follower’s video: once shown the player says so, and one tap resumes it in step', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { host, follower, cdp } = await playingRoom(browser);
  const hostSeeks = await seekCount(host);
  await setHidden(follower, true);
  // What Chromium does to background media on a phone: it pauses the element (a real pause of the real element).
  await follower.locator(PLAYER).evaluate((media: HTMLMediaElement) => media.pause());
  await throttle(cdp, 10_000);
  expect((await mediaState(follower))?.paused).toBe(true); // nothing fought the browser while hidden
  await setHidden(follower, false);
  const resume = follower.getByRole('button', { name: BROWSER_PAUSED });
  await expect(resume).toBeVisible();
  await follower.waitForTimeout(1_500);
  expect((await mediaState(follower))?.paused).toBe(true); // waits for the viewer, not behind their back
  const seeksBefore = await seekCount(follower);
  await resume.click();
  await expect(resume).toBeHidden();
  await expect.poll(async () => (await mediaState(follower))?.paused, POLL).toBe(false);
  const backInMs = await timeToStep(host, follower, 5_000);
  test.info().annotations.push({ type: 'back in step after the tap (ms)', description: String(backInMs) });
  expect(backInMs).toBeLessThan(5_000);
  await follower.waitForTimeout(5_000);
  expect(await seekCount(follower)).toBeLessThanOrEqual(seeksBefore + 2);
  expect(await positionGap(host, follower)).toBeLessThan(IN_STEP);
  expect((await mediaState(host))?.paused).toBe(false);
  expect(await seekCount(host)).toBe(hostSeeks);
});

test('R85: the follower’s system clock is set 5 minutes forward, then 3 back, mid-play: no seek, still in step', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  // Playwright's clock moves the page's Date.now (the wall clock) and leaves performance.now (monotonic) alone,
  // as setting a machine's clock does.
  const { host, follower } = await playingRoom(browser, (context) => context.clock.install());
  const seeksBefore = await seekCount(follower);
  const wallNow = () => follower.evaluate(() => Date.now());
  await follower.clock.setSystemTime((await wallNow()) + 5 * 60_000);
  await follower.waitForTimeout(5_000);
  expect(await positionGap(host, follower)).toBeLessThan(IN_STEP);
  await follower.clock.setSystemTime((await wallNow()) - 3 * 60_000);
  await follower.waitForTimeout(5_000);
  expect(await positionGap(host, follower)).toBeLessThan(IN_STEP);
  expect(await seekCount(follower)).toBe(seeksBefore);
  expect((await mediaState(host))?.paused).toBe(false);
});

test('R86: the server’s ping answers reach the follower 3 s late: the estimate keeps its fast samples, no seek', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  let delaying = false;
  const pings = new Set<string>();
  const { host, follower } = await playingRoom(browser, (context) =>
    context.routeWebSocket(/\/socket\.io\//, (socket) => {
      const server = socket.connectToServer();
      socket.onMessage((message) => {
        // Socket.IO over Engine.IO: '42' an event, then its ack id and the [event, payload] array.
        const ping = typeof message === 'string' ? /^42(\d+)\["clock:ping"/.exec(message) : null;
        if (ping?.[1]) pings.add(ping[1]);
        server.send(message);
      });
      server.onMessage((message) => {
        // '43' an ack, then the id it answers: held back 3 s on its way to the follower, the offset 1.5 s off.
        const ack = typeof message === 'string' ? /^43(\d+)/.exec(message)?.[1] : undefined;
        if (delaying && ack && pings.has(ack)) setTimeout(() => socket.send(message), 3_000);
        else socket.send(message);
      });
    }),
  );
  const seeksBefore = await seekCount(follower);
  delaying = true;
  // More slow answers than the estimator's window holds: each time the tab is shown it pings at once (R87).
  for (let i = 0; i < CLOCK_SAMPLE_WINDOW + 4; i++) {
    await setHidden(follower, true);
    await setHidden(follower, false);
    await follower.waitForTimeout(500);
  }
  await follower.waitForTimeout(4_000); // the last answers land
  expect(await positionGap(host, follower)).toBeLessThan(IN_STEP);
  expect(await seekCount(follower)).toBe(seeksBefore);
  expect((await mediaState(host))?.paused).toBe(false);
});

test('R89: a follower’s media that never gets data says it did not load, after a while, and its retry plays in step', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const host = await openRoomAsHost(browser);
  await host.addInitScript(visibilityAndSeeks, PLAYER);
  await host.reload();
  await pasteLink(host, CLIPS.a.url);
  await host.getByRole('button', { name: `Phát ${CLIPS.a.title}` }).click();
  await expect.poll(async () => (await mediaState(host))?.paused, POLL).toBe(false);
  const hostSeeks = await seekCount(host);
  // The follower's link to the media host is dead: its requests are never answered, so no canplay ever comes.
  const context = await browser.newContext();
  let dead = true;
  await context.route(CLIPS.a.url, (route) => (dead ? undefined : route.continue()));
  const follower = await context.newPage();
  await follower.goto(host.url());
  await expect(follower.getByText('Bạn đang xem theo chủ phòng')).toBeVisible();
  await expect(follower.getByText('Không tải được video. Kiểm tra kết nối mạng rồi thử lại.')).toBeVisible({
    timeout: 30_000,
  });
  dead = false; // the link is back: the retry's fresh request gets through
  await follower.getByRole('button', { name: 'Thử lại' }).click();
  await expect(follower.getByText('Không tải được video. Kiểm tra kết nối mạng rồi thử lại.')).toBeHidden();
  await expect.poll(async () => (await mediaState(follower))?.paused, POLL).toBe(false);
  await expect.poll(() => positionGap(host, follower), POLL).toBeLessThan(IN_STEP);
  // The room never heard of it.
  expect((await mediaState(host))?.paused).toBe(false);
  expect(await seekCount(host)).toBe(hostSeeks);
});
