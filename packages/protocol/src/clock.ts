/** One ping round trip: how far the server clock is ahead of ours, and how long the trip took. */
export interface ClockSample {
  /** Server clock minus local clock, in ms (negative when the local clock is ahead). */
  offset: number;
  /** Round-trip time in ms; the offset is exact to within ±delay/2. */
  delay: number;
}

/**
 * How many recent samples the estimator considers, and how many pings a join takes (R90). Jellyfin's TimeSync keeps
 * 8; with jitter on each direction R90's average of the fastest half has half the variance over 16
 * (`bench/sync/clock-filter-sim.ts`), and 16 pings are 16 round trips at join, the estimate usable from the first.
 */
export const CLOCK_SAMPLE_WINDOW = 16;

/**
 * A ping answered later than this (ms) is an outlier while the window holds a faster sample (R86): its offset
 * could be off by half of it, more than the 200 ms past which a player seeks, so it would move players for nothing.
 */
export const CLOCK_OUTLIER_DELAY_MS = 400;

/**
 * The wall clock (Date.now) moving this far (ms) against the monotonic one between two checks is a jump (R85): the
 * system clock was set, or the machine slept. Far above the slewing NTP does (at most 0.5 ms per second).
 */
export const CLOCK_JUMP_MS = 1000;

/**
 * NTP-style sample from one `clock:ping`: sent at local `sentAt`, answered with `serverTime`, received at local
 * `receivedAt`. Assuming the answer was stamped half-way through the trip, offset = server − midpoint.
 */
export function clockSample(sentAt: number, serverTime: number, receivedAt: number): ClockSample {
  const delay = Math.max(0, receivedAt - sentAt);
  return { offset: serverTime - (sentAt + delay / 2), delay };
}

/**
 * A local clock that only goes forward at a steady pace (ms on the wall clock's scale): setting the system clock
 * does not move it, so an offset measured against it stays right (R85).
 */
export const monotonicNow = (): number => performance.timeOrigin + performance.now();

export interface ClockOffsetEstimatorOptions {
  /** The local clock (ms); injectable for tests. Defaults to a monotonic clock (`monotonicNow`). */
  now?: () => number;
  /**
   * The wall clock, watched against `now` to notice jumps (R85). Defaults to Date.now with the default `now`;
   * with an injected `now` and no `wallNow`, jumps are not watched.
   */
  wallNow?: () => number;
  window?: number;
}

/**
 * A sample joins the average only if its round trip is at most this many times the fastest one's (+ 1 ms): its
 * error bound (delay / 2) is then at most about twice the fastest sample's. On loopback that keeps a 10 ms trip
 * (a busy page) out beside a 0.5 ms one; on a jittery link the fastest half passes whole.
 */
export const CLOCK_AVERAGE_MAX_DELAY_RATIO = 2;

/**
 * Estimates the offset between the local clock and the server's from recent pings (docs/room-rules.md R20, R90).
 * It averages the offsets of the fastest half of the last `window` samples, leaving out any whose round trip is
 * over CLOCK_AVERAGE_MAX_DELAY_RATIO × the fastest's: a slow trip (queueing, a busy tab) skews the midpoint
 * assumption most, so slow ones stay out; among fast ones, jitter that delays one direction more than the other
 * is as likely either way and averages out, where the single fastest sample keeps its own (bench:sync's `4g`:
 * 16 ms off from the fastest sample, 1 ms from the average; ADR 026). A ping answered seconds late is not kept
 * while a fast one is held (R86), and a jump of the wall clock starts a fresh window with the next answer (R85).
 * Pure apart from reading the clocks.
 */
export class ClockOffsetEstimator {
  private readonly now: () => number;
  private readonly wallNow: () => number;
  private readonly window: number;
  private samples: ClockSample[] = [];
  /** Wall clock minus local clock at the last check, to notice a jump. */
  private wallGap: number | null = null;
  /** A jump was seen: the held samples are kept until the next answer replaces them. */
  private stale = false;

  constructor(options: ClockOffsetEstimatorOptions = {}) {
    this.now = options.now ?? monotonicNow;
    this.wallNow = options.wallNow ?? (options.now ? this.now : Date.now);
    this.window = Math.max(1, options.window ?? CLOCK_SAMPLE_WINDOW);
  }

  /** Local time now, to stamp a ping before sending it. */
  localNow(): number {
    return this.now();
  }

  /**
   * Whether the wall clock jumped against the local one since the last check (R85). After a jump the estimate
   * should be taken again (the caller pings): the held samples stay in use until the first
   * answer that is not an outlier (R86), then go.
   */
  checkJump(): boolean {
    const gap = this.wallNow() - this.now();
    const jumped = this.wallGap !== null && Math.abs(gap - this.wallGap) > CLOCK_JUMP_MS;
    this.wallGap = gap;
    if (jumped) this.stale = true;
    return jumped;
  }

  /** Adds the sample of one ping (local times from `localNow()`); returns it. */
  record(sentAt: number, serverTime: number, receivedAt: number): ClockSample {
    const sample = clockSample(sentAt, serverTime, receivedAt);
    const best = this.best();
    // R86: an answer seconds late says less than the fast one we hold, however long slow answers go on; after a
    // jump too, the held estimate is kept until a fast answer replaces it.
    if (best && sample.delay > CLOCK_OUTLIER_DELAY_MS && sample.delay > best.delay) return sample;
    if (this.stale) {
      this.stale = false;
      this.samples = [];
    }
    this.samples.push(sample);
    if (this.samples.length > this.window) this.samples.shift();
    return sample;
  }

  get sampleCount(): number {
    return this.samples.length;
  }

  /** The best sample of the window, or null before the first ping. */
  best(): ClockSample | null {
    let best: ClockSample | null = null;
    for (const sample of this.samples) {
      if (!best || sample.delay < best.delay) best = sample;
    }
    return best;
  }

  /**
   * Server clock minus local clock in ms (R90): the mean offset of the fastest half of the window whose round
   * trips are within CLOCK_AVERAGE_MAX_DELAY_RATIO of the fastest (at least the fastest sample); 0 until a sample
   * exists (assume the clocks agree).
   */
  get offset(): number {
    if (this.samples.length === 0) return 0;
    const byDelay = [...this.samples].sort((a, b) => a.delay - b.delay);
    const limit = (byDelay[0]?.delay ?? 0) * CLOCK_AVERAGE_MAX_DELAY_RATIO + 1;
    const fastest = byDelay
      .slice(0, Math.max(1, Math.floor(byDelay.length / 2)))
      .filter((sample, index) => index === 0 || sample.delay <= limit);
    return fastest.reduce((sum, sample) => sum + sample.offset, 0) / fastest.length;
  }

  /** The estimated server time now. */
  serverNow(): number {
    return this.now() + this.offset;
  }
}
