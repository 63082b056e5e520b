/**
 * Where a controller's reports of its player (`playback:update`, R31) stand. These are not the viewer's sync
 * reports of R53 (how each viewer is doing), which go on a timer of their own (useSyncReport.ts).
 */

/** What came up while a report was out (R31): the user's change, or a re-anchor of the player (R106). */
export type QueuedReport = 'change' | 'reanchor';

/**
 * A report names the room version it was made against when it only re-anchors the room on the player (R93,
 * R106), and no version when it carries the user's change (undefined).
 */
export type ReportBasis = number | undefined;

export type ReportState =
  /** Nothing out and nothing owed: room states are applied. */
  | { readonly kind: 'idle' }
  /**
   * One report is out (R31): no room state is applied until it is answered, and what comes up meanwhile is kept in
   * `queued`, judged once it is. `awaiting` is an earlier commit whose state has not come yet (see 'awaiting').
   */
  | {
      readonly kind: 'inFlight';
      readonly basis: ReportBasis;
      readonly queued: QueuedReport | null;
      readonly awaiting: number | null;
    }
  /**
   * A report never reached the room (the connection down, R31): the player's state stands and is reported again,
   * against `basis`, on every check until the room hears; states older than `awaiting` are not checked against.
   */
  | { readonly kind: 'unheard'; readonly basis: ReportBasis; readonly awaiting: number | null }
  /** A report committed as `version`: a state older than it is the room before this controller's intention. */
  | { readonly kind: 'awaiting'; readonly version: number };

export type InFlight = Extract<ReportState, { kind: 'inFlight' }>;

/** The outcome of a report: the room's new version, `refused` (the room said no) or `unheard` (never got there). */
export type ReportOutcome = number | 'refused' | 'unheard';

export const IDLE: ReportState = { kind: 'idle' };

/** The commit whose state this controller still waits for, if any. */
function awaitedVersion(state: ReportState): number | null {
  switch (state.kind) {
    case 'idle':
      return null;
    case 'awaiting':
      return state.version;
    default:
      return state.awaiting;
  }
}

/** The room state of `version` has come: a commit it reaches is no longer awaited. */
export function stateSeen(state: ReportState, version: number): ReportState {
  switch (state.kind) {
    case 'idle':
      return state;
    case 'awaiting':
      return version < state.version ? state : IDLE;
    default:
      return state.awaiting === null || version < state.awaiting ? state : { ...state, awaiting: null };
  }
}

/** Whether a room state of `version` is held back from the player: a report is out, or it predates a commit. */
export function holdsBack(state: ReportState, version: number): boolean {
  if (state.kind === 'inFlight') return true;
  const awaited = awaitedVersion(state);
  return awaited !== null && version < awaited;
}

/** A report made against `basis` leaves (only when none is out). */
export function sent(state: ReportState, basis: ReportBasis): InFlight {
  return { kind: 'inFlight', basis, queued: null, awaiting: awaitedVersion(state) };
}

/** Something came up while a report is out: one report of the latest state follows, a change if either is one. */
export function queue(state: InFlight, basis: ReportBasis): InFlight {
  const queued = basis === undefined || state.queued === 'change' ? 'change' : 'reanchor';
  return { ...state, queued };
}

/**
 * The report out is answered. Committed, its version is awaited; refused, the earlier commit still is; unheard,
 * it is owed: as the user's change if it or what was queued behind it was one, else as a re-anchor against the
 * version it was made on (R106).
 */
export function answered(state: InFlight, outcome: ReportOutcome): ReportState {
  if (typeof outcome === 'number') return { kind: 'awaiting', version: Math.max(outcome, state.awaiting ?? 0) };
  if (outcome === 'unheard') {
    const basis = state.queued === 'change' ? undefined : state.basis;
    return { kind: 'unheard', basis, awaiting: state.awaiting };
  }
  return state.awaiting === null ? IDLE : { kind: 'awaiting', version: state.awaiting };
}
