// `npm run bench:sync:hidden` — issue #15 item 3: a follower's tab hidden for 30 s while playing, then shown, and
// the same with the browser pausing its video and one tap resuming it (docs/room-rules.md R87, R88). Reuses the
// set-up of `npm run bench:sync` (bench/sync/run.ts) and its samples (requestVideoFrameCallback on both pages).
// Headless Chromium cannot really hide a page (ADR 028): `document.visibilityState` is set in script with a real
// `visibilitychange`, and the hidden tab's throttling is real: the page's scripts are held by the debugger for
// 950 ms of every second. Prints one line per phase:
//   sync[hidden] p50_ms= p95_ms= max_ms= converge_ms= back_ms= seeks_10s=
// back_ms: from shown (or the tap) until within 100 ms of the host for 1 s; converge_ms: the same under 50 ms;
// p50/p95/max: |error| over the 10 s after back; seeks_10s: the follower's seeks in the 10 s after shown.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import { BROWSER_PAUSED, throttle } from '../../e2e/support/hidden-tab.ts';
import { chromiumLaunch } from '../../playwright.config.ts';
import { describeMachine } from '../lib/machine.ts';
import { stopProcess } from '../lib/processes.ts';
import { errorSeries, type PageSamples, percentile, SYNC_GOAL_MS } from './analysis.ts';
import { timeBack } from './recovery.ts';
import { BASE_URL, MEDIA_PORT, PLAYER, PORT, sleep, untilPlaying } from './room-pages.ts';
import { openRoom, startApp, waitForReady } from './run.ts';
import { SCENARIOS } from './scenarios.ts';

/** Issue #15: back within 100 ms of the host. */
const BACK_MS = 100;
const AFTER_MS = 10_000;
const commonNow = (page: Page) => page.evaluate(() => performance.timeOrigin + performance.now());

/** Tells the page it is hidden or visible (the app reads `document.visibilityState` when it needs it). */
function setHidden(page: Page, hidden: boolean): Promise<void> {
  return page.evaluate((value) => {
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (value ? 'hidden' : 'visible'),
    });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => value });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

function line(name: string, host: PageSamples, follower: PageSamples, from: number): string {
  const points = errorSeries(host, follower, from, from + AFTER_MS);
  const back = timeBack(points, from, BACK_MS);
  const converge = timeBack(points, from, SYNC_GOAL_MS);
  const steady = points.filter((point) => point.at >= from + (back ?? AFTER_MS)).map((p) => Math.abs(p.errorMs));
  const seeks = follower.events.filter(([at, type]) => type === 'seeking' && at >= from && at < from + AFTER_MS);
  const ms = (value: number | null) => (value === null || Number.isNaN(value) ? 'none' : value.toFixed(1));
  return (
    `sync[${name}] p50_ms=${ms(percentile(steady, 50))} p95_ms=${ms(percentile(steady, 95))} ` +
    `max_ms=${ms(steady.length ? Math.max(...steady) : null)} converge_ms=${ms(converge)} back_ms=${ms(back)} ` +
    `seeks_10s=${seeks.length}`
  );
}

async function main(): Promise<string[]> {
  // The lan scenario's room (bench/sync/scenarios.ts): loopback, the direct clip, a desktop follower.
  const lan = SCENARIOS.find((scenario) => scenario.name === 'lan');
  if (!lan) throw new Error('bench/sync/scenarios.ts has no lan scenario');
  const media = await lan.source.start({ app: PORT, media: MEDIA_PORT });
  const workDir = mkdtempSync(join(tmpdir(), 'xemchung-bench-hidden-'));
  const app = startApp(workDir);
  let browser: Browser | null = null;
  try {
    await waitForReady(`${BASE_URL}/readyz`, app);
    browser = await chromium.launch(chromiumLaunch);
    const { host, follower } = await openRoom(browser, lan, media, null);
    await Promise.all([untilPlaying(host), untilPlaying(follower)]);
    const cdp = await follower.context().newCDPSession(follower);
    await sleep(5_000);

    // Phase 1: hidden 30 s while playing, then shown.
    await setHidden(follower, true);
    await throttle(cdp, 30_000);
    const shownAt = await commonNow(follower);
    await setHidden(follower, false);
    await sleep(AFTER_MS + 1_000);

    // Phase 2: hidden again, the browser pauses the video; shown, the viewer taps once.
    await setHidden(follower, true);
    await follower.locator(PLAYER).evaluate((element: HTMLMediaElement) => element.pause());
    await throttle(cdp, 5_000);
    await setHidden(follower, false);
    const resume = follower.getByRole('button', { name: BROWSER_PAUSED });
    await resume.waitFor({ timeout: 5_000 });
    const tappedAt = await commonNow(follower);
    await resume.click();
    await sleep(AFTER_MS + 1_000);

    const collect = (page: Page) => page.evaluate(() => window.__syncSamples as PageSamples);
    const [hostSamples, followerSamples] = await Promise.all([collect(host), collect(follower)]);
    return [
      `machine: ${describeMachine()}`,
      line('hidden', hostSamples, followerSamples, shownAt),
      line('hidden-tap', hostSamples, followerSamples, tappedAt),
    ];
  } finally {
    await browser?.close();
    await stopProcess(app);
    await media.close();
    rmSync(workDir, { recursive: true, force: true });
  }
}

if (import.meta.main) for (const text of await main()) console.log(text);
