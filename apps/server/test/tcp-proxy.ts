import { createConnection, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP relay between a server under test and one of its services (Redis, PostgreSQL), so a test can take the
 * service away from that one server — every open connection reset, new ones refused — and bring it back,
 * without touching the shared service itself.
 */
export class TcpProxy {
  readonly port: number;
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  private open = true;

  private constructor(server: Server, port: number) {
    this.server = server;
    this.port = port;
  }

  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    let proxy: TcpProxy | undefined;
    const server = createServer((client) => proxy?.relay(client, target));
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
  }

  restore(): void {
    this.open = true;
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
      this.sockets.add(from);
      from.pipe(to);
      from.on('error', () => to.destroy());
      from.on('close', () => {
        this.sockets.delete(from);
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
