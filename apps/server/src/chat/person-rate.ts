import { TokenBucket, type TokenBucketOptions } from '../realtime/token-bucket.ts';

/** People whose buckets are kept before idle ones are dropped. */
const SWEEP_ABOVE = 10_000;

/**
 * A token bucket per person key (R54): every tab of one person draws on the same bucket, so opening tabs does
 * not multiply the rate. Per node: a person whose tabs reach two nodes has a bucket on each.
 */
export class PersonRate {
  private readonly options: TokenBucketOptions;
  private readonly now: () => number;
  /** A bucket left alone this long is full again, the same as a new one, so it can go. */
  private readonly refillMs: number;
  private readonly buckets = new Map<string, { bucket: TokenBucket; lastUsed: number }>();

  constructor(options: TokenBucketOptions) {
    this.now = options.now ?? Date.now;
    this.options = { ...options, now: this.now };
    this.refillMs = (options.capacity / options.refillPerSecond) * 1000;
  }

  /** Takes one of `key`'s tokens; false when that person is over the rate. */
  take(key: string): boolean {
    const now = this.now();
    let entry = this.buckets.get(key);
    if (!entry) {
      if (this.buckets.size >= SWEEP_ABOVE) this.sweep(now);
      entry = { bucket: new TokenBucket(this.options), lastUsed: now };
      this.buckets.set(key, entry);
    }
    entry.lastUsed = now;
    return entry.bucket.take();
  }

  /** How many people have a bucket (for tests). */
  get size(): number {
    return this.buckets.size;
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.buckets) if (now - entry.lastUsed >= this.refillMs) this.buckets.delete(key);
  }
}
