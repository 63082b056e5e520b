import { randomUUID } from 'node:crypto';
import {
  type ErrorCode,
  READY_GATE_STATES,
  type ServerToClientEvents,
  SYNC_REPORT_GAP_MS,
  type SyncReport,
} from '@xemchung/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { DefaultEventsMap, Server, Socket } from 'socket.io';
import type { WebSocket } from 'ws';
import { TokenBucket, type TokenBucketOptions } from '../limits/token-bucket.ts';
import { ROOM_ID_PATTERN } from '../rooms/room-id.ts';
import type { SocketData } from './handshake.ts';
import { type Liveness, type PresenceChange, type PresencePart, PresenceRegistry } from './presence-registry.ts';

/** The scheduler's step (ms): each room has a slot among the steps of a report interval, so work is spread. */
export const PRESENCE_TICK_MS = 100;
/** People coming and going reach the room (and the other nodes) within this (ms). */
export const PRESENCE_MEMBERS_FLUSH_MS = 500;
/** Report-only changes are sent this often (ms): as often as a client may report. */
export const PRESENCE_REPORTS_FLUSH_MS = SYNC_REPORT_GAP_MS;
/** A node announces itself at least this often (ms), with nothing else to say. */
export const NODE_HEARTBEAT_MS = 2000;
/** A node silent this long (ms) is taken for dead, and the people it held leave every other node's rooms. */
export const NODE_SILENCE_MS = 10_000;

/**
 * Which tabs are alive (R52). A closed tab closes its socket and leaves at once; one that died without closing (a
 * lost network, a killed laptop) goes quiet. A page reports only when its badge changes, or every 10 s (R53), so a
 * tab unheard for `pingAfterMs` is sent a WebSocket ping, which the browser answers itself, however slowed or
 * paused the page's scripts are (a hidden tab); one still unheard at `silentAfterMs` is unlisted until it is heard
 * again. The cheapest way measured to hear from every tab every few seconds (ADR 038): 2 bytes down and 6 up, no
 * Engine.IO or Socket.IO packet, no timer per socket. Socket.IO's own heartbeat (25 s + 20 s) is left as it is: with
 * a short timeout it closed healthy sockets whenever the event loop stalled (ADR 016); here a late pong only
 * unlists, and a stalled step judges nobody.
 */
export const LIVENESS: Liveness = { pingAfterMs: 2500, silentAfterMs: 3500, pingEveryMs: 1000 };
/** A step this late (ms) means the process stalled: reports may be waiting unread, so no tab is judged on it. */
const STALL_MS = 1000;

/**
 * Reports a socket may send (R53): one every SYNC_REPORT_GAP_MS, with room for one more (timer jitter). A faster one
 * answers `rate_limited`; pages never send one sooner than the gap after their last.
 */
export const REPORT_RATE: Omit<TokenBucketOptions, 'now'> = {
  capacity: 2,
  refillPerSecond: 1000 / SYNC_REPORT_GAP_MS,
};

const MEMBERS_TICKS = PRESENCE_MEMBERS_FLUSH_MS / PRESENCE_TICK_MS;
const REPORTS_TICKS = PRESENCE_REPORTS_FLUSH_MS / PRESENCE_TICK_MS;
const HEARTBEAT_TICKS = NODE_HEARTBEAT_MS / PRESENCE_TICK_MS;
const SWEEP_TICKS = 2;
/** Liveness pings written in one turn of the event loop at most. */
export const PINGS_PER_TURN = 100;
/** Silent nodes are looked for once a second. */
const NODE_CHECK_TICKS = 1000 / PRESENCE_TICK_MS;

/** What nodes tell each other through the adapter (`io.serverSideEmit`). */
interface Gossip {
  node: string;
  /** Every room the node has people in (the others forget its rooms not listed), or only changed ones. */
  full: boolean;
  rooms: Record<string, PresencePart[]>;
}
interface PresenceServerEvents {
  'presence:gossip': (gossip: Gossip) => void;
  /** A node (re)joined the cluster: everyone sends it their full part. */
  'presence:hello': (node: string) => void;
  /** A node is shutting down: forget its people now rather than when it falls silent. */
  'presence:bye': (node: string) => void;
}

type IoServer = Server<DefaultEventsMap, ServerToClientEvents, PresenceServerEvents, SocketData>;

/** The Socket.IO room of those in `roomId` who have the list of viewers open ('#' is never in a room id). */
const watchRoom = (roomId: string) => `${roomId}#watch`;

/**
 * The `ws` connection under a socket: Engine.IO hands it on with the upgrade request, which is read once, at the
 * connection, and then let go (UpgradeRequests.release, ADR 039). Every socket has one (XemChung allows the
 * WebSocket transport only).
 */
const webSocketOf = (socket: Socket) => (socket.request as Socket['request'] & { websocket?: WebSocket }).websocket;

