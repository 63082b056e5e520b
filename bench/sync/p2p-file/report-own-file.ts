// The `p2p-file` scenario's report (issue #22 item 4): the usual numbers for each of the three followers against
// the host, judged on the worst of them, plus the first frame after the host selects the film, the far seek, the
// bytes our server sent each follower, and where each follower's time went (the pieces it fetched). Also runs on
// its own over a saved recording: `node bench/sync/p2p-file/report-own-file.ts bench/results/sync-p2p-file.json`.
import { readFileSync, writeFileSync } from 'node:fs';
import { fixed, formatTable } from '../../lib/table.ts';
import {
  convergence,
  errorSeries,
  estimateAt,
  type HostAction,
  type PageSamples,
  percentile,
  pingSamples,
  type SyncSummary,
  steadinessErrors,
  steadyState,
  summarise,
} from '../analysis.ts';
import { renderErrorPlot } from '../plot.ts';
import { meets, plotPath, type ScenarioResult, summaryLine } from '../report.ts';
import type { Goals } from '../scenarios.ts';
import type { PieceTap } from './piece-tap.ts';

export interface OwnFileRecording {
  scenario: string;
  description: string;
  goals: Goals;
  seed: number;
  /** Whether the followers' WebRTC crossed the delaying relays or went straight over loopback. */
  webrtc: 'relayed' | 'direct';
  film: { name: string; bytes: number; seconds: number };
  /** When the host clicked the film's play button in the playlist (common clock). */
  selectAt: number;
  /** Each page's first presented frame (common clock). */
  firstFrames: { host: number; followers: number[] };
  start: number;
  end: number;
  actions: HostAction[];
  /** The host's seek to a part nobody held, and when each follower played there. */
  farSeek: { at: number; target: number; readyAt: number[]; end: number };
  /** Bytes the app sent each follower (at its proxy) from the select to farSeek.end. */
  serverBytes: number[];
  /** Datagram bytes through the relays (follower → host counted as outbound of the followers' relays too). */
  udpBytes?: { outbound: number; inbound: number };
  skews: number[];
  machine: string;
  host: PageSamples;
  followers: PageSamples[];
  pieces: PieceTap[];
}

const worst = (values: number[]) => Math.max(...values);

/** The steady-state summary and convergences of one follower over [from, to] after `actions`. */
function analyse(host: PageSamples, follower: PageSamples, actions: HostAction[], from: number, to: number) {
  const points = errorSeries(host, follower, from, to, 10);
  const convergences = convergence(points, actions, to);
  const steady = steadyState(points, convergences);
  return { points, convergences, steady, summary: summarise(steady, convergences.slice(1)) };
}

/** Where one follower's time went: its range asks and piece round trips, after the select and after the far seek. */
function piecesLine(tap: PieceTap, selectAt: number, seekAt: number, readyAt: number): string {
  const done = tap.trips.filter(([, , endAt, , , missed]) => endAt > 0 && missed !== 1);
  const misses = tap.trips.filter(([, , , , , missed]) => missed === 1).length;
  const trips = done.map(([sentAt, , endAt]) => endAt - sentAt);
  const firstBytes = done.map(([sentAt, firstAt]) => firstAt - sentAt).filter((ms) => ms >= 0);
  const after = (at: number) => ({
    ask: tap.ranges.find(([askedAt]) => askedAt >= at),
    trip: done.find(([sentAt]) => sentAt >= at),
    before: done.filter(([sentAt, , endAt]) => sentAt >= at && endAt <= readyAt).length,
  });
  const first = after(selectAt);
  const seek = after(seekAt);
  const ms = (at: number | undefined, from: number) => (at === undefined ? 'none' : `+${fixed(at - from, 0)} ms`);
  return (
    `${done.length} pieces (${misses} asks answered miss), round trip p50 ${fixed(percentile(trips, 50), 0)} / p95 ${fixed(percentile(trips, 95), 0)} ms ` +
    `(first bytes p50 ${fixed(percentile(firstBytes, 50), 0)} ms); after the select: range asked ${ms(first.ask?.[0], selectAt)}, ` +
    `first piece back ${ms(first.trip?.[2], selectAt)}; after the far seek: range asked ${ms(seek.ask?.[0], seekAt)} ` +
    `(byte ${seek.ask?.[1] ?? '?'}), first piece back ${ms(seek.trip?.[2], seekAt)}, ${seek.before} pieces fetched before it played there`
  );
}

