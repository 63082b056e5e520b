/** One ping round trip: how far the server clock is ahead of ours, and how long the trip took. */
export interface ClockSample {
  /** Server clock minus local clock, in ms (negative when the local clock is ahead). */
  offset: number;
  /** Round-trip time in ms; the offset is exact to within ±delay/2. */
  delay: number;
}

/** How many recent samples the estimator considers (Jellyfin's TimeSync keeps 8). */
export const CLOCK_SAMPLE_WINDOW = 8;

/**
 * NTP-style sample from one `clock:ping`: sent at local `sentAt`, answered with `serverTime`, received at local
 * `receivedAt`. Assuming the answer was stamped half-way through the trip, offset = server − midpoint.
 */
export function clockSample(sentAt: number, serverTime: number, receivedAt: number): ClockSample {
  const delay = Math.max(0, receivedAt - sentAt);
  return { offset: serverTime - (sentAt + delay / 2), delay };
}

export interface ClockOffsetEstimatorOptions {
  /** The local clock (ms); injectable for tests. Defaults to Date.now. */
  now?: () => number;
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
 * 16 ms off from the fastest sample, 1 ms from the average; ADR 026). Pure apart from reading the injected clock.
 */
export class ClockOffsetEstimator {
  private readonly now: () => number;
  private readonly window: number;
  private readonly samples: ClockSample[] = [];

  constructor(options: ClockOffsetEstimatorOptions = {}) {
    this.now = options.now ?? Date.now;
    this.window = Math.max(1, options.window ?? CLOCK_SAMPLE_WINDOW);
  }

  /** Local time now, to stamp a ping before sending it. */
  localNow(): number {
    return this.now();
  }

  /** Adds the sample of one ping (local times from `localNow()`); returns it. */
  record(sentAt: number, serverTime: number, receivedAt: number): ClockSample {
    const sample = clockSample(sentAt, serverTime, receivedAt);
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
