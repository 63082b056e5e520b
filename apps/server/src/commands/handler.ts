import type { Command, CommandAck, CommandType, Person, ServerEventPayload, ServerEventType } from '@xemchung/protocol';
import type { SessionUser } from '../auth/sessions.ts';
import type { Actor } from './actor.ts';

/** The little the handlers need of a socket (a Socket.IO socket in production). */
export interface RoomConnection {
  /** Unique among the connections of every node (the Socket.IO socket id). */
  readonly id: string;
  readonly user: SessionUser | null;
  /** Who the others see (R51) and the hashed client address caps and kicks follow. */
  readonly identity: { person: Person; addressKey: string };
  /** The room this connection is in, or null. */
  readonly roomId: string | null;
  /** Joins the room, as this person (kicks reach every tab of a person in a room, R58). */
  enter(roomId: string): void;
  exit(): void;
  send<E extends ServerEventType>(event: E, payload: ServerEventPayload<E>): void;
}

/** Who is behind a connection, as the state machine and the moderation rules see it. */
export function actorOf(connection: RoomConnection): Actor {
  const { person, addressKey } = connection.identity;
  return { uid: connection.user?.uid ?? null, key: person.key, address: addressKey };
}

/**
 * Handles one parsed command and answers through `reply` exactly once: at once (returning nothing), or when the
 * promise it returns settles.
 */
export type Handler<T extends CommandType> = (
  connection: RoomConnection,
  command: Extract<Command, { type: T }>,
  reply: (ack: CommandAck<T>) => void,
) => Promise<void> | undefined;

/**
 * The command table: one handler per command type, checked complete by the compiler, next to the permission table
 * (packages/protocol roles.ts) that the transport and the state machine consult. Each feature folder builds its
 * part (`Handlers<…>` of its own types); realtime/command-table.ts puts the parts together.
 */
export type CommandTable = { [T in CommandType]: Handler<T> };

/** A feature's part of the command table: a handler for each of `T`. */
export type Handlers<T extends CommandType> = { [K in T]: Handler<K> };
