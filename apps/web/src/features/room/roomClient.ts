import {
  type AckFailure,
  type AckResult,
  type AddVideoInput,
  CLOCK_SAMPLE_WINDOW,
  type ClientToServerEvents,
  ClockOffsetEstimator,
  type CommandAck,
  type CommandPayload,
  type CommandType,
  commandNeedsRoom,
  type ErrorCode,
  expectedPosition,
  type Me,
  type ProtocolError,
  type RemovedEvent,
  type RoomRef,
  type RoomSnapshot,
  type ServerToClientEvents,
  type SettingsChange,
} from '@xemchung/protocol';
import type { Socket } from 'socket.io-client';
import { createChatFeed } from '../chat/chatFeed.ts';
import type { ChatLog } from '../chat/chatLog.ts';

/** A socket.io-client socket typed with the protocol's event maps. */
export type RoomSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * Why the room went away: it never existed (redirect to not-found), it was deleted while we were in it, or the
 * host kicked or banned us (R58, R59; the server disconnects us right after telling us).
 */
export interface RoomGone {
  reason: 'notFound' | 'deleted' | RemovedEvent['reason'];
  roomId: string;
}

export type RejoinResult = { ok: true } | { ok: false; code: ErrorCode };

export interface PlaybackReport {
  /** The video the player has loaded; defaults to the current one we hold. */
  id?: string;
  playing: boolean;
  position: number;
  rate: number;
}

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

/** Intentions on a room over one socket, with typed acks and a version-ordered view of the room. */
export interface RoomClient {
  /** The newest room state received (join ack or broadcast), or null before joining. */
  readonly state: RoomSnapshot | null;
  /** Who the server says we are (the join ack's `me`); null for a guest or before joining. */
  readonly me: Me | null;
  /** The room's chat as this tab holds it (R54). */
  readonly chat: ChatLog;
  readonly clock: ClockOffsetEstimator;
  join(roomId: string): Promise<CommandAck<'room:join'>>;
  leave(): Promise<CommandAck<'room:leave'>>;
  addVideo(video: AddVideoInput): Promise<CommandAck<'playlist:add'>>;
  select(id: string): Promise<CommandAck<'playlist:select'>>;
  remove(id: string): Promise<CommandAck<'playlist:remove'>>;
  clearWatched(): Promise<CommandAck<'playlist:clearWatched'>>;
  updatePlayback(report: PlaybackReport): Promise<CommandAck<'playback:update'>>;
  ended(id: string): Promise<CommandAck<'playback:ended'>>;
  sendChat(text: string): Promise<CommandAck<'chat:send'>>;
  deleteChat(seq: number): Promise<CommandAck<'chat:delete'>>;
  /** The page of chat before the oldest message held (scrolling up); nothing when there is none or one is coming. */
  loadOlderChat(): Promise<void>;
  /** Asks again for the latest chat page after it failed. */
  reloadChat(): Promise<void>;
  /** Removes every video but the one playing (host, R57). */
  clearQueue(): Promise<CommandAck<'playlist:clear'>>;
  /** Shares control with the signed-in user `uid` (host, R55). */
  grant(uid: string): Promise<CommandAck<'cohost:grant'>>;
  revoke(uid: string): Promise<CommandAck<'cohost:revoke'>>;
  /** Changes the settings named (host, R56). */
  changeSettings(change: SettingsChange): Promise<CommandAck<'room:settings'>>;
  /** Puts every tab of the person with key `key` out for ten minutes (host, R58). */
  kick(key: string): Promise<CommandAck<'moderation:kick'>>;
  ban(uid: string): Promise<CommandAck<'moderation:ban'>>;
  unban(uid: string): Promise<CommandAck<'moderation:unban'>>;
  /** The room's bans, newest first (host, R59). */
  bans(): Promise<CommandAck<'moderation:bans'>>;
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
  onGone(listener: (gone: RoomGone) => void): () => void;
  /**
   * Called when joining again after a dropped connection has ended: `ok` once the view is resynced, or the
   * refusal that will not pass by retrying, of the re-join or of the handshake (a room that is gone is told
   * through onGone instead).
   */
  onRejoin(listener: (result: RejoinResult) => void): () => void;
  /** Stops listening to the socket and trying again (does not close it). */
  dispose(): void;
}

/**
 * A failed ack made on this side (no answer, nothing to report on). Built here rather than with the protocol's
 * `ackFailure`: importing that would bring its module's zod schemas, and zod, into the room page's chunk.
 */
const failure = (code: ErrorCode, message: string): AckFailure => ({ ok: false, error: { code, message } });

/**
 * Join and handshake refusals that pass by themselves (a node still starting, its database or Redis back soon):
 * retried.
 */
