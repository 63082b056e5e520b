// `node bench/sync/rate-change-cost.ts` — how much media time Chromium's player loses at each playbackRate
// change (ADR 027: the YouTube nudge plans for it, RATE_CHANGE_STALL_SECONDS). One page plays the bench clip;
// in alternating 2 s windows it keeps the rate at 1 (control) or makes 20 changes (1 ↔ 1.25, or 1 ↔ 0.75,
// 100 ms each); each window prints its loss: rate × wall time summed over the window minus the `currentTime`
// progress.

import { CLIP_NAME } from './clip.ts';
import { openClipBrowser } from './clip-browser.ts';

const CYCLES = 4;
const CHANGES = 20;

const clipBrowser = await openClipBrowser();
try {
  const page = await clipBrowser.newPage();
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
  await clipBrowser.close();
}
