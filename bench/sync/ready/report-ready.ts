// The `ready` scenario's report (issue #27 item 5): for each host action, how long the room waited before its clock
// started and how far apart the four viewers started playing; then the usual error against the host, judged on
// the worst follower, with each action's window counted from the room's start (what happens once the room plays).
// Also runs on its own over a saved recording: `node bench/sync/ready/report-ready.ts bench/results/sync-ready.json`.
import { readFileSync, writeFileSync } from 'node:fs';
import { median } from '../../lib/percentiles.ts';
import { fixed, formatTable } from '../../lib/table.ts';
import {
  convergence,
  errorSeries,
  type HostAction,
  type PageSamples,
  percentile,
  type SyncSummary,
  steadyState,
  summarise,
} from '../analysis.ts';
import { renderErrorPlot } from '../plot.ts';
import { meets, plotPath, type ScenarioResult, summaryLine } from '../report.ts';
import type { Goals } from '../scenarios.ts';
import { type ActionStart, actionStarts, type ReadyAction } from './ready-analysis.ts';
import type { TappedCommit } from './room-tap.ts';

export interface ReadyRecording {
  scenario: string;
  description: string;
  goals: Goals;
  seed: number;
  /** The bound the host asked for (s), and what the server answered (an error where the setting does not exist). */
  gateSeconds: number;
  gateAnswer: unknown;
  clip: { bytes: number; seconds: number; throttledBytesPerSecond: number };
  /** Bytes the throttled link carried. */
  throttledBytes: number;
  /** What each viewer is (host first), and its person key (R51). */
  roles: string[];
  personKeys: (string | null)[];
  start: number;
  end: number;
  actions: ReadyAction[];
  /** Every commit the host heard that changed what plays or whom a start waits for. */
  commits: TappedCommit[];
  skews: number[];
  machine: string;
  /** Host first, then the followers. */
  viewers: PageSamples[];
}

/** The names the summary line carries, in its order (the issue's line). */
export const READY_LINE = ['start_spread_ms', 'max_wait_ms', 'p95_ms', 'converge_ms'];

/** Whether the server took the host's bound: an answer with a version, not an error. */
export const gateTaken = (answer: unknown) =>
  typeof answer === 'object' && answer !== null && 'version' in answer && !('error' in answer);

/** Each action as the error analysis sees it: from the room's start (a pause: its commit), not the host's click. */
function fromRoomStart(starts: ActionStart[]): HostAction[] {
  return starts.map((entry) => ({
    at: entry.startAt ?? entry.commitAt ?? entry.action.at,
    label: entry.action.label,
  }));
}

/** One follower against the host: points outside the rooms' waits, convergence after each start, steady state. */
function analyseFollower(host: PageSamples, follower: PageSamples, starts: ActionStart[], from: number, to: number) {
  const waits = starts.map((entry) => ({
    from: entry.action.at,
    to: entry.startAt ?? entry.commitAt ?? entry.action.at,
  }));
  const points = errorSeries(host, follower, from, to, 10).filter(
    (point) => !waits.some((wait) => point.at >= wait.from && point.at < wait.to),
  );
  const convergences = convergence(points, fromRoomStart(starts), to);
  const steady = steadyState(points, convergences);
  return { points, convergences, steady, summary: summarise(steady, convergences) };
}

const ms = (value: number | null | undefined, digits = 0) =>
  value === null || value === undefined || Number.isNaN(value) ? '–' : fixed(value, digits);

