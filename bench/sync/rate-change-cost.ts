// `node bench/sync/rate-change-cost.ts` — how much media time Chromium's player loses at each playbackRate
// change (ADR 027: the YouTube nudge plans for it, RATE_CHANGE_STALL_SECONDS). One page plays the bench clip;
// in alternating 2 s windows it keeps the rate at 1 (control) or makes 20 changes (1 ↔ 1.25, or 1 ↔ 0.75,
// 100 ms each); each window prints its loss: rate × wall time summed over the window minus the `currentTime`
// progress. Uses the media port of bench:sync (SYNC_BENCH_PORT + 1000).
import { chromium } from '@playwright/test';
import { startMediaServer } from '../../e2e/support/media-server.ts';
import { chromiumLaunch } from '../../playwright.config.ts';
import { CLIP_NAME, ensureClip } from './clip.ts';

const MEDIA_PORT = Number(process.env.SYNC_BENCH_PORT ?? 3290) + 1000;
const CYCLES = 4;
const CHANGES = 20;

const media = await startMediaServer(ensureClip(), MEDIA_PORT);
const browser = await chromium.launch(chromiumLaunch);
try {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${MEDIA_PORT}/healthz`);
  const rows = await page.evaluate(
    async ({ clip, cycles, changes }) => {
      const video = document.createElement('video');
      video.src = `/${clip}`;
      document.body.append(video);
      await video.play();
      const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      await sleep(1500);
      const lines: string[] = [];
      for (let cycle = 0; cycle < cycles; cycle++) {
        for (const nudge of [1, 1.25, 0.75]) {
          const start = performance.now();
          const startTime = video.currentTime;
          let nominal = 0;
          let last = start;
          let rate = 1;
          for (let step = 0; performance.now() < start + 2000; step++) {
            const want = nudge !== 1 && step < changes && step % 2 === 0 ? nudge : 1;
            if (want !== rate) {
              const now = performance.now();
              nominal += ((now - last) / 1000) * rate;
              last = now;
              rate = want;
              video.playbackRate = want;
            }
            await sleep(100);
          }
          nominal += ((performance.now() - last) / 1000) * rate;
          video.playbackRate = 1;
          const loss = (nominal - (video.currentTime - startTime)) * 1000;
          lines.push(
            `${nudge === 1 ? 'control (no change)' : `${changes} changes 1 ↔ ${nudge}`}: lost ${loss.toFixed(1)} ms`,
          );
        }
      }
      return lines;
    },
    { clip: CLIP_NAME, cycles: CYCLES, changes: CHANGES },
  );
  console.log(rows.join('\n'));
} finally {
  await browser.close();
  await media.close();
}
