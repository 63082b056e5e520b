export interface LatencySummary {
  count: number;
  p50: number;
  p99: number;
  p999: number;
  max: number;
}

/** Nearest-rank percentile of sorted values (q in 0..1). */
function rank(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

/** Exact percentiles of every sample (a run keeps at most a few hundred thousand, so sorting is cheap). */
export function summarize(samples: ArrayLike<number>): LatencySummary {
  const sorted = Float64Array.from(samples).sort();
  return {
    count: sorted.length,
    p50: rank(sorted, 0.5),
    p99: rank(sorted, 0.99),
    p999: rank(sorted, 0.999),
    max: sorted.length > 0 ? (sorted[sorted.length - 1] ?? Number.NaN) : Number.NaN,
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
}
