// The `p2p-file` scenario of `npm run bench:sync` (issue #22 item 4): one host shares a ~200 MB film from its
// device (film.ts) and three followers, each in its own Chromium process behind its own delaying proxy, play it in
// their own <video> with the bytes fetched from the host's browser over WebRTC (R119). Measured: each follower's
// first frame after the host selects the item, the usual script of host actions (room-pages.ts SCRIPT), then a
// seek to 80 % of the film, which no follower holds, and how long until each plays there; and the bytes our
// server sent each follower (counted at its proxy). WebRTC's UDP does not go through the SOCKS proxy: with the
// network profile's `up`/`down` it crosses relays of ours instead (udp-delay.ts), unless SYNC_BENCH_P2P_DIRECT=1.
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { type Browser, type BrowserContext, chromium, expect, type Page } from '@playwright/test';
import { newAccount, signUpThroughPopup } from '../../../e2e/support/accounts.ts';
import { chromiumLaunch } from '../../../playwright.config.ts';
import { describeMachine } from '../../lib/machine.ts';
import type { PageSamples } from '../analysis.ts';
import { type DelayProxy, type LinkProfile, type NetworkProfile, startDelayProxy } from '../delay-proxy.ts';
import { actOnMedia, BASE_URL, commonNow, PLAYER, PORT, playScript, sleep, untilPlaying } from '../room-pages.ts';
import { clockSkew, installSampler } from '../sampler.ts';
import type { Scenario } from '../scenarios.ts';
import { type PieceTap, tapPieces } from './piece-tap.ts';
import type { OwnFileRecording } from './report-own-file.ts';
import { rewriteRemoteCandidates, startUdpRelays, type UdpRelays } from './udp-delay.ts';

/** Where the host seeks once the script is done: a part of the film no follower has fetched. */
export const FAR_SEEK_SHARE = 0.8;
/** How long the followers are watched after the far seek: its convergence, and a stretch of quiet playing. */
const AFTER_FAR_SEEK_MS = 15_000;

interface Follower {
  browser: Browser;
  page: Page;
  proxy: DelayProxy;
}

/** A page of a context, recording its player (and, for a follower, its pieces), with WebRTC through the relays. */
async function recordingPage(
  context: BrowserContext,
  relays: UdpRelays | null,
  sends: LinkProfile,
  hears: LinkProfile,
) {
  if (relays) {
    await context.exposeFunction('__benchUdpRelay', (address: string, port: number) =>
      relays.relayTo(address, port, sends, hears),
    );
    await context.addInitScript(rewriteRemoteCandidates);
  }
  const page = await context.newPage();
  await page.addInitScript(installSampler, PLAYER);
  await page.addInitScript(tapPieces);
  return page;
}

async function openFollower(
  scenario: Scenario,
  network: NetworkProfile,
  relays: UdpRelays | null,
  roomUrl: string,
  seed: number,
): Promise<Follower> {
  const proxy = await startDelayProxy({ targetPort: PORT, profile: network, seed });
  const browser = await chromium.launch(launchOptions(relays));
  const context = await browser.newContext({
    ...scenario.follower.context,
    proxy: { server: `socks5://127.0.0.1:${proxy.port}` },
  });
  // The follower sends up and hears down, on the relays as through its proxy.
  const page = await recordingPage(context, relays, network.up, network.down);
  page.on('pageerror', (error) => console.error(`follower page error: ${error.message}`));
  await page.goto(roomUrl);
  await expect(page.getByText('Bạn đang xem theo chủ phòng')).toBeVisible({ timeout: 30_000 });
  return { browser, page, proxy };
}

/** Raw host addresses in ICE candidates (no mDNS names), so the relays know where to send: shaped runs only. */
export const launchOptions = (relays: UdpRelays | null) =>
  relays
    ? { ...chromiumLaunch, args: [...chromiumLaunch.args, '--disable-features=WebRtcHideLocalIpsWithMdns'] }
    : chromiumLaunch;

/** Resolves with the common-clock time of the first frame a follower presents at or past `target` after `since`. */
function playsFrom(page: Page, since: number, target: number): Promise<number> {
  return page
    .waitForFunction(
      ({ since, target }) => {
        const frames = window.__syncSamples?.frames ?? [];
        const there = frames.filter(([at, media]) => at >= since && media >= target - 0.5 && media < target + 30);
        // Two frames: it plays there, rather than showing one frame of a seek.
        return there.length >= 2 ? there[0]?.[0] : false;
      },
      { since, target },
      { timeout: 60_000, polling: 50 },
    )
    .then(
      (handle) => handle.jsonValue() as Promise<number>,
      async () => {
        console.error(`bench:sync p2p-file: a follower never played at ${target} s: ${await playerState(page)}`);
        return Number.NaN;
      },
    );
}

/** What a page's player and its pieces were doing, for a run that stopped waiting. */
function playerState(page: Page): Promise<string> {
  return page.evaluate((selector) => {
    const video = document.querySelector<HTMLVideoElement>(selector);
    const tap = window.__pieceTap;
    const media = video
      ? `${video.currentSrc} ready ${video.readyState} paused ${video.paused} at ${video.currentTime} error ${video.error?.message}`
      : 'no player';
    return `${media}; ${window.__syncSamples?.frames.length} frames; ${tap?.ranges.length} ranges asked, ${tap?.trips.length} pieces asked (${tap?.trips.filter((trip) => trip[2] > 0).length} back)`;
  }, PLAYER);
}

