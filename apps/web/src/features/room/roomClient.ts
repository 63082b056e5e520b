import {
  type AckResult,
  ackFailure,
  CLOCK_SAMPLE_WINDOW,
  ClockOffsetEstimator,
  type CommandAck,
  type CommandPayload,
  type CommandType,
  commandNeedsRoom,
  expectedPosition,
  type RemovedEvent,
  type RoomDelta,
  type RoomRef,
  type RoomSnapshot,
  type SfuPublishedEvent,
  type Viewer,
} from '@xemchung/protocol';
import { createChatFeed } from './chatFeed.ts';
import type { ChatLog } from './chatLog.ts';
import { createPeerSignals, type PeerSignals } from './peerSignals.ts';
import { createPresenceFeed } from './presenceFeed.ts';
import { type RoomCommands, roomCommands } from './roomCommands.ts';
import { type ClosedReason, type RoomConnection, watchConnection } from './roomConnection.ts';
import type { RoomSocket } from './roomSocket.ts';
import { createRoomView } from './roomView.ts';

export interface RoomClientOptions {
  /** How long to wait for an ack before answering `unavailable` (ms). */
  timeoutMs?: number;
  /**
   * First wait before joining again after a reconnection whose join failed for a passing reason, and before a new
   * handshake after one the server refused for such a reason (ms).
   */
  rejoinRetryMs?: number;
  /** The clock offset estimator fed by ping() and join(); pass one to share it or to inject a clock in tests. */
  clock?: ClockOffsetEstimator;
}

/**
 * Intentions on a room over one socket, with typed acks; the room as this tab holds it (roomView.ts), its chat
 * (chatFeed.ts) and who is in it (presenceFeed.ts); and where the connection is, as one status (roomConnection.ts).
 * The page opens the socket, and closes it after leave() and dispose().
 */
export interface RoomClient extends RoomCommands {
  /** The newest room state received (join ack or broadcast), or null before joining. */
  readonly state: RoomSnapshot | null;
  /** The room's chat as this tab holds it (R54). */
  readonly chat: ChatLog;
  /** Who is in the room now, as last told (`room:presence`, R52); empty until the server first says. */
  readonly viewers: readonly Viewer[];
  /** How the room's lists name this viewer (R51), from the join answer; null before joining. */
  readonly personKey: string | null;
  /** When (server ms) this page last joined the room it is in (a reconnection's join too); null before. */
  readonly joinedAt: number | null;
  /** The session's account as the last join answer names it (never the page's idea of it); null for a guest. */
  readonly uid: string | null;
  /** Where the client is with its room: connecting, joined, reconnecting (R27) or closed. */
  readonly connection: RoomConnection;
  readonly clock: ClockOffsetEstimator;
  join(roomId: string): Promise<CommandAck<'room:join'>>;
  leave(): Promise<CommandAck<'room:leave'>>;
  sendChat(text: string): Promise<CommandAck<'chat:send'>>;
  deleteChat(seq: number): Promise<CommandAck<'chat:delete'>>;
  /** The page of chat before the oldest message held (scrolling up); nothing when there is none or one is coming. */
  loadOlderChat(): Promise<void>;
  /** Asks again for the latest chat page after it failed. */
  reloadChat(): Promise<void>;
  /**
   * This viewer's own player state for its sync badge (R53; useSyncReport says when), with whether its list of
   * viewers is open. Sent without an ack (nothing to do with a refusal but send the next one), and only while the
   * room is joined on this connection.
   */
  reportSync(report: Omit<CommandPayload<'presence:report'>, 'watching'>): void;
  /** Whether this page shows the list of viewers (R52): only then does the server send it reports' changes. */
  readonly presenceOpen: boolean;
  /** Opens or closes the list of viewers; opening asks for a report at once, so the server sends the list. */
  setPresenceOpen(open: boolean): void;
  /** One clock:ping; its round trip becomes a sample of the offset estimator. */
  ping(): Promise<CommandAck<'clock:ping'>>;
  /** Pings `samples` times in a row (a fresh estimate after connecting). */
  syncClock(samples?: number): Promise<void>;
  /** Where the current video should be now, in seconds, on the server's clock (null before joining). */
  expectedPosition(duration?: number | null): number | null;
  /** Called with every newer state; older or repeated versions are dropped. Returns the unsubscribe. */
  onState(listener: (room: RoomSnapshot) => void): () => void;
  /** Called with every change of the chat log. Returns the unsubscribe. */
  onChat(listener: (chat: ChatLog) => void): () => void;
  /** Called with every new presence list of the room. */
  onPresence(listener: (viewers: readonly Viewer[]) => void): () => void;
  /** Called when a report is wanted now (the list of viewers opened, R53). Returns the unsubscribe. */
  onReportWanted(listener: () => void): () => void;
  /** Called with every change of `connection`. Returns the unsubscribe. */
  onConnection(listener: (connection: RoomConnection) => void): () => void;
  /** Finding and reaching the peers that share a file's bytes (R113, R119). */
  readonly peers: PeerSignals;
  /** Called when a tab of the room has published a share or its media in the call at the SFU (R129). */
  onSfuPublished(listener: (event: SfuPublishedEvent) => void): () => void;
  /** Stops listening to the socket and trying again (does not close it). */
  dispose(): void;
}

