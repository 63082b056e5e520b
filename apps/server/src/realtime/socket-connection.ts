import type { IncomingMessage } from 'node:http';
import type { CommandType, ServerEventPayload, ServerEventType, ServerToClientEvents } from '@xemchung/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { DefaultEventsMap, Socket } from 'socket.io';
import type { DispatchContext } from '../commands/command-dispatch.ts';
import { actorOf, type RoomConnection } from '../commands/handler.ts';
import { TokenBucket, type TokenBucketOptions } from '../limits/token-bucket.ts';
import { exitSubjectsOf } from '../moderation/moderation-store.ts';
import type { ClientWarnings } from './client-warnings.ts';
import type { SocketData } from './handshake.ts';
import { peerRoom } from './peer-relay.ts';
import { subjectRoom } from './viewer-exits.ts';

// Every connection of a node holds one SocketConnection and one SocketContext for its whole life: classes, so their
// methods live once on the prototype rather than as closures per socket (bench/README.md, heap per connection).

export type IoSocket = Socket<DefaultEventsMap, ServerToClientEvents, DefaultEventsMap, SocketData>;

/** A Socket.IO socket as the room handlers see it; rooms are Socket.IO rooms named by room id. */
export class SocketConnection implements RoomConnection {
  private readonly socket: IoSocket;

  constructor(socket: IoSocket) {
    this.socket = socket;
  }

  get id(): string {
    return this.socket.id;
  }

  get user(): RoomConnection['user'] {
    return this.socket.data.user;
  }

  get identity(): RoomConnection['identity'] {
    return this.socket.data.identity;
  }

  get roomId(): string | null {
    // The room may have been left for us (room deleted); socket.rooms is the truth.
    const roomId = this.socket.data.roomId;
    return roomId !== null && this.socket.rooms.has(roomId) ? roomId : null;
  }

  enter(roomId: string): void {
    const socket = this.socket;
    // A room deleted under us (R25) was left without exit(): leave what is left of it first.
    const previous = socket.data.roomId;
    if (previous !== null && previous !== roomId) for (const room of this.roomsOf(previous)) void socket.leave(room);
    void socket.join(this.roomsOf(roomId));
    socket.data.roomId = roomId;
  }

  exit(): void {
    const socket = this.socket;
    if (socket.data.roomId !== null) for (const room of this.roomsOf(socket.data.roomId)) void socket.leave(room);
    socket.data.roomId = null;
  }

  send<E extends ServerEventType>(event: E, payload: ServerEventPayload<E>): void {
    (this.socket.emit as (event: string, payload: unknown) => boolean)(event, payload);
  }

  /**
   * The room, the rooms of what a kick would bind (R58), so a kick finds every tab of the person, and this socket's
   * own room within it, so the signalling finds it (R113).
   */
  private roomsOf(roomId: string): string[] {
    const subjects = exitSubjectsOf(actorOf(this)).map((subject) => subjectRoom(roomId, subject));
    return [roomId, ...subjects, peerRoom(roomId, this.socket.id)];
  }
}

export interface SocketContextDeps {
  /** The realtime layer's logger; a child naming the socket is made from it on the first line about this one. */
  log: FastifyBaseLogger;
  warnings: ClientWarnings;
  addressOf: (request: IncomingMessage) => string;
  commandRate: Omit<TokenBucketOptions, 'now'>;
  /** Commands with a budget of their own instead (R113). */
  ownRates: Partial<Record<CommandType, Omit<TokenBucketOptions, 'now'>>>;
  floodCutoff: Omit<TokenBucketOptions, 'now'>;
  now: () => number;
}

/** What the dispatcher keeps per socket: its rate buckets, and how to log about it or cut it off (R22, R37). */
export class SocketContext implements DispatchContext {
  readonly connection: SocketConnection;
  readonly refusals: TokenBucket;
  throttled = false;
  private readonly socket: IoSocket;
  private readonly deps: SocketContextDeps;
  /** The client's address, read from the upgrade request before it is let go (UpgradeRequests.release, ADR 039). */
  private readonly address: string;
  private readonly bucket: TokenBucket;
  /** Made on a command's first use: most sockets never send one with a budget of its own. */
  private ownBuckets: Map<CommandType, TokenBucket> | null = null;
  private childLog: FastifyBaseLogger | null = null;

  constructor(socket: IoSocket, deps: SocketContextDeps) {
    this.socket = socket;
    this.deps = deps;
    this.address = deps.addressOf(socket.request);
    this.connection = new SocketConnection(socket);
    this.bucket = new TokenBucket({ ...deps.commandRate, now: deps.now });
    this.refusals = new TokenBucket({ ...deps.floodCutoff, now: deps.now });
  }

  bucketFor(type: CommandType | null): TokenBucket {
    const rate = type === null ? undefined : this.deps.ownRates[type];
    if (type === null || rate === undefined) return this.bucket;
    this.ownBuckets ??= new Map();
    let bucket = this.ownBuckets.get(type);
    if (!bucket) {
      bucket = new TokenBucket({ ...rate, now: this.deps.now });
      this.ownBuckets.set(type, bucket);
    }
    return bucket;
  }

  /** Most sockets never log a line: their child logger is made when one does. */
  get log(): FastifyBaseLogger {
    this.childLog ??= this.deps.log.child(this.who());
    return this.childLog;
  }

  warn(details: object, message: string): void {
    this.deps.warnings.warn(this.address, { ...this.who(), ...details }, message);
  }

  cutOff(): void {
    if (!this.socket.connected) return;
    this.warn({}, 'socket cut off: it kept sending past its rate limit');
    this.socket.disconnect(true);
  }

  private who() {
    return { socket: this.socket.id, uid: this.socket.data.user?.uid ?? null };
  }
}
