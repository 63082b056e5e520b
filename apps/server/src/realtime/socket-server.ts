import type { IncomingMessage } from 'node:http';
import { CALL_SIGNAL_TOPIC, callMembersMax, type ServerToClientEvents } from '@xemchung/protocol';
import type { FastifyInstance } from 'fastify';
import { type DefaultEventsMap, Server } from 'socket.io';
import type { SessionStore } from '../auth/sessions.ts';
import { CHAT_ADDRESS_RATE, CHAT_RATE, type ChatBroadcast } from '../chat/chat-handlers.ts';
import type { ChatRepository } from '../chat/chat-repository.ts';
import { type CommandOutcome, createDispatcher } from '../commands/command-dispatch.ts';
import { KeyedQueue } from '../commands/keyed-queue.ts';
import { GuestAwareRate } from '../limits/person-rate.ts';
import type { TokenBucketOptions } from '../limits/token-bucket.ts';
import type { ModerationStore } from '../moderation/moderation-store.ts';
import { P2P_RATES } from '../p2p/p2p-handlers.ts';
import { LiveExits } from '../rooms/live-exits.ts';
import { createPresenceRecheck } from '../rooms/presence-recheck.ts';
import { PresenceWatchedRooms } from '../rooms/presence-watched-rooms.ts';
import { type RoomBroadcast, roomsSeenBy } from '../rooms/room-commit.ts';
import { READY_RATES } from '../rooms/room-handlers.ts';
import type { RoomRepository } from '../rooms/room-repository.ts';
import { RoomResync } from '../rooms/room-resync.ts';
import type { RoomStore } from '../rooms/room-store.ts';
import { SharerWatch } from '../rooms/sharer-watch.ts';
import type { SubtitleHandlerDeps } from '../rooms/subtitle-handlers.ts';
import { VOTE_ADDRESS_RATE, VOTE_RATE } from '../rooms/vote-handlers.ts';
import { SFU_RATES } from '../sfu/sfu-handlers.ts';
import type { SfuMedia } from '../sfu/sfu-media.ts';
import { SfuWatch } from '../sfu/sfu-watch.ts';
import type { PlaylistReader } from '../upstream/playlist-reader.ts';
import { AddressLimits, dropUpgrade, SOCKETS_PER_ADDRESS } from './address-limits.ts';
import { ClientWarnings, clientAddressOf, type TrustProxy } from './client-warnings.ts';
import { createCommandTable } from './command-table.ts';
import { handshakeGuard, type SocketData, transportGuard } from './handshake.ts';
import { peerRoom, socketPeerRelay } from './peer-relay.ts';
import { Presence } from './presence.ts';
import { type RedisFanout, useRedisFanout } from './redis-adapter.ts';
import { SocketContext, type SocketContextDeps } from './socket-connection.ts';
import { UpgradeRequests } from './upgrade-requests.ts';
import { socketViewerExits } from './viewer-exits.ts';
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

/** Playlist reads per person (R73): a few at once, then one every 10 s; each may cost YouTube up to 10 requests. */
export const PLAYLIST_READ_RATE: Omit<TokenBucketOptions, 'now'> = { capacity: 3, refillPerSecond: 0.1 };
/** Playlist reads all the guests of one address may ask for together (R100). */
export const PLAYLIST_READ_ADDRESS_RATE: Omit<TokenBucketOptions, 'now'> = { capacity: 6, refillPerSecond: 0.2 };

type IoServer = Server<DefaultEventsMap, ServerToClientEvents, DefaultEventsMap, SocketData>;

export interface RealtimeDeps {
  publicUrl: string;
  /** TRUST_PROXY: whose X-Forwarded-For names the client, for per-client log limits (R37). */
  trustProxy?: TrustProxy;
  /** Sockets one client address may hold, and open at once (R99); SOCKETS_PER_ADDRESS. */
  socketsPerAddress?: number;
  /** Keys the hash of client addresses (derived from SESSION_SECRET). */
  addressSecret: Buffer;
  sessions: SessionStore;
  repository: RoomRepository;
  store: RoomStore;
  /** An uploaded subtitle file of a room (R111), for `subtitle:add`. */
  subtitleFile: SubtitleHandlerDeps['subtitleFile'];
  chat: ChatRepository;
  moderation: ModerationStore;
  now?: () => number;
  /** Room broadcasts between nodes; in-process when absent. */
  fanout?: RedisFanout;
  /** Deadline of a room command (R34). */
  commandTimeoutMs?: number;
  /** How long a room waits for the sharer of the file it plays (R120); OWN_FILE_SHARER_WAIT_MS by default. */
  sharerWaitMs?: number;
  /** Told about every answered command and every broadcast (metrics/). */
  observer?: RealtimeObserver;
  /** Reads YouTube playlists for `playlist:addList` (R72). */
  playlists: PlaylistReader;
  /** The SFU screen shares and calls go through (R129); without one, they stay tab to tab (R126, R127). */
  sfu?: SfuMedia;
}

