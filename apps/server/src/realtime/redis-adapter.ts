import { createAdapter } from '@socket.io/redis-adapter';
import type { ServerToClientEvents } from '@xemchung/protocol';
import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';
import type { DefaultEventsMap, Server } from 'socket.io';
import type { SocketData } from './handshake.ts';

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
  /** Set when a connection drops; cleared (and listeners told) once both are ready again. */
  private lost = false;

  constructor(options: RedisFanoutOptions) {
    this.prefix = options.prefix;
    this.log = options.log.child({ module: 'redis' });
    this.pub = createClient({ url: options.url });
    this.sub = this.pub.duplicate();
    this.guardPublish();
    for (const [role, client] of [
      ['publisher', this.pub],
      ['subscriber', this.sub],
    ] as const) {
      client.on('error', (error: Error) => this.onConnectionError(role, error));
      client.on('ready', () => this.onConnectionReady());
    }
    // Not awaited: a node whose Redis is away still boots, reports not ready and serves once Redis answers.
    for (const client of [this.pub, this.sub]) {
      client.connect().catch((error: unknown) => this.log.error({ err: error }, 'Redis connection abandoned'));
    }
  }

  /** Both connections are up: a broadcast from here reaches every node. */
  get ready(): boolean {
    return this.pub.isReady && this.sub.isReady;
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
    const clients = [this.pub, this.sub];
    const closing = Promise.allSettled(clients.map((client) => (client.isOpen ? client.close() : undefined)));
    await Promise.race([closing, new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
    for (const client of clients) if (client.isOpen) client.destroy();
  }

  /**
   * The adapter publishes without awaiting; a publish in flight when the connection drops would reject with
   * nobody listening and take the process down. The commit it announced is safe in the database, and the
   * re-broadcast on recovery delivers it.
   */
  private guardPublish(): void {
    const publish = this.pub.publish.bind(this.pub);
    const guarded = (channel: string, message: string | Buffer) =>
      publish(channel, message).catch((error: unknown) => {
        this.log.debug({ err: error, channel }, 'broadcast not published');
        return 0;
      });
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

  private onConnectionReady(): void {
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
