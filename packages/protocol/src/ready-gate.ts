// The ready gate (docs/room-rules.md R122): a start waits, up to a bound, for the viewers' players. Free of zod.
import type { SyncState } from './sync-report.ts';

/** A new room's bound (s): how long a start waits at most for the players still loading. */
export const READY_GATE_DEFAULT_SECONDS = 3;
/** The largest bound a host may set (s); 0 turns the gate off. */
export const READY_GATE_MAX_SECONDS = 10;
/**
 * A start brought forward (every player ready, or a controller's 'start now') begins this long (ms) after its
 * commit, so that every viewer holds it before the clock runs and they all start at the same moment (R122).
 */
export const READY_GATE_LEAD_MS = 250;
/**
 * A client holds its player for a start only when the start is at least this far (ms) ahead of its server clock
 * when it first sees it: an ordinary commit, stamped "now" by the server, can read a few ms ahead on a client whose
 * clock estimate is a little off, and must not pause anyone (R122).
 */
export const READY_GATE_CLOCK_SLACK_MS = 60;
/** A playing re-anchor this far (s) from where the room's clock is counts as a seek, and waits (R122). */
export const READY_GATE_SEEK_SECONDS = 1;
/**
 * The reported states of a page that can be waited for: its player works, or it has none yet (`idle`: the room's
 * first item is about to load on it). A viewer whose last report is missing, or whose player failed or was blocked
 * by the browser, is not waited for (R122): their ready would never come.
 */
export const READY_GATE_STATES: readonly SyncState[] = ['playing', 'paused', 'buffering', 'idle'];

/** The little of a room the gate reads. */
interface GatedRoom {
  current_video: { playing: boolean; updated_at: number };
  readyWait: readonly string[];
}

/** Whether the room's clock has a start still to come at server time `serverNow` (R122): playing, from later. */
export function startPending(room: GatedRoom, serverNow: number): boolean {
  return room.current_video.playing && room.current_video.updated_at > serverNow;
}

/** The person keys the room's start still waits for at `serverNow`: none once it has started. */
export function waitingFor(room: GatedRoom, serverNow: number): readonly string[] {
  return startPending(room, serverNow) ? room.readyWait : [];
}