export async function runOwnFile(scenario: Scenario, seed: number): Promise<OwnFileRecording> {
  const network = scenario.network;
  if (!network) throw new Error('the p2p-file scenario needs a network profile for its followers');
  const source = await scenario.source.start({ app: PORT, media: PORT + 1000 }, seed);
  const filmPath = source.link;
  const relays = process.env.SYNC_BENCH_P2P_DIRECT === '1' ? null : startUdpRelays(seed);
  const followers: Follower[] = [];
  let hostBrowser: Browser | null = null;
  try {
    hostBrowser = await chromium.launch(launchOptions(relays));
    const hostContext = await hostBrowser.newContext({ viewport: { width: 1280, height: 720 } });
    // The host reaches the app directly; towards a follower it sends what the follower hears, and hears its `up`.
    const host = await recordingPage(hostContext, relays, network.down, network.up);
    host.on('pageerror', (error) => console.error(`host page error: ${error.message}`));
    await host.goto(BASE_URL);
    await signUpThroughPopup(host, newAccount('Chủ Phòng Đo'));
    await host.getByLabel('Tên phòng').fill('Đo tệp chia sẻ');
    await host.getByRole('button', { name: 'Tạo phòng' }).click();
    await host.waitForURL(/\/room\/[A-Za-z0-9_-]+$/);
    const name = basename(filmPath);
    await host.getByTestId('share-file-input').setInputFiles(filmPath);
    await expect(host.getByRole('alert')).toContainText(`Đã thêm ${name} vào danh sách phát.`, { timeout: 60_000 });
    for (let index = 0; index < (scenario.followers ?? 3); index++) {
      followers.push(await openFollower(scenario, network, relays, host.url(), seed * 8 + index));
    }
    const pages = followers.map((follower) => follower.page);

    // R9: nothing plays until the host picks the item; the followers' first frames are timed from here.
    const bytesBefore = followers.map((follower) => follower.proxy.bytesDown());
    const selectAt = await commonNow(host);
    await host.getByRole('button', { name: `Phát ${name}` }).click();
    // A follower that never plays is reported (no first frame, its error unmeasured), not a crash of the run.
    await Promise.all([host, ...pages].map((page) => untilPlaying(page))).catch(async (error: unknown) => {
      console.error(`bench:sync p2p-file: not every page plays: ${error}`);
      for (const [index, page] of [host, ...pages].entries()) {
        console.error(`page ${index}: ${await playerState(page)}`);
      }
    });
    const firstFrames = await Promise.all(
      [host, ...pages].map((page) => page.evaluate(() => window.__syncSamples?.frames[0]?.[0] ?? Number.NaN)),
    );
    const skews = await Promise.all([host, ...pages].map((page) => page.evaluate(clockSkew)));

    const start = await commonNow(host);
    const { actions } = await playScript(start, (act, value) => actOnMedia(host, PLAYER, act, value));
    const end = await commonNow(host);

    const duration = await host.locator(PLAYER).evaluate((video: HTMLVideoElement) => video.duration);
    const farTarget = Math.round(duration * FAR_SEEK_SHARE);
    const farSeekAt = await host.locator(PLAYER).evaluate((video: HTMLVideoElement, target) => {
      video.currentTime = target;
      return performance.timeOrigin + performance.now();
    }, farTarget);
    const readyAt = await Promise.all(pages.map((page) => playsFrom(page, farSeekAt, farTarget)));
    await sleep(Math.max(0, farSeekAt + AFTER_FAR_SEEK_MS - Date.now()));
    const farEnd = await commonNow(host);
    const bytesAfter = followers.map((follower) => follower.proxy.bytesDown());

    const collect = (page: Page) => page.evaluate(() => window.__syncSamples as PageSamples);
    const taps = (page: Page) => page.evaluate(() => window.__pieceTap as PieceTap);
    const recording: OwnFileRecording = {
      scenario: scenario.name,
      description: scenario.description,
      goals: scenario.goals,
      seed,
      webrtc: relays ? 'relayed' : 'direct',
      film: { name, bytes: statSync(filmPath).size, seconds: duration },
      selectAt,
      firstFrames: { host: firstFrames[0] ?? Number.NaN, followers: firstFrames.slice(1) },
      start,
      end,
      actions,
      farSeek: { at: farSeekAt, target: farTarget, readyAt, end: farEnd },
      serverBytes: bytesAfter.map((after, index) => after - (bytesBefore[index] ?? 0)),
      udpBytes: relays?.bytes(),
      skews,
      machine: describeMachine(),
      host: await collect(host),
      followers: await Promise.all(pages.map(collect)),
      pieces: await Promise.all(pages.map(taps)),
    };
    mkdirSync('bench/results', { recursive: true });
    writeFileSync(`bench/results/sync-${scenario.name}.json`, JSON.stringify(recording));
    return recording;
  } finally {
    for (const follower of followers) {
      await follower.browser.close();
      await follower.proxy.close();
    }
    await hostBrowser?.close();
    relays?.close();
    await source.close();
  }
}