/** A room's slot in the scheduler's cycle: a cheap, stable hash of its id. */
function phaseOf(roomId: string): number {
  let hash = 0;
  for (let index = 0; index < roomId.length; index++) hash = (hash * 31 + roomId.charCodeAt(index)) | 0;
  return Math.abs(hash) % REPORTS_TICKS;
}

function due(change: PresenceChange, tick: number, phase: number): boolean {
  const period = change === 'members' ? MEMBERS_TICKS : REPORTS_TICKS;
  return (tick - phase) % period === 0;
}

export interface PresenceDeps {
  io: Server<DefaultEventsMap, ServerToClientEvents, DefaultEventsMap, SocketData>;
  /** Whether the link to the other nodes is up; absent on a single node (no gossip then). */
  cluster?: { readonly ready: boolean };
  log: FastifyBaseLogger;
  now?: () => number;
  /** Told when the people in a room changed, as the room is told (a leave can complete a skip vote, R66). */
  onMembersChanged?: (roomId: string) => void;
}

/**
 * Presence across nodes (docs/room-rules.md R52, R53; docs/decisions/016-presence-transport.md). Membership comes
 * from the Socket.IO adapter's own join and leave events, so every way out of a room counts: a leave, a dropped
 * socket, a deleted room. Each node keeps its own sockets and, through one batched `serverSideEmit` per step,
 * tells the others its part of the rooms that changed; each node then sends `room:presence` to its own sockets
 * only, each room in its own slot of the cycle so a burst of changes is spread over it.
 */
export class Presence {
  readonly registry: PresenceRegistry;
  readonly nodeId = randomUUID();
  private readonly io: IoServer;
  private readonly cluster: PresenceDeps['cluster'];
  private readonly log: FastifyBaseLogger;
  private readonly now: () => number;
  private readonly onMembersChanged: ((roomId: string) => void) | undefined;
  private readonly buckets = new Map<string, TokenBucket>();
  /** Each socket's `ws` connection, for the liveness pings (ADR 038); gone with the socket. */
  private readonly webSockets = new WeakMap<Socket, WebSocket>();
  private readonly timer: NodeJS.Timeout;
  private tick = 0;
  /** A sweep's pings are still going out, a batch a turn (ping). */
  private pinging = false;
  private lastStepAt: number;
  private lastGossip = 0;
  private clusterReady = false;
  /** Send every room next time (a node said hello, or our link came back). */
  private fullPending = false;

  constructor(deps: PresenceDeps) {
    this.io = deps.io as unknown as IoServer;
    this.cluster = deps.cluster;
    this.registry = new PresenceRegistry({ gossip: deps.cluster !== undefined });
    this.log = deps.log;
    this.now = deps.now ?? Date.now;
    this.onMembersChanged = deps.onMembersChanged;
    this.lastStepAt = this.now();
    const adapter = this.io.of('/').adapter;
    // A socket is also in the room named by its own id, in a watch room while its list is open, and in the rooms a
    // kick would reach it through (R58): none of them is a room people are in, and only a room's id names one.
    adapter.on('join-room', (roomId: string, socketId: string) => {
      if (!ROOM_ID_PATTERN.test(roomId)) return;
      const person = this.io.of('/').sockets.get(socketId)?.data.identity?.person;
      if (person) this.registry.join(socketId, roomId, person, this.now());
    });
    adapter.on('leave-room', (roomId: string, socketId: string) => {
      if (roomId === socketId) {
        this.buckets.delete(socketId);
      } else if (ROOM_ID_PATTERN.test(roomId)) {
        this.registry.leave(socketId, roomId);
        void this.io.of('/').sockets.get(socketId)?.leave(watchRoom(roomId));
      }
    });
    this.io.on('connection', (socket) => {
      const webSocket = webSocketOf(socket);
      if (!webSocket) return;
      this.webSockets.set(socket, webSocket);
      webSocket.on('pong', () => this.registry.pong(socket.id, this.now()));
    });
    if (this.cluster) {
      this.io.on('presence:gossip', (gossip) =>
        this.registry.applyRemote(gossip.node, gossip.rooms, gossip.full, this.now()),
      );
      // What the newcomer held before (the same node back after losing its link) is replaced by its full part.
      this.io.on('presence:hello', () => {
        this.fullPending = true;
      });
      this.io.on('presence:bye', (node) => this.registry.dropNode(node));
    }
    this.timer = setInterval(() => this.step(), PRESENCE_TICK_MS).unref();
  }

  /** The sender's own report (R53): refused when it comes faster than REPORT_RATE. */
  report(socketId: string, report: SyncReport, watching: boolean): ErrorCode | null {
    let bucket = this.buckets.get(socketId);
    if (!bucket) {
      bucket = new TokenBucket({ ...REPORT_RATE, now: this.now });
      this.buckets.set(socketId, bucket);
    }
    if (!bucket.take()) return 'rate_limited';
    if (!this.registry.report(socketId, report, this.now())) return 'not_joined';
    this.watch(socketId, watching);
    return null;
  }

