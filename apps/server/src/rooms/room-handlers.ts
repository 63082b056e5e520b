import {
  ackFailure,
  type Command,
  type CommandAck,
  type CommandType,
  type ErrorCode,
  type RoomCommand,
  type RoomSnapshot,
  type ServerEventPayload,
  type ServerEventType,
  SYNC_REPORT_INTERVAL_MS,
  type SyncReport,
} from '@xemchung/protocol';
import type { SessionUser } from '../auth/sessions.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import type { KeyedQueue } from './keyed-queue.ts';
import { ROOM_ID_PATTERN } from './room-id.ts';
import type { RoomRepository } from './room-repository.ts';
import { applyRoomCommand } from './room-state.ts';
import { RoomBusyError, type RoomStore } from './room-store.ts';

/** The little the handlers need of a socket (a Socket.IO socket in production). */
export interface RoomConnection {
  /** Unique among the connections of every node (the Socket.IO socket id). */
  readonly id: string;
  readonly user: SessionUser | null;
  /** The room this connection is in, or null. */
  readonly roomId: string | null;
  enter(roomId: string): void;
  exit(): void;
  send<E extends ServerEventType>(event: E, payload: ServerEventPayload<E>): void;
}

/** Fan-out to everyone in a room. */
export interface RoomBroadcast {
  state(room: RoomSnapshot): void;
  /** Tells the room it is gone and removes every connection from it. */
  deleted(roomId: string): void;
}

export interface RoomHandlerDeps {
  repository: RoomRepository;
  store: RoomStore;
  queue: KeyedQueue;
  broadcast: RoomBroadcast;
  /** The server clock (epoch ms). */
  now: () => number;
  /** False while the fan-out to other nodes (Redis) is down: room commands then answer `unavailable` (R34). */
  available?: () => boolean;
  /** A room command not answered this long after it arrived, its turn in the queue included, is `unavailable`. */
  commandTimeoutMs?: number;
  /** Re-broadcasts a room's committed state once the database answers (a commit whose outcome is unknown). */
  resync?: (roomId: string) => void;
  /** Who is in the room and how each is in step (realtime/presence.ts); reports are refused without it. */
  presence?: { report(connectionId: string, report: SyncReport, watching: boolean): ErrorCode | null };
}

/** Handles one parsed command and answers through `reply` exactly once. */
export type Handler<T extends CommandType> = (
  connection: RoomConnection,
  command: Extract<Command, { type: T }>,
  reply: (ack: CommandAck<T>) => void,
) => Promise<void>;

export type RoomHandlers = { [T in CommandType]: Handler<T> };

const notFound = () => ackFailure('room_not_found', 'Room not found');

const DEFAULT_COMMAND_TIMEOUT_MS = 5000;

/**
 * The dispatch table: one handler per command, checked complete by the compiler, next to the permission table
 * (permissions.ts) that the transport and the state machine consult.
 */
export function createRoomHandlers(deps: RoomHandlerDeps): RoomHandlers {
  /**
   * R17, R18: serialised per room, committed, then acknowledged, then broadcast, in commit order. R34: refused at
   * once while Redis is away; answered `unavailable` at the deadline, and never applied if it had not reached the
   * database by then.
   */
  const roomCommand = async (
    connection: RoomConnection,
    command: RoomCommand,
    reply: (ack: CommandAck<RoomCommand['type']>) => void,
  ) => {
    const roomId = connection.roomId;
    if (roomId === null) return reply(ackFailure('not_joined', 'Join the room first'));
    if (deps.available && !deps.available()) {
      return reply(ackFailure('unavailable', 'The server cannot reach its peers; try again shortly'));
    }
    const actor = { uid: connection.user?.uid ?? null };
    let answered = false;
    const answer = (ack: CommandAck<RoomCommand['type']>) => {
      if (answered) return;
      answered = true;
      reply(ack);
    };
    const deadline = setTimeout(
      () => answer(ackFailure('unavailable', 'The server could not commit in time; try again')),
      deps.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS,
    );
    try {
      await deps.queue.run(roomId, async () => {
        if (answered) return; // timed out while queued: the client was told it did not happen
        const result = await deps.store.apply(roomId, (state) => applyRoomCommand(state, command, actor, deps.now()));
        switch (result.kind) {
          case 'committed':
            answer({ ok: true, version: result.room.version });
            deps.broadcast.state(result.room);
            return;
          case 'unchanged':
            return answer({ ok: true, version: result.room.version });
          case 'refused':
            return answer({ ok: false, error: result.error });
          case 'not_found':
            answer(notFound());
            deps.broadcast.deleted(roomId);
            return;
        }
      });
    } catch (error) {
      if (error instanceof RoomBusyError) return answer(ackFailure('unavailable', 'The room is busy; try again'));
      if (!isDatabaseUnavailable(error)) throw error;
      // The connection may have died after COMMIT was sent: whatever was committed reaches everyone.
      deps.resync?.(roomId);
      return answer(ackFailure('unavailable', 'The database is unavailable; try again shortly'));
    } finally {
      clearTimeout(deadline);
    }
  };

  return {
    /** R4, R5. */
    'room:join': async (connection, { roomId }, reply) => {
      if (!ROOM_ID_PATTERN.test(roomId)) {
        reply(notFound());
        return connection.send('room:notFound', { roomId });
      }
      if (connection.roomId !== null && connection.roomId !== roomId) connection.exit();
      // Enter before reading: a commit after the read is then broadcast to us, and the client keeps the
      // higher of the two versions (R18).
      connection.enter(roomId);
      let room: RoomSnapshot | null;
      try {
        room = await deps.repository.load(roomId);
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error;
        connection.exit();
        return reply(ackFailure('unavailable', 'The database is unavailable; try again shortly'));
      }
      if (!room) {
        connection.exit();
        reply(notFound());
        return connection.send('room:notFound', { roomId });
      }
      const me = connection.user;
      reply({ ok: true, room, serverTime: deps.now(), isHost: me !== null && me.uid === room.host, me });
    },
    'room:leave': async (connection, _command, reply) => {
      const roomId = connection.roomId;
      if (roomId === null) return reply(ackFailure('not_joined', 'Join the room first'));
      connection.exit();
      reply({ ok: true, roomId });
    },
    'clock:ping': async (_connection, _command, reply) => {
      reply({ ok: true, serverTime: deps.now() });
    },
    /** R53: only ever about the sender's own connection; nothing in the payload names anyone. */
    'presence:report': async (connection, { state, errorMs, rttMs, watching }, reply) => {
      const report = { state, errorMs, rttMs };
      const refusal = deps.presence ? deps.presence.report(connection.id, report, watching ?? false) : 'unavailable';
      if (refusal === null) return reply({ ok: true });
      const messages: Partial<Record<ErrorCode, string>> = {
        rate_limited: `One report every ${SYNC_REPORT_INTERVAL_MS} ms`,
        not_joined: 'Join the room first',
      };
      reply(ackFailure(refusal, messages[refusal] ?? 'Reports are not taken here'));
    },
    'playlist:add': roomCommand,
    'playlist:select': roomCommand,
    'playlist:remove': roomCommand,
    'playlist:clearWatched': roomCommand,
    'playback:update': roomCommand,
    'playback:ended': roomCommand,
  };
}
