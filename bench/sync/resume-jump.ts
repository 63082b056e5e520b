// `node bench/sync/resume-jump.ts` — what Chromium's media clock does when a paused player starts again, with and
// without a seek while it was paused (ADR 006, addendum of 2026-11-25: why a paused player is not seeked onto its
// own position). One page plays the bench clip; each round pauses it for 0.6 s, then either resumes it as it is or
// first seeks it (to where it stands, 1 ms on, 1 µs back), and prints how far currentTime jumps at play() and
// where the player is 200 ms later against where it paused (0 would be a start with no delay). Uses the media port
// of bench:sync (SYNC_BENCH_PORT + 1000).

import { CLIP_NAME } from './clip.ts';
import { openClipBrowser } from './clip-browser.ts';

const ROUNDS = 4;

const clipBrowser = await openClipBrowser();
try {
  const page = await clipBrowser.newPage();
  const rows = await page.evaluate(
    async ({ clip, rounds }) => {
      const video = document.createElement('video');
      video.src = `/${clip}`;
      document.body.append(video);
      await video.play();
      const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      const seekTo = (seconds: number) =>
        new Promise((resolve) => {
          video.addEventListener('seeked', resolve, { once: true });
          video.currentTime = seconds;
        });
      const offsets: Record<string, number> = { 'no seek': Number.NaN, 'a seek to where it stands': 0 };
      offsets['a seek 1 ms on'] = 0.001;
      offsets['a seek 1 µs back'] = -0.000001;
      await sleep(1000);
      const lines: string[] = [];
      for (let round = 0; round < rounds; round++) {
        for (const [how, offset] of Object.entries(offsets)) {
          await sleep(700);
          video.pause();
          await sleep(300);
          if (!Number.isNaN(offset)) await seekTo(video.currentTime + offset);
          await sleep(300);
          const paused = video.currentTime;
          await video.play();
          const jump = video.currentTime - paused;
          const startedAt = performance.now();
          await sleep(200);
          const late = (performance.now() - startedAt) / 1000 - (video.currentTime - paused);
          lines.push(
            `${how}: currentTime jumps ${(jump * 1000).toFixed(1)} ms at play(); 200 ms on, ${(late * 1000).toFixed(1)} ms behind a start with no delay`,
          );
        }
      }
      return lines;
    },
    { clip: CLIP_NAME, rounds: ROUNDS },
  );
  console.log(rows.join('\n'));
} finally {
  await clipBrowser.close();
}