export function reportReady(recording: ReadyRecording, progress = { run: 1, runs: 1 }): ScenarioResult {
  const { viewers, actions, commits, start, end, scenario, goals } = recording;
  const [host, ...followers] = viewers as [PageSamples, ...PageSamples[]];
  const starts = actionStarts(
    actions,
    commits,
    viewers.map((viewer) => ({ frames: viewer.frames, socket: viewer.socket ?? [] })),
    end,
  );
  const perFollower = followers.map((follower) => analyseFollower(host, follower, starts, start, end));
  const summary: SyncSummary = {
    p50Ms: Math.max(...perFollower.map((f) => f.summary.p50Ms)),
    p95Ms: Math.max(...perFollower.map((f) => f.summary.p95Ms)),
    maxMs: Math.max(...perFollower.map((f) => f.summary.maxMs)),
    convergeMs: Math.max(...perFollower.map((f) => f.summary.convergeMs)),
    allConverged: perFollower.every((f) => f.summary.allConverged),
  };

  const gateOn = gateTaken(recording.gateAnswer) && recording.gateSeconds > 0;
  const boundMs = gateOn ? recording.gateSeconds * 1000 : 0;
  const starting = starts.filter((entry) => entry.action.kind !== 'pause');
  // A viewer that never started in its window counts as starting at the window's end: a spread at least that long.
  const spreadOf = (entry: ActionStart) => {
    if (entry.spreadMs !== null) return entry.spreadMs;
    const until = actions[actions.indexOf(entry.action) + 1]?.at ?? end;
    const started = entry.firstFrames.filter((at): at is number => at !== null);
    return started.length > 0 ? until - Math.min(...started) : until - (entry.commitAt ?? entry.action.at);
  };
  const spreads = starting.map(spreadOf);
  // The issue's goal holds when everyone is ready within the bound: with a gate, the starts that came early.
  const inTime = gateOn ? starting.filter((entry) => entry.allReadyInTime) : starting;
  const inTimeSpreads = inTime.map(spreadOf);
  const waits = starts.map((entry) => entry.waitMs).filter((wait): wait is number => wait !== null);
  const extras = {
    start_spread_ms: median(spreads),
    max_wait_ms: waits.length > 0 ? Math.max(...waits) : Number.NaN,
  };
  const judged = {
    start_spread_ms: inTimeSpreads.length > 0 ? Math.max(...inTimeSpreads) : 0,
    max_wait_ms: extras.max_wait_ms,
  };
  const met = meets(summary, { ...goals, limits: { ...goals.limits, max_wait_ms: boundMs } }, judged);

  const worstIndex = perFollower.findIndex((f) => f.summary.p95Ms === summary.p95Ms);
  const plotted = perFollower[worstIndex]?.points ?? [];
  writeFileSync(
    plotPath(scenario),
    `${renderErrorPlot(
      plotted.filter((_, i) => i % 5 === 0),
      fromRoomStart(starts),
      start,
      `[${scenario}] follower ${worstIndex + 1} − host (rVFC), the worst p95 of three: ${fixed(summary.p95Ms)} ms`,
    )}\n`,
  );

  const names = recording.roles.map((role, index) => (index === 0 ? 'host' : `f${index} (${role})`));
  const waitedNames = (keys: string[]) =>
    keys.length === 0
      ? ''
      : keys.map((key) => names[recording.personKeys.indexOf(key)]?.split(' ')[0] ?? 'someone else').join(' ');
  const actionRows = starts.map((entry) => [
    entry.action.label,
    fixed((entry.action.at - start) / 1000),
    ms(entry.commitAt === null ? null : entry.commitAt - entry.action.at),
    ms(entry.waitMs),
    waitedNames(entry.waitedFor),
    entry.action.kind === 'pause' ? '' : entry.allReadyInTime ? 'yes' : 'no',
    ...entry.firstFrames.map((at) =>
      entry.action.kind === 'pause' ? '' : ms(at === null ? null : at - (entry.commitAt ?? entry.action.at)),
    ),
    entry.action.kind === 'pause' ? '' : `${entry.spreadMs === null ? '≥ ' : ''}${ms(spreadOf(entry))}`,
    entry.readySent.map((at) => ms(at === null ? null : at - (entry.commitAt ?? 0))).join(' / '),
  ]);
  const rows = perFollower.map((f, index) => [
    names[index + 1] ?? '',
    fixed((f.steady.length * 10) / 1000),
    fixed(f.summary.p50Ms),
    fixed(f.summary.p95Ms),
    fixed(f.summary.maxMs),
    `${fixed(f.summary.convergeMs, 0)}${f.summary.allConverged ? '' : ' (not converged)'}`,
    ...f.convergences.map((c) => (c.convergeMs === null ? 'never' : fixed(c.convergeMs, 0))),
  ]);
  const gateLine = gateOn
    ? `gate: ${recording.gateSeconds} s (the host's room:settings answered ${JSON.stringify(recording.gateAnswer)})`
    : `gate: off (asked for ${recording.gateSeconds} s; the server answered ${JSON.stringify(recording.gateAnswer)})`;
  const lines = [
    `Sync benchmark [${scenario}]${progress.runs > 1 ? ` run ${progress.run} of ${progress.runs}` : ''}: ${recording.description}; host and ${followers.length} followers, each in its own Chromium`,
    `machine: ${recording.machine}`,
    gateLine,
    `clip: ${fixed(recording.clip.bytes / 1e6)} MB, ${recording.clip.seconds} s; the throttled link ${fixed(recording.clip.throttledBytesPerSecond / 1000)} KB/s, carried ${fixed(recording.throttledBytes / 1e6)} MB`,
    `clock check (common clock − Date.now()): ${recording.skews.map((skew) => `${fixed(skew)} ms`).join(', ')}`,
    '',
    'each action: commit = when the host heard the room commit it (ms after the click); wait = room clock start − commit;',
    'first frames = each viewer playing at the target (ms after the commit; host, f1, f2, f3); ready = playback:ready sent (ms after the commit)',
    formatTable(
      [
        'host action',
        'at (s)',
        'commit',
        'wait',
        'waited for',
        'all ready in time',
        ...names.map((name) => name.split(' ')[0] ?? name),
        'spread',
        'ready',
      ],
      actionRows,
    ),
    '',
    `start spread over the ${starting.length} starts: p50 ${ms(percentile(spreads, 50))} ms, max ${ms(Math.max(...spreads))} ms; ` +
      `${gateOn ? `with everyone ready within the bound (${inTime.length} of ${starting.length})` : 'no gate: all of them'}: ` +
      `p50 ${ms(percentile(inTimeSpreads, 50))} ms, max ${ms(inTimeSpreads.length > 0 ? Math.max(...inTimeSpreads) : Number.NaN)} ms; ` +
      `longest wait ${ms(extras.max_wait_ms)} ms (bound ${boundMs} ms)`,
    'steady state against the host, outside the waits and each start’s convergence window (converge: from the room’s start):',
    formatTable(
      [
        'follower',
        'steady (s)',
        'p50 (ms)',
        'p95 (ms)',
        'max (ms)',
        'converge (ms)',
        ...starts.map((entry) => entry.action.label),
      ],
      rows,
    ),
    `goal start spread ≤ ${goals.limits?.start_spread_ms} ms (its max over the starts everyone was ready for), wait ≤ the bound, p95 ≤ ${goals.p95Ms} ms, converge ≤ ${goals.convergeMs} ms (the worst follower): ${met ? 'met' : 'MISSED'}`,
    `plot: ${plotPath(scenario)}`,
    summaryLine(scenario, summary, null, 0, progress.runs > 1 ? progress : null, recording.seed, extras, READY_LINE),
  ];
  return {
    scenario,
    summary,
    signedMedianMs: percentile(
      perFollower.flatMap((f) => f.steady.map((point) => point.errorMs)),
      50,
    ),
    clockErrorMs: Number.NaN,
    hostSteadinessMs: Number.NaN,
    followerSteadinessMs: Number.NaN,
    biasMs: 0,
    debiased: null,
    load: Number(/load average ([\d.]+)/.exec(recording.machine)?.[1] ?? Number.NaN),
    met,
    extras,
    lineNames: READY_LINE,
    text: lines.join('\n'),
  };
}

if (import.meta.main) {
  const path = process.argv[2];
  if (!path) {
    console.error('usage: node bench/sync/ready/report-ready.ts <recording.json>');
    process.exit(2);
  }
  console.log(reportReady(JSON.parse(readFileSync(path, 'utf8')) as ReadyRecording).text);
}