export function reportOwnFile(recording: OwnFileRecording, progress = { run: 1, runs: 1 }): ScenarioResult {
  const { host, followers, actions, start, end, farSeek, selectAt, scenario, goals } = recording;
  const perFollower = followers.map((follower, index) => {
    const script = analyse(host, follower, actions, start, end);
    const far = analyse(host, follower, [{ at: farSeek.at, label: 'seek 80 %' }], farSeek.at, farSeek.end);
    const minutes = (farSeek.end - selectAt) / 60_000;
    return {
      script,
      farConvergeMs: far.convergences[0]?.convergeMs ?? null,
      // From the samples, not the run's wait for it: a follower slower than that wait still has its first frame.
      firstFrameMs: (follower.frames[0]?.[0] ?? Number.NaN) - selectAt,
      seekReadyMs: (farSeek.readyAt[index] ?? Number.NaN) - farSeek.at,
      bytesPerMinute: (recording.serverBytes[index] ?? Number.NaN) / minutes,
      clockMs: estimateAt(pingSamples(follower.socket ?? []), start)?.offsetMs ?? Number.NaN,
      steadinessMs: percentile(steadinessErrors(follower, actions, end), 95),
    };
  });
  const summary: SyncSummary = {
    p50Ms: worst(perFollower.map((f) => f.script.summary.p50Ms)),
    p95Ms: worst(perFollower.map((f) => f.script.summary.p95Ms)),
    maxMs: worst(perFollower.map((f) => f.script.summary.maxMs)),
    convergeMs: worst(perFollower.map((f) => f.script.summary.convergeMs)),
    allConverged: perFollower.every((f) => f.script.summary.allConverged),
  };
  const extras = {
    first_frame_ms: worst(perFollower.map((f) => f.firstFrameMs)),
    seek_ready_ms: worst(perFollower.map((f) => f.seekReadyMs)),
    server_bytes_per_viewer_min: worst(perFollower.map((f) => f.bytesPerMinute)),
  };
  const met = meets(summary, goals, extras);
  const worstIndex = perFollower.findIndex((f) => f.script.summary.p95Ms === summary.p95Ms);
  const plotted = perFollower[worstIndex]?.script.points ?? [];
  const title = `[${scenario}] follower ${worstIndex + 1} − host (rVFC), the worst p95 of three: ${fixed(summary.p95Ms)} ms`;
  writeFileSync(
    plotPath(scenario),
    `${renderErrorPlot(
      plotted.filter((_, i) => i % 5 === 0),
      actions,
      start,
      title,
    )}\n`,
  );

  const rows = perFollower.map((f, index) => [
    `follower ${index + 1}`,
    fixed(f.firstFrameMs, 0),
    fixed((f.script.steady.length * 10) / 1000),
    fixed(f.script.summary.p50Ms),
    fixed(f.script.summary.p95Ms),
    fixed(f.script.summary.maxMs),
    `${fixed(f.script.summary.convergeMs, 0)}${f.script.summary.allConverged ? '' : ' (not converged)'}`,
    fixed(f.seekReadyMs, 0),
    f.farConvergeMs === null ? 'never' : fixed(f.farConvergeMs, 0),
    fixed(f.bytesPerMinute, 0),
    fixed(f.clockMs),
    fixed(f.steadinessMs),
  ]);
  const actionRows = actions.map((action, index) => [
    action.label,
    fixed((action.at - start) / 1000),
    ...perFollower.map((f) => {
      const converge = f.script.convergences[index]?.convergeMs;
      return converge === null || converge === undefined ? 'never' : fixed(converge, 0);
    }),
  ]);
  const lines = [
    `Sync benchmark [${scenario}]${progress.runs > 1 ? ` run ${progress.run} of ${progress.runs}` : ''}: ${recording.description}; ${followers.length} followers, each in its own Chromium; WebRTC ${recording.webrtc === 'relayed' ? 'through the delaying relays' : 'straight over loopback (SYNC_BENCH_P2P_DIRECT=1)'}`,
    `machine: ${recording.machine}`,
    `film: ${recording.film.name}, ${fixed(recording.film.bytes / 1e6)} MB, ${fixed(recording.film.seconds, 0)} s; host's own first frame (from a blob: URL) ${fixed(recording.firstFrames.host - selectAt, 0)} ms after the select`,
    `clock check (common clock − Date.now()): ${recording.skews.map((skew) => `${fixed(skew)} ms`).join(', ')}`,
    '',
    formatTable(['host action', 'at (s)', ...followers.map((_, i) => `follower ${i + 1} converge (ms)`)], actionRows),
    '',
    `steady (s): how much of the script's 45 s each follower's p50/p95/max come from (outside the windows after an action until it converged; a window that never converged is left out whole)`,
    `far seek: the host to ${recording.farSeek.target} s, ${fixed((farSeek.at - start) / 1000)} s after the start; server bytes from the select to ${fixed((farSeek.end - selectAt) / 1000)} s after it`,
    formatTable(
      [
        'follower',
        'first frame (ms)',
        'steady (s)',
        'p50 (ms)',
        'p95 (ms)',
        'max (ms)',
        'converge (ms)',
        'seek ready (ms)',
        'converge after it (ms)',
        'server bytes / min',
        'clock estimate (ms)',
        'alone p95 (ms)',
      ],
      rows,
    ),
    ...recording.pieces.map(
      (tap, index) =>
        `follower ${index + 1}: ${piecesLine(tap, selectAt, farSeek.at, farSeek.readyAt[index] ?? farSeek.end)}`,
    ),
    recording.udpBytes
      ? `relayed datagrams: ${fixed(recording.udpBytes.outbound / 1e6)} MB towards peers, ${fixed(recording.udpBytes.inbound / 1e6)} MB back`
      : 'WebRTC not relayed',
    `goal p95 ≤ ${goals.p95Ms} ms, converge ≤ ${goals.convergeMs} ms, ${Object.entries(goals.limits ?? {})
      .map(([name, limit]) => `${name} ≤ ${limit}`)
      .join(', ')} (the worst follower): ${met ? 'met' : 'MISSED'}`,
    `plot: ${plotPath(scenario)}`,
    summaryLine(scenario, summary, null, 0, progress.runs > 1 ? progress : null, recording.seed, extras),
  ];
  const pooledSigned = perFollower.flatMap((f) => f.script.steady.map((point) => point.errorMs));
  return {
    scenario,
    summary,
    signedMedianMs: percentile(pooledSigned, 50),
    clockErrorMs: worst(perFollower.map((f) => Math.abs(f.clockMs))),
    hostSteadinessMs: percentile(steadinessErrors(host, actions, end), 95),
    followerSteadinessMs: worst(perFollower.map((f) => f.steadinessMs)),
    biasMs: 0,
    debiased: null,
    load: Number(/load average ([\d.]+)/.exec(recording.machine)?.[1] ?? Number.NaN),
    met,
    extras,
    text: lines.join('\n'),
  };
}

if (import.meta.main) {
  const path = process.argv[2];
  if (!path) {
    console.error('usage: node bench/sync/p2p-file/report-own-file.ts <recording.json>');
    process.exit(2);
  }
  console.log(reportOwnFile(JSON.parse(readFileSync(path, 'utf8')) as OwnFileRecording).text);
}
