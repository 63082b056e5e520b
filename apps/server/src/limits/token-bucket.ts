export interface TokenBucketOptions {
  /** Burst size: how many commands may arrive at once. */
  capacity: number;
  /** Sustained rate. */
  refillPerSecond: number;
  now?: () => number;
}

/** A token bucket: `capacity` tokens, refilled continuously; each command takes one (docs/room-rules.md R22). */
export class TokenBucket {
  private readonly capacity: number;
  private readonly refillPerMs: number;
  private readonly now: () => number;
  private tokens: number;
  private last: number;

  constructor(options: TokenBucketOptions) {
    this.capacity = options.capacity;
    this.refillPerMs = options.refillPerSecond / 1000;
    this.now = options.now ?? Date.now;
    this.tokens = options.capacity;
    this.last = this.now();
  }

  /** Takes a token if one is left; false means the caller is over its rate. */
  take(): boolean {
    if (!this.available()) return false;
    this.tokens -= 1;
    return true;
  }

  /** Whether a token is left, without taking it. */
  available(): boolean {
    const now = this.now();
    this.tokens = Math.min(this.capacity, this.tokens + Math.max(0, now - this.last) * this.refillPerMs);
    this.last = now;
    return this.tokens >= 1;
  }
}
