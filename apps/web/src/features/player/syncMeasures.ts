import { type PlayerKind, seeksOnly, YOUTUBE_SEEK_SETTLE_MS } from '@xemchung/protocol';

/** How long an HTML5 seek may take before we stop waiting for its 'seeked' (ms). */
const MEDIA_SEEK_TIMEOUT_MS = 3000;
/**
 * The most a seek aims ahead to make up for its own stall (s): an embedded player's seek (YouTube's, ADR 027; the
 * others' through postMessage, ADR 025) stands still longer than a media element's.
 */
const maxSeekLeadSeconds = (kind: PlayerKind) => (kind === 'media' ? 0.5 : 1);
/** At most this many corrective seeks in SEEK_WINDOW_MS (R82: no seek storm). */
export const MAX_SEEKS_IN_WINDOW = 2;
const SEEK_WINDOW_MS = 10_000;
/** A stamp later than this after sending is a hiccup (a stalled tab, a reconnection), not the usual delay. */
const MAX_STAMP_DELAY_MS = 1000;

/**
 * The seeks a player's sync makes: whether one is still in flight (HTML5 media until its 'seeked', YouTube for a
 * settling time), and how long the player stands still during a seek, averaged over the seeks of a running
 * player (ADR 034, seek lead). Times are local milliseconds.
 */
export class SeekTracker {
  private pending: { issuedAt: number; running: boolean; kind: PlayerKind; buffered: boolean } | null = null;
  /**
   * Measured stall of a seek (wall seconds), 0 until one is measured: apart for seeks into what the player has
   * buffered, which stand still a frame or two, and the others, which wait for the network (R132).
   */
  private readonly latency = { buffered: 0, unbuffered: 0 };
  /** When the last seeks were issued (local ms), for the storm limit. */
  private issued: number[] = [];

  /**
   * A seek was issued at `now`; `running` when the player was playing (only those are timed); `buffered` when it
   * goes where the player has the media already.
   */
  started(now: number, running: boolean, kind: PlayerKind = 'media', buffered = false): void {
    this.pending = { issuedAt: now, running, kind, buffered };
    this.issued = [...this.issued.filter((at) => now - at < SEEK_WINDOW_MS), now];
  }

  /** Whether another corrective seek now would make more than MAX_SEEKS_IN_WINDOW in SEEK_WINDOW_MS. */
  storming(now: number): boolean {
    return this.issued.filter((at) => now - at < SEEK_WINDOW_MS).length >= MAX_SEEKS_IN_WINDOW;
  }

  /** Whether the last seek is done, or has waited long enough for `kind` that we stop waiting. */
  settled(kind: PlayerKind, now: number): boolean {
    if (!this.pending) return true;
    const wait = seeksOnly(kind) ? YOUTUBE_SEEK_SETTLE_MS : MEDIA_SEEK_TIMEOUT_MS;
    if (now - this.pending.issuedAt < wait) return false;
    this.pending = null;
    return true;
  }

  get inFlight(): boolean {
    return this.pending !== null;
  }

  /** The media element finished seeking at `now`. */
  finished(now: number): void {
    const pending = this.pending;
    this.pending = null;
    if (!pending?.running) return;
    const latency = Math.min(maxSeekLeadSeconds(pending.kind), (now - pending.issuedAt) / 1000);
    const kind = pending.buffered ? 'buffered' : 'unbuffered';
    this.latency[kind] = this.latency[kind] === 0 ? latency : (this.latency[kind] + latency) / 2;
  }

  /** How far ahead of the expected position (media seconds) a seek at `rate` should aim, into buffered media or not. */
  lead(rate: number, buffered = false): number {
    return this.latency[buffered ? 'buffered' : 'unbuffered'] * rate;
  }
}

/**
 * How long after a controller read its position the server stamped its report (ms): the trip plus the room's queue
 * and database read. Each committed report is a sample: its state's `updated_at` against the server-clock time
 * the report was sent (ADR 034, stamp delay).
 */
export class StampDelay {
  private probe: { version: number; sentAt: number } | null = null;
  private estimate: number | null = null;

  /** The report sent at server time `sentAt` was committed as `version`. */
  committed(version: number, sentAt: number): void {
    this.probe = { version, sentAt };
  }

  /** A room state arrived: if it is the probed report's, learn from it. */
  observe(version: number, updatedAt: number): void {
    const probe = this.probe;
    if (!probe || version < probe.version) return;
    this.probe = null;
    if (version !== probe.version) return;
    const delay = updatedAt - probe.sentAt;
    if (delay < 0 || delay > MAX_STAMP_DELAY_MS) return;
    this.estimate = this.estimate === null ? delay : 0.75 * this.estimate + 0.25 * delay;
  }

  /** The estimate, or `fallback` (half the best ping) before the first sample. */
  valueOr(fallback: number): number {
    return this.estimate ?? fallback;
  }
}
