// The `ready` scenario of `npm run bench:sync` (issue #27 item 5): does a room start together (R122's ready gate)?
// A host and three followers, each in its own Chromium, the followers behind their own delaying proxy (the
// scenario's network); one follower fetches the media through a link of 1.5× the clip's bitrate
// (throttled-media.ts; its page's requests to the media server are sent to the throttled port), another runs on a
// CPU slowed 4× (CDP Emulation.setCPUThrottlingRate). The host queues the clip under three links, sets the gate's
// bound (`room:settings` {readyGateSeconds}; a server without the setting refuses it: measured as no gate), then
// selects each item, seeks while playing, pauses and plays again, 8 s apart so the room settles between them.
// Recorded: every page's frames (sampler.ts), every commit the host heard (room-tap.ts), the pages' ready reports.
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { type Browser, chromium, expect, type Page } from '@playwright/test';
import { newAccount, signUpThroughPopup } from '../../../e2e/support/accounts.ts';
import { chromiumLaunch } from '../../../playwright.config.ts';
import { describeMachine } from '../../lib/machine.ts';
import type { PageSamples } from '../analysis.ts';
import { type DelayProxy, startDelayProxy } from '../delay-proxy.ts';
import { actOnMedia, BASE_URL, commonNow, MEDIA_PORT, PLAYER, PORT, sleep } from '../room-pages.ts';
import { clockSkew, installSampler } from '../sampler.ts';
import type { Scenario } from '../scenarios.ts';
import type { ReadyAction, ReadyActKind } from './ready-analysis.ts';
import { ensureReadyClip, READY_CLIP_SECONDS } from './ready-clip.ts';
import type { ReadyRecording } from './report-ready.ts';
import { BENCH_ACK_BASE, type RoomTap, sendAsPage, tapRoom } from './room-tap.ts';
import { readyItem, startMediaFile } from './throttled-media.ts';

/** The throttled follower's media port: the app's port + 1 (the plain media server is the app's + 1000). */
const THROTTLED_PORT = PORT + 1;
/** The gate's bound the host sets (s): SYNC_BENCH_READY_GATE, R122's default 3 unless said. */
export const GATE_SECONDS = Number(process.env.SYNC_BENCH_READY_GATE ?? 3);

/** The host's script, in seconds after the first select: every kind of start three times, 8 s apart. */
export const READY_SCRIPT: { after: number; label: string; kind: ReadyActKind; value: number }[] = [
  { after: 0, label: 'select 1', kind: 'select', value: 1 },
  { after: 8, label: 'seek +30 s', kind: 'seek', value: 30 },
  { after: 16, label: 'pause', kind: 'pause', value: 0 },
  { after: 19, label: 'play', kind: 'play', value: 0 },
  { after: 27, label: 'select 2', kind: 'select', value: 2 },
  { after: 35, label: 'seek +40 s', kind: 'seek', value: 40 },
  { after: 43, label: 'pause', kind: 'pause', value: 0 },
  { after: 46, label: 'play', kind: 'play', value: 0 },
  { after: 54, label: 'select 3', kind: 'select', value: 3 },
  { after: 62, label: 'seek +45 s', kind: 'seek', value: 45 },
  { after: 70, label: 'pause', kind: 'pause', value: 0 },
  { after: 73, label: 'play', kind: 'play', value: 0 },
];
const END_AFTER = 81;

interface Viewer {
  browser: Browser;
  page: Page;
  proxy: DelayProxy | null;
  role: string;
}

async function recordingPage(browser: Browser, proxy: DelayProxy | null): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 720 },
    ...(proxy ? { proxy: { server: `socks5://127.0.0.1:${proxy.port}` } } : {}),
  });
  const page = await context.newPage();
  await page.addInitScript(installSampler, PLAYER);
  await page.addInitScript(tapRoom, BENCH_ACK_BASE);
  return page;
}

/** The host sets the gate's bound; what the server answered (an error on a server without the gate). */
async function setGate(host: Page, seconds: number): Promise<unknown> {
  const ackId = BENCH_ACK_BASE + 1;
  const sent = await host.evaluate(sendAsPage, {
    type: 'room:settings',
    payload: { settings: { readyGateSeconds: seconds } },
    ackId,
  });
  if (!sent) return { error: 'the host page had no open socket' };
  const answer = await host
    .waitForFunction((id) => window.__roomTap?.answers[String(id)], ackId, { timeout: 10_000 })
    .then((handle) => handle.jsonValue())
    .catch(() => ({ error: 'no answer within 10 s' }));
  return answer;
}

