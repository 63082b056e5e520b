import type { CommandAck, ErrorCode, ProtocolError, RemovalReason } from '@xemchung/protocol';
import { createStore, type Store } from '../../lib/createStore.ts';
import type { RoomSocket } from './roomSocket.ts';

/** Tries again after passing refusals: when the next one is due (ms since the epoch), null while none is waiting. */
interface Retrying {
  /** Refusals that pass by themselves (of the handshake or the join) since the connection was last made. */
  attempt: number;
  nextAt: number | null;
}

/** Why the room is no longer open on this page (R5, R25, R58, R59, R22), or that it was left. */
export type ClosedReason =
  | { reason: 'notFound' | 'deleted' | RemovalReason | 'left' }
  /** A join or a handshake refused for good, or `disconnected`: the server closed the socket on purpose (R22). */
  | { reason: 'refused'; code: string };

/**
 * Where the room client is with its room, the one account of the connection's lifecycle:
 * - `connecting`: the page's join is on its way (the handshake is tried again meanwhile if refused for a passing reason);
 * - `joined`: the room is joined on this connection and its state is live;
 * - `reconnecting`: the connection dropped; once Socket.IO has it back the room is joined again (R27), and a
 *   passing refusal of either is tried again after a growing wait;
 * - `closed`: nothing more comes; only a new join (the page's 'Thử lại' opens a new client) starts again.
 */
export type RoomConnection =
  | ({ status: 'connecting' } & Retrying)
  | { status: 'joined' }
  | ({ status: 'reconnecting' } & Retrying)
  | ({ status: 'closed' } & ClosedReason);

/**
 * Join and handshake refusals that pass by themselves (a node still starting, its database or Redis back soon):
 * retried.
 */
const PASSING_FAILURES: ReadonlySet<string> = new Set<ErrorCode>(['unavailable', 'rate_limited']);
/** Join answers that mean "no such room": unknown ids, and ids too long to be ours (refused by the schema). */
const NOT_FOUND_CODES: ReadonlySet<string> = new Set<ErrorCode>(['room_not_found', 'invalid_payload']);
/** Longest wait between two tries, like Socket.IO's own reconnection back-off. */
const RETRY_MAX_MS = 5_000;

const isRemoval = (code: string): code is RemovalReason => code === 'kicked' || code === 'banned';
/** A refusal that trying again will not change: put out by the host (R58, R59), or anything else. */
const refusedForGood = (code: string): ClosedReason =>
  isRemoval(code) ? { reason: code } : { reason: 'refused', code };

export interface ConnectionOptions {
  /** The first wait before trying again after a passing refusal (ms); it doubles up to RETRY_MAX_MS, jittered. */
  firstRetryMs: number;
  /** Joins the room we are in again, after a reconnection; null when there is none. */
  rejoin(): Promise<CommandAck<'room:join'>> | null;
  /** Called on every connection made (the clock is estimated afresh, R20). */
  onConnect(): void;
  /** Called once the room is joined, the page's join or one after a reconnection. */
  onJoined(): void;
}

export interface ConnectionLifecycle {
  readonly store: Store<RoomConnection>;
  /**
   * True from a dropped connection until the room is joined again, and once closed: room commands would reach the
   * server before a join (refused `not_joined`), or nowhere, so they are answered at once instead.
   */
  readonly away: boolean;
  /** Why the server refuses the handshake being tried again (R99; its session store down), or null. */
  readonly handshakeRefusal: ErrorCode | null;
  /** The page's join starts; returns the ticket its answer is settled with. */
  joining(): number;
  /** Settles a join's answer, unless it is stale: another join started, the connection dropped, or we closed. */
  settle(ack: CommandAck<'room:join'>, ticket: number, first: boolean): void;
  /** Closes for `reason`: no more tries, and the socket is disconnected unless we only left the room. */
  close(reason: ClosedReason): void;
  dispose(): void;
}

/**
 * The connection's lifecycle over `socket` (R27): Socket.IO reconnects a dropped connection by itself; this joins
 * the room again once it is back, and tries again, with one jittered doubling wait, whatever is refused for a
 * reason that passes: a join, or a handshake (Socket.IO does not retry one the server refused).
 */