  /**
   * Who has the list open (R52): they are in the room's watch room, sent the lists that changed by reports
   * alone; a list opened is sent its room's list at once.
   */
  private watch(socketId: string, watching: boolean): void {
    const socket = this.io.of('/').sockets.get(socketId);
    const roomId = socket?.data.roomId;
    if (!socket || !roomId || socket.rooms.has(watchRoom(roomId)) === watching) return;
    if (!watching) {
      void socket.leave(watchRoom(roomId));
      return;
    }
    void socket.join(watchRoom(roomId));
    socket.emit('room:presence', { roomId, viewers: this.registry.viewers(roomId) });
  }

  /** The person keys of the people in `roomId` now, on every node (R52): whom a skip vote is counted against. */
  presentKeys(roomId: string): Set<string> {
    return new Set(this.registry.viewers(roomId).map((viewer) => viewer.key));
  }

  /**
   * R122: the person keys of the people in `roomId` whose players a start waits for: listed, and whose best tab last
   * reported a working player (READY_GATE_STATES). Someone who never reported, or whose player failed or was
   * blocked, is not waited for.
   */
  waitableKeys(roomId: string): Set<string> {
    const keys = new Set<string>();
    for (const viewer of this.registry.viewers(roomId)) {
      if (viewer.report && READY_GATE_STATES.includes(viewer.report.state)) keys.add(viewer.key);
    }
    return keys;
  }

  /** Stops the scheduler and tells the other nodes to forget this one's people now. */
  close(): void {
    clearInterval(this.timer);
    if (this.cluster?.ready) this.io.serverSideEmit('presence:bye', this.nodeId);
  }

  /** One step of the cycle: gossip, sweeps, then the rooms whose slot it is. */
  private step(): void {
    const tick = ++this.tick;
    const now = this.now();
    const stalled = now - this.lastStepAt > STALL_MS;
    this.lastStepAt = now;
    // A sweep while the last one's pings are still going out (a loaded process) judges nobody, as a stalled step.
    if (tick % SWEEP_TICKS === 0 && !stalled && !this.pinging) this.ping(this.registry.sweep(now, LIVENESS));
    if (this.cluster) this.gossip(tick, now);
    this.registry.viewChanges.takeDue((roomId, change) => {
      if (!due(change, tick, phaseOf(roomId))) return false;
      // People coming and going: everyone (the count and the names). Reports alone: those with the list open.
      const to = change === 'members' ? roomId : watchRoom(roomId);
      if (this.io.of('/').adapter.rooms.has(to)) {
        this.io.local.to(to).emit('room:presence', { roomId, viewers: this.registry.viewers(roomId) });
      }
      if (change === 'members') this.onMembersChanged?.(roomId);
      return true;
    });
  }

  /**
   * Pings the tabs `socketIds` from `from` on (ADR 038), PINGS_PER_TURN at a time: each ping is a write of its own,
   * and the rest wait for the next turn of the event loop, so the commands that came meanwhile are not held back
   * behind a sweep's whole burst (up to ~800 tabs a sweep, every 200 ms, on a node of 11,000).
   */
  private ping(socketIds: readonly string[], from = 0): void {
    const sockets = this.io.of('/').sockets;
    const end = Math.min(socketIds.length, from + PINGS_PER_TURN);
    for (let index = from; index < end; index++) {
      const socket = sockets.get(socketIds[index] as string);
      if (socket) this.webSockets.get(socket)?.ping();
    }
    this.pinging = end < socketIds.length;
    if (this.pinging) setImmediate(() => this.ping(socketIds, end));
  }

  private gossip(tick: number, now: number): void {
    const ready = this.cluster?.ready ?? false;
    if (ready && !this.clusterReady) {
      // Started, or back after losing the link: whatever the others missed, and whatever we missed, is resent.
      this.io.serverSideEmit('presence:hello', this.nodeId);
      this.fullPending = true;
    }
    this.clusterReady = ready;
    if (tick % NODE_CHECK_TICKS === 0) {
      for (const node of this.registry.silentNodes(now, NODE_SILENCE_MS)) {
        this.log.warn({ node }, 'presence: a node fell silent; its viewers are gone');
        this.registry.dropNode(node);
      }
    }
    if (!ready) return;
    const full = this.fullPending;
    const rooms: Record<string, PresencePart[]> = {};
    let count = 0;
    if (full) {
      for (const roomId of this.registry.localRoomIds()) rooms[roomId] = this.registry.localPart(roomId);
    }
    // Each room in its slot, as for the broadcasts: one small message per step rather than all rooms at once.
    this.registry.localChanges.takeDue((roomId, change) => {
      if (!full && !due(change, tick, phaseOf(roomId))) return false;
      if (!full) rooms[roomId] = this.registry.localPart(roomId);
      count++;
      return true;
    });
    this.fullPending = false;
    // Said at least every heartbeat, even with nothing new, so the others know this node is alive.
    if (!full && count === 0 && tick - this.lastGossip < HEARTBEAT_TICKS) return;
    this.lastGossip = tick;
    this.io.serverSideEmit('presence:gossip', { node: this.nodeId, full, rooms });
  }
}
