import type { IncomingMessage } from 'node:http';
import type { Socket as NetSocket } from 'node:net';
import type { ExtendedError, Socket } from 'socket.io';
import { PersonRate } from '../limits/person-rate.ts';
import type { TokenBucketOptions } from '../limits/token-bucket.ts';
import { ConnectError } from './handshake.ts';

/**
 * Sockets one client address may hold at once (R99). A family or a small office behind one NAT router, every
 * person with a tab or two of the room open, stays far below it; each socket costs the node ~33 KB
 * (bench/README.md), so 30 cost ~1 MB. SOCKETS_PER_ADDRESS overrides it (a load test from one machine).
 */
export const SOCKETS_PER_ADDRESS = 30;
/** New sockets per address (R99): all of its allowed sockets at once (a NAT's tabs after a restart), then 2 a second. */
export const HANDSHAKES_REFILL_PER_SECOND = 2;
/**
 * Refusals an address is told with a typed `rate_limited` (R99): 10 at once, then 1 a second. A client that backs
 * off (R27) never uses them up; past them the upgrade is answered with a bare HTTP 429, the cheapest refusal.
 */
export const TOLD_REFUSALS: Omit<TokenBucketOptions, 'now'> = { capacity: 10, refillPerSecond: 1 };

export const TOO_MANY_CONNECTIONS = {
  code: 'rate_limited',
  message: 'Too many connections from this address',
} as const;

const REFUSAL_BODY = JSON.stringify({ error: TOO_MANY_CONNECTIONS });
const REFUSAL_RESPONSE =
  'HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\nContent-Type: application/json\r\nRetry-After: 5\r\n' +
  `Content-Length: ${Buffer.byteLength(REFUSAL_BODY)}\r\n\r\n${REFUSAL_BODY}`;

/** What the WebSocket upgrade of a new socket gets (R99). */
export type Admission = 'open' | 'refuse' | 'drop';

export interface AddressLimitsOptions {
  addressOf: (request: IncomingMessage) => string;
  socketsPerAddress: number;
  now: () => number;
}

/**
 * Connections per client address, counted at the WebSocket upgrade before engine.io, the guest cookie, the
 * session lookup or Socket.IO's handshake do any work (docs/room-rules.md R99). A guest's identity is a cookie
 * the client chooses, so the address is what binds a script that reconnects with a new cookie each time.
 */
export class AddressLimits {
  private readonly addressOf: (request: IncomingMessage) => string;
  private readonly max: number;
  /** Upgrades let through and not yet closed, per address: their TCP connection's life, whatever ends it. */
  private readonly open = new Map<string, number>();
  private readonly handshakes: PersonRate;
  private readonly told: PersonRate;
  /** Upgrades let through only to be told `rate_limited` by Socket.IO's handshake. */
  private readonly refused = new WeakSet<IncomingMessage>();

  constructor(options: AddressLimitsOptions) {
    this.addressOf = options.addressOf;
    this.max = options.socketsPerAddress;
    this.handshakes = new PersonRate({
      capacity: options.socketsPerAddress,
      refillPerSecond: HANDSHAKES_REFILL_PER_SECOND,
      now: options.now,
    });
    this.told = new PersonRate({ ...TOLD_REFUSALS, now: options.now });
  }

  /**
   * Judges an upgrade (engine.io's `allowRequest`): `open` within the address's sockets and rate; `refuse` over
   * them while the address may still be told why (Socket.IO's handshake answers `rate_limited`, see `guard`);
   * `drop` after that, answered by `dropUpgrade`.
   */
  admit(request: IncomingMessage): Admission {
    const address = this.addressOf(request);
    const held = this.open.get(address) ?? 0;
    let admission: Admission = 'open';
    if (held >= this.max || !this.handshakes.take(address)) {
      if (!this.told.take(address)) return 'drop';
      this.refused.add(request);
      admission = 'refuse';
    }
    // A told refusal holds a socket too until it is closed, so one that lingers still counts.
    this.open.set(address, held + 1);
    request.socket.once('close', () => this.release(address));
    return admission;
  }

  /** Whether this upgrade is let through only to be refused (no guest cookie for it). */
  refuses(request: IncomingMessage): boolean {
    return this.refused.has(request);
  }

  /** Sockets an address holds (for tests). */
  held(address: string): number {
    return this.open.get(address) ?? 0;
  }

  /** Socket.IO middleware, first of all: a refused upgrade gets `rate_limited` and is closed, before any lookup. */
  guard() {
    return (socket: Socket, next: (error?: ExtendedError) => void) => {
      if (!this.refused.has(socket.request)) return next();
      next(new ConnectError({ ...TOO_MANY_CONNECTIONS }));
      // After the refusal is sent (Socket.IO sends it on the next tick); the client need not hang up itself.
      process.nextTick(() => socket.conn.close());
    };
  }

  private release(address: string): void {
    const held = (this.open.get(address) ?? 1) - 1;
    if (held > 0) this.open.set(address, held);
    else this.open.delete(address);
  }
}

/** Answers an upgrade with a bare 429 before engine.io does anything with it (engine.io then destroys the socket). */
export function dropUpgrade(request: IncomingMessage): void {
  const socket = request.socket as NetSocket;
  if (socket.writable) socket.end(REFUSAL_RESPONSE);
}
