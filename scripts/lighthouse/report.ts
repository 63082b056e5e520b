import { median } from '../../bench/lib/percentiles.ts';
import { formatTable } from '../../bench/lib/table.ts';
import type { AuditResult, Preset } from './audit.ts';

export interface PageRuns {
  name: string;
  preset: Preset;
  runs: AuditResult[];
}

export interface Row {
  name: string;
  preset: Preset;
  perf: number;
  a11y: number;
  bp: number;
  seo: number;
  tbtMs: number;
  lcpMs: number;
}

/** Each number is the median of the page's runs on its own (Lighthouse's scores vary run to run). */
export function medianRow({ name, preset, runs }: PageRuns): Row {
  const of = (pick: (run: AuditResult) => number | null | undefined) =>
    median(runs.map((run) => pick(run) ?? Number.NaN));
  return {
    name,
    preset,
    perf: of((run) => run.scores.performance),
    a11y: of((run) => run.scores.accessibility),
    bp: of((run) => run.scores['best-practices']),
    seo: of((run) => run.scores.seo),
    tbtMs: of((run) => run.tbtMs),
    lcpMs: of((run) => run.lcpMs),
  };
}

const whole = (value: number) => (Number.isFinite(value) ? String(Math.round(value)) : '–');

export function formatRows(rows: Row[]): string {
  return formatTable(
    ['page', 'preset', 'perf', 'a11y', 'bp', 'seo', 'TBT ms', 'LCP ms'],
    rows.map((row) =>
      [row.name, row.preset, row.perf, row.a11y, row.bp, row.seo, row.tbtMs, row.lcpMs].map((cell) =>
        typeof cell === 'number' ? whole(cell) : cell,
      ),
    ),
  );
}

/** The last line of `npm run lighthouse`: the worst of each column over every page and preset. */
export function summaryLine(rows: Row[]): string {
  const worst = (pick: (row: Row) => number, most: (...values: number[]) => number) => whole(most(...rows.map(pick)));
  return [
    'lighthouse',
    `perf_min=${worst((row) => row.perf, Math.min)}`,
    `a11y_min=${worst((row) => row.a11y, Math.min)}`,
    `bp_min=${worst((row) => row.bp, Math.min)}`,
    `seo_min=${worst((row) => row.seo, Math.min)}`,
    `tbt_max_ms=${worst((row) => row.tbtMs, Math.max)}`,
    `lcp_max_ms=${worst((row) => row.lcpMs, Math.max)}`,
  ].join(' ');
}
