/**
 * The sync benchmark's numbers, from the samples both pages recorded (bench/sync/sampler.ts). Pure.
 *
 * Times are milliseconds on the common clock (`performance.timeOrigin + performance.now()` in each page, see
 * bench/README.md); positions are seconds of media time.
 */
import { ClockOffsetEstimator } from '../../packages/protocol/src/clock.ts';

/** requestVideoFrameCallback: the frame showing `mediaTime` is on screen from `at` (its expectedDisplayTime). */
export type FrameSample = [at: number, mediaTime: number];
/** Read on every animation frame: the element's currentTime, paused (1) or not (0), and playbackRate. */
export type ClockSample = [at: number, currentTime: number, paused: 0 | 1, rate: number];

/** A media event on the element (play, pause, seeking, ratechange…) with the position when it fired. */
export type EventSample = [at: number, type: string, currentTime: number, rate: number];

/** A short Socket.IO text frame the page sent ('out') or received ('in'): clock pings, acks, sync reports. */
export type SocketSample = [at: number, direction: 'out' | 'in', text: string];

export interface PageSamples {
  frames: FrameSample[];
  clocks: ClockSample[];
  events: EventSample[];
  /** Absent in recordings from before issue #15. */
  socket?: SocketSample[];
}

export interface HostAction {
  at: number;
  label: string;
}

/** "In sync": the goal, and the bar for convergence. */
export const SYNC_GOAL_MS = 50;
/** A player has converged when its error stays under the goal this long (or until the next action). */
export const CONVERGED_HOLD_MS = 1000;
/** A frame older than this no longer tells where a playing video is (a stall or a seek): use currentTime. */
export const FRAME_STALE_MS = 100;

/** The index of the last sample at or before `at`, or -1. Samples are in time order. */
function lastAtOrBefore(samples: readonly { 0: number }[], at: number): number {
  let low = 0;
  let high = samples.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((samples[middle] as { 0: number })[0] <= at) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

export type PositionSource = 'frame' | 'currentTime';

/**
 * Where a page's video is at `at`: while it plays, the frame on screen (rVFC), moved on at the current rate
 * since it was shown; while paused, or when no frame came lately, currentTime. Null before the first sample.
 * With `source: 'currentTime'` only currentTime is used (a cross-check that does not depend on frame timing).
 */
export function positionAt(page: PageSamples, at: number, source: PositionSource = 'frame'): number | null {
  const clockIndex = lastAtOrBefore(page.clocks, at);
  if (clockIndex < 0) return null;
  const [clockAt, currentTime, paused, rate] = page.clocks[clockIndex] as ClockSample;
  if (paused === 1) return currentTime;
  if (source === 'frame') {
    const frame = page.frames[lastAtOrBefore(page.frames, at)];
    if (frame && at - frame[0] <= FRAME_STALE_MS && frame[0] >= clockAt - FRAME_STALE_MS) {
      return frame[1] + ((at - frame[0]) / 1000) * rate;
    }
  }
  return currentTime + ((at - clockAt) / 1000) * rate;
}

export interface ErrorPoint {
  at: number;
  /** Follower minus host, in ms: positive when the follower is ahead. */
  errorMs: number;
}

/** The follower's error against the host every `stepMs` from `from` to `to`, where both have a position. */
export function errorSeries(
  host: PageSamples,
  follower: PageSamples,
  from: number,
  to: number,
  stepMs = 10,
  source: PositionSource = 'frame',
): ErrorPoint[] {
  const points: ErrorPoint[] = [];
  for (let at = from; at <= to; at += stepMs) {
    const hostPosition = positionAt(host, at, source);
    const followerPosition = positionAt(follower, at, source);
    if (hostPosition === null || followerPosition === null) continue;
    points.push({ at, errorMs: (followerPosition - hostPosition) * 1000 });
  }
  return points;
}

export interface Convergence {
  action: HostAction;
  /** ms from the action until the error got under SYNC_GOAL_MS and stayed there; null if it never did. */
  convergeMs: number | null;
  /** The largest error from the action until the error has stayed in the goal for CONVERGED_HOLD_MS. */
  peakMs: number;
  /** Until the next action (or the end): the longest convergence this window could show. */
  windowMs: number;
}

/**
 * For each action: the first point after it from which the error stays under SYNC_GOAL_MS for CONVERGED_HOLD_MS,
 * or until the next action when that comes sooner. `end` closes the last window.
 */
export function convergence(points: ErrorPoint[], actions: HostAction[], end: number): Convergence[] {
  return actions.map((action, index) => {
    const windowEnd = actions[index + 1]?.at ?? end;
    const window = points.filter((point) => point.at >= action.at && point.at < windowEnd);
    let convergedAt: number | null = null;
    let runStart: number | null = null;
    for (const point of window) {
      if (Math.abs(point.errorMs) >= SYNC_GOAL_MS) {
        runStart = null;
        continue;
      }
      runStart ??= point.at;
      if (point.at - runStart >= CONVERGED_HOLD_MS) break;
    }
    // A run still going at the window's end counts too (the next action came before the hold was over).
    if (runStart !== null) convergedAt = runStart;
    // The transient: from the action until the hold after convergence is over.
    const transientEnd = convergedAt === null ? windowEnd : convergedAt + CONVERGED_HOLD_MS;
    const transient = window.filter((point) => point.at < transientEnd);
    return {
      action,
      convergeMs: convergedAt === null ? null : convergedAt - action.at,
      peakMs: Math.max(0, ...transient.map((point) => Math.abs(point.errorMs))),
      windowMs: windowEnd - action.at,
    };
  });
}

/** The points outside every action's convergence window: the steady state. */
export function steadyState(points: ErrorPoint[], convergences: Convergence[]): ErrorPoint[] {
  const excluded = convergences.map(({ action, convergeMs, windowMs }) => ({
    from: action.at,
    to: action.at + (convergeMs ?? windowMs),
  }));
  return points.filter((point) => !excluded.some((range) => point.at >= range.from && point.at < range.to));
}

/** Nearest-rank percentile of `values` (0 < p ≤ 100); NaN when empty. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] as number;
}

export interface SyncSummary {
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** The worst convergence; for an action that never converged, its whole window. */
  convergeMs: number;
  allConverged: boolean;
}

