import type { EmbedSource } from './embed-links.ts';

/**
 * How a player follows the room's expected position (docs/decisions/034-sync-thresholds-and-clock.md explains each
 * value against OpenTogetherTube, CyTube, watchparty, Jellyfin SyncPlay and Syncplay). Goal: p95 position error
 * ≤ 50 ms between controller and followers, back under 50 ms within 1 s of any controller action.
 */

/**
 * Which kind of player is following: an HTML5 media element (any playbackRate), or an embedded one (the YouTube,
 * Vimeo, Dailymotion or SoundCloud player: its time comes through postMessage, its rates are few or none).
 */
export type PlayerKind = 'media' | 'youtube' | EmbedSource;

/** Embedded players are only ever corrected by seeks, judged after they settle (R76). */
export const seeksOnly = (kind: PlayerKind): boolean => kind !== 'media';

/**
 * Below this error nothing is corrected: 20 ms is half a frame at 25 fps and under the 45 ms at which people
 * notice sound leading picture (ITU-R BT.1359), and it keeps the rate from hunting around measurement noise.
 */
export const SYNC_DEADBAND_SECONDS = 0.02;

/**
 * HTML5 media at normal speed: beyond this error the follower seeks; from the dead band up to here it nudges its
 * playbackRate.
 * 200 ms is what the largest nudge closes in well under a second (see NUDGE_*), and a seek on a buffered local
 * file costs less than that.
 */
export const MEDIA_SEEK_THRESHOLD_SECONDS = 0.2;

/**
 * YouTube (and every embedded player, R76): seek only, beyond this error. Its rates are fixed steps and its reported time is a cached value
 * refreshed a few times a second, and each seek rebuffers; Jellyfin seeks at 400 ms, OpenTogetherTube at 1 s.
 */
export const YOUTUBE_SEEK_THRESHOLD_SECONDS = 0.5;

/**
 * A nudge closes the gap with a time constant of this many seconds: rate offset = error / constant, so about
 * 60 % of the remaining error goes per 250 ms tick and the rate never overshoots.
 */
export const NUDGE_TIME_CONSTANT_SECONDS = 0.4;

/** The largest nudge, as a fraction of the room's rate (±25 %; the browser keeps the pitch). */
export const NUDGE_MAX_RATE_OFFSET = 0.25;

/** How often a player compares its position with the expected one while a room is open (ms). */
export const SYNC_TICK_MS = 250;

/** How often a controller (the host or a co-host) re-anchors the room on its own player while playing (ms). */
export const CONTROLLER_HEARTBEAT_MS = 5000;

/**
 * A controller whose player is further than this from the room's position reports its own (a stall, a seek in the
 * YouTube player, a drag on the seek bar). Larger than any echo of its own report.
 */
export const CONTROLLER_REPORT_THRESHOLD_SECONDS = 0.1;

/** How often a client takes one more clock sample (ms); the estimator uses the fastest half of the last 16 (R90). */
export const CLOCK_RESAMPLE_MS = 30_000;

/** After a YouTube seek, how long to let the player rebuffer before judging its position again (ms). */
export const YOUTUBE_SEEK_SETTLE_MS = 1500;

/**
 * YouTube while paused: seek only beyond this error. Its seeks may land on a keyframe-ish boundary (up to a
 * quarter second off, ADR 027), so a smaller error is left as it is rather than made worse; the nudge removes it
 * once playing.
 */
export const YOUTUBE_PAUSED_SEEK_THRESHOLD_SECONDS = 0.25;

/**
 * A YouTube nudge (one of its fixed rates, held for a timed while) should last at most this long (s): the
 * smallest rate step that closes the error this fast is used, else the largest allowed (ADR 027).
 */
export const YOUTUBE_NUDGE_TARGET_SECONDS = 0.8;

/**
 * A YouTube controller checks its player again this long after it starts or resumes playing (ms), and re-anchors the
 * room past the dead band rather than CONTROLLER_REPORT_THRESHOLD_SECONDS: where a seek landed (on a coarse boundary)
 * and where the media clock really started are only known by then, and every follower tracks that anchor (R83).
 */
export const YOUTUBE_CONTROLLER_RECHECK_MS = 500;

/**
 * After the room's rate changes, a YouTube follower does not nudge for this long (ms), though it still seeks beyond
 * YOUTUBE_SEEK_THRESHOLD_SECONDS (R92). A media element runs at a new rate only some 150–200 ms after it is set, so
 * the controller's anchor, read just after its change, is behind its own player; the controller re-anchors the
 * room YOUTUBE_CONTROLLER_RECHECK_MS later, and a follower nudging before that new anchor arrives would chase the
 * old one (it lags as the controller does, so it is in step with it already).
 */
export const YOUTUBE_RATE_SETTLE_MS = 700;

