// What a viewer's report of its player may say (docs/room-rules.md R53); the report as sent is schemas/presence.ts.

/** What a viewer's player is doing, as it reports it; `idle` when no video is on its screen. */
export const SYNC_STATES = ['playing', 'paused', 'buffering', 'blocked', 'error', 'idle'] as const;
export type SyncState = (typeof SYNC_STATES)[number];

/**
 * The least time between two reports of one socket: the server refuses a faster one (R53). A page reports when its
 * badge changes, but never sooner than this after its last report.
 */
export const SYNC_REPORT_GAP_MS = 2000;
/**
 * A page with nothing new reports again after this long (R53), so the badge's number (the error in its tooltip)
 * is never older than this. Whether the tab is alive is told by WebSocket pings, not by reports (R52).
 */
export const SYNC_KEEPALIVE_MS = 10_000;
/** The largest error a report may carry (a day, in ms); clients clamp to it. Beyond is `invalid_payload`. */
export const SYNC_ERROR_MAX_MS = 86_400_000;
/** The largest round trip a report may carry (ms); clients clamp to it. */
export const SYNC_RTT_MAX_MS = 60_000;