const PASSING_FAILURES: ReadonlySet<ErrorCode> = new Set(['unavailable', 'rate_limited']);
/**
 * Commands that act on the joined room (the permission table's, R2): answered here while the room is not joined
 * on this connection. Leaving is let through: it has nothing to lose.
 */
const needsJoinedRoom = (type: CommandType) => commandNeedsRoom(type) && type !== 'room:leave';
/** Longest wait between two re-join attempts, like Socket.IO's own reconnection back-off. */
const REJOIN_RETRY_MAX_MS = 5_000;

/** The slice of the socket used to send, untyped per event so one request() serves every command. */
interface AckEmitter {
  timeout(ms: number): { emitWithAck(event: string, payload: unknown): Promise<unknown> };
}

export function createRoomClient(socket: RoomSocket, options: RoomClientOptions = {}): RoomClient {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const rejoinRetryMs = options.rejoinRetryMs ?? 500;
  const clock = options.clock ?? new ClockOffsetEstimator();
  const stateListeners = new Set<(room: RoomSnapshot) => void>();
  const goneListeners = new Set<(gone: RoomGone) => void>();
  const rejoinListeners = new Set<(result: RejoinResult) => void>();
  let roomId: string | null = null;
  let held: RoomSnapshot | null = null;
  let me: Me | null = null;
  /** From a dropped connection until a join succeeds on a new one: room commands are answered here. */
  let awayFromRoom = false;
  /** Counts dropped connections, so a re-join answered after another drop does not go on retrying. */
  let drops = 0;
  /** The pending re-join or handshake retry: at most one, as a handshake is only retried while disconnected. */
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** The next wait before a new handshake after a passing refusal; back to the first once connected. */
  let handshakeRetryMs = rejoinRetryMs;

  /** R18: keep only newer versions of the room we are in. */
  const accept = (room: RoomSnapshot) => {
    if (room.id !== roomId || (held && room.version <= held.version)) return;
    held = room;
    for (const listener of stateListeners) listener(room);
  };

  const gone = (reason: RoomGone['reason']) => (ref: RoomRef) => {
    if (ref.roomId !== roomId) return;
    roomId = null;
    held = null;
    chat.reset();
    for (const listener of goneListeners) listener({ reason, roomId: ref.roomId });
  };
  const onDeleted = gone('deleted');
  const onNotFound = gone('notFound');
  const onRemoved = (event: RemovedEvent) => {
    stopRejoining();
    gone(event.reason)(event);
  };

  async function request<T extends CommandType>(type: T, payload: CommandPayload<T>): Promise<CommandAck<T>> {
    // While the connection is down, or back but the room not yet joined again, a room command would be queued
    // by Socket.IO and reach the server before the re-join, which refuses it (`not_joined`): say so at once.
    if (needsJoinedRoom(type) && awayFromRoom) {
      return failure('unavailable', 'Not connected to the room') as CommandAck<T>;
    }
    try {
      const answer = await (socket as unknown as AckEmitter).timeout(timeoutMs).emitWithAck(type, payload);
      return answer as CommandAck<T>;
    } catch {
      return failure('unavailable', 'No answer from the server');
    }
  }

  const chat = createChatFeed(socket, request, () => roomId);

  async function join(id: string): Promise<CommandAck<'room:join'>> {
    if (id !== roomId) {
      held = null;
      chat.reset();
    }
    roomId = id;
    const sentAt = clock.localNow();
    const ack = await request('room:join', { roomId: id });
    if (ack.ok) {
      awayFromRoom = false;
      me = ack.me;
      clock.record(sentAt, ack.serverTime, clock.localNow());
      accept(ack.room);
      // Right after every join, a reconnection's too, rather than in the join answer: joins stay one batched
      // read (a reconnect storm is thousands of them), and the chat catches up with what it missed.
      void chat.loadLatest();
    }
    return ack;
  }

  // R27: the server forgets our room when the connection drops, so join again once it is back, and keep
  // trying with a jittered, doubling wait while the answer is a passing failure (a storm of re-joins after a
  // restart, the database still coming back). Another drop, a leave or dispose stops the attempts.
  const stopRejoining = () => {
    clearTimeout(retryTimer);
    retryTimer = undefined;
  };
  const retryAfter = (waitMs: number, retry: () => void) => {
    retryTimer = setTimeout(retry, waitMs * (0.5 + Math.random()));
  };
  const rejoin = async (id: string, waitMs: number) => {
    const drop = drops;
    const ack = await join(id);
    if (roomId !== id || drops !== drop) return;
    if (!ack.ok && PASSING_FAILURES.has(ack.error.code)) {
      retryAfter(waitMs, () => void rejoin(id, Math.min(waitMs * 2, REJOIN_RETRY_MAX_MS)));
      return;
    }
    if (!ack.ok && ack.error.code === 'room_not_found') return; // room:notFound follows: onGone
    const result: RejoinResult = ack.ok ? { ok: true } : { ok: false, code: ack.error.code };
    for (const listener of rejoinListeners) listener(result);
  };
  const onDisconnect = () => {
    awayFromRoom = true;
    drops += 1;
    stopRejoining();
  };
  const onConnect = () => {
    handshakeRetryMs = rejoinRetryMs;
    if (awayFromRoom && roomId !== null) void rejoin(roomId, rejoinRetryMs);
  };
  // R27 for the handshake: Socket.IO retries a connection that failed on the way (the socket stays active) but
  // not one the server refused (connect_error with data): a passing refusal (the session store down) is tried
  // again here with the same wait as a re-join; any other is reported like a re-join refused for good.
  const onConnectError = (error: Error & { data?: Partial<ProtocolError> }) => {
    if (socket.active) return;
    const code = error.data?.code;
    if (code && PASSING_FAILURES.has(code)) {
      const waitMs = handshakeRetryMs;
      handshakeRetryMs = Math.min(waitMs * 2, REJOIN_RETRY_MAX_MS);
      retryAfter(waitMs, () => socket.connect());
      return;
    }
    const result: RejoinResult = { ok: false, code: code ?? 'unavailable' };
    for (const listener of rejoinListeners) listener(result);
  };

  socket.on('room:state', accept);
  socket.on('room:deleted', onDeleted);
  socket.on('room:notFound', onNotFound);
  socket.on('room:removed', onRemoved);
  socket.on('disconnect', onDisconnect);
  socket.on('connect', onConnect);
  socket.on('connect_error', onConnectError);

  const ping = async (): Promise<CommandAck<'clock:ping'>> => {
    const sentAt = clock.localNow();
    const ack = await request('clock:ping', {});
    if (ack.ok) clock.record(sentAt, ack.serverTime, clock.localNow());
    return ack;
  };

  return {
    get state() {
      return held;
    },
    get me() {
      return me;
    },
    get chat() {
      return chat.log;
    },
    clock,
    join,
    leave: () => {
      stopRejoining();
      roomId = null;
      held = null;
      chat.reset();
      return request('room:leave', {});
    },
    addVideo: (video) => request('playlist:add', { video }),
    select: (id) => request('playlist:select', { id }),
    remove: (id) => request('playlist:remove', { id }),
    clearWatched: () => request('playlist:clearWatched', {}),
    updatePlayback: async ({ id, playing, position, rate }) => {
      const videoId = id ?? held?.current_video.id ?? '';
      if (videoId === '') return failure('version_conflict', 'Nothing is playing');
      return request('playback:update', { id: videoId, playing, position, rate });
    },
    ended: (id) => request('playback:ended', { id }),
    sendChat: (text) => chat.send(text),
    deleteChat: (seq) => chat.remove(seq),
    loadOlderChat: () => chat.loadOlder(),
    reloadChat: () => chat.loadLatest(),
    clearQueue: () => request('playlist:clear', {}),
    grant: (uid) => request('cohost:grant', { uid }),
    revoke: (uid) => request('cohost:revoke', { uid }),
    changeSettings: (settings) => request('room:settings', { settings }),
    kick: (key) => request('moderation:kick', { key }),
    ban: (uid) => request('moderation:ban', { uid }),
    unban: (uid) => request('moderation:unban', { uid }),
    bans: () => request('moderation:bans', {}),
    ping,
    async syncClock(samples = CLOCK_SAMPLE_WINDOW) {
      for (let i = 0; i < samples; i++) {
        const ack: AckResult<object> = await ping();
        if (!ack.ok) return;
      }
    },
    expectedPosition: (duration) =>
      held ? expectedPosition(held.current_video, clock.serverNow(), duration ?? null) : null,
    onState(listener) {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    onChat: (listener) => chat.onChange(listener),
    onGone(listener) {
      goneListeners.add(listener);
      return () => goneListeners.delete(listener);
    },
    onRejoin(listener) {
      rejoinListeners.add(listener);
      return () => rejoinListeners.delete(listener);
    },
    dispose() {
      stopRejoining();
      roomId = null;
      socket.off('room:state', accept);
      socket.off('room:deleted', onDeleted);
      socket.off('room:notFound', onNotFound);
      socket.off('room:removed', onRemoved);
      socket.off('disconnect', onDisconnect);
      socket.off('connect', onConnect);
      socket.off('connect_error', onConnectError);
      chat.dispose();
      stateListeners.clear();
      goneListeners.clear();
      rejoinListeners.clear();
    },
  };
}
