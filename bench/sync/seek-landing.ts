// `node bench/sync/seek-landing.ts <recording.json>…` — how a `youtube` follower met each of the host's seeks (R125,
// issue #27 item 4), from bench:sync recordings (bench/results/sync-youtube.json; keep one per run to compare runs).
// For each host seek: how many seeks the fake YouTube carried out for the follower in the 3 s after it; the landing
// error, follower − host (displayed frames) 100 ms after both first seeks have landed; and, from when both players
// play again (their first 'playing' after the seek) for 1.5 s, the mean and peak |follower − host| and the rates the
// follower set. Less moved by the machine's load than convergence, which one late frame can reset.
import { readFileSync } from 'node:fs';
import { type EventSample, errorSeries, positionAt } from './analysis.ts';
import type { FakeSeek } from './fake-youtube/index.ts';
import type { Recording } from './report.ts';

const SEEKS_WINDOW_MS = 3000;
const AFTER_LANDING_MS = 100;
const PLAYING_WINDOW_MS = 1500;

const ms = (seconds: number) => Math.round(seconds * 1000);

/** When the first of `seeks` landed (common clock), or NaN when there is none. */
function landedAt(seeks: readonly FakeSeek[]): number {
  const first = seeks[0];
  return first ? first.at + first.stallMs : Number.NaN;
}

function firstPlaying(events: readonly EventSample[], after: number): number {
  return events.find(([at, type]) => at > after && type === 'playing')?.[0] ?? Number.NaN;
}

for (const path of process.argv.slice(2)) {
  const recording = JSON.parse(readFileSync(path, 'utf8')) as Recording;
  const fake = recording.fakeSeeks;
  if (!fake) {
    console.log(`${path}: no fake YouTube seeks (not a youtube recording)`);
    continue;
  }
  const lines = [`${path} (seed ${recording.seed})`];
  for (const action of recording.actions.filter(({ label }) => label.startsWith('seek'))) {
    const near = (seek: FakeSeek) => seek.at >= action.at - 50 && seek.at <= action.at + SEEKS_WINDOW_MS;
    const hostSeeks = fake.host.filter(near);
    const followerSeeks = fake.follower.filter(near);
    const landing = Math.max(landedAt(hostSeeks), landedAt(followerSeeks)) + AFTER_LANDING_MS;
    const host = positionAt(recording.host, landing);
    const follower = positionAt(recording.follower, landing);
    const landingError = host === null || follower === null ? 'unknown' : `${ms(follower - host)} ms`;
    const playing = Math.max(
      firstPlaying(recording.host.events, action.at),
      firstPlaying(recording.follower.events, action.at),
    );
    const errors = errorSeries(recording.host, recording.follower, playing + 50, playing + PLAYING_WINDOW_MS).map(
      ({ errorMs }) => Math.abs(errorMs),
    );
    const mean = errors.reduce((sum, error) => sum + error, 0) / errors.length;
    const rates = recording.follower.events.filter(
      ([at, type]) => type === 'ratechange' && at >= playing && at <= playing + PLAYING_WINDOW_MS,
    ).length;
    lines.push(
      `  ${action.label}: follower seeks ${followerSeeks.length}, landing error ${landingError}; first 1.5 s both playing: ` +
        `mean ${Math.round(mean)} ms, peak ${Math.round(Math.max(...errors))} ms, ${rates} rate changes`,
    );
  }
  console.log(lines.join('\n'));
}
