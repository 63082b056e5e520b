// The sync badge of a viewer (docs/room-rules.md R53), free of zod: the web's room chunk imports it.
import type { SyncReport } from './schemas/presence.ts';
import { SYNC_ERROR_MAX_MS, SYNC_RTT_MAX_MS, type SyncState } from './sync-report.ts';

/** At most this far from the room's timeline (ms), a playing viewer's badge is green. */
export const SYNC_GOOD_MS = 50;
/** At most this far (ms) it is amber; beyond, red. */
export const SYNC_FAIR_MS = 250;
/**
 * How far past a band's edge (ms) a playing viewer's error must go before its page reports the new colour (R53):
 * an error wavering around 50 ms does not send a report each time it crosses.
 */
export const SYNC_EDGE_MARGIN_MS = 10;

/**
 * The badge's colour: `good` (green), `fair` (amber), `poor` (red) for a playing viewer by its error; `idle`
 * (grey) while it is paused, buffering, blocked or failed; `unknown` without a recent report.
 */
export type SyncLevel = 'good' | 'fair' | 'poor' | 'idle' | 'unknown';

export function syncLevel(report: SyncReport | null): SyncLevel {
  if (!report) return 'unknown';
  if (report.state !== 'playing' || report.errorMs === undefined) return 'idle';
  const error = Math.abs(report.errorMs);
  if (error <= SYNC_GOOD_MS) return 'good';
  return error <= SYNC_FAIR_MS ? 'fair' : 'poor';
}

/**
 * Whether a report of `next` would change the badge the last report sent (`last`) shows (R53): another state, or
 * another colour once the error is SYNC_EDGE_MARGIN_MS past the edge between them. The error's value alone is not
 * a change: the tooltip's number is the last reported one.
 */
export function badgeChanged(last: SyncReport | null, next: SyncReport): boolean {
  if (!last || last.state !== next.state) return true;
  const was = syncLevel(last);
  const level = syncLevel(next);
  if (level === was) return false;
  if (last.errorMs === undefined || next.errorMs === undefined) return true;
  // Moved back towards the band it left by the margin, is the error still out of it?
  const error = Math.abs(next.errorMs);
  const back = error > Math.abs(last.errorMs) ? error - SYNC_EDGE_MARGIN_MS : error + SYNC_EDGE_MARGIN_MS;
  return syncLevel({ state: next.state, errorMs: back }) !== was;
}

/**
 * A report of what a client measured, clamped into what a report may carry and rounded to whole ms; a value that
 * is null or not a number (NaN) is left out.
 */
export function boundedReport(state: SyncState, errorMs: number | null, rttMs: number | null): SyncReport {
  const report: SyncReport = { state };
  const clamp = (value: number, low: number, high: number) => Math.round(Math.min(high, Math.max(low, value)));
  if (errorMs !== null && !Number.isNaN(errorMs))
    report.errorMs = clamp(errorMs, -SYNC_ERROR_MAX_MS, SYNC_ERROR_MAX_MS);
  if (rttMs !== null && !Number.isNaN(rttMs)) report.rttMs = clamp(rttMs, 0, SYNC_RTT_MAX_MS);
  return report;
}

/** How well a state describes someone watching: a tab that plays beats one that waits, pauses or failed. */
const STATE_RANK: Record<SyncState, number> = { playing: 5, buffering: 4, paused: 3, blocked: 2, error: 1, idle: 0 };

/** Which of two reports of one person's tabs describes them best (R52): a playing tab, then the smaller error. */
export function betterReport(a: SyncReport | null, b: SyncReport | null): SyncReport | null {
  if (!a || !b) return a ?? b;
  const byState = STATE_RANK[a.state] - STATE_RANK[b.state];
  if (byState !== 0) return byState > 0 ? a : b;
  const error = (report: SyncReport) => Math.abs(report.errorMs ?? Number.POSITIVE_INFINITY);
  return error(b) < error(a) ? b : a;
}