/**
 * Commands that act on the joined room (the permission table's, R2): answered here while the room is not joined
 * on this connection. Leaving is let through: it has nothing to lose.
 */
const needsJoinedRoom = (type: CommandType) => commandNeedsRoom(type) && type !== 'room:leave';

/** The slice of the socket used to send, untyped per event so one request() serves every command. */
interface AckEmitter {
  timeout(ms: number): { emitWithAck(event: string, payload: unknown): Promise<unknown> };
}

export function createRoomClient(socket: RoomSocket, options: RoomClientOptions = {}): RoomClient {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const clock = options.clock ?? new ClockOffsetEstimator();
  let roomId: string | null = null;
  let personKey: string | null = null;
  let uid: string | null = null;
  let joinedAt: number | null = null;

  async function request<T extends CommandType>(type: T, payload: CommandPayload<T>): Promise<CommandAck<T>> {
    // While the connection is down, or back but the room not yet joined again, a room command would be queued
    // by Socket.IO and reach the server before the re-join, which refuses it (`not_joined`): say so at once.
    if (needsJoinedRoom(type) && connection.away) {
      return ackFailure('unavailable', 'Not connected to the room') as CommandAck<T>;
    }
    try {
      const answer = await (socket as unknown as AckEmitter).timeout(timeoutMs).emitWithAck(type, payload);
      return answer as CommandAck<T>;
    } catch {
      const refusal = connection.handshakeRefusal;
      if (refusal) return ackFailure(refusal, 'The server refused the connection');
      return ackFailure('unavailable', 'No answer from the server');
    }
  }

  const publishedListeners = new Set<(event: SfuPublishedEvent) => void>();
  const onPublished = (event: SfuPublishedEvent) => {
    if (event.roomId === roomId) for (const listener of publishedListeners) listener(event);
  };
  socket.on('sfu:published', onPublished);
  const view = createRoomView(() => roomId);
  const chat = createChatFeed(socket, request, () => roomId);
  const presence = createPresenceFeed(
    socket,
    () => roomId,
    () => !connection.away && roomId !== null && socket.connected,
  );
  const peers = createPeerSignals(socket, request, () => roomId);
  /** Forgets the room's state, chat and viewers (leaving it, joining another, or the room gone). */
  const forget = () => {
    joinedAt = null;
    view.forget();
    chat.reset();
    presence.viewers.set([]);
  };

  /** A join of room `id`, the page's or one after a reconnection: the clock, the room and its chat from the answer. */
  const joinRoom = async (id: string): Promise<CommandAck<'room:join'>> => {
    const sentAt = clock.localNow();
    const ack = await request('room:join', { roomId: id });
    if (ack.ok && roomId === id) {
      clock.record(sentAt, ack.serverTime, clock.localNow());
      personKey = ack.personKey;
      uid = ack.me?.uid ?? null;
      joinedAt = ack.serverTime;
      view.accept(ack.room);
    }
    return ack;
  };

  const ping = async (): Promise<CommandAck<'clock:ping'>> => {
    const sentAt = clock.localNow();
    const ack = await request('clock:ping', {});
    if (ack.ok) clock.record(sentAt, ack.serverTime, clock.localNow());
    return ack;
  };
  const syncClock = async (samples = CLOCK_SAMPLE_WINDOW) => {
    for (let i = 0; i < samples; i++) {
      const ack: AckResult<object> = await ping();
      if (!ack.ok) return;
    }
  };

  const connection = watchConnection(socket, {
    firstRetryMs: options.rejoinRetryMs ?? 500,
    rejoin: () => (roomId === null ? null : joinRoom(roomId)),
    // R20: a fresh estimate on every connection (keepClock, clockUpkeep.ts, keeps it fresh in between).
    onConnect: () => void syncClock(),
    // Right after every join, a reconnection's too, rather than in the join answer: joins stay one batched read
    // (a reconnect storm is thousands of them), and the chat catches up with what it missed.
    onJoined: () => void chat.loadLatest(),
  });

  /** R108: after a delta past a gap the whole room is asked for again, in case one before it was lost on the way. */
  let catchingUp = false;
  const catchUp = async (id: string) => {
    if (catchingUp) return;
    catchingUp = true;
    try {
      const ack = await request('room:join', { roomId: id });
      if (ack.ok) view.accept(ack.room);
    } finally {
      catchingUp = false;
    }
  };
  const onDelta = (delta: RoomDelta) => {
    if (view.acceptDelta(delta)) void catchUp(delta.roomId);
  };
  /** The room went away (R5, R25) or the host put us out of it (R58, R59): nothing brings it back. */
  const gone = (reason: ClosedReason) => (ref: RoomRef) => {
    if (ref.roomId !== roomId) return;
    roomId = null;
    forget();
    connection.close(reason);
  };
  const onDeleted = gone({ reason: 'deleted' });
  const onNotFound = gone({ reason: 'notFound' });
  const onRemoved = (event: RemovedEvent) => gone({ reason: event.reason })(event);

  socket.on('room:state', view.accept);
  socket.on('room:delta', onDelta);
  socket.on('room:deleted', onDeleted);
  socket.on('room:notFound', onNotFound);
  socket.on('room:removed', onRemoved);

  return {
    ...roomCommands(request, () => view.store.get()?.current_video.id),
    get state() {
      return view.store.get();
    },
    get chat() {
      return chat.log;
    },
    get viewers() {
      return presence.viewers.get();
    },
    get personKey() {
      return personKey;
    },
    get uid() {
      return uid;
    },
    get joinedAt() {
      return joinedAt;
    },
    get connection() {
      return connection.store.get();
    },
    clock,
    async join(id) {
      if (id !== roomId) forget();
      roomId = id;
      const ticket = connection.joining();
      const ack = await joinRoom(id);
      if (roomId === id) connection.settle(ack, ticket, true);
      return ack;
    },
    leave() {
      roomId = null;
      forget();
      connection.close({ reason: 'left' });
      return request('room:leave', {});
    },
    sendChat: (text) => chat.send(text),
    deleteChat: (seq) => chat.remove(seq),
    loadOlderChat: () => chat.loadOlder(),
    reloadChat: () => chat.loadLatest(),
    reportSync: (report) => presence.report(report),
    get presenceOpen() {
      return presence.open;
    },
    setPresenceOpen: (open) => presence.setOpen(open),
    ping,
    syncClock,
    expectedPosition(duration) {
      const room = view.store.get();
      return room ? expectedPosition(room.current_video, clock.serverNow(), duration ?? null) : null;
    },
    onState: (listener) =>
      view.store.subscribe(() => {
        const room = view.store.get();
        if (room) listener(room);
      }),
    onChat: (listener) => chat.onChange(listener),
    onPresence: (listener) => presence.viewers.subscribe(() => listener(presence.viewers.get())),
    onReportWanted: (listener) => presence.onReportWanted(listener),
    onConnection: (listener) => connection.store.subscribe(() => listener(connection.store.get())),
    peers,
    onSfuPublished: (listener) => {
      publishedListeners.add(listener);
      return () => void publishedListeners.delete(listener);
    },
    dispose() {
      roomId = null;
      socket.off('sfu:published', onPublished);
      publishedListeners.clear();
      connection.dispose();
      socket.off('room:state', view.accept);
      socket.off('room:delta', onDelta);
      socket.off('room:deleted', onDeleted);
      socket.off('room:notFound', onNotFound);
      socket.off('room:removed', onRemoved);
      chat.dispose();
      presence.dispose();
      peers.dispose();
    },
  };
}
