import {
  ackFailure,
  type Command,
  type CommandAck,
  type CommandType,
  type Person,
  type RoomCommand,
  type RoomSnapshot,
  type ServerEventPayload,
  type ServerEventType,
} from '@xemchung/protocol';
import type { SessionUser } from '../auth/sessions.ts';
import { type ChatHandlerDeps, createChatHandlers } from '../chat/chat-handlers.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import type { KeyedQueue } from './keyed-queue.ts';
import { queuedCommands } from './queued-command.ts';
import { ROOM_ID_PATTERN } from './room-id.ts';
import type { RoomRepository } from './room-repository.ts';
import { applyRoomCommand } from './room-state.ts';
import type { RoomStore } from './room-store.ts';

/** The little the handlers need of a socket (a Socket.IO socket in production). */
export interface RoomConnection {
  readonly user: SessionUser | null;
  /** Who the others see (R51): one key per person across tabs. */
  readonly person: Person;
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
  /** The chat's storage, fan-out and rate (R54). */
  chat: Pick<ChatHandlerDeps, 'repository' | 'broadcast' | 'rate'>;
  /** Re-broadcasts a room's committed state once the database answers (a commit whose outcome is unknown). */
  resync?: (roomId: string) => void;
}

/** Handles one parsed command and answers through `reply` exactly once. */
export type Handler<T extends CommandType> = (
  connection: RoomConnection,
  command: Extract<Command, { type: T }>,
  reply: (ack: CommandAck<T>) => void,
) => Promise<void>;

export type RoomHandlers = { [T in CommandType]: Handler<T> };

const notFound = () => ackFailure('room_not_found', 'Room not found');

/**
 * The dispatch table: one handler per command, checked complete by the compiler, next to the permission table
 * (permissions.ts) that the transport and the state machine consult.
 */
export function createRoomHandlers(deps: RoomHandlerDeps): RoomHandlers {
  const runQueued = queuedCommands(deps);
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
    const actor = { uid: connection.user?.uid ?? null };
    await runQueued(
      roomId,
      reply,
      async (answer) => {
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
      },
      () => deps.resync?.(roomId),
    );
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
    'playlist:add': roomCommand,
    'playlist:select': roomCommand,
    'playlist:remove': roomCommand,
    'playlist:clearWatched': roomCommand,
    'playback:update': roomCommand,
    'playback:ended': roomCommand,
    ...createChatHandlers({ ...deps.chat, runQueued, now: deps.now, roomDeleted: deps.broadcast.deleted }),
  };
}
