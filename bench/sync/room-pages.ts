// What every bench:sync runner shares (bench/sync/run.ts, hidden.ts, p2p-file/): the app's ports, the host's
// script of actions and how the host carries it out, and how to tell a page's player runs.
import type { Page } from '@playwright/test';
import type { HostAction } from './analysis.ts';
import { type HostActKind, MEDIA_PLAYER } from './scenarios.ts';

export const PORT = Number(process.env.SYNC_BENCH_PORT ?? 3290);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
export const MEDIA_PORT = PORT + 1000;
export const PLAYER = MEDIA_PLAYER;
/**
 * The host's script, in seconds after both players run: every kind of action, 5–8 s apart (45 s; it was 70 s
 * with 10–12 s gaps until issue #15, which made three runs of five scenarios take 25 minutes). Convergence takes
 * well under a second, so each gap still leaves 4–7 s of steady state: about 3,800 points at 10 ms per run.
 */
export const SCRIPT: { after: number; label: string; act: HostActKind; value?: number }[] = [
  { after: 5, label: 'pause', act: 'pause' },
  { after: 10, label: 'play', act: 'play' },
  { after: 17, label: 'seek +25 s', act: 'seek', value: 25 },
  { after: 24, label: 'seek −35 s', act: 'seek', value: -35 },
  { after: 31, label: 'rate 1.5', act: 'rate', value: 1.5 },
  { after: 38, label: 'rate 1', act: 'rate', value: 1 },
];
export const END_AFTER = 45;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The page's common clock: `performance.timeOrigin + performance.now()`, the samples' clock. */
export const commonNow = (page: Page) => page.evaluate(() => performance.timeOrigin + performance.now());

/** Resolves once the page's player is playing and has presented frames (an <audio>: clock samples). */
export async function untilPlaying(page: Page, player = PLAYER): Promise<void> {
  await page.waitForFunction(
    (selector) => {
      const video = document.querySelector<HTMLVideoElement>(selector);
      const samples = window.__syncSamples;
      const seen = video instanceof HTMLVideoElement ? samples?.frames.length : samples?.clocks.length;
      return !!video && !video.paused && video.readyState >= 3 && (seen ?? 0) > 30;
    },
    player,
    { timeout: 60_000, polling: 100 },
  );
}

/** Does what the host's native controls would, on its media element; returns the common-clock time of it. */
export function actOnMedia(page: Page, player: string, act: HostActKind, value: number): Promise<number> {
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
    { selector: player, act, value },
  );
}

/**
 * Plays SCRIPT from `start` (common clock) on the host with `act`, skipping the rate steps where the player has
 * no rates; returns the start and each action as it happened, and the end of the measurement.
 */
export async function playScript(
  start: number,
  act: (kind: HostActKind, value: number) => Promise<number>,
  rates = true,
): Promise<{ actions: HostAction[]; endAt: number }> {
  const actions: HostAction[] = [{ at: start, label: 'start' }];
  for (const step of SCRIPT) {
    if (step.act === 'rate' && !rates) continue;
    await sleep(Math.max(0, start + step.after * 1000 - Date.now()));
    actions.push({ at: await act(step.act, step.value ?? 0), label: step.label });
  }
  await sleep(Math.max(0, start + END_AFTER * 1000 - Date.now()));
  return { actions, endAt: start + END_AFTER * 1000 };
}
