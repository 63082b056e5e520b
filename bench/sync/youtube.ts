// `npm run bench:sync:youtube` — the sync benchmark with YouTube's player on both sides (issue #15 item 4,
// bench/README.md). As bench/sync/run.ts, but the room plays a YouTube link: each page's real YouTubePlayer
// code runs against a local fake of the IFrame Player API (bench/sync/fake-youtube/) that drives a real <video>
// of the bench clip with YouTube's coarse controls. The host acts through the player's API (seekTo,
// pauseVideo, ...), as a user of YouTube's own controls inside the iframe would.
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import { oembedTitle, startFakeYouTube } from '../../apps/server/test/fake-youtube.ts';
import { newAccount, signUpThroughPopup } from '../../e2e/support/accounts.ts';
import { startMediaServer } from '../../e2e/support/media-server.ts';
import { chromiumLaunch } from '../../playwright.config.ts';
import { describeMachine } from '../lib/machine.ts';
import type { HostAction, PageSamples } from './analysis.ts';
import { CLIP_NAME, ensureClip } from './clip.ts';
import { routeFakeYouTube, YOUTUBE_LIKE } from './fake-youtube/index.ts';
import { type Recording, type ReportOptions, report } from './report.ts';
import { BASE_URL, END_AFTER, MEDIA_PORT, SCRIPT, sleep, startApp, untilPlaying, waitForReady } from './run.ts';
import { clockSkew, installSampler } from './sampler.ts';

const PLAYER = 'video[data-fake-youtube]';
const VIDEO_ID = 'ytSyncBench';
const RECORDING_PATH = 'bench/results/sync-youtube-samples.json';
const YOUTUBE_PLOT_PATH = 'bench/sync/sync-error-youtube.svg';
/** Issue #15's goal for YouTube: back under 50 ms within 1.5 s of an action. */
const REPORT: ReportOptions = { scenario: 'youtube', plotPath: YOUTUBE_PLOT_PATH, convergeGoalMs: 1500 };

/** Does what the host's YouTube controls would, through the player's API; returns the common-clock time of it. */
function hostAct(page: Page, act: 'pause' | 'play' | 'seek' | 'rate', value = 0): Promise<number> {
  return page.evaluate(
    ({ act, value }) => {
      const player = window.__fakeYouTube?.players[0] as
        | {
            getCurrentTime(): number;
            pauseVideo(): void;
            playVideo(): void;
            seekTo(seconds: number, allowSeekAhead: boolean): void;
            setPlaybackRate(rate: number): void;
          }
        | undefined;
      if (!player) throw new Error('the host has no YouTube player');
      const at = performance.timeOrigin + performance.now();
      if (act === 'pause') player.pauseVideo();
      else if (act === 'play') player.playVideo();
      else if (act === 'seek') player.seekTo(Math.max(0, player.getCurrentTime() + value), true);
      else player.setPlaybackRate(value);
      return at;
    },
    { act, value },
  );
}

async function openPage(browser: Browser, name: 'host' | 'follower'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  await routeFakeYouTube(context, { ...YOUTUBE_LIKE, mediaUrl: `http://127.0.0.1:${MEDIA_PORT}/${CLIP_NAME}` });
  const page = await context.newPage();
  await page.addInitScript(installSampler, PLAYER);
  page.on('pageerror', (error) => console.error(`${name} page error: ${error.message}`));
  return page;
}

async function openRoom(browser: Browser): Promise<{ host: Page; follower: Page }> {
  const host = await openPage(browser, 'host');
  await host.goto(BASE_URL);
  await signUpThroughPopup(host, newAccount('Chủ Phòng Đo'));
  await host.getByLabel('Tên phòng').fill('Đo đồng bộ YouTube');
  await host.getByRole('button', { name: 'Tạo phòng' }).click();
  await host.waitForURL(/\/room\/[A-Za-z0-9_-]+$/);
  const search = host.getByRole('combobox', { name: 'Tìm video hoặc dán link' });
  await search.fill(`https://www.youtube.com/watch?v=${VIDEO_ID}`);
  await search.press('Enter');
  // R9: nothing plays until the host picks the video from the playlist.
  await host.getByRole('button', { name: `Phát ${oembedTitle(VIDEO_ID)}` }).click();

  const follower = await openPage(browser, 'follower');
  await follower.goto(host.url());
  return { host, follower };
}

async function main(): Promise<Recording> {
  if (!existsSync('apps/web/dist/index.html')) throw new Error('apps/web/dist is missing: run `npm run build`');
  const mediaDir = ensureClip();
  const workDir = mkdtempSync(join(tmpdir(), 'xemchung-bench-sync-youtube-'));
  const media = await startMediaServer(mediaDir, MEDIA_PORT);
  // The app looks a pasted link up with oEmbed: the server tests' fake answers it, on a port of its own choosing.
  const youtube = await startFakeYouTube();
  const app = startApp(workDir, youtube.env);
  let browser: Browser | null = null;
  try {
    await waitForReady(`${BASE_URL}/readyz`, app);
    browser = await chromium.launch(chromiumLaunch);
    const { host, follower } = await openRoom(browser);
    // bench/sync/run.ts's script; its rates (1.5, 1) are YouTube steps too.
    await Promise.all([untilPlaying(host, PLAYER), untilPlaying(follower, PLAYER)]);
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
    const seeks = await follower.evaluate(() => window.__fakeYouTube?.seeks ?? []);
    console.log(
      `follower's YouTube seeks (requested → landed, s): ${seeks.map((seek) => `${seek.target.toFixed(2)} → ${seek.landed.toFixed(2)}`).join(', ') || 'none'}`,
    );
    const recording: Recording = {
      start,
      end,
      actions,
      skews,
      machine: describeMachine(),
      host: hostSamples,
      follower: followerSamples,
      report: REPORT,
    };
    mkdirSync('bench/results', { recursive: true });
    writeFileSync(RECORDING_PATH, JSON.stringify(recording));
    console.log(`recording: ${RECORDING_PATH} (node bench/sync/report.ts ${RECORDING_PATH} prints this again)`);
    return recording;
  } finally {
    await browser?.close();
    if (app.exitCode === null) {
      const exited = once(app, 'exit');
      app.kill('SIGTERM');
      await exited;
    }
    await youtube.close();
    await media.close();
    rmSync(workDir, { recursive: true, force: true });
  }
}

report(await main());