/**
 * What Chromium's player loses per playbackRate change, on average over a nudge's two changes (s of wall time):
 * ~10.5 ms, measured by bench/sync/rate-change-cost.ts (ADR 027). A YouTube nudge is two changes, so it is
 * held that much longer when catching up and that much shorter when waiting; an error smaller than the two
 * stalls is not nudged (the stalls alone would overshoot it). A YouTube nudge is planned whole at its start, so
 * only the pair's sum matters; how it splits between the two changes (R94's delay and stretch start) does not.
 */
export const RATE_CHANGE_STALL_SECONDS = 0.0105;

/**
 * HTML5 media in Chromium (R94): a new playbackRate applies ~50–75 ms after it is set (the player runs on at the old
 * rate that long), and leaving the rate 1 costs ~20–25 ms more (the time-stretch of the sound starting):
 * bench/sync/rate-change-steps.ts, each step from 1 to 0.8…1.2 and back, muted and with sound. Midpoints here.
 */
export const RATE_CHANGE_DELAY_SECONDS = 0.06;
export const RATE_STRETCH_START_SECONDS = 0.022;

/** The largest YouTube nudge, as a fraction of the room's rate (two steps of 0.25 at normal speed). */
export const YOUTUBE_NUDGE_MAX_RATE_OFFSET = 0.5;

/**
 * A nudge: the playbackRate to set. `seconds` (YouTube's fixed rates; an HTML5 nudge about to close its gap, R94)
 * says how long to hold it before going back to the room's rate; without it the next decision recomputes it.
 */
export type SyncDecision =
  | { action: 'none' }
  | { action: 'seek' }
  | { action: 'nudge'; rate: number; seconds?: number };

export interface SyncDecisionOptions {
  /** Whether the room is playing; a paused player cannot be nudged, so it seeks past the dead band. */
  playing?: boolean;
  /** The room's playback rate, around which nudges happen. */
  roomRate?: number;
  /**
   * Seconds until the next decision. A nudge must not outlast its purpose: when decisions come slowly (a
   * throttled background tab), the time constant stretches to 1.5 intervals, so one interval at the nudged rate
   * removes at most two thirds of the error and never overshoots.
   */
  intervalSeconds?: number;
  /**
   * YouTube: the player's available rates (getAvailablePlaybackRates). With more than the room's rate, errors
   * under the seek threshold are nudged by holding one of them for a computed time; without, they are left.
   */
  rates?: readonly number[];
  /**
   * HTML5 media: the player's rate now, when it is a nudge of this controller's (R94). A nudge under way is carried
   * on into the dead band until its gap is closed, kept at its rate where it is fast enough (a change costs a stall),
   * and ended on a timer.
   */
  nudgeRate?: number;
  /**
   * HTML5 media: whether the nudge's end can be timed to the millisecond (a visible page's timers, R94). Without it
   * (a hidden page, whose timers are throttled) the nudge is R29's per-tick one: error / time constant, recomputed
   * every decision and dropped inside the dead band.
   */
  timed?: boolean;
}

/**
 * What a player should do about a position error. `errorSeconds` = expected − actual, in media seconds:
 * positive when the player is behind. HTML5 media nudges its rate inside the seek threshold and seeks beyond it;
 * YouTube only seeks. A nudge's `rate` is the playbackRate to set: the room's rate plus error / time constant,
 * capped at ±NUDGE_MAX_RATE_OFFSET of the room's rate. The HTML5 seek threshold scales with the room's rate like
 * the cap does, so a nudge takes the same wall-clock time at any speed.
 */
export function decideCorrection(
  errorSeconds: number,
  kind: PlayerKind,
  options: SyncDecisionOptions = {},
): SyncDecision {
  const { playing = true, roomRate = 1, intervalSeconds = SYNC_TICK_MS / 1000 } = options;
  if (!Number.isFinite(errorSeconds)) return { action: 'none' };
  const size = Math.abs(errorSeconds);
  if (kind === 'media' && playing && options.timed && size <= MEDIA_SEEK_THRESHOLD_SECONDS * roomRate) {
    return decideTimedNudge(errorSeconds, roomRate, intervalSeconds, options.nudgeRate ?? roomRate);
  }
  if (size < SYNC_DEADBAND_SECONDS) return { action: 'none' };
  if (kind === 'youtube') return decideYouTube(errorSeconds, playing, roomRate, options.rates ?? []);
  if (!playing) return { action: 'seek' };
  if (seeksOnly(kind)) return size > YOUTUBE_SEEK_THRESHOLD_SECONDS ? { action: 'seek' } : { action: 'none' };
  if (size > MEDIA_SEEK_THRESHOLD_SECONDS * roomRate) return { action: 'seek' };
  return { action: 'nudge', rate: roomRate + proportionalOffset(errorSeconds, roomRate, intervalSeconds) };
}

