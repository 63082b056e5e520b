import { createConnection, createServer, type Server, type Socket } from 'node:net';

/** One direction of a relayed connection. */
interface Link {
  from: Socket;
  to: Socket;
}

/**
 * A TCP relay between a server under test and one of its services (Redis, PostgreSQL), so a test can take the
 * service away from that one server — every open connection reset, new ones refused (`cut`), or every byte held
 * with nothing closed (`blackhole`) — and bring it back, without touching the shared service itself.
 */
export class TcpProxy {
  readonly port: number;
  /** Connections accepted so far, refused ones included: a client reconnecting shows here. */
  accepted = 0;
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  private readonly links = new Set<Link>();
  private open = true;
  private silent = false;

  private constructor(server: Server, port: number) {
    this.server = server;
    this.port = port;
  }

  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    let proxy: TcpProxy | undefined;
    const server = createServer((client) => {
      if (!proxy) return;
      proxy.accepted++;
      proxy.relay(client, target);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (typeof address !== 'object' || !address) throw new Error('proxy did not bind');
    proxy = new TcpProxy(server, address.port);
    return proxy;
  }

  /** The target's URL with host and port replaced by this proxy's. */
  via(url: string): string {
    const parsed = new URL(url);
    parsed.hostname = '127.0.0.1';
    parsed.port = String(this.port);
    return parsed.toString();
  }

  /** Resets every relayed connection and refuses new ones until `restore()`. */
  cut(): void {
    this.open = false;
    for (const socket of this.sockets) reset(socket);
    this.sockets.clear();
    this.links.clear();
  }

  /**
   * Stops carrying bytes, both ways, without closing or resetting anything: a link that drops every packet, as
   * in a network partition. Neither end is told; what they write waits here. New connections are accepted and
   * held the same way. `restore()` delivers what waited and carries on, as TCP would once the link heals.
   */
  blackhole(): void {
    this.silent = true;
    for (const { from, to } of this.links) {
      from.unpipe(to);
      from.pause();
    }
  }

  restore(): void {
    this.open = true;
    if (!this.silent) return;
    this.silent = false;
    for (const { from, to } of this.links) from.pipe(to);
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private relay(client: Socket, target: { host: string; port: number }): void {
    if (!this.open) {
      reset(client);
      return;
    }
    const upstream = createConnection(target);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      const link = { from, to };
      this.sockets.add(from);
      this.links.add(link);
      if (this.silent) from.pause();
      else from.pipe(to);
      from.on('error', () => to.destroy());
      from.on('close', () => {
        this.sockets.delete(from);
        this.links.delete(link);
        to.destroy();
      });
    }
  }
}

/** Like a crashed peer or a cut cable: an RST rather than a polite FIN. */
function reset(socket: Socket): void {
  if (socket.destroyed) return;
  try {
    socket.resetAndDestroy();
  } catch {
    socket.destroy();
  }
}