async function openFollower(scenario: Scenario, index: number, roomUrl: string, seed: number): Promise<Viewer> {
  const setup = scenario.ready;
  const proxy = scenario.network
    ? await startDelayProxy({ targetPort: PORT, profile: scenario.network, seed: seed * 8 + index })
    : null;
  const browser = await chromium.launch(chromiumLaunch);
  const page = await recordingPage(browser, proxy);
  let role = 'follower';
  if (index === setup?.throttledFollower) {
    // Its player's requests to the media server go to the throttled one instead (same file, same ranges).
    await page.context().route(
      (url) => url.port === String(MEDIA_PORT),
      (route) => route.continue({ url: route.request().url().replace(`:${MEDIA_PORT}/`, `:${THROTTLED_PORT}/`) }),
    );
    role = `media at ${setup.mediaRate}× the bitrate`;
  }
  if (index === setup?.slowFollower) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: setup.cpuThrottlingRate });
    role = `CPU ${setup.cpuThrottlingRate}× slower`;
  }
  page.on('pageerror', (error) => console.error(`follower ${index + 1} page error: ${error.message}`));
  await page.goto(roomUrl);
  await expect(page.getByText('Bạn đang xem theo chủ phòng')).toBeVisible({ timeout: 30_000 });
  return { browser, page, proxy, role };
}

/** Does one step of the script on the host; returns the common-clock time it did it. */
async function act(host: Page, step: (typeof READY_SCRIPT)[number]): Promise<number> {
  if (step.kind !== 'select') return actOnMedia(host, PLAYER, step.kind, step.value);
  const button = host.getByRole('button', { name: `Phát ${readyItem(MEDIA_PORT, step.value).title}` });
  const at = await commonNow(host);
  await button.click();
  return at;
}

export async function runReady(scenario: Scenario, seed: number): Promise<ReadyRecording> {
  const setup = scenario.ready;
  if (!setup) throw new Error(`${scenario.name} has no ready setup`);
  const clip = ensureReadyClip();
  const clipBytes = statSync(clip).size;
  const bytesPerSecond = (setup.mediaRate * clipBytes) / READY_CLIP_SECONDS;
  const source = await scenario.source.start({ app: PORT, media: MEDIA_PORT }, seed);
  const throttled = await startMediaFile(clip, THROTTLED_PORT, { bytesPerSecond });
  const viewers: Viewer[] = [];
  try {
    const hostBrowser = await chromium.launch(chromiumLaunch);
    viewers.push({ browser: hostBrowser, page: await recordingPage(hostBrowser, null), proxy: null, role: 'host' });
    const host = viewers[0]?.page as Page;
    host.on('pageerror', (error) => console.error(`host page error: ${error.message}`));
    await host.goto(BASE_URL);
    await signUpThroughPopup(host, newAccount('Chủ Phòng Đo'));
    await host.getByLabel('Tên phòng').fill('Đo bắt đầu cùng nhau');
    await host.getByRole('button', { name: 'Tạo phòng' }).click();
    await host.waitForURL(/\/room\/[A-Za-z0-9_-]+$/);
    const search = host.getByRole('combobox', { name: 'Tìm video hoặc dán link' });
    for (const item of [1, 2, 3].map((n) => readyItem(MEDIA_PORT, n))) {
      await search.fill(item.link);
      await search.press('Enter');
      await expect(host.getByRole('button', { name: `Phát ${item.title}` })).toBeVisible({ timeout: 10_000 });
    }
    const gateAnswer = await setGate(host, GATE_SECONDS);
    for (let index = 0; index < (scenario.followers ?? 3); index++) {
      viewers.push(await openFollower(scenario, index, host.url(), seed));
    }
    const pages = viewers.map((viewer) => viewer.page);
    const skews = await Promise.all(pages.map((page) => page.evaluate(clockSkew)));

    const start = await commonNow(host);
    const actions: ReadyAction[] = [];
    for (const step of READY_SCRIPT) {
      await sleep(Math.max(0, start + step.after * 1000 - Date.now()));
      actions.push({ at: await act(host, step), label: step.label, kind: step.kind });
    }
    await sleep(Math.max(0, start + END_AFTER * 1000 - Date.now()));
    const end = await commonNow(host);

    const samples = await Promise.all(pages.map((page) => page.evaluate(() => window.__syncSamples as PageSamples)));
    const taps = await Promise.all(pages.map((page) => page.evaluate(() => window.__roomTap as RoomTap)));
    const recording: ReadyRecording = {
      scenario: scenario.name,
      description: scenario.description,
      goals: scenario.goals,
      seed,
      gateSeconds: GATE_SECONDS,
      gateAnswer,
      clip: { bytes: clipBytes, seconds: READY_CLIP_SECONDS, throttledBytesPerSecond: bytesPerSecond },
      throttledBytes: throttled.bytesSent(),
      roles: viewers.map((viewer) => viewer.role),
      personKeys: taps.map((tap) => tap.personKey),
      start,
      end,
      actions,
      commits: taps[0]?.commits ?? [],
      skews,
      machine: describeMachine(),
      viewers: samples,
    };
    mkdirSync('bench/results', { recursive: true });
    writeFileSync(`bench/results/sync-${scenario.name}.json`, JSON.stringify(recording));
    return recording;
  } finally {
    for (const viewer of viewers) {
      await viewer.browser.close();
      await viewer.proxy?.close();
    }
    await throttled.close();
    await source.close();
  }
}
