// Prints the sync benchmark's table and summary line for one run of one scenario and writes its plot (the median
// table over several runs is median-table.ts's). Also runs on its own over a saved recording:
// `node bench/sync/report.ts bench/results/sync-4g.json`.
import { readFileSync, writeFileSync } from 'node:fs';
import { fixed, formatTable } from '../lib/table.ts';
import {
  convergence,
  type ErrorPoint,
  errorSeries,
  estimateAt,
  type HostAction,
  type PageSamples,
  percentile,
  pingSamples,
  reactionMs,
  type SyncSummary,
  steadinessErrors,
  steadyState,
  summarise,
} from './analysis.ts';
import type { FakeSeek } from './fake-youtube/index.ts';
import { renderErrorPlot } from './plot.ts';
import type { Goals } from './scenarios.ts';

export interface Recording {
  /** The scenario's name (bench/sync/scenarios.ts); recordings from before issue #15 have none: lan. */
  scenario?: string;
  description?: string;
  goals?: Goals;
  /** The route's known clock bias, follower − host in ms ((up − down) / 2): what no round-trip estimate sees. */
  biasMs?: number;
  /** The proxy's stall windows during the measurement, on the common clock. */
  stalls?: { from: number; to: number }[];
  /** The run's seed (`--seed`): the proxy's jitter, the fake YouTube's draws; `jitterSeed` in older recordings. */
  seed?: number;
  jitterSeed?: number;
  start: number;
  end: number;
  /** The first is the start of the measurement (both players running), then the host's actions. */
  actions: HostAction[];
  /** Each page's common clock minus Date.now() (ms): near 0 when both pages share one clock. */
  skews: number[];
  /** The machine it ran on (bench/lib/machine.ts). */
  machine?: string;
  host: PageSamples;
  follower: PageSamples;
  /** The fake YouTube's seeks on each page (the `youtube` scenario). */
  fakeSeeks?: Record<'host' | 'follower', FakeSeek[]>;
}

/** What one run of a scenario measured, for the median table. */
export interface ScenarioResult {
  scenario: string;
  summary: SyncSummary;
  /** The median of the signed steady-state error: the follower's constant lead (+) or lag (−), its clock bias. */
  signedMedianMs: number;
  /**
   * The follower's clock estimate at the start of the measurement (server − local, ms): on one machine the true
   * offset is 0, so this is its error; NaN for recordings without the socket tap.
   */
  clockErrorMs: number;
  /** p95 of each page's |position − its own straight line| between actions: what the machine allows. */
  hostSteadinessMs: number;
  followerSteadinessMs: number;
  /** The route's known bias (ms), and the summary with it removed (asymmetric routes only). */
  biasMs: number;
  debiased: SyncSummary | null;
  /** The 1-minute load average when the run ended. */
  load: number;
  met: boolean;
  /** A scenario's own numbers beyond the error's (p2p-file: first_frame_ms…), by their summary-line names. */
  extras?: Record<string, number>;
  /** The numbers the summary line carries, in order, when not the usual ones and the extras (`ready`'s). */
  lineNames?: string[];
  /** The printed report, ending with its summary line. */
  text: string;
}

/** Issue #4's goals, for its recordings, which carry none. */
const DEFAULT_GOALS: Goals = { p95Ms: 50, convergeMs: 1000 };

export const plotPath = (scenario: string) => `bench/sync/sync-error-${scenario}.svg`;
const LEGACY_PLOT_PATH = 'bench/sync/sync-error.svg';

function framesPerSecond(samples: PageSamples, start: number, end: number): number {
  return samples.frames.filter(([at]) => at >= start && at <= end).length / ((end - start) / 1000);
}

/** How often a page's player seeked and changed its rate during the measurement (a follower's corrections). */
function corrections(samples: PageSamples, start: number, end: number): string {
  const during = samples.events.filter(([at]) => at >= start && at <= end);
  const count = (type: string) => during.filter(([, name]) => name === type).length;
  return `${count('seeking')} seeks, ${count('ratechange')} rate changes`;
}

/** The steady-state summary of an error series, and each action's convergence. */
function analyse(points: ErrorPoint[], actions: HostAction[], end: number) {
  const convergences = convergence(points, actions, end);
  const steady = steadyState(points, convergences);
  return { convergences, steady, summary: summarise(steady, convergences.slice(1)) };
}

/** Whether a run met its scenario's goals, its own numbers' limits included. */
export const meets = (summary: SyncSummary, goals: Goals, extras: Record<string, number> = {}) =>
  summary.p95Ms <= goals.p95Ms &&
  summary.convergeMs <= goals.convergeMs &&
  summary.allConverged &&
  Object.entries(goals.limits ?? {}).every(([name, limit]) => (extras[name] ?? Number.NaN) <= limit);

