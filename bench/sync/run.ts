// `npm run bench:sync` — how closely a follower's player tracks the host's (issue #4, item 8; bench/README.md).
// Starts the built app on its own port with a fresh database, a media server for the clip, and one Chromium
// with two contexts: the host (signed up through the real popup) and a guest follower. The host plays, pauses,
// seeks twice and changes the rate on its media element, as the native controls would; both pages record what
// their player shows; the numbers come from bench/sync/analysis.ts.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import { newAccount, signUpThroughPopup } from '../../e2e/support/accounts.ts';
import { startMediaServer } from '../../e2e/support/media-server.ts';
import { chromiumLaunch } from '../../playwright.config.ts';
import { describeMachine } from '../lib/machine.ts';
import type { HostAction, PageSamples } from './analysis.ts';
import { CLIP_NAME, ensureClip } from './clip.ts';
import { type Recording, report } from './report.ts';
import { clockSkew, installSampler } from './sampler.ts';

export const PORT = Number(process.env.SYNC_BENCH_PORT ?? 3290);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
export const MEDIA_PORT = PORT + 1000;
const PLAYER = '[data-testid="media-player"]';
/** The host's script, in seconds after both players run: at least 60 s of samples with every kind of action. */
export const SCRIPT: { after: number; label: string; act: 'pause' | 'play' | 'seek' | 'rate'; value?: number }[] = [
  { after: 8, label: 'pause', act: 'pause' },
  { after: 14, label: 'play', act: 'play' },
  { after: 24, label: 'seek +25 s', act: 'seek', value: 25 },
  { after: 36, label: 'seek −35 s', act: 'seek', value: -35 },
  { after: 48, label: 'rate 1.5', act: 'rate', value: 1.5 },
  { after: 58, label: 'rate 1', act: 'rate', value: 1 },
];
export const END_AFTER = 70;
const RECORDING_PATH = 'bench/results/sync-samples.json';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function waitForReady(url: string, server: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    if (server.exitCode !== null) throw new Error(`the app server exited with ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${url} did not answer within 30 s`);
}

/**
 * The app on its own port with a fresh database, serving a copy of the build: the server lists the built files
 * when it starts, so a rebuild during the run (another terminal) would otherwise break the pages it serves.
 */
export function startApp(workDir: string, env: Record<string, string> = {}): ChildProcess {
  const webDist = join(workDir, 'web');
  cpSync('apps/web/dist', webDist, { recursive: true });
  return spawn(process.execPath, ['apps/server/src/main.ts'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: BASE_URL,
      DATA_DIR: join(workDir, 'data'),
      WEB_DIST_DIR: webDist,
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
}

/** Resolves once the page's player (`selector`: its media element) is playing and has presented frames. */
export async function untilPlaying(page: Page, selector = PLAYER): Promise<void> {
  await page.waitForFunction(
    (selector) => {
      const video = document.querySelector<HTMLVideoElement>(selector);
      return !!video && !video.paused && video.readyState >= 3 && (window.__syncSamples?.frames.length ?? 0) > 30;
    },
    selector,
    { timeout: 30_000, polling: 100 },
  );
}

/** Does what the host's native controls would, on its media element; returns the common-clock time of it. */
function hostAct(page: Page, act: 'pause' | 'play' | 'seek' | 'rate', value = 0): Promise<number> {
  return page.evaluate(
    ({ selector, act, value }) => {
      const video = document.querySelector<HTMLVideoElement>(selector);
      if (!video) throw new Error('the host has no media element');
      const at = performance.timeOrigin + performance.now();
      if (act === 'pause') video.pause();
      else if (act === 'play') void video.play();
      else if (act === 'seek') video.currentTime = Math.max(0, video.currentTime + value);
      else video.playbackRate = value;
      return at;
    },
    { selector: PLAYER, act, value },
  );
}

async function openRoom(browser: Browser): Promise<{ host: Page; follower: Page }> {
  const host = await (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage();
  await host.addInitScript(installSampler, PLAYER);
  host.on('pageerror', (error) => console.error(`host page error: ${error.message}`));
  await host.goto(BASE_URL);
  await signUpThroughPopup(host, newAccount('Chủ Phòng Đo'));
  await host.getByLabel('Tên phòng').fill('Đo đồng bộ');
  await host.getByRole('button', { name: 'Tạo phòng' }).click();
  await host.waitForURL(/\/room\/[A-Za-z0-9_-]+$/);
  const search = host.getByRole('combobox', { name: 'Tìm video hoặc dán link' });
  await search.fill(`http://127.0.0.1:${MEDIA_PORT}/${CLIP_NAME}`);
  await search.press('Enter');
  // R9: nothing plays until the host picks the video from the playlist.
  await host.getByRole('button', { name: `Phát ${CLIP_NAME.replace(/\.mp4$/, '')}` }).click();

  const follower = await (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage();
  await follower.addInitScript(installSampler, PLAYER);
  follower.on('pageerror', (error) => console.error(`follower page error: ${error.message}`));
  await follower.goto(host.url());
  return { host, follower };
}

async function main(): Promise<Recording> {
  if (!existsSync('apps/web/dist/index.html')) throw new Error('apps/web/dist is missing: run `npm run build`');
  const mediaDir = ensureClip();
  const workDir = mkdtempSync(join(tmpdir(), 'xemchung-bench-sync-'));
  const media = await startMediaServer(mediaDir, MEDIA_PORT);
  const app = startApp(workDir);
  let browser: Browser | null = null;
  try {
    await waitForReady(`${BASE_URL}/readyz`, app);
    browser = await chromium.launch(chromiumLaunch);
    const { host, follower } = await openRoom(browser);
    await Promise.all([untilPlaying(host), untilPlaying(follower)]);
    const skews = await Promise.all([host.evaluate(clockSkew), follower.evaluate(clockSkew)]);

    const start = await host.evaluate(() => performance.timeOrigin + performance.now());
    const actions: HostAction[] = [{ at: start, label: 'start' }];
    for (const step of SCRIPT) {
      await sleep(Math.max(0, start + step.after * 1000 - Date.now()));
      actions.push({ at: await hostAct(host, step.act, step.value), label: step.label });
    }
    await sleep(Math.max(0, start + END_AFTER * 1000 - Date.now()));
    const end = await host.evaluate(() => performance.timeOrigin + performance.now());

    const collect = (page: Page) => page.evaluate(() => window.__syncSamples as PageSamples);
    const [hostSamples, followerSamples] = await Promise.all([collect(host), collect(follower)]);
    const recording: Recording = {
      start,
      end,
      actions,
      skews,
      machine: describeMachine(),
      host: hostSamples,
      follower: followerSamples,
    };
    mkdirSync('bench/results', { recursive: true });
    writeFileSync(RECORDING_PATH, JSON.stringify(recording));
    console.log(`recording: ${RECORDING_PATH} (node bench/sync/report.ts ${RECORDING_PATH} prints this again)`);
    return recording;
  } finally {
    await browser?.close();
    // Wait for the server to be gone: whatever it logs on its way out must come before the report.
    if (app.exitCode === null) {
      const exited = once(app, 'exit');
      app.kill('SIGTERM');
      await exited;
    }
    await media.close();
    rmSync(workDir, { recursive: true, force: true });
  }
}

// The report last, after every other output: its final line is the summary scripts read. (Imported by
// bench/sync/youtube.ts for its helpers, it does not run.)
if (import.meta.main) report(await main());
