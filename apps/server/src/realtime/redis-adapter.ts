import { createAdapter } from '@socket.io/redis-adapter';
import type { ServerToClientEvents } from '@xemchung/protocol';
import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';
import type { DefaultEventsMap, Server } from 'socket.io';
import type { SocketData } from './handshake.ts';

/**
 * A link that silently stops carrying packets (no RST: a partition, a lost NAT entry) leaves node-redis `isReady`
 * for as long as TCP retransmits, a quarter of an hour. Each connection therefore PINGs every second; one that has
 * not answered for STALE_AFTER_MS counts as down (not ready, commands refused), and a socket that has carried no
 * bytes at all for IDLE_TIMEOUT_MS — an unanswered PING, nothing else to send — is torn down and reconnected.
 */
const PING_INTERVAL_MS = 1000;
const STALE_AFTER_MS = 3 * PING_INTERVAL_MS;
const IDLE_TIMEOUT_MS = 5 * PING_INTERVAL_MS;

/** node-redis's default back-off, but it also retries after a socket timeout, which the default gives up on. */
function reconnectDelay(retries: number): number {
  return Math.min(2 ** retries * 50, 2000) + Math.floor(Math.random() * 200);
}

export interface RedisFanoutOptions {
  url: string;
  /** Prefix of the Pub/Sub channels, so several deployments (or test runs) can share one Redis. */
  prefix: string;
  log: FastifyBaseLogger;
}

/**
 * Room broadcasts between nodes: the Socket.IO Redis adapter on two node-redis connections (one publishes, one
 * is subscribed). The connections retry for ever; while either is down the node reports not ready and refuses
 * room commands (docs/decisions/009-scale-out.md), and when both are back it says so through `onRecovered`.
 */
export class RedisFanout {
  private readonly pub: ReturnType<typeof createClient>;
  private readonly sub: ReturnType<typeof createClient>;
  private readonly prefix: string;
  private readonly log: FastifyBaseLogger;
  private readonly recoveredListeners: Array<() => void> = [];
  /** Set when a connection drops or stops answering; cleared (and listeners told) once both are ready again. */
  private lost = false;
  /** When each connection last proved it is alive: ready, or a PING answered. */
  private readonly lastAnswer = new Map<ReturnType<typeof createClient>, number>();
  private readonly watchdog: NodeJS.Timeout;

  constructor(options: RedisFanoutOptions) {
    this.prefix = options.prefix;
    this.log = options.log.child({ module: 'redis' });
    this.pub = createClient({
      url: options.url,
      pingInterval: PING_INTERVAL_MS,
      socket: { socketTimeout: IDLE_TIMEOUT_MS, reconnectStrategy: reconnectDelay },
      // No per-command deadline: node-redis arms an AbortSignal.timeout for every command, and each one fires
      // five seconds later, building a DOMException nobody reads; at a thousand broadcasts a second that was 3 %
      // of a node's CPU (bench/README.md). A dead link is caught by the PING watchdog above instead.
      commandOptions: { timeout: undefined },
    });
    this.sub = this.pub.duplicate(); // same options, pings included
    this.guardPublish();
    const roles = [
      ['publisher', this.pub],
      ['subscriber', this.sub],
    ] as const;
    for (const [role, client] of roles) {
      client.on('error', (error: Error) => this.onConnectionError(role, error));
      client.on('ready', () => this.onAnswer(client));
      client.on('ping-interval', () => this.onAnswer(client));
    }
    this.watchdog = setInterval(() => {
      for (const [role, client] of roles) {
        if (this.isStale(client)) this.onConnectionError(role, new Error(`no answer to PING for ${STALE_AFTER_MS} ms`));
      }
    }, PING_INTERVAL_MS).unref();
    // Not awaited: a node whose Redis is away still boots, reports not ready and serves once Redis answers.
    for (const client of [this.pub, this.sub]) {
      client.connect().catch((error: unknown) => this.log.error({ err: error }, 'Redis connection abandoned'));
    }
  }

  /** Both connections are up and answering: a broadcast from here reaches every node. */
  get ready(): boolean {
    return this.pub.isReady && this.sub.isReady && !this.isStale(this.pub) && !this.isStale(this.sub);
  }

  /** Makes `io` broadcast through Redis. */
  attach(io: Pick<Server, 'adapter'>): void {
    io.adapter(createAdapter(this.pub, this.sub, { key: this.prefix }));
  }

  /** Called each time both connections are ready again after one was lost. */
  onRecovered(listener: () => void): void {
    this.recoveredListeners.push(listener);
  }

  /** Closes both connections, dropping whatever could not be sent within a second. */
  async close(): Promise<void> {
    clearInterval(this.watchdog);
    const clients = [this.pub, this.sub];
    const closing = Promise.allSettled(clients.map((client) => (client.isOpen ? client.close() : undefined)));
    await Promise.race([closing, new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
    for (const client of clients) if (client.isOpen) client.destroy();
  }

  /**
   * The adapter publishes without awaiting; a publish in flight when the connection drops would reject with
   * nobody listening and take the process down. The commit it announced is safe in the database, and the
   * re-broadcast on recovery delivers it. A stale publisher gets nothing more to send either: its socket then
   * idles out and reconnects, instead of writing into a dead link until TCP gives up. This leans on node-redis's
   * `publish` being an inherited method and on the adapter calling it: test/redis-publish-guard.test.ts checks both.
   */
  private guardPublish(): void {
    const publish = this.pub.publish.bind(this.pub);
    const guarded = async (channel: string, message: string | Buffer) => {
      if (this.isStale(this.pub)) return 0;
      return publish(channel, message).catch((error: unknown) => {
        this.log.debug({ err: error, channel }, 'broadcast not published');
        return 0;
      });
    };
    Object.defineProperty(this.pub, 'publish', { value: guarded });
  }

  private onConnectionError(role: string, error: Error): void {
    if (this.lost) {
      this.log.debug({ err: error, role }, 'Redis still unreachable');
      return;
    }
    this.lost = true;
    this.log.warn({ err: error, role }, 'Redis connection lost: not ready, room commands refused until it is back');
  }

  /** Connected, but no PING answered for a while. */
  private isStale(client: ReturnType<typeof createClient>): boolean {
    return client.isReady && Date.now() - (this.lastAnswer.get(client) ?? 0) > STALE_AFTER_MS;
  }

  private onAnswer(client: ReturnType<typeof createClient>): void {
    this.lastAnswer.set(client, Date.now());
    if (!this.lost || !this.ready) return;
    this.lost = false;
    this.log.info('Redis connection back');
    for (const listener of this.recoveredListeners) listener();
  }
}

/**
 * Routes `io`'s broadcasts through Redis and, each time Redis comes back, re-broadcasts every room this node has
 * sockets in: its sockets may have missed other nodes' commits, and other nodes' sockets may have missed its own.
 * The subscriber has re-subscribed by the time it reports ready, so nothing committed after the reload is missed.
 */
export function useRedisFanout(
  io: Server<DefaultEventsMap, ServerToClientEvents, DefaultEventsMap, SocketData>,
  fanout: RedisFanout,
  resync: (roomIds: Iterable<string>) => void,
): void {
  fanout.attach(io);
  fanout.onRecovered(() => {
    const roomIds = new Set<string>();
    for (const socket of io.of('/').sockets.values()) {
      if (socket.data.roomId !== null) roomIds.add(socket.data.roomId);
    }
    resync(roomIds);
  });
}
