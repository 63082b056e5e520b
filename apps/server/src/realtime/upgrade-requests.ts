import type { IncomingMessage } from 'node:http';
import type { ExtendedError, Socket } from 'socket.io';
import { ConnectError } from './handshake.ts';

/**
 * Socket.IO keeps each connection's upgrade request (its headers, parser state and socket wiring) for the
 * connection's life, in case a handler reads `socket.request` later, and so does Engine.IO's stand-in response for
 * the upgrade (`WebSocketResponse`), which the TCP socket's 'close' listener holds. Ours read what they need from it
 * at the handshake and the connection (the address, the identity, the `ws`), so both let it go once connected, as
 * Socket.IO's "Memory usage" guide advises (`rawSocket.request = null`; ADR 039): about 2 KB a connection (issue #25,
 * bench/README.md). `socket.handshake` (the headers, the address) stays.
 */
export class UpgradeRequests {
  /** The upgrade's stand-in response, by its request, from the Engine.IO middleware that sees both. */
  private readonly responses = new WeakMap<IncomingMessage, { req: IncomingMessage | null }>();

  readonly middleware = (request: IncomingMessage, response: { req: IncomingMessage | null }, next: () => void) => {
    this.responses.set(request, response);
    next();
  };

  /**
   * Socket.IO middleware, before every other: a connect that comes back on a connection whose request was let go (a
   * client that left the namespace and connected again over the same Engine.IO connection; ours never does) is
   * refused and the connection closed. Its handshake would be judged without the request: no Origin, no cookie, no
   * address to warn about (it threw, and the process died).
   */
  readonly guard = (socket: Socket, next: (error?: ExtendedError) => void) => {
    if (socket.request) return next();
    next(new ConnectError({ code: 'forbidden', message: 'Connect again over a new connection' }));
    // After the refusal is sent (Socket.IO sends it on the next tick).
    process.nextTick(() => socket.conn.close());
  };

  /** Lets the socket's upgrade request go: call it once the connection's handlers have read what they need. */
  release(socket: Socket): void {
    const connection = socket.conn as unknown as { request: IncomingMessage | null };
    const response = connection.request && this.responses.get(connection.request);
    if (response) response.req = null;
    connection.request = null;
  }
}
