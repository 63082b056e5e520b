import { TokenBucket, type TokenBucketOptions } from './token-bucket.ts';

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

  /** Whether `key` has a token left, without taking it (a limit counted only on success, R105). */
  available(key: string): boolean {
    return this.buckets.get(key)?.bucket.available() ?? true;
  }

  /** How many people have a bucket (for tests). */
  get size(): number {
    return this.buckets.size;
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.buckets) if (now - entry.lastUsed >= this.refillMs) this.buckets.delete(key);
  }
}

/** Who a rate binds: a person key and, for a guest (no uid), the hashed client address (R100). */
export interface RateSubject {
  uid: string | null;
  key: string;
  address: string;
}

/**
 * A per-person rate that binds a guest's address as well (R100). A guest's person key comes from a cookie the
 * client chooses, so a script sending each message from a fresh cookie would get a fresh bucket each time; its
 * address stays. A signed-in person's key is their account, so it alone is bound: people behind one address
 * (a family, a dormitory, a mobile network) who sign in keep a rate each.
 */
export class GuestAwareRate {
  private readonly person: PersonRate;
  private readonly address: PersonRate;

  /** `perAddress` is what all the guests of one address share; larger than `perPerson`, so one guest never feels it. */
  constructor(perPerson: TokenBucketOptions, perAddress: TokenBucketOptions) {
    this.person = new PersonRate(perPerson);
    this.address = new PersonRate(perAddress);
  }

  /** Takes one token of the person's bucket and, for a guest, one of its address's; false when either is empty. */
  take(subject: RateSubject): boolean {
    if (!this.person.take(subject.key)) return false;
    return subject.uid !== null || this.address.take(subject.address);
  }
}
