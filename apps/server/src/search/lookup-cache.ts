export interface LookupCacheOptions {
  /** Entries kept at most; the least recently used one goes first. */
  maxEntries: number;
  ttlMs: number;
  now?: () => number;
}

/**
 * A small TTL + LRU cache in front of an upstream lookup (a Map keeps insertion order, so re-inserting on
 * each hit makes its first key the least recently used). Concurrent lookups of the same key share one
 * upstream call, and only outcomes the caller deems cacheable are kept, so a timeout is retried next time.
 */
export class LookupCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();
  private readonly pending = new Map<string, Promise<V>>();
  private readonly maxEntries: number;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(options: LookupCacheOptions) {
    this.maxEntries = options.maxEntries;
    this.ttlMs = options.ttlMs;
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= this.now()) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: this.now() + this.ttlMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }

  /** The cached value, the lookup already in flight for `key`, or a new lookup. */
  lookup(key: string, load: () => Promise<V>, cacheable: (value: V) => boolean): Promise<V> {
    const cached = this.get(key);
    if (cached !== undefined) return Promise.resolve(cached);
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const promise = load()
      .then((value) => {
        if (cacheable(value)) this.set(key, value);
        return value;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, promise);
    return promise;
  }
}