function loadOf(machine: string | undefined): number {
  return Number(/load average ([\d.]+)/.exec(machine ?? '')?.[1] ?? Number.NaN);
}

export function report(recording: Recording, progress = { run: 1, runs: 1 }): ScenarioResult {
  const { start, end, actions, skews, host, follower } = recording;
  const scenario = recording.scenario ?? 'lan';
  const goals = recording.goals ?? DEFAULT_GOALS;
  const biasMs = recording.biasMs ?? 0;
  const seed = recording.seed ?? recording.jitterSeed;
  // An <audio> player (SoundCloud's) shows no frames: its currentTime is all there is to compare.
  const basis = host.frames.length > 0 ? 'frame' : 'currentTime';
  const points = errorSeries(host, follower, start, end, 10, basis);
  const { convergences, steady, summary } = analyse(points, actions, end);
  const clock = analyse(errorSeries(host, follower, start, end, 10, 'currentTime'), actions, end);
  // An asymmetric route: the same, against the bias any round-trip clock estimate keeps (scenarios.ts).
  const debiased =
    biasMs === 0
      ? null
      : analyse(
          points.map((point) => ({ at: point.at, errorMs: point.errorMs - biasMs })),
          actions,
          end,
        ).summary;
  const met = meets(debiased ?? summary, goals);
  const signedMedianMs = percentile(
    steady.map((point) => point.errorMs),
    50,
  );
  const hostSteadinessMs = percentile(steadinessErrors(host, actions, end), 95);
  const followerSteadinessMs = percentile(steadinessErrors(follower, actions, end), 95);
  const pings = pingSamples(follower.socket ?? []);
  const [atStart, atEnd] = [estimateAt(pings, start), estimateAt(pings, end)];
  const clockErrorMs = atStart?.offsetMs ?? Number.NaN;
  const estimate = (ping: typeof atStart) =>
    ping ? `${fixed(ping.offsetMs)} ms (fastest round trip ${fixed(ping.delayMs)} ms)` : 'none';

  const actionRows = convergences.map((entry, index) => {
    const reaction = reactionMs(follower, entry.action, actions[index + 1]?.at ?? end);
    return [
      entry.action.label,
      fixed((entry.action.at - start) / 1000),
      reaction === null ? '' : fixed(reaction),
      entry.convergeMs === null ? 'never' : fixed(entry.convergeMs),
      fixed(entry.peakMs),
    ];
  });
  const summaryRow = (name: string, s: SyncSummary) => [
    name,
    fixed(s.p50Ms),
    fixed(s.p95Ms),
    fixed(s.maxMs),
    `${fixed(s.convergeMs, 0)}${s.allConverged ? '' : ' (not converged)'}`,
  ];
  const rows = [
    summaryRow(basis === 'frame' ? 'displayed frame (rVFC)' : 'currentTime (<audio>)', summary),
    summaryRow('currentTime (cross-check)', clock.summary),
  ];
  if (debiased) rows.push(summaryRow(`rVFC, ${fixed(biasMs, 0)} ms bias removed`, debiased));
  const lines = [
    `Sync benchmark [${scenario}]${progress.runs > 1 ? ` run ${progress.run} of ${progress.runs}` : ''}: ${recording.description ?? 'loopback'}; host and follower in one Chromium, ${fixed((end - start) / 1000)} s sampled`,
    `machine: ${recording.machine ?? 'not recorded'}`,
    `clock check (common clock − Date.now()): ${skews.map((skew) => `${fixed(skew)} ms`).join(', ')}`,
    `frames presented per second: host ${fixed(framesPerSecond(host, start, end))}, follower ${fixed(framesPerSecond(follower, start, end))}`,
    `player events: host ${corrections(host, start, end)}; follower ${corrections(follower, start, end)}`,
    `network stalls during the measurement: ${recording.stalls?.length ?? 0}${seed === undefined ? '' : `; seed ${seed}`}`,
    '',
    formatTable(
      ['host action', 'at (s)', 'follower did it after (ms)', 'converge (ms)', 'peak error (ms)'],
      actionRows,
    ),
    '',
    'steady-state |follower − host|, every 10 ms outside the convergence windows:',
    formatTable(['position from', 'p50 (ms)', 'p95 (ms)', 'max (ms)', 'worst converge (ms)'], rows),
    `median signed error (follower − host; its clock bias): ${fixed(signedMedianMs)} ms`,
    `each page on its own, p95 of |position − a straight line| between actions (frames included): host ${fixed(hostSteadinessMs)} ms, follower ${fixed(followerSteadinessMs)} ms`,
    `follower's clock estimate (its pings through the app's estimator, R90; the true offset is 0 on one machine): ${estimate(atStart)} at the start, ${estimate(atEnd)} at the end (with its fastest round trip); ${pings.length} pings, round trips ${fixed(Math.min(...pings.map((p) => p.delayMs)))}–${fixed(Math.max(...pings.map((p) => p.delayMs)))} ms`,
  ];
  if (recording.fakeSeeks) lines.push(`fake YouTube seeks (asked → landed, stall): ${describeSeeks(recording)}`);
  if (biasMs !== 0) {
    lines.push(
      `route bias: (up − down) / 2 = ${fixed(biasMs, 0)} ms, which no round-trip clock estimate can see; judged with it removed`,
    );
  }
  lines.push(
    `goal p95 ≤ ${goals.p95Ms} ms, converge ≤ ${goals.convergeMs} ms${biasMs === 0 ? '' : ' (bias removed)'}: ${met ? 'met' : 'MISSED'}`,
  );

  const plotPoints = errorSeries(host, follower, start, end, 50, basis);
  const title = `[${scenario}] follower − host (rVFC): p95 ${fixed(summary.p95Ms)} ms, worst converge ${fixed(summary.convergeMs, 0)} ms`;
  const svg = renderErrorPlot(plotPoints, actions, start, title, { stalls: recording.stalls, biasMs });
  // Issue #4's recording (no scenario) keeps its own plot, which bench/README.md shows with its report.
  const path = recording.scenario ? plotPath(scenario) : LEGACY_PLOT_PATH;
  writeFileSync(path, `${svg}\n`);
  lines.push(`plot: ${path}`);
  lines.push(summaryLine(scenario, summary, debiased, biasMs, progress.runs > 1 ? progress : null, seed));
  return {
    scenario,
    summary,
    signedMedianMs,
    clockErrorMs,
    hostSteadinessMs,
    followerSteadinessMs,
    biasMs,
    debiased,
    load: loadOf(recording.machine),
    met,
    text: lines.join('\n'),
  };
}

