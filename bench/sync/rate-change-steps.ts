// `node bench/sync/rate-change-steps.ts` — what one playbackRate change does to Chromium's media clock, step by
// step (R94, RATE_CHANGE_DELAY_SECONDS and RATE_STRETCH_START_SECONDS in packages/protocol/src/sync.ts). One page
// plays the bench clip, muted and then with sound. For each step (1 → r and r → 1, r from 0.8 to 1.2) it reads
// currentTime every 5 ms for 300 ms before the change and 300 ms from 200 ms after it, extrapolates both lines to
// the moment of the change, and prints how much media time the step lost there (positive: the player is behind
// where the old rate would have taken it). A rate that applies τ late loses (r_new − r_old) × τ; a fixed cost shows
// as the same loss whatever the step's size.

import { CLIP_NAME } from './clip.ts';
import { openClipBrowser } from './clip-browser.ts';

const ROUNDS = 3;
const NUDGES = [0.8, 0.9, 0.95, 0.97, 1.03, 1.05, 1.1, 1.2];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? Number.NaN;

const clipBrowser = await openClipBrowser();
try {
  for (const muted of [true, false]) {
    const page = await clipBrowser.newPage();
    const losses: { from: number; to: number; lossMs: number }[] = await page.evaluate(
      async ({ clip, muted, rounds, nudges }) => {
        const video = document.createElement('video');
        video.src = `/${clip}`;
        video.muted = muted;
        video.loop = true;
        document.body.append(video);
        await video.play();
        const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
        const sample = async (ms: number) => {
          const samples: [number, number][] = [];
          const end = performance.now() + ms;
          while (performance.now() < end) {
            samples.push([performance.now(), video.currentTime]);
            await sleep(5);
          }
          return samples;
        };
        /** Where the samples' line (at `rate`) puts the media at wall time `at`: the median of each sample's guess. */
        const lineAt = (samples: [number, number][], rate: number, at: number) => {
          const guesses = samples.map(([wall, media]) => media + ((at - wall) / 1000) * rate).sort((a, b) => a - b);
          return guesses[guesses.length >> 1] ?? Number.NaN;
        };
        await sleep(1500);
        const out: { from: number; to: number; lossMs: number }[] = [];
        for (let round = 0; round < rounds; round++) {
          for (const nudge of nudges) {
            for (const [from, to] of [
              [1, nudge],
              [nudge, 1],
            ] as const) {
              video.playbackRate = from;
              await sleep(400);
              const before = await sample(300);
              const at = performance.now();
              video.playbackRate = to;
              await sleep(200);
              const after = await sample(300);
              out.push({ from, to, lossMs: (lineAt(before, from, at) - lineAt(after, to, at)) * 1000 });
            }
          }
        }
        return out;
      },
      { clip: CLIP_NAME, muted, rounds: ROUNDS, nudges: NUDGES },
    );
    await page.close();
    console.log(`\n${muted ? 'muted' : 'with sound'}: media time lost at each step (ms, median of ${ROUNDS})`);
    const leaving: number[] = [];
    const delays: number[] = [];
    for (const nudge of NUDGES) {
      const of = (from: number, to: number) =>
        median(losses.filter((loss) => loss.from === from && loss.to === to).map((loss) => loss.lossMs));
      const away = of(1, nudge);
      const back = of(nudge, 1);
      // away = start + (r − 1) τ and back = −(r − 1) τ, if a change applies τ late and leaving 1 costs `start`.
      leaving.push(away + back);
      delays.push(-back / (nudge - 1));
      console.log(`1 → ${nudge}: ${away.toFixed(1)}   ${nudge} → 1: ${back.toFixed(1)}`);
    }
    console.log(
      `leaving the rate 1 costs ${median(leaving).toFixed(1)} ms (a nudge's two steps together); a new rate applies ${median(delays).toFixed(0)} ms late (median over the steps)`,
    );
  }
} finally {
  await clipBrowser.close();
}
