// A delaying TCP proxy for bench:sync (issue #15 item 1): the follower's Chromium reaches the app through it as
// a SOCKS5 proxy (Playwright's per-context `proxy`; it sends loopback through the proxy too), so the page keeps
// the app's origin (the server accepts sockets from PUBLIC_URL's origin only) while its bytes cross a slower
// network. Each direction is a delay line: a one-way delay, jitter that never reorders (a chunk never overtakes
// the one before it, as on one TCP connection), and stalls (the link freezes, both ways, then delivers what
// queued up). Only connections to `target` are delayed; any other destination (the media server, standing for a
// CDN the phone reaches on its own path) is piped straight through.
//
//   node bench/sync/delay-proxy.ts <target port> <up ms> <down ms> [jitter ms]   (listens on a free port)
import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';

export interface LinkProfile {
  /** One-way delay in ms. */
  delayMs: number;
  /** Each chunk's delay is delayMs ± up to this much (uniform), never below 0 and never overtaking. */
  jitterMs?: number;
}

export interface StallProfile {
  /** A stall starts every this many ms, the first one this long after the proxy starts. */
  everyMs: number;
  /** How long the link is frozen, both ways. */
  durationMs: number;
}

export interface NetworkProfile {
  /** Follower → server. */
  up: LinkProfile;
  /** Server → follower. */
  down: LinkProfile;
  stall?: StallProfile;
}

/** A small seeded generator (mulberry32), so two runs of a scenario see the same jitter sequence. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** When a delivery due at `at` can happen: at once, or at the end of the stall it falls in (times from start). */
export function afterStall(at: number, stall: StallProfile | undefined): number {
  if (!stall || at < stall.everyMs) return at;
  const intoPeriod = at % stall.everyMs;
  return intoPeriod < stall.durationMs ? at - intoPeriod + stall.durationMs : at;
}

/**
 * One direction's schedule: when each chunk, arriving at `now`, is delivered. Pure apart from its random source;
 * times are ms from the proxy's start.
 */
export class DelayLine {
  private lastDelivery = Number.NEGATIVE_INFINITY;
  private readonly link: LinkProfile;
  private readonly stall: StallProfile | undefined;
  private readonly random: () => number;

  constructor(link: LinkProfile, stall: StallProfile | undefined, random: () => number) {
    this.link = link;
    this.stall = stall;
    this.random = random;
  }

  deliveryTime(now: number): number {
    const jitter = (this.random() * 2 - 1) * (this.link.jitterMs ?? 0);
    const due = now + Math.max(0, this.link.delayMs + jitter);
    // In order: a chunk that drew a short delay waits for the one before it (TCP delivers bytes in order).
    const at = afterStall(Math.max(due, this.lastDelivery), this.stall);
    this.lastDelivery = at;
    return at;
  }
}

type Clock = () => number;

/** Writes chunks into `to` at the times `line` gives, in order; one timer for the head of the queue. */
function delayedPipe(from: Socket, to: Socket, line: DelayLine, clock: Clock): void {
  const queue: { at: number; chunk: Buffer | null }[] = [];
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    timer = null;
    const now = clock();
    while (queue.length > 0 && (queue[0]?.at ?? 0) <= now) {
      const { chunk } = queue.shift() as { chunk: Buffer | null };
      if (chunk === null) to.end();
      else to.write(chunk);
    }
    const next = queue[0];
    if (next) timer = setTimeout(flush, next.at - now);
  };
  const push = (chunk: Buffer | null) => {
    queue.push({ at: line.deliveryTime(clock()), chunk });
    if (timer === null) timer = setTimeout(flush, Math.max(0, (queue[0]?.at ?? 0) - clock()));
  };
  from.on('data', (chunk: Buffer) => push(chunk));
  // The end travels behind the data, like a FIN (both sockets are half-open, so each side ends on its own).
  from.on('end', () => push(null));
}