export function watchConnection(socket: RoomSocket, options: ConnectionOptions): ConnectionLifecycle {
  const store = createStore<RoomConnection>({ status: 'connecting', attempt: 0, nextAt: null });
  /** Moves on at every join started, dropped connection and close: an answer from before is stale. */
  let epoch = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let handshakeRefusal: ErrorCode | null = null;

  const stopRetrying = () => {
    clearTimeout(retryTimer);
    retryTimer = undefined;
  };

  /** The one back-off: waits of firstRetryMs, doubling up to RETRY_MAX_MS, each jittered to ×0.5–1.5. */
  const retryLater = (retry: () => void) => {
    const current = store.get();
    if (current.status !== 'connecting' && current.status !== 'reconnecting') return;
    const attempt = current.attempt + 1;
    const waitMs = Math.min(options.firstRetryMs * 2 ** (attempt - 1), RETRY_MAX_MS) * (0.5 + Math.random());
    store.set({ ...current, attempt, nextAt: Date.now() + waitMs });
    stopRetrying();
    retryTimer = setTimeout(() => {
      const now = store.get();
      if (now.status === 'connecting' || now.status === 'reconnecting') store.set({ ...now, nextAt: null });
      retry();
    }, waitMs);
  };

  const close = (reason: ClosedReason) => {
    epoch += 1;
    stopRetrying();
    store.set({ status: 'closed', ...reason });
    // Nothing comes back without the user: free the connection (R99 counts them per address).
    if (reason.reason !== 'left') socket.disconnect();
  };

  const settle = (ack: CommandAck<'room:join'>, ticket: number, first: boolean) => {
    if (ticket !== epoch || store.get().status === 'closed') return;
    if (ack.ok) {
      store.set({ status: 'joined' });
      options.onJoined();
      return;
    }
    const { code } = ack.error;
    if (NOT_FOUND_CODES.has(code)) close({ reason: 'notFound' });
    // The page's own join is not retried: the user is told, and may try again.
    else if (!first && PASSING_FAILURES.has(code)) retryLater(() => void joinAgain());
    else close(refusedForGood(code));
  };

  const joinAgain = async () => {
    const ticket = epoch;
    const answer = options.rejoin();
    if (answer) settle(await answer, ticket, false);
  };

  const onDisconnect = (reason?: string) => {
    epoch += 1;
    stopRetrying();
    const current = store.get();
    if (current.status === 'closed') return; // being put out is final: the disconnect that follows changes nothing
    // The server closed this socket on purpose (a flood, R22): Socket.IO will not reconnect by itself.
    if (reason === 'io server disconnect') close({ reason: 'refused', code: 'disconnected' });
    else store.set({ status: 'reconnecting', attempt: 0, nextAt: null });
  };

  const onConnect = () => {
    handshakeRefusal = null;
    stopRetrying();
    const current = store.get();
    if (current.status === 'closed') return;
    if (current.status === 'connecting' || current.status === 'reconnecting') {
      store.set({ ...current, attempt: 0, nextAt: null });
    }
    // R27: the server forgets our room when the connection drops (a join sent before the drop was lost with it).
    if (current.status === 'reconnecting') void joinAgain();
    options.onConnect();
  };

  // R27 for the handshake: Socket.IO retries a connection that failed on the way (the socket stays active) but
  // not one the server refused (connect_error with data): a passing refusal (the session store down, too many
  // sockets from this address) is tried again here; any other ends like a join refused for good.
  const onConnectError = (error: Error & { data?: Partial<ProtocolError> }) => {
    if (socket.active || store.get().status === 'closed') return;
    const code = error.data?.code;
    if (code && PASSING_FAILURES.has(code)) {
      handshakeRefusal = code;
      retryLater(() => socket.connect());
    } else {
      close(refusedForGood(code ?? 'unavailable'));
    }
  };

  socket.on('disconnect', onDisconnect);
  socket.on('connect', onConnect);
  socket.on('connect_error', onConnectError);

  return {
    store,
    get away() {
      const { status } = store.get();
      return status === 'reconnecting' || status === 'closed';
    },
    get handshakeRefusal() {
      return handshakeRefusal;
    },
    joining() {
      epoch += 1;
      const current = store.get();
      // A handshake being tried again goes on: this join waits for the connection like any emit.
      const { attempt, nextAt } =
        current.status === 'connecting' || current.status === 'reconnecting' ? current : { attempt: 0, nextAt: null };
      store.set({ status: 'connecting', attempt, nextAt });
      return epoch;
    },
    settle,
    close,
    dispose() {
      epoch += 1;
      stopRetrying();
      socket.off('disconnect', onDisconnect);
      socket.off('connect', onConnect);
      socket.off('connect_error', onConnectError);
    },
  };
}
