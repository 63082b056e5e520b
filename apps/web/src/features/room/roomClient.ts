import {
  type AckResult,
  type AddVideoInput,
  ackFailure,
  applyRoomDelta,
  CLOCK_SAMPLE_WINDOW,
  type ClientToServerEvents,
  ClockOffsetEstimator,
  type CommandAck,
  type CommandPayload,
  type CommandType,
  commandNeedsRoom,
  type ErrorCode,
  expectedPosition,
  type LoopMode,
  type ProtocolError,
  type RemovedEvent,
  type RoomDelta,
  type RoomPresence,
  type RoomRef,
  type RoomSnapshot,
  type ServerToClientEvents,
  type SettingsChange,
  type Viewer,
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
  /** The room version a heartbeat's re-anchor was made against (R93); absent on a report of a change. */
  version?: number;
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
  /** The room's chat as this tab holds it (R54). */
  readonly chat: ChatLog;
  /** Who is in the room now, as last told (`room:presence`, R52); empty until the server first says. */
  readonly viewers: readonly Viewer[];
  /** How the room's lists name this viewer (R51), from the join answer; null before joining. */
  readonly personKey: string | null;
  readonly clock: ClockOffsetEstimator;
  join(roomId: string): Promise<CommandAck<'room:join'>>;
  leave(): Promise<CommandAck<'room:leave'>>;
  addVideo(video: AddVideoInput): Promise<CommandAck<'playlist:add'>>;
  /** Adds the videos of a YouTube playlist, which the server reads (R71, R72). */
  addList(listId: string): Promise<CommandAck<'playlist:addList'>>;
  select(id: string): Promise<CommandAck<'playlist:select'>>;
  remove(id: string): Promise<CommandAck<'playlist:remove'>>;
  clearWatched(): Promise<CommandAck<'playlist:clearWatched'>>;
  /** Moves the item `id` to `toIndex`, refused if the room is no longer at `version` (R60). */
  move(id: string, toIndex: number, version: number): Promise<CommandAck<'playlist:move'>>;
  /** Puts the item `id` just after the one playing (R61). */
  playNext(id: string): Promise<CommandAck<'playlist:playNext'>>;
  /** Shuffles the waiting items (R62). */
  shuffle(): Promise<CommandAck<'playlist:shuffle'>>;
  /** What autoplay does at the end of an item (R63). */
  setLoop(mode: LoopMode): Promise<CommandAck<'room:loop'>>;
  /** Votes to skip the item `id` shown as playing, or takes the vote back (R65). */
  voteSkip(id: string, skip: boolean): Promise<CommandAck<'vote:skip'>>;
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
  /** Attaches the uploaded subtitle file `fileId` to the item `id` (R111). */
  addSubtitle(id: string, fileId: string, label: string): Promise<CommandAck<'subtitle:add'>>;
  removeSubtitle(id: string, fileId: string): Promise<CommandAck<'subtitle:remove'>>;
  /** Shifts every viewer's subtitles of the item `id` (controllers, R112). */
  shiftSubtitles(id: string, shiftMs: number): Promise<CommandAck<'subtitle:shift'>>;
  /** Puts every tab of the person with key `key` out for ten minutes (host, R58). */
  kick(key: string): Promise<CommandAck<'moderation:kick'>>;
  ban(uid: string): Promise<CommandAck<'moderation:ban'>>;
  unban(uid: string): Promise<CommandAck<'moderation:unban'>>;
  /** The room's bans, newest first (host, R59). */
  bans(): Promise<CommandAck<'moderation:bans'>>;
  /**
   * This viewer's own player state for its sync badge (R53), at most every SYNC_REPORT_INTERVAL_MS, with whether
   * its list of viewers is open. Sent without an ack (nothing to do with a refusal but send the next one), and
   * only while the room is joined on this connection.
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
  /** Called when the server asks this tab for a report now (`presence:probe`, R52). */
  onProbe(listener: () => void): () => void;
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
/** Deltas held back for the room they apply to (R108); a client this far behind asks for the whole room. */
const PENDING_DELTAS_MAX = 100;

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
  const presenceListeners = new Set<(viewers: readonly Viewer[]) => void>();
  const probeListeners = new Set<() => void>();
  let roomId: string | null = null;
  let held: RoomSnapshot | null = null;
  let viewers: readonly Viewer[] = [];
  let personKey: string | null = null;
  let presenceOpen = false;
  /** From a dropped connection until a join succeeds on a new one: room commands are answered here. */
  let awayFromRoom = false;
  /** Counts dropped connections, so a re-join answered after another drop does not go on retrying. */
  let drops = 0;
  /** The pending re-join or handshake retry: at most one, as a handshake is only retried while disconnected. */
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** The next wait before a new handshake after a passing refusal; back to the first once connected. */
  let handshakeRetryMs = rejoinRetryMs;
  /**
   * Why the server last refused the handshake while it is being tried again (too many connections from this
   * address, R99; its session store down): a command left unanswered meanwhile fails with it, so the page can say so.
   */
  let handshakeRefusal: ErrorCode | null = null;

  /**
   * R108: deltas that came before the room they apply to (during a join, or past a missed one), by version; applied
   * as soon as the room one version older is held. At most PENDING_DELTAS_MAX: past that, the whole room is asked for.
   */
  const pending = new Map<number, RoomDelta>();

  /** R18: keep only newer versions of the room we are in; then any deltas that follow it (R108). */
  const accept = (room: RoomSnapshot) => {
    if (room.id !== roomId || (held && room.version <= held.version)) return;
    let next = room;
    for (let delta = pending.get(next.version + 1); delta; delta = pending.get(next.version + 1)) {
      next = applyRoomDelta(next, delta);
    }
    for (const version of pending.keys()) if (version <= next.version) pending.delete(version);
    held = next;
    for (const listener of stateListeners) listener(next);
  };

  /**
   * R108: what a commit changed. Held at the version before it, the room is that room with the delta applied; a
   * delta further ahead waits for the ones before it, and the whole room is asked for again (by joining again) in
   * case one of them was lost on the way.
   */
  const acceptDelta = (delta: RoomDelta) => {
    if (delta.roomId !== roomId || (held && delta.version <= held.version)) return;
    if (held && delta.version === held.version + 1) return accept(applyRoomDelta(held, delta));
    if (pending.size >= PENDING_DELTAS_MAX) pending.clear();
    pending.set(delta.version, delta);
    if (held) void catchUp(delta.roomId);
  };
  let catchingUp = false;
  const catchUp = async (id: string) => {
    if (catchingUp) return;
    catchingUp = true;
    try {
      const ack = await request('room:join', { roomId: id });
      if (ack.ok) accept(ack.room);
    } finally {
      catchingUp = false;
    }
  };

  const acceptPresence = (presence: RoomPresence) => {
    if (presence.roomId !== roomId) return;
    viewers = presence.viewers;
    for (const listener of presenceListeners) listener(viewers);
  };

  const onProbe = (ref: RoomRef) => {
    if (ref.roomId !== roomId) return;
    for (const listener of probeListeners) listener();
  };

  const gone = (reason: RoomGone['reason']) => (ref: RoomRef) => {
    if (ref.roomId !== roomId) return;
    roomId = null;
    held = null;
    chat.reset();
    viewers = [];
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
      return ackFailure('unavailable', 'Not connected to the room') as CommandAck<T>;
    }
    try {
      const answer = await (socket as unknown as AckEmitter).timeout(timeoutMs).emitWithAck(type, payload);
      return answer as CommandAck<T>;
    } catch {
      if (handshakeRefusal) return ackFailure(handshakeRefusal, 'The server refused the connection');
      return ackFailure('unavailable', 'No answer from the server');
    }
  }

  const chat = createChatFeed(socket, request, () => roomId);

  async function join(id: string): Promise<CommandAck<'room:join'>> {
    if (id !== roomId) {
      held = null;
      pending.clear();
      chat.reset();
      viewers = [];
    }
    roomId = id;
    const sentAt = clock.localNow();
    const ack = await request('room:join', { roomId: id });
    if (ack.ok) {
      awayFromRoom = false;
      clock.record(sentAt, ack.serverTime, clock.localNow());
      personKey = ack.personKey;
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
    handshakeRefusal = null;
    if (awayFromRoom && roomId !== null) void rejoin(roomId, rejoinRetryMs);
  };
  // R27 for the handshake: Socket.IO retries a connection that failed on the way (the socket stays active) but
  // not one the server refused (connect_error with data): a passing refusal (the session store down) is tried
  // again here with the same wait as a re-join; any other is reported like a re-join refused for good.
  const onConnectError = (error: Error & { data?: Partial<ProtocolError> }) => {
    if (socket.active) return;
    const code = error.data?.code;
    if (code && PASSING_FAILURES.has(code)) {
      handshakeRefusal = code;
      const waitMs = handshakeRetryMs;
      handshakeRetryMs = Math.min(waitMs * 2, REJOIN_RETRY_MAX_MS);
      retryAfter(waitMs, () => socket.connect());
      return;
    }
    const result: RejoinResult = { ok: false, code: code ?? 'unavailable' };
    for (const listener of rejoinListeners) listener(result);
  };

  socket.on('room:state', accept);
  socket.on('room:delta', acceptDelta);
  socket.on('room:presence', acceptPresence);
  socket.on('presence:probe', onProbe);
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
    get chat() {
      return chat.log;
    },
    get viewers() {
      return viewers;
    },
    get personKey() {
      return personKey;
    },
    clock,
    join,
    leave: () => {
      stopRejoining();
      roomId = null;
      held = null;
      chat.reset();
      viewers = [];
      return request('room:leave', {});
    },
    addVideo: (video) => request('playlist:add', { video }),
    addList: (listId) => request('playlist:addList', { listId }),
    select: (id) => request('playlist:select', { id }),
    remove: (id) => request('playlist:remove', { id }),
    clearWatched: () => request('playlist:clearWatched', {}),
    move: (id, toIndex, version) => request('playlist:move', { id, toIndex, version }),
    playNext: (id) => request('playlist:playNext', { id }),
    shuffle: () => request('playlist:shuffle', {}),
    setLoop: (mode) => request('room:loop', { mode }),
    voteSkip: (id, skip) => request('vote:skip', { id, skip }),
    updatePlayback: async ({ id, playing, position, rate, version }) => {
      const videoId = id ?? held?.current_video.id ?? '';
      if (videoId === '') return ackFailure('version_conflict', 'Nothing is playing');
      return request('playback:update', { id: videoId, playing, position, rate, version });
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
    addSubtitle: (id, fileId, label) => request('subtitle:add', { id, fileId, label }),
    removeSubtitle: (id, fileId) => request('subtitle:remove', { id, fileId }),
    shiftSubtitles: (id, shiftMs) => request('subtitle:shift', { id, shiftMs }),
    kick: (key) => request('moderation:kick', { key }),
    ban: (uid) => request('moderation:ban', { uid }),
    unban: (uid) => request('moderation:unban', { uid }),
    bans: () => request('moderation:bans', {}),
    reportSync: (report) => {
      if (awayFromRoom || roomId === null || !socket.connected) return;
      (socket.emit as (event: string, payload: unknown) => void)('presence:report', {
        ...report,
        watching: presenceOpen,
      });
    },
    get presenceOpen() {
      return presenceOpen;
    },
    setPresenceOpen(open) {
      if (open === presenceOpen) return;
      presenceOpen = open;
      if (open) for (const listener of probeListeners) listener();
    },
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
    onPresence(listener) {
      presenceListeners.add(listener);
      return () => presenceListeners.delete(listener);
    },
    onProbe(listener) {
      probeListeners.add(listener);
      return () => probeListeners.delete(listener);
    },
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
      socket.off('room:delta', acceptDelta);
      socket.off('room:presence', acceptPresence);
      socket.off('presence:probe', onProbe);
      socket.off('room:deleted', onDeleted);
      socket.off('room:notFound', onNotFound);
      socket.off('room:removed', onRemoved);
      socket.off('disconnect', onDisconnect);
      socket.off('connect', onConnect);
      socket.off('connect_error', onConnectError);
      chat.dispose();
      stateListeners.clear();
      presenceListeners.clear();
      probeListeners.clear();
      goneListeners.clear();
      rejoinListeners.clear();
    },
  };
}