/** R29's rate offset: error / time constant, stretched for slow decisions, capped at ±NUDGE_MAX_RATE_OFFSET. */
function proportionalOffset(error: number, roomRate: number, intervalSeconds: number): number {
  const timeConstant = Math.max(NUDGE_TIME_CONSTANT_SECONDS, 1.5 * intervalSeconds);
  const limit = NUDGE_MAX_RATE_OFFSET * roomRate;
  return Math.min(limit, Math.max(-limit, error / timeConstant));
}

/**
 * R94, an HTML5 nudge on a visible page. R29's per-tick nudge changes the rate every tick, pays the stretch's start
 * (below) each time it leaves the rate 1 again, and stops at the dead band's edge with the delay still to come: on
 * `4g` its follower sat ~17 ms behind, a frame. Here a nudge
 * starts past the dead band at R29's rate, keeps the rate it has while that is at least half as fast as R29's would
 * be, is carried on inside the dead band, and plans for what Chromium does with a rate: once what is left closes
 * before the next decision, it says how long to hold the rate (`seconds`), and it ends on a timer with the gap closed
 * rather than at the dead band's edge.
 *
 * The plan: the player runs on at its present rate for RATE_CHANGE_DELAY_SECONDS after a change (at the start, and
 * after the end: the end is set that much early), and loses RATE_STRETCH_START_SECONDS when it leaves the rate 1.
 */
function decideTimedNudge(error: number, roomRate: number, intervalSeconds: number, nudgeRate: number): SyncDecision {
  const running = nudgeRate - roomRate;
  const limit = NUDGE_MAX_RATE_OFFSET * roomRate;
  const proportional = proportionalOffset(error, roomRate, intervalSeconds);
  const sameWay = running * error > 0 && Math.abs(running) <= limit + 1e-9;
  if (!sameWay && Math.abs(error) < SYNC_DEADBAND_SECONDS) return { action: 'none' };
  const offset = sameWay && Math.abs(running) * 2 >= Math.abs(proportional) ? running : proportional;
  const leavesRateOne = Math.abs(nudgeRate - 1) < 1e-9 && Math.abs(offset) > 1e-9;
  const startLoss = leavesRateOne ? RATE_STRETCH_START_SECONDS : 0;
  // The player gains running × delay before a new rate applies, offset × seconds while it holds, and loses the
  // stretch's start: held this long, the gap closes.
  const seconds = (error - running * RATE_CHANGE_DELAY_SECONDS + startLoss) / offset;
  if (seconds <= 0) return { action: 'none' };
  return seconds <= intervalSeconds
    ? { action: 'nudge', rate: roomRate + offset, seconds }
    : { action: 'nudge', rate: roomRate + offset };
}

/**
 * YouTube (R80, R81): seeks are slow and coarse, rates are fixed steps. Playing: seek beyond
 * YOUTUBE_SEEK_THRESHOLD_SECONDS, else hold the smallest available rate step that closes the error within
 * YOUTUBE_NUDGE_TARGET_SECONDS (else the largest within YOUTUBE_NUDGE_MAX_RATE_OFFSET) for exactly as long as it
 * takes: at rate r the gap closes at |r − room rate| media seconds per second, and the gap includes the stalls
 * of the two rate changes (RATE_CHANGE_STALL_SECONDS). Paused: seek only beyond
 * YOUTUBE_PAUSED_SEEK_THRESHOLD_SECONDS.
 */
function decideYouTube(error: number, playing: boolean, roomRate: number, rates: readonly number[]): SyncDecision {
  const size = Math.abs(error);
  if (!playing) return size > YOUTUBE_PAUSED_SEEK_THRESHOLD_SECONDS ? { action: 'seek' } : { action: 'none' };
  if (size > YOUTUBE_SEEK_THRESHOLD_SECONDS) return { action: 'seek' };
  // What the nudge must close, given that its two rate changes stall the player (R80).
  const stalls = 2 * RATE_CHANGE_STALL_SECONDS * roomRate;
  const gap = error > 0 ? size + stalls : size - stalls;
  if (gap <= 0) return { action: 'none' };
  const limit = YOUTUBE_NUDGE_MAX_RATE_OFFSET * roomRate + 1e-9;
  const steps = rates
    .map((rate) => ({ rate, speed: (rate - roomRate) * Math.sign(error) }))
    .filter(({ speed }) => speed > 1e-9 && speed <= limit)
    .sort((a, b) => a.speed - b.speed);
  const step = steps.find(({ speed }) => gap / speed <= YOUTUBE_NUDGE_TARGET_SECONDS) ?? steps.at(-1);
  return step ? { action: 'nudge', rate: step.rate, seconds: gap / step.speed } : { action: 'none' };
}
