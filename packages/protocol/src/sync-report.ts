// What a viewer's report of its player may say (docs/room-rules.md R53); the report as sent is schemas/presence.ts.

/** What a viewer's player is doing, as it reports it; `idle` when no video is on its screen. */
export const SYNC_STATES = ['playing', 'paused', 'buffering', 'blocked', 'error', 'idle'] as const;
export type SyncState = (typeof SYNC_STATES)[number];

/**
 * How often a client reports, and so the least time the server lets pass between two reports of a socket. The
 * reports also say the tab is alive (R52): one not heard from for a while is probed, then unlisted.
 */
export const SYNC_REPORT_INTERVAL_MS = 2000;
/** The largest error a report may carry (a day, in ms); clients clamp to it. Beyond is `invalid_payload`. */
export const SYNC_ERROR_MAX_MS = 86_400_000;
/** The largest round trip a report may carry (ms); clients clamp to it. */
export const SYNC_RTT_MAX_MS = 60_000;