/** What the realtime layer reports as it works. */
export interface RealtimeObserver {
  commandAnswered(outcome: CommandOutcome): void;
  /**
   * A `room:state` or `room:delta` broadcast was delivered to `recipients` sockets on this node, whichever node committed it:
   * summed over the nodes, every delivery is counted once.
   */
  roomBroadcast(recipients: number): void;
}

export interface Realtime {
  io: IoServer;
  /** Disconnects every socket, stops accepting new ones and waits for commands in flight to finish. */
  close(): Promise<void>;
}

/**
 * The outgoing listener that reports, for each `room:state` or `room:delta` broadcast, how many sockets of this node it was
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
    if (event !== 'room:state' && event !== 'room:delta') return;
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
    // Refused at the HTTP upgrade while shutting down, so no connection outlives close(); and past its address's
    // limits (R99), before engine.io, the guest cookie or the session lookup spend anything on it.
    allowRequest: (request, callback) => {
      if (closing) return callback(null, false);
      const admission = limits.admit(request);
      if (admission === 'open') return callback(null, true);
      warn(request, { admission }, 'socket refused: too many connections from this address');
      if (admission === 'refuse') return callback(null, true);
      dropUpgrade(request);
      callback('rate_limited', false);
    },
  });
  const warnings = new ClientWarnings(log, now);
  const addressOf = clientAddressOf(deps.trustProxy ?? false);
  const warn = (request: IncomingMessage, details: object, message: string) =>
    warnings.warn(addressOf(request), details, message);
  const limits = new AddressLimits({
    addressOf,
    socketsPerAddress: deps.socketsPerAddress ?? SOCKETS_PER_ADDRESS,
    now,
  });
  io.engine.use(transportGuard(warn));
  const broadcast: RoomBroadcast = {
    state: (room) => {
      io.to(room.id).emit('room:state', room);
    },
    delta: (delta) => {
      io.to(delta.roomId).emit('room:delta', delta);
    },
    deleted: (roomId) => {
      io.to(roomId).emit('room:deleted', { roomId });
      io.in(roomId).socketsLeave(roomId);
    },
  };
  const chatBroadcast: ChatBroadcast = {
    message: (roomId, message) => {
      io.to(roomId).emit('chat:message', { roomId, message });
    },
    deleted: (roomId, seq) => {
      io.to(roomId).emit('chat:deleted', { roomId, seq });
    },
  };
  const resync = new RoomResync({
    load: (roomId) => deps.repository.load(roomId),
    broadcast,
    onError: (error) => log.warn({ err: error }, 'room resync failed; retrying'),
  });
  if (deps.fanout) useRedisFanout(io, deps.fanout, (roomIds) => resync.schedule(roomIds));
  const queue = new KeyedQueue();
  // Vote to skip (R64–R68) and the ready gate (R122): presence says who is present; a change of people re-checks
  // the votes standing and a start's wait.
  const watchedRooms = new PresenceWatchedRooms();
  // After the adapter is in place: presence listens to its join and leave events.
  const presence: Presence = new Presence({
    io,
    cluster: deps.fanout,
    log,
    onMembersChanged: (roomId) => {
      recheckPresence(roomId);
      sharers.membersChanged(roomId);
    },
  });
  const present = (roomId: string) => presence.presentKeys(roomId);
  const waitable = (roomId: string) => presence.waitableKeys(roomId);
  const recheckPresence = createPresenceRecheck({
    store: deps.store,
    queue,
    broadcast,
    now,
    present,
    watchedRooms,
    waitable,
    available: () => deps.fanout?.ready ?? true,
    commandTimeoutMs: deps.commandTimeoutMs,
    resync: (roomId) => resync.schedule([roomId]),
    onError: (error) => log.warn({ err: error }, 're-check after a change of people failed'),
  });
  // R120, R121: a file shared from someone's device waits for its sharer, then the room moves on.
  const sharers = new SharerWatch({
    store: deps.store,
    queue,
    broadcast,
    now,
    present,
    waitMs: deps.sharerWaitMs,
    waitable,
    watchedRooms,
    available: () => deps.fanout?.ready ?? true,
    commandTimeoutMs: deps.commandTimeoutMs,
    resync: (roomId) => resync.schedule([roomId]),
    onError: (error) => log.warn({ err: error }, 'moving on from an absent sharer failed'),
  });
  // R126, R127: a share ends, and a tab leaves the call, when the tab leaves the room; its node hears it leave.
  const liveExits = new LiveExits({
    store: deps.store,
    queue,
    broadcast,
    now,
    watchedRooms,
    isLocal: (peer) => io.of('/').sockets.has(peer),
    available: () => deps.fanout?.ready ?? true,
    commandTimeoutMs: deps.commandTimeoutMs,
    resync: (roomId) => resync.schedule([roomId]),
    onError: (error) => log.warn({ err: error }, 'ending the share or call of a tab that left failed'),
  });
  // R129: what a room no longer lets be at the SFU ends, from this node's commits and reads and a sweep.
  const sfuWatch = deps.sfu
    ? new SfuWatch(
        deps.sfu,
        (roomId) => deps.repository.load(roomId),
        (error) => log.warn({ err: error }, 'reading a room for its media at the SFU failed'),
      )
    : null;
  sfuWatch?.start();
  // R129: a publication up at the SFU is told to its room, whose tabs waiting for it ask now (on every node).
  deps.sfu?.onLive((socketId, subject) => {
    const id = subject.kind === 'share' ? subject.shareId : CALL_SIGNAL_TOPIC;
    const feed = subject.kind === 'call' ? { feed: socketId } : {};
    io.to(subject.roomId).emit('sfu:published', { roomId: subject.roomId, id, ...feed });
  });
  // Every room a socket leaves passes here (its room, its kick subjects, its own): only a tracked socket's own
  // room within the room is looked at.
  io.of('/').adapter.on('leave-room', (room: string, socketId: string) => {
    const roomId = room.split('/', 1)[0] ?? room;
    if (room !== peerRoom(roomId, socketId)) return;
    deps.sfu?.release(socketId);
    if (liveExits.tracks(socketId)) liveExits.left(roomId, socketId);
  });
  const handlers = createCommandTable({
    repository: deps.repository,
    store: deps.store,
    subtitleFile: deps.subtitleFile,
    moderation: deps.moderation,
    exits: socketViewerExits(io),
    queue,
    now,
    broadcast,
    available: () => deps.fanout?.ready ?? true,
    commandTimeoutMs: deps.commandTimeoutMs,
    resync: (roomId) => resync.schedule([roomId]),
    chat: {
      repository: deps.chat,
      broadcast: chatBroadcast,
      rate: new GuestAwareRate({ ...CHAT_RATE, now }, { ...CHAT_ADDRESS_RATE, now }),
    },
    presence,
    votes: { rate: new GuestAwareRate({ ...VOTE_RATE, now }, { ...VOTE_ADDRESS_RATE, now }), present },
    watchedRooms,
    sharers: sfuWatch ? roomsSeenBy(sharers, liveExits, sfuWatch) : roomsSeenBy(sharers, liveExits),
    sharedFiles: sharers,
    playlists: {
      reader: deps.playlists,
      rate: new GuestAwareRate({ ...PLAYLIST_READ_RATE, now }, { ...PLAYLIST_READ_ADDRESS_RATE, now }),
    },
    peers: socketPeerRelay(io),
    callMax: callMembersMax(deps.sfu !== undefined),
    sfu: {
      sfu: deps.sfu ?? null,
      onError: (error) => log.warn({ err: error }, 'the SFU failed a request of a share or a call'),
    },
    waitable,
  });
  const dispatch = createDispatcher(handlers, (outcome) => deps.observer?.commandAnswered(outcome));
  const observer = deps.observer;
  const countDelivery = observer ? roomStateDeliveries((recipients) => observer.roomBroadcast(recipients)) : undefined;
  const inflight = new Set<Promise<void>>();

  const identities = viewerIdentities({
    addressOf,
    addressSecret: deps.addressSecret,
    parseCookie: (header) => http.parseCookie(header),
    serializeCookie: (name, value, options) => http.serializeCookie(name, value, options),
    secureCookies: deps.publicUrl.startsWith('https://'),
  });
  const upgrades = new UpgradeRequests();
  io.engine.use(upgrades.middleware);
  io.engine.on('initial_headers', (headers: Record<string, string | string[]>, request: IncomingMessage) => {
    if (!limits.refuses(request)) identities.issueGuestCookie(headers, request);
  });
  io.use(upgrades.guard);
  io.use(limits.guard());
  io.use(
    handshakeGuard({
      publicOrigin: new URL(deps.publicUrl).origin,
      sessions: deps.sessions,
      parseCookie: (header) => http.parseCookie(header),
      identities,
      log,
      warn,
    }),
  );
  const contextDeps: SocketContextDeps = {
    log,
    warnings,
    addressOf,
    commandRate: COMMAND_RATE,
    ownRates: { ...P2P_RATES, ...READY_RATES, ...SFU_RATES },
    floodCutoff: FLOOD_CUTOFF,
    now,
  };
  // Registered after presence's listener (made above), which takes the socket's `ws` from the upgrade request.
  io.on('connection', (socket) => {
    if (countDelivery) socket.onAnyOutgoing(countDelivery);
    const context = new SocketContext(socket, contextDeps);
    socket.onAny((event: unknown, ...args: unknown[]) => {
      const task = dispatch(context, event, args);
      if (!task) return;
      inflight.add(task);
      void task.finally(() => inflight.delete(task));
    });
    upgrades.release(socket);
  });

  return {
    io,
    async close() {
      // Not io.close(): that closes the HTTP server too, which is Fastify's to close after this.
      closing = true;
      presence.close();
      sharers.close();
      sfuWatch?.stop();
      io.engine.close();
      await Promise.allSettled([...inflight]);
      await resync.close();
      warnings.close();
    },
  };
}