function describeSeeks({ fakeSeeks, start, end }: Recording): string {
  const during = (seeks: FakeSeek[]) => seeks.filter((seek) => seek.at >= start && seek.at <= end);
  const each = ({ at, target, landed, stallMs }: FakeSeek) =>
    `${fixed((at - start) / 1000)} s: ${fixed(target, 2)} → ${fixed(landed, 2)} in ${fixed(stallMs, 0)} ms`;
  return `host ${during(fakeSeeks?.host ?? [])
    .map(each)
    .join(', ')}; follower ${during(fakeSeeks?.follower ?? [])
    .map(each)
    .join(', ')}`;
}

/**
 * The run's (or the medians') one-line summary, which scripts read. With `only`, exactly those numbers in that
 * order, taken from the summary (p50_ms, p95_ms, max_ms, converge_ms) and the extras.
 */
export function summaryLine(
  scenario: string,
  s: SyncSummary,
  debiased: SyncSummary | null,
  biasMs: number,
  progress: { run: number; runs: number } | null,
  seed?: number,
  extras: Record<string, number> = {},
  only?: string[],
): string {
  const round = (value: number) => Math.round(value);
  const run = `${progress ? ` run=${progress.run}/${progress.runs}` : ''}${seed === undefined ? '' : ` seed=${seed}`}`;
  if (only) {
    const numbers: Record<string, number> = {
      p50_ms: s.p50Ms,
      p95_ms: s.p95Ms,
      max_ms: s.maxMs,
      converge_ms: s.convergeMs,
      ...extras,
    };
    return `sync[${scenario}]${run}${only.map((name) => ` ${name}=${round(numbers[name] ?? Number.NaN)}`).join('')}`;
  }
  const bias = debiased
    ? ` bias_ms=${round(biasMs)} p95_debiased_ms=${round(debiased.p95Ms)} converge_debiased_ms=${round(debiased.convergeMs)}`
    : '';
  const own = Object.entries(extras)
    .map(([name, value]) => ` ${name}=${round(value)}`)
    .join('');
  return `sync[${scenario}]${run} p50_ms=${round(s.p50Ms)} p95_ms=${round(s.p95Ms)} max_ms=${round(s.maxMs)} converge_ms=${round(s.convergeMs)}${bias}${own}`;
}

if (import.meta.main) {
  const path = process.argv[2];
  if (!path) {
    console.error('usage: node bench/sync/report.ts <recording.json>');
    process.exit(2);
  }
  console.log(report(JSON.parse(readFileSync(path, 'utf8')) as Recording).text);
}
