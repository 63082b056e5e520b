import type { ErrorPoint } from './analysis.ts';

/** How long the error must stay under the limit to count as back (as `convergence` in analysis.ts holds). */
export const BACK_HOLD_MS = 1000;

/**
 * From `from` (a hidden tab shown again, a tap), ms until the follower's error is under `limitMs` and stays there
 * for BACK_HOLD_MS; null if it never does in `points` (time-ordered, from errorSeries). Pure.
 */
export function timeBack(points: readonly ErrorPoint[], from: number, limitMs: number): number | null {
  let runStart: number | null = null;
  for (const point of points) {
    if (point.at < from) continue;
    if (Math.abs(point.errorMs) >= limitMs) {
      runStart = null;
      continue;
    }
    runStart ??= point.at;
    if (point.at - runStart >= BACK_HOLD_MS) return runStart - from;
  }
  return null;
}
