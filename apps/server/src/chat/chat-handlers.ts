import {
  ackFailure,
  type ChatMessage,
  type ChatTextProblem,
  type CommandType,
  prepareChatText,
  REFUSAL_MESSAGES,
  refusalFor,
  roleOf,
} from '@xemchung/protocol';
import { actorOf, type Handlers, type RoomConnection } from '../commands/handler.ts';
import type { RunQueued } from '../commands/queued-command.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import type { GuestAwareRate } from '../limits/person-rate.ts';
import type { ChatRepository, ChatRoomRoles } from './chat-repository.ts';

/**
 * Chat messages one person may send (R54): 5 at once, then one every 2 s. A conversation fits; a paste loop or
 * a script does not, however many tabs it runs in.
 */
export const CHAT_RATE = { capacity: 5, refillPerSecond: 0.5 } as const;

/**
 * Chat messages all the guests of one client address may send together (R100): twice one person's. A few guests
 * on one home network chatting fit; a script that sends from a fresh guest cookie every time does not.
 */
export const CHAT_ADDRESS_RATE = { capacity: 10, refillPerSecond: 1 } as const;

/** Fan-out of chat events to everyone in a room (every node, through the adapter). */
export interface ChatBroadcast {
  message(roomId: string, message: ChatMessage): void;
  deleted(roomId: string, seq: number): void;
}

export interface ChatHandlerDeps {
  repository: ChatRepository;
  broadcast: ChatBroadcast;
  /** The per-person chat rate (CHAT_RATE), binding a guest's address too (CHAT_ADDRESS_RATE). */
  rate: GuestAwareRate;
  /** The room's queue, shared with room commands (R17). */
  runQueued: RunQueued;
  now: () => number;
  /** Tells the room it is gone (R25), as room commands do. */
  roomDeleted: (roomId: string) => void;
}

const PROBLEMS: Record<ChatTextProblem, string> = {
  empty: 'The message is empty',
  blank: 'The message shows nothing: only invisible characters',
  too_long: 'The message is longer than 500 characters',
  too_many_lines: 'The message has more than 10 lines',
  control: 'The message holds control characters',
  bidi: 'The message holds bidirectional control characters',
};

const notFound = () => ackFailure('room_not_found', 'Room not found');
const notJoined = () => ackFailure('not_joined', 'Join the room first');

/** Null when the caller may run `type` in the room as stored; otherwise the refusal (the permission table, R50). */
function refusal(type: CommandType, roles: ChatRoomRoles, connection: RoomConnection) {
  const code = refusalFor(type, roleOf(roles, connection.user?.uid ?? null), roles.settings);
  return code ? ackFailure(code, REFUSAL_MESSAGES[code]) : null;
}

/**
 * The chat's commands (R54). Sends and deletes run in the room's queue, like room commands, so on each node they
 * commit, are acknowledged and are broadcast in order; history is a plain read.
 */
export function createChatHandlers(deps: ChatHandlerDeps): Handlers<'chat:send' | 'chat:delete' | 'chat:history'> {
  return {
    'chat:send': async (connection, { text: raw }, reply) => {
      const roomId = connection.roomId;
      if (roomId === null) return reply(notJoined());
      const prepared = prepareChatText(raw);
      if ('problem' in prepared) return reply(ackFailure('invalid_message', PROBLEMS[prepared.problem]));
      // Before any database work, so a flood costs nothing but this check.
      if (!deps.rate.take(actorOf(connection))) {
        return reply(ackFailure('chat_rate_limited', 'You are sending messages too fast; wait a moment'));
      }
      await deps.runQueued(roomId, reply, async (answer) => {
        const roles = await deps.repository.roles(roomId);
        const refused = roles && refusal('chat:send', roles, connection);
        if (refused) return answer(refused);
        const message =
          roles && (await deps.repository.append(roomId, connection.identity.person, prepared.text, deps.now()));
        if (!message) {
          answer(notFound());
          return deps.roomDeleted(roomId);
        }
        answer({ ok: true, message });
        deps.broadcast.message(roomId, message);
      });
    },
    'chat:delete': async (connection, { seq }, reply) => {
      const roomId = connection.roomId;
      if (roomId === null) return reply(notJoined());
      await deps.runQueued(roomId, reply, async (answer) => {
        const roles = await deps.repository.roles(roomId);
        if (!roles) {
          answer(notFound());
          return deps.roomDeleted(roomId);
        }
        const refused = refusal('chat:delete', roles, connection);
        if (refused) return answer(refused);
        const outcome = await deps.repository.delete(roomId, seq);
        if (outcome === 'missing') return answer(ackFailure('message_not_found', 'No such message in this room'));
        answer({ ok: true, seq });
        if (outcome === 'deleted') deps.broadcast.deleted(roomId, seq);
      });
    },
    'chat:history': async (connection, { before }, reply) => {
      const roomId = connection.roomId;
      if (roomId === null) return reply(notJoined());
      try {
        reply({ ok: true, ...(await deps.repository.page(roomId, before)) });
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error;
        reply(ackFailure('unavailable', 'The database is unavailable; try again shortly'));
      }
    },
  };
}
