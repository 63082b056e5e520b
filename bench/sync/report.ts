// Prints the sync benchmark's table and last line, and writes the plot. Also runs on its own over a saved
// recording: `node bench/sync/report.ts bench/results/sync-samples.json`.
import { readFileSync, writeFileSync } from 'node:fs';
import { fixed, formatTable } from '../lib/table.ts';
import {
  convergence,
  errorSeries,
  type HostAction,
  type PageSamples,
  SYNC_GOAL_MS,
  type SyncSummary,
  steadyState,
  summarise,
} from './analysis.ts';
import { renderErrorPlot } from './plot.ts';

export interface Recording {
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
  /** A scenario's own report options, so `node bench/sync/report.ts <recording>` prints it the same way again. */
  report?: ReportOptions;
}

export const PLOT_PATH = 'bench/sync/sync-error.svg';
/** The goal of issue #4: p95 error and worst convergence. */
const GOAL = { p95Ms: SYNC_GOAL_MS, convergeMs: 1000 };

function framesPerSecond(samples: PageSamples, start: number, end: number): number {
  return samples.frames.filter(([at]) => at >= start && at <= end).length / ((end - start) / 1000);
}

/** How often a page's player seeked and changed its rate during the measurement (a follower's corrections). */
function corrections(samples: PageSamples, start: number, end: number): string {
  const during = samples.events.filter(([at]) => at >= start && at <= end);
  const count = (type: string) => during.filter(([, name]) => name === type).length;
  return `${count('seeking')} seeks, ${count('ratechange')} rate changes`;
}

/** A scenario other than the default: its name in the summary line (`sync[name]`), its plot and its goal. */
export interface ReportOptions {
  scenario?: string;
  plotPath?: string;
  convergeGoalMs?: number;
}

export function report(recording: Recording, options: ReportOptions = recording.report ?? {}): void {
  const goal = { ...GOAL, convergeMs: options.convergeGoalMs ?? GOAL.convergeMs };
  const plotPath = options.plotPath ?? PLOT_PATH;
  const { start, end, actions, skews, host, follower } = recording;
  const points = errorSeries(host, follower, start, end, 10, 'frame');
  const convergences = convergence(points, actions, end);
  const summary = summarise(steadyState(points, convergences), convergences.slice(1));
  const clockPoints = errorSeries(host, follower, start, end, 10, 'currentTime');
  const clockConvergences = convergence(clockPoints, actions, end);
  const clockSummary = summarise(steadyState(clockPoints, clockConvergences), clockConvergences.slice(1));
  const met = summary.p95Ms <= goal.p95Ms && summary.convergeMs <= goal.convergeMs && summary.allConverged;

  const actionRows = convergences.map((entry) => [
    entry.action.label,
    fixed((entry.action.at - start) / 1000),
    entry.convergeMs === null ? 'never' : fixed(entry.convergeMs),
    fixed(entry.peakMs),
  ]);
  const summaryRow = (name: string, s: SyncSummary) => [
    name,
    fixed(s.p50Ms),
    fixed(s.p95Ms),
    fixed(s.maxMs),
    `${fixed(s.convergeMs, 0)}${s.allConverged ? '' : ' (not converged)'}`,
  ];
  const lines = [
    `Sync benchmark: host and follower in one Chromium, ${fixed((end - start) / 1000)} s sampled`,
    `machine: ${recording.machine ?? 'not recorded'}`,
    `clock check (common clock − Date.now()): ${skews.map((skew) => `${fixed(skew)} ms`).join(', ')}`,
    `frames presented per second: host ${fixed(framesPerSecond(host, start, end))}, follower ${fixed(framesPerSecond(follower, start, end))}`,
    `player events: host ${corrections(host, start, end)}; follower ${corrections(follower, start, end)}`,
    '',
    formatTable(['host action', 'at (s)', 'converge (ms)', 'peak error (ms)'], actionRows),
    '',
    'steady-state |follower − host|, every 10 ms outside the convergence windows:',
    formatTable(
      ['position from', 'p50 (ms)', 'p95 (ms)', 'max (ms)', 'worst converge (ms)'],
      [summaryRow('displayed frame (rVFC)', summary), summaryRow('currentTime (cross-check)', clockSummary)],
    ),
    `goal p95 ≤ ${goal.p95Ms} ms, converge ≤ ${goal.convergeMs} ms: ${met ? 'met' : 'MISSED'}`,
  ];

  const plotPoints = errorSeries(host, follower, start, end, 50, 'frame');
  const title = `Follower − host position error (rVFC): p95 ${fixed(summary.p95Ms)} ms, worst converge ${fixed(summary.convergeMs, 0)} ms`;
  writeFileSync(plotPath, `${renderErrorPlot(plotPoints, actions, start, title)}\n`);
  lines.push(`plot: ${plotPath}`);
  const round = (value: number) => Math.round(value);
  lines.push(
    `sync${options.scenario ? `[${options.scenario}]` : ''} p50_ms=${round(summary.p50Ms)} p95_ms=${round(summary.p95Ms)} max_ms=${round(summary.maxMs)} converge_ms=${round(summary.convergeMs)}`,
  );
  console.log(lines.join('\n'));
}

if (import.meta.main) {
  const path = process.argv[2];
  if (!path) {
    console.error('usage: node bench/sync/report.ts <recording.json>');
    process.exit(2);
  }
  report(JSON.parse(readFileSync(path, 'utf8')) as Recording);
}
