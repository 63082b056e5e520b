// `node bench/sync/play-anchor.ts <recording.json>…` — where the host's player really is against the anchor its play
// after the pause gave the room (R116, issue #27 item 3), from bench:sync recordings (bench/results/sync-*.json).
// For the first playing state the host receives after its 'play': the host's displayed frame (rVFC) minus the
// anchor's position (current_time + elapsed since updated_at), 150, 300 and 600 ms after the stamp, and the rates
// the host set itself in the 1.5 s after (its nudges toward its own anchor). 0 and no rates: every player chases
// the frame the host shows. On one machine the pages' common clock and the server's are the same clock.
import { readFileSync } from 'node:fs';
import { positionAt } from './analysis.ts';
import type { Recording } from './report.ts';

const AFTER_MS = [150, 300, 600];

interface Anchor {
  position: number;
  stampedAt: number;
}

/** The first state the host hears after `after` in which the room plays: the anchor of its play. */
function playAnchor(recording: Recording, after: number): Anchor | null {
  for (const [at, direction, text] of recording.host.socket ?? []) {
    if (at <= after || direction !== 'in' || !text.includes('"current_video"')) continue;
    const [, payload] = JSON.parse(text.slice(text.indexOf('['))) as [string, { set?: { current_video?: unknown } }];
    const video = payload.set?.current_video as { playing: boolean; current_time: number; updated_at: number } | null;
    if (video?.playing) return { position: video.current_time, stampedAt: video.updated_at };
  }
  return null;
}

for (const path of process.argv.slice(2)) {
  const recording = JSON.parse(readFileSync(path, 'utf8')) as Recording;
  const play = recording.actions.find((action) => action.label === 'play');
  const anchor = play && playAnchor(recording, play.at);
  if (!play || !anchor) {
    console.log(`${path}: no play, or no playing state after it`);
    continue;
  }
  const offsets = AFTER_MS.map((ms) => {
    const at = anchor.stampedAt + ms;
    const host = positionAt(recording.host, at) ?? Number.NaN;
    return `${ms} ms: ${((host - anchor.position - ms / 1000) * 1000).toFixed(1)}`;
  });
  const rates = recording.host.events
    .filter(([at, type]) => type === 'ratechange' && at > play.at && at < play.at + 1500)
    .map(([, , , rate]) => rate.toFixed(3));
  console.log(`${path}: host − anchor ${offsets.join(', ')} ms; host's own rates after: ${rates.join(' ') || 'none'}`);
}
