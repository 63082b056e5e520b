import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyBaseLogger } from 'fastify';
import { TokenBucket, type TokenBucketOptions } from '../limits/token-bucket.ts';

/** Config's `trustProxy` (TRUST_PROXY), as Fastify gets it. */
export type TrustProxy = false | string[] | ((address: string, hop: number) => boolean);

/**
 * The client's address of a Socket.IO request, by the same TRUST_PROXY rule as Fastify's `request.ip`
 * (docs/decisions/010), so that behind the proxy each client counts on its own.
 */
export function clientAddressOf(trust: TrustProxy): (request: IncomingMessage) => string {
  if (trust === false) return (request) => request.socket.remoteAddress ?? 'unknown';
  const trusted = typeof trust === 'function' ? trust : proxyAddr.compile(trust);
  return (request) => proxyAddr(request, trusted);
}

/** A burst of 10 warn lines per client address, then 1 a second (R37). */
export const CLIENT_WARNINGS: Omit<TokenBucketOptions, 'now'> = { capacity: 10, refillPerSecond: 1 };
/** How often held-back lines are summed up; an address quiet this long has a full bucket again and is forgotten. */
export const CLIENT_WARNINGS_SUMMARY_MS = 10_000;

interface ClientEntry {
  bucket: TokenBucket;
  suppressed: number;
  lastSeen: number;
}

/**
 * Warn lines about clients' bad input, limited per client address (docs/room-rules.md R37). A flooder that
 * reconnects keeps its address, so a new socket brings no new allowance; what is held back is counted and
 * written as one summary line per address and period, so the log still says who and how much.
 */
export class ClientWarnings {
  private readonly clients = new Map<string, ClientEntry>();
  private readonly log: FastifyBaseLogger;
  private readonly now: () => number;
  private readonly timer: NodeJS.Timeout;

  constructor(log: FastifyBaseLogger, now: () => number = Date.now) {
    this.log = log;
    this.now = now;
    // Unbounded otherwise: one entry per address seen, until the summary finds it quiet.
    this.timer = setInterval(() => this.summarize(), CLIENT_WARNINGS_SUMMARY_MS);
    this.timer.unref();
  }

  /** Writes `message` at warn unless `address` has used up its lines; then counts it. */
  warn(address: string, details: object, message: string): void {
    let entry = this.clients.get(address);
    if (!entry) {
      entry = { bucket: new TokenBucket({ ...CLIENT_WARNINGS, now: this.now }), suppressed: 0, lastSeen: 0 };
      this.clients.set(address, entry);
    }
    entry.lastSeen = this.now();
    if (entry.bucket.take()) this.log.warn({ ...details, address }, message);
    else entry.suppressed += 1;
  }

  /** One line per address with held-back lines; addresses quiet for a whole period are forgotten. */
  summarize(): void {
    const now = this.now();
    for (const [address, entry] of this.clients) {
      if (entry.suppressed > 0) {
        this.log.warn({ address, suppressed: entry.suppressed }, 'more warnings about this client were not logged');
        entry.suppressed = 0;
      } else if (now - entry.lastSeen >= CLIENT_WARNINGS_SUMMARY_MS) {
        this.clients.delete(address);
      }
    }
  }

  /** Stops the timer and writes what is still held back. */
  close(): void {
    clearInterval(this.timer);
    this.summarize();
  }
}
