// The realistic mix's report (issue #25 item 3) and the summary line that carries both loads' figures.
import { median } from '../lib/percentiles.ts';
import { fixed, formatTable } from '../lib/table.ts';
import type { RunMetrics } from './measure.ts';
import type { Target } from './messages.ts';
import {
  formatLoss,
  LABELS,
  medianOf,
  type PlainSummary,
  printHeader,
  type ReportHeader,
  RUN_HEADER,
  runRows,
  totalLoss,
  verdict,
} from './report.ts';

/** Issue #25 item 4: a viewer of a playing room of 50 items where nothing happens gets at most 4 KB a minute. */
const BYTES_PER_VIEWER_MIN_GOAL = 4096;

export interface MixSummary {
  p99: number;
  /** XemChung's server CPU over the Socket.IO + commit relay's, both carrying the same client traffic. */
  cpuRatio: number;
  baselineP99: number;
  bytesPerViewerMin: number;
}

/** The mix's figures when it was not run. */
export const NO_MIX: MixSummary = {
  p99: Number.NaN,
  cpuRatio: Number.NaN,
  baselineP99: Number.NaN,
  bytesPerViewerMin: Number.NaN,
};

/** Every run of the mix, what its clients sent and received besides host events, and the medians per target. */
export function printMixReport(runs: RunMetrics[], header: ReportHeader): MixSummary {
  printHeader(header);
  console.log(formatTable(RUN_HEADER, runRows(runs)));
  console.log('');
  console.log(
    formatTable(
      [
        'run',
        'reports sent',
        'presence frames',
        'chats sent (failed)',
        'chat frames',
        'votes sent (failed)',
        'vote frames',
        'bytes/viewer/min',
      ],
      runs.map((run) => [
        LABELS[run.target],
        String(run.reportsSent),
        String(run.presenceFrames),
        `${run.chatsSent} (${run.chatsFailed})`,
        String(run.chatFrames),
        `${run.votesSent} (${run.votesFailed})`,
        String(run.voteFrames),
        fixed(median(run.bytesPerViewerMin), 0),
      ]),
    ),
  );
  const of = (target: Target) => runs.filter((run) => run.target === target);
  const p99 = (target: Target) => medianOf(of(target), (run) => run.latency.p99);
  const cpu = (target: Target) => medianOf(of(target), (run) => run.cpuPerDelivery);
  const xemchung = of('xemchung');
  const summary: MixSummary = {
    p99: p99('xemchung'),
    // The deliveries are the same in both (host events × sockets), so this is the ratio of CPU spent.
    cpuRatio: cpu('xemchung') / cpu('committed'),
    baselineP99: p99('committed'),
    bytesPerViewerMin: medianOf(xemchung, (run) => median(run.bytesPerViewerMin)),
  };
  console.log(
    `\nmix, median over repeats: XemChung p99 ${fixed(summary.p99, 2)} ms, Socket.IO + commit p99 ` +
      `${fixed(summary.baselineP99, 2)} ms, CPU ×${fixed(summary.cpuRatio, 2)}, loss ` +
      `${formatLoss(totalLoss(xemchung))}; a quiet room's viewer ${fixed(summary.bytesPerViewerMin, 0)} bytes/min ` +
      `(goal ≤ ${BYTES_PER_VIEWER_MIN_GOAL}: ${verdict(summary.bytesPerViewerMin <= BYTES_PER_VIEWER_MIN_GOAL)})`,
  );
  return summary;
}

/** The line a script reads: the plain load's figures, then the mix's (– for a load not run). */
export function printSummaryLine(plain: PlainSummary | null, mix: MixSummary): void {
  console.log(
    `fanout p99_ms=${fixed(plain?.p99 ?? Number.NaN, 2)} ` +
      `cpu_ratio_vs_commit=${fixed(plain?.cpuRatioVsCommit ?? Number.NaN, 2)} ` +
      `heap_kb_per_conn=${fixed(plain?.heap ?? Number.NaN, 2)} ` +
      `loss=${plain ? formatLoss(plain.loss) : '–'} ` +
      `bytes_per_viewer_min=${fixed(mix.bytesPerViewerMin, 0)} mix_p99_ms=${fixed(mix.p99, 2)} ` +
      `mix_cpu_ratio=${fixed(mix.cpuRatio, 2)} baseline_mix_p99_ms=${fixed(mix.baselineP99, 2)}`,
  );
}