export function summarise(steady: ErrorPoint[], convergences: Convergence[]): SyncSummary {
  const sizes = steady.map((point) => Math.abs(point.errorMs));
  return {
    p50Ms: percentile(sizes, 50),
    p95Ms: percentile(sizes, 95),
    maxMs: sizes.length > 0 ? Math.max(...sizes) : Number.NaN,
    convergeMs: Math.max(0, ...convergences.map((entry) => entry.convergeMs ?? entry.windowMs)),
    allConverged: convergences.every((entry) => entry.convergeMs !== null),
  };
}

/** One clock ping as the page saw it: the offset it implies (server − local, ms) and its round trip. */
export interface PingSample {
  at: number;
  offsetMs: number;
  delayMs: number;
}

/**
 * The page's clock pings, from its WebSocket frames: `42<id>["clock:ping",…]` out, `43<id>[{…serverTime…}]` in,
 * each turned into an NTP-style sample as packages/protocol/src/clock.ts does.
 */
export function pingSamples(socket: SocketSample[]): PingSample[] {
  const sent = new Map<string, number>();
  const samples: PingSample[] = [];
  for (const [at, direction, text] of socket) {
    if (direction === 'out') {
      const ping = /^42(\d+)\["clock:ping"/.exec(text);
      if (ping?.[1]) sent.set(ping[1], at);
      continue;
    }
    const ack = /^43(\d+)(\[.*\])$/.exec(text);
    const sentAt = ack?.[1] ? sent.get(ack[1]) : undefined;
    if (!ack?.[2] || sentAt === undefined) continue;
    const serverTime = (JSON.parse(ack[2]) as [{ serverTime?: number }])[0]?.serverTime;
    if (typeof serverTime !== 'number') continue;
    const delayMs = at - sentAt;
    samples.push({ at, offsetMs: serverTime - (sentAt + delayMs / 2), delayMs });
  }
  return samples;
}

/**
 * The page's clock estimate at `at`: the pings before it put through the app's own estimator
 * (packages/protocol/src/clock.ts, R90), with its fastest round trip. On one machine the true offset is 0, so
 * `offsetMs` is the estimate's error. Null before the first ping.
 */
export function estimateAt(pings: PingSample[], at: number): PingSample | null {
  const estimator = new ClockOffsetEstimator();
  let last: PingSample | null = null;
  for (const ping of pings) {
    if (ping.at > at) break;
    estimator.record(ping.at - ping.delayMs, ping.offsetMs + ping.at - ping.delayMs / 2, ping.at);
    last = ping;
  }
  const best = estimator.best();
  return last && best ? { at: last.at, offsetMs: estimator.offset, delayMs: best.delay } : null;
}

/**
 * How steadily one page played on its own: between host actions (from `settleMs` after each), |position − a
 * straight line at the segment's usual playbackRate|, every `stepMs`, the line placed at the median. No follower
 * can track the host more closely than the two of them play: on a loaded machine the media pipeline falls
 * behind and catches up, and this shows it apart from the network. Includes the frame quantisation (one frame is
 * 16.7 ms at 60 fps) and the page's own nudges.
 */
export function steadinessErrors(
  page: PageSamples,
  actions: HostAction[],
  end: number,
  settleMs = 1500,
  stepMs = 10,
): number[] {
  const deviations: number[] = [];
  actions.forEach((action, index) => {
    const from = action.at + settleMs;
    const to = (actions[index + 1]?.at ?? end) - 50;
    if (to - from < 1000) return;
    const clocks = page.clocks.filter(([at]) => at >= from && at <= to);
    const playing = clocks.filter(([, , paused]) => paused === 0);
    if (playing.length === 0 || playing.length < clocks.length / 2) return; // paused: nothing moves
    const rate = percentile(
      playing.map(([, , , r]) => r),
      50,
    );
    const points: { at: number; position: number }[] = [];
    for (let at = from; at <= to; at += stepMs) {
      const position = positionAt(page, at);
      if (position !== null) points.push({ at, position });
    }
    const intercept = percentile(
      points.map((point) => point.position - ((point.at - from) / 1000) * rate),
      50,
    );
    for (const point of points) {
      deviations.push(Math.abs(point.position - intercept - ((point.at - from) / 1000) * rate) * 1000);
    }
  });
  return deviations;
}

/** The follower's media event that shows it carried out each kind of host action. */
const REACTION_EVENT: Record<string, string> = { pause: 'pause', play: 'playing', seek: 'seeked', rate: 'ratechange' };

/**
 * How long after a host action the follower's player did the same (its first matching media event before the next
 * action): the state's trip to the follower plus the player's own latency. Null for the start, for an action of
 * another kind, or when no such event came.
 */
export function reactionMs(follower: PageSamples, action: HostAction, until: number): number | null {
  const type = REACTION_EVENT[action.label.split(' ')[0] ?? ''];
  if (!type) return null;
  const event = follower.events.find(([at, name]) => at >= action.at && at < until && name === type);
  return event ? event[0] - action.at : null;
}