/** The SOCKS5 CONNECT request's destination, once `buffer` holds all of it; null until then. */
export function parseConnect(buffer: Buffer): { host: string; port: number; length: number } | null {
  if (buffer.length < 5) return null;
  const type = buffer[3];
  let host: string;
  let end: number;
  if (type === 1) {
    end = 4 + 4;
    if (buffer.length < end + 2) return null;
    host = [...buffer.subarray(4, end)].join('.');
  } else if (type === 3) {
    end = 5 + (buffer[4] ?? 0);
    if (buffer.length < end + 2) return null;
    host = buffer.subarray(5, end).toString('latin1');
  } else if (type === 4) {
    end = 4 + 16;
    if (buffer.length < end + 2) return null;
    const words = [];
    for (let index = 4; index < end; index += 2) words.push(buffer.readUInt16BE(index).toString(16));
    host = words.join(':');
  } else {
    throw new Error(`SOCKS5: unknown address type ${type}`);
  }
  if (buffer[1] !== 1) throw new Error(`SOCKS5: only CONNECT is supported (command ${buffer[1]})`);
  return { host, port: buffer.readUInt16BE(end), length: end + 2 };
}

export interface DelayProxyOptions {
  /** The port whose connections are delayed (the app server's); others pass straight through. */
  targetPort: number;
  profile: NetworkProfile;
  seed?: number;
}

export interface DelayProxy {
  port: number;
  /** The stall windows up to now, on the common clock (performance.timeOrigin + performance.now()). */
  stalls(): { from: number; to: number }[];
  /** Bytes the app has sent through the proxy so far (HTTP and WebSocket, framing and headers included). */
  bytesDown(): number;
  close(): Promise<void>;
}

/** Starts the SOCKS5 proxy on a free loopback port. */
export async function startDelayProxy(options: DelayProxyOptions): Promise<DelayProxy> {
  const origin = performance.now();
  const clock: Clock = () => performance.now() - origin;
  const random = seededRandom(options.seed ?? 15);
  const { profile } = options;
  const sockets = new Set<Socket>();
  let bytesDown = 0;
  const stalls = () => {
    const windows: { from: number; to: number }[] = [];
    if (!profile.stall) return windows;
    const { everyMs, durationMs } = profile.stall;
    for (let from = everyMs; from <= clock(); from += everyMs) {
      const at = performance.timeOrigin + origin + from;
      windows.push({ from: at, to: at + durationMs });
    }
    return windows;
  };

  const accept = (client: Socket) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    let buffer = Buffer.alloc(0);
    let greeted = false;
    const onData = (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      if (!greeted) {
        if (buffer.length < 2 || buffer.length < 2 + (buffer[1] ?? 0)) return;
        if (buffer[0] !== 5) return client.destroy();
        buffer = buffer.subarray(2 + (buffer[1] ?? 0));
        greeted = true;
        client.write(Buffer.from([5, 0])); // no authentication
      }
      let request: ReturnType<typeof parseConnect>;
      try {
        request = parseConnect(buffer);
      } catch {
        return client.destroy();
      }
      if (!request) return;
      client.off('data', onData);
      client.pause();
      const rest = buffer.subarray(request.length);
      const upstream = tcpConnect({ host: request.host, port: request.port, allowHalfOpen: true });
      sockets.add(upstream);
      upstream.on('close', () => sockets.delete(upstream));
      // A reset on either side resets the other; a clean end travels through the pipe.
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
      upstream.once('connect', () => {
        upstream.setNoDelay(true);
        client.setNoDelay(true);
        client.write(Buffer.from([5, 0, 0, 1, 0, 0, 0, 0, 0, 0]));
        if (request.port === options.targetPort) {
          upstream.on('data', (chunk: Buffer) => {
            bytesDown += chunk.length;
          });
          delayedPipe(client, upstream, new DelayLine(profile.up, profile.stall, random), clock);
          delayedPipe(upstream, client, new DelayLine(profile.down, profile.stall, random), clock);
        } else {
          client.pipe(upstream);
          upstream.pipe(client);
        }
        if (rest.length > 0) client.emit('data', rest);
        client.resume();
      });
    };
    client.on('data', onData);
  };

  const server: Server = createServer({ allowHalfOpen: true }, accept);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the delay proxy has no port');
  return {
    port: address.port,
    stalls,
    bytesDown: () => bytesDown,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

if (import.meta.main) {
  const [target, up, down, jitter] = process.argv.slice(2).map(Number);
  if (!target || up === undefined || down === undefined) {
    console.error('usage: node bench/sync/delay-proxy.ts <target port> <up ms> <down ms> [jitter ms]');
    process.exit(2);
  }
  const jitterMs = jitter ?? 0;
  const proxy = await startDelayProxy({
    targetPort: target,
    profile: { up: { delayMs: up, jitterMs }, down: { delayMs: down, jitterMs } },
  });
  console.log(`SOCKS5 on 127.0.0.1:${proxy.port}, delaying connections to port ${target}`);
}
