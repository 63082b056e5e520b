import type { ServerToClientEvents } from '@xemchung/protocol';
import type { FastifyInstance } from 'fastify';
import { type DefaultEventsMap, Server, type Socket } from 'socket.io';
import type { SessionStore } from '../auth/sessions.ts';
import { KeyedQueue } from '../rooms/keyed-queue.ts';
import type { RoomBroadcast, RoomConnection } from '../rooms/room-handlers.ts';
import { createRoomHandlers } from '../rooms/room-handlers.ts';
import type { RoomRepository } from '../rooms/room-repository.ts';
import { RoomResync } from '../rooms/room-resync.ts';
import type { RoomStore } from '../rooms/room-store.ts';
import { type CommandOutcome, createDispatcher, type DispatchContext } from './command-dispatch.ts';
import { handshakeGuard, type SocketData } from './handshake.ts';
import { Presence } from './presence.ts';
import { type RedisFanout, useRedisFanout } from './redis-adapter.ts';
import { TokenBucket, type TokenBucketOptions } from './token-bucket.ts';
import { viewerIdentities } from './viewer-identity.ts';

/** Largest message a client may send; a bigger one closes its connection (docs/room-rules.md R23). */
export const MAX_MESSAGE_BYTES = 64 * 1024;

/**
 * Per-socket command rate (R22): a burst of 40, then 20 a second. A host seeking, a clock sync and a playlist
 * paste fit easily; a script flooding the room does not.
 */
export const COMMAND_RATE: Omit<TokenBucketOptions, 'now'> = { capacity: 40, refillPerSecond: 20 };

/**
 * How many `rate_limited` answers a socket may collect before it is cut off (R22): 100 at once, or more than
 * 10 a second sustained. A client that backs off on `rate_limited` never comes close; a flood ends here.
 */
export const FLOOD_CUTOFF: Omit<TokenBucketOptions, 'now'> = { capacity: 100, refillPerSecond: 10 };

type IoServer = Server<DefaultEventsMap, ServerToClientEvents, DefaultEventsMap, SocketData>;
type IoSocket = Socket<DefaultEventsMap, ServerToClientEvents, DefaultEventsMap, SocketData>;

export interface RealtimeDeps {
  publicUrl: string;
  /** Fastify's `trustProxy`, so a socket's client address is read as HTTP reads it. */
  trustProxy: false | string[] | ((address: string, hop: number) => boolean);
  /** Keys the hash of client addresses (derived from SESSION_SECRET). */
  addressSecret: Buffer;
  sessions: SessionStore;
  repository: RoomRepository;
  store: RoomStore;
  now?: () => number;
  /** Room broadcasts between nodes; in-process when absent. */
  fanout?: RedisFanout;
  /** Deadline of a room command (R34). */
  commandTimeoutMs?: number;
  /** Told about every answered command and every broadcast (metrics/). */
  observer?: RealtimeObserver;
}

/** What the realtime layer reports as it works. */
export interface RealtimeObserver {
  commandAnswered(outcome: CommandOutcome): void;
  /**
   * A `room:state` broadcast was delivered to `recipients` sockets on this node, whichever node committed it:
   * summed over the nodes, every delivery is counted once.
   */
  roomBroadcast(recipients: number): void;
}

export interface Realtime {
  io: IoServer;
  /** Disconnects every socket, stops accepting new ones and waits for commands in flight to finish. */
  close(): Promise<void>;
}

function connectionOf(socket: IoSocket): RoomConnection {
  return {
    id: socket.id,
    get user() {
      return socket.data.user;
    },
    get roomId() {
      // The room may have been left for us (room deleted); socket.rooms is the truth.
      const roomId = socket.data.roomId;
      return roomId !== null && socket.rooms.has(roomId) ? roomId : null;
    },
    enter(roomId) {
      void socket.join(roomId);
      socket.data.roomId = roomId;
    },
    exit() {
      if (socket.data.roomId !== null) void socket.leave(socket.data.roomId);
      socket.data.roomId = null;
    },
    send(event, payload) {
      (socket.emit as (event: string, payload: unknown) => boolean)(event, payload);
    },
  };
}

/**
 * The outgoing listener that reports, for each `room:state` broadcast, how many sockets of this node it was
 * delivered to. Counting at each socket sees broadcasts from other nodes too (the Redis adapter delivers them
 * through the same per-socket path), for one listener call per delivery and no lookup per broadcast. Socket.IO
 * delivers one broadcast in one synchronous loop with one payload object, so deliveries are grouped by that
 * object and reported once the loop is over, a microtask later.
 */
