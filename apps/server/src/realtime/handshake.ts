import type { IncomingMessage, ServerResponse } from 'node:http';
import { PROTOCOL_VERSION, type ProtocolError } from '@xemchung/protocol';
import { handshakeAuthSchema } from '@xemchung/protocol/schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { ExtendedError, Socket } from 'socket.io';
import { SESSION_COOKIE, type SessionStore, type SessionUser } from '../auth/sessions.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import type { ViewerIdentities, ViewerIdentity } from './viewer-identity.ts';

/** What the server keeps on each socket. */
export interface SocketData {
  /** From the session cookie at the handshake; null for a guest. */
  user: SessionUser | null;
  /** Who the others in a room see, and the hashed address caps and kicks follow (R51). */
  identity: ViewerIdentity;
  /** The room this socket joined, if any. */
  roomId: string | null;
}

/** A refused connection; socket.io-client sees `err.message` and `err.data` ({code, message}) in connect_error. */
export class ConnectError extends Error implements ExtendedError {
  readonly data: ProtocolError;

  constructor(error: ProtocolError) {
    super(error.message);
    this.data = error;
  }
}

export interface HandshakeDeps {
  /** The origin of PUBLIC_URL: the only page allowed to open a socket with the user's cookie. */
  publicOrigin: string;
  sessions: SessionStore;
  parseCookie: (header: string) => Record<string, string | undefined>;
  identities: ViewerIdentities;
  log: FastifyBaseLogger;
  /** Refusals are bad input from a client (or a misconfigured PUBLIC_URL): warned about, limited per client (R37). */
  warn: (request: IncomingMessage, details: object, message: string) => void;
}

/**
 * engine.io middleware, run on every request and upgrade under /socket.io before engine.io reads it (R24). The
 * app opens a new WebSocket for each connection and never upgrades a transport, so a request that names an
 * engine.io session (`sid`) can only be another client's session taken over: engine.io would take it as an
 * upgrade of that session and hand it the session's identity, and neither `allowRequest` nor the Socket.IO
 * middleware below (Origin, cookie) runs again for it. Long-polling is refused as well.
 */
export function transportGuard(warn: HandshakeDeps['warn']) {
  return (request: IncomingMessage, _response: ServerResponse, next: (error?: Error) => void) => {
    const query = new URL(request.url ?? '/', 'http://localhost').searchParams;
    const reason = query.has('sid')
      ? 'names an engine.io session'
      : query.get('transport') !== 'websocket' || request.headers.upgrade?.toLowerCase() !== 'websocket'
        ? 'not a WebSocket upgrade'
        : null;
    if (reason === null) return next();
    warn(request, { origin: request.headers.origin?.slice(0, 200) ?? null, reason }, 'socket transport refused');
    next(new Error(reason));
  };
}

/**
 * Socket.IO middleware for every connection (docs/room-rules.md R1, R24): the Origin must be ours, so another
 * site cannot ride the user's cookie (cross-site WebSocket hijacking); the client must speak our protocol
 * version; the identity comes from the session cookie and from nothing the client says later.
 */
export function handshakeGuard(deps: HandshakeDeps) {
  return async (socket: Socket, next: (error?: ExtendedError) => void) => {
    const refuse = (error: ProtocolError, details: object) => {
      deps.warn(socket.request, { ...details, error }, 'socket refused');
      next(new ConnectError(error));
    };
    const origin = socket.handshake.headers.origin;
    if (origin !== deps.publicOrigin) {
      return refuse({ code: 'forbidden', message: 'Origin not allowed' }, { origin: origin?.slice(0, 200) });
    }
    const auth = handshakeAuthSchema.safeParse(socket.handshake.auth);
    if (!auth.success || auth.data.protocol !== PROTOCOL_VERSION) {
      const error: ProtocolError = { code: 'protocol_mismatch', message: `Server speaks protocol ${PROTOCOL_VERSION}` };
      return refuse(error, { protocol: auth.success ? auth.data.protocol : null });
    }
    try {
      const header = socket.handshake.headers.cookie;
      const token = header ? deps.parseCookie(header)[SESSION_COOKIE] : undefined;
      const user = await deps.sessions.resolve(token);
      const data: SocketData = { user, identity: deps.identities.identify(socket.request, user), roomId: null };
      socket.data = data;
      return next();
    } catch (error) {
      // A database that does not answer is an outage the readiness probe and the command path already report,
      // and every reconnecting client would repeat it: a bounded warning per client, not an error per attempt.
      if (isDatabaseUnavailable(error))
        deps.warn(socket.request, { err: error }, 'handshake refused: database unavailable');
      else deps.log.error({ err: error }, 'handshake failed');
      return next(new ConnectError({ code: 'unavailable', message: 'Try again shortly' }));
    }
  };
}
