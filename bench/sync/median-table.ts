// The sync benchmark's median table over several runs of each scenario (`--runs N`), written into bench/README.md
// between its sync-table markers with `--table`.
import { readFileSync, writeFileSync } from 'node:fs';
import { median } from '../lib/percentiles.ts';
import { fixed, formatTable } from '../lib/table.ts';
import type { SyncSummary } from './analysis.ts';
import { meets, type ScenarioResult, summaryLine } from './report.ts';
import type { Scenario } from './scenarios.ts';

export const README_PATH = 'bench/README.md';
export const TABLE_PATH = 'bench/results/sync-table.md';
const TABLE_START = '<!-- sync-table:start -->';
const TABLE_END = '<!-- sync-table:end -->';

/** The median of each of a scenario's own numbers over its runs (p2p-file's first_frame_ms…). */
function medianExtras(runs: ScenarioResult[]): Record<string, number> {
  const names = new Set(runs.flatMap((result) => Object.keys(result.extras ?? {})));
  return Object.fromEntries(
    [...names].map((name) => [name, median(runs.map((result) => result.extras?.[name] ?? Number.NaN))]),
  );
}

/**
 * The median of each scenario's runs as a Markdown table (with each run's load), then each scenario's summary
 * line from the medians. With `write`, also into bench/results/sync-table.md and bench/README.md between the
 * sync-table markers.
 */
export function writeMedianTable(
  scenarios: Scenario[],
  results: Map<string, ScenarioResult[]>,
  options: { machineAtStart: string; machineAtEnd: string; runs: number; write: boolean },
): string {
  const pick = (runs: ScenarioResult[], value: (result: ScenarioResult) => number) => median(runs.map(value));
  const medianSummary = (runs: ScenarioResult[], of: (result: ScenarioResult) => SyncSummary | null) => {
    const summaries = runs.map(of).filter((summary): summary is SyncSummary => summary !== null);
    if (summaries.length === 0) return null;
    return {
      p50Ms: median(summaries.map((s) => s.p50Ms)),
      p95Ms: median(summaries.map((s) => s.p95Ms)),
      maxMs: median(summaries.map((s) => s.maxMs)),
      convergeMs: median(summaries.map((s) => s.convergeMs)),
      allConverged: summaries.every((s) => s.allConverged),
    };
  };
  const rows: string[][] = [];
  const lines: string[] = [];
  for (const scenario of scenarios) {
    const runs = results.get(scenario.name) ?? [];
    const summary = medianSummary(runs, (result) => result.summary);
    if (!summary) continue;
    const debiased = medianSummary(runs, (result) => result.debiased);
    const judged = debiased ?? summary;
    const extras = medianExtras(runs);
    rows.push([
      scenario.name,
      scenario.description,
      fixed(summary.p50Ms),
      fixed(summary.p95Ms),
      fixed(summary.maxMs),
      fixed(summary.convergeMs, 0),
      fixed(pick(runs, (result) => result.signedMedianMs)),
      fixed(pick(runs, (result) => result.clockErrorMs)),
      fixed(pick(runs, (result) => result.hostSteadinessMs)),
      fixed(pick(runs, (result) => result.followerSteadinessMs)),
      debiased ? fixed(debiased.p95Ms) : '',
      `≤ ${scenario.goals.p95Ms} / ≤ ${scenario.goals.convergeMs}`,
      `${meets(judged, scenario.goals, extras) ? 'met' : '**missed**'} (${runs.filter((result) => result.met).length}/${runs.length} runs)`,
      runs.map((result) => fixed(result.load, 2)).join(', '),
    ]);
    lines.push(
      summaryLine(scenario.name, summary, debiased, runs[0]?.biasMs ?? 0, null, undefined, extras, runs[0]?.lineNames),
    );
  }
  const table = [
    `Median of ${options.runs} run${options.runs > 1 ? 's' : ''} per scenario (\`npm run bench:sync -- --runs ${options.runs} --table\`).`,
    `Machine at the start: ${options.machineAtStart}; at the end: ${options.machineAtEnd}.`,
    '',
    formatTable(
      [
        'scenario',
        'follower',
        'p50 ms',
        'p95 ms',
        'max ms',
        'converge ms',
        'signed median ms',
        'clock estimate ms',
        'host alone p95',
        'follower alone p95',
        'p95 bias removed',
        'goal p95 / converge',
        'goal',
        'load (1 min) per run',
      ],
      rows,
    ),
  ].join('\n');
  if (options.write) {
    writeFileSync(TABLE_PATH, `${table}\n`);
    const readme = readFileSync(README_PATH, 'utf8');
    const from = readme.indexOf(TABLE_START);
    const to = readme.indexOf(TABLE_END);
    if (from >= 0 && to > from) {
      writeFileSync(README_PATH, `${readme.slice(0, from + TABLE_START.length)}\n${table}\n${readme.slice(to)}`);
    }
  }
  return [table, '', ...lines].join('\n');
}