function roomStateDeliveries(report: (recipients: number) => void): (event: string, payload: unknown) => void {
  let current: unknown;
  let recipients = 0;
  const flush = () => {
    if (recipients > 0) report(recipients);
    current = undefined;
    recipients = 0;
  };
  return (event, payload) => {
    if (event !== 'room:state') return;
    if (payload !== current) {
      flush(); // another broadcast in the same tick: the previous loop has ended
      current = payload;
      queueMicrotask(flush);
    }
    recipients++;
  };
}

/**
 * Socket.IO on Fastify's HTTP server at /socket.io, WebSocket transport only (no sticky sessions needed behind
 * a load balancer). Each socket gets a connection, a rate bucket and the dispatcher; rooms are Socket.IO rooms
 * named by room id.
 */
export function attachRealtime(http: FastifyInstance, deps: RealtimeDeps): Realtime {
  const log = http.log.child({ module: 'realtime' });
  const now = deps.now ?? Date.now;
  let closing = false;
  const io: IoServer = new Server(http.server, {
    path: '/socket.io',
    transports: ['websocket'],
    serveClient: false,
    maxHttpBufferSize: MAX_MESSAGE_BYTES,
    // Refused at the HTTP upgrade while shutting down, so no connection outlives close().
    allowRequest: (_request, callback) => callback(null, !closing),
  });
  const broadcast: RoomBroadcast = {
    state: (room) => {
      io.to(room.id).emit('room:state', room);
    },
    deleted: (roomId) => {
      io.to(roomId).emit('room:deleted', { roomId });
      io.in(roomId).socketsLeave(roomId);
    },
  };
  const resync = new RoomResync({
    load: (roomId) => deps.repository.load(roomId),
    broadcast,
    onError: (error) => log.warn({ err: error }, 'room resync failed; retrying'),
  });
  if (deps.fanout) useRedisFanout(io, deps.fanout, (roomIds) => resync.schedule(roomIds));
  // After the adapter is in place: presence listens to its join and leave events.
  const presence = new Presence({ io, cluster: deps.fanout, log });
  const handlers = createRoomHandlers({
    repository: deps.repository,
    store: deps.store,
    queue: new KeyedQueue(),
    now,
    broadcast,
    available: () => deps.fanout?.ready ?? true,
    commandTimeoutMs: deps.commandTimeoutMs,
    resync: (roomId) => resync.schedule([roomId]),
    presence,
  });
  const dispatch = createDispatcher(handlers, (outcome) => deps.observer?.commandAnswered(outcome));
  const observer = deps.observer;
  const countDelivery = observer ? roomStateDeliveries((recipients) => observer.roomBroadcast(recipients)) : undefined;
  const inflight = new Set<Promise<void>>();

  const identities = viewerIdentities({
    trustProxy: deps.trustProxy,
    addressSecret: deps.addressSecret,
    parseCookie: (header) => http.parseCookie(header),
    serializeCookie: (name, value, options) => http.serializeCookie(name, value, options),
    secureCookies: deps.publicUrl.startsWith('https://'),
  });
  io.engine.on('initial_headers', identities.issueGuestCookie);
  io.use(
    handshakeGuard({
      publicOrigin: new URL(deps.publicUrl).origin,
      sessions: deps.sessions,
      parseCookie: (header) => http.parseCookie(header),
      identities,
      log,
    }),
  );
  io.on('connection', (socket) => {
    if (countDelivery) socket.onAnyOutgoing(countDelivery);
    const context: DispatchContext = {
      connection: connectionOf(socket),
      bucket: new TokenBucket({ ...COMMAND_RATE, now }),
      log: log.child({ socket: socket.id, uid: socket.data.user?.uid ?? null }),
      throttled: false,
      refusals: new TokenBucket({ ...FLOOD_CUTOFF, now }),
      cutOff: () => {
        if (!socket.connected) return;
        context.log.warn('socket cut off: it kept sending past its rate limit');
        socket.disconnect(true);
      },
    };
    socket.onAny((event: unknown, ...args: unknown[]) => {
      const task = dispatch(context, event, args);
      inflight.add(task);
      void task.finally(() => inflight.delete(task));
    });
  });

  return {
    io,
    async close() {
      // Not io.close(): that closes the HTTP server too, which is Fastify's to close after this.
      closing = true;
      presence.close();
      io.engine.close();
      await Promise.allSettled([...inflight]);
      await resync.close();
    },
  };
}
