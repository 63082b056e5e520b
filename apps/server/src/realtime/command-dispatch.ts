import {
  type AckResult,
  ackFailure,
  type Command,
  type ErrorCode,
  isCommandType,
  parseCommand,
} from '@xemchung/protocol';
import type { FastifyBaseLogger } from 'fastify';
import { commandNeedsRoom } from '../rooms/permissions.ts';
import type { RoomConnection, RoomHandlers } from '../rooms/room-handlers.ts';
import type { TokenBucket } from './token-bucket.ts';

type Ack = (result: AckResult<object>) => void;
type AnyHandler = (connection: RoomConnection, command: Command, reply: Ack) => Promise<void>;

/** Refusals that point at a misbehaving or outdated client rather than a normal race; logged at warn. */
const SUSPICIOUS: ReadonlySet<ErrorCode> = new Set(['invalid_payload', 'unknown_command', 'forbidden', 'rate_limited']);

export interface DispatchContext {
  connection: RoomConnection;
  bucket: TokenBucket;
  log: FastifyBaseLogger;
  /** Set while the socket is over its rate, so a flood is logged once rather than per message. */
  throttled: boolean;
}

/**
 * The edge of the socket protocol (docs/room-rules.md R3, R21, R22): rate limit, known event, payload schema,
 * joined room, then the handler. Every outcome is one typed ack; nothing a client sends can throw past here,
 * and each failure is logged exactly once.
 */
export function createDispatcher(handlers: RoomHandlers) {
  return async function dispatch(context: DispatchContext, event: unknown, args: unknown[]): Promise<void> {
    const { connection, log } = context;
    const ack = typeof args.at(-1) === 'function' ? (args.pop() as Ack) : undefined;
    let answered = false;
    const reply = (result: AckResult<object>, logged = true) => {
      if (answered) return;
      answered = true;
      if (!result.ok && result.error.code !== 'internal' && logged) {
        const level = SUSPICIOUS.has(result.error.code) ? 'warn' : 'debug';
        log[level]({ event: String(event).slice(0, 64), error: result.error }, 'command refused');
      }
      ack?.(result);
    };
    try {
      if (!context.bucket.take()) {
        const first = !context.throttled;
        context.throttled = true;
        return reply(ackFailure('rate_limited', 'Too many commands; slow down'), first);
      }
      context.throttled = false;
      if (typeof event !== 'string' || !isCommandType(event)) {
        return reply(ackFailure('unknown_command', 'Unknown command'));
      }
      if (args.length > 1) return reply(ackFailure('invalid_payload', 'Send one payload object'));
      const parsed = parseCommand(event, args[0]);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
        return reply(ackFailure('invalid_payload', `${where}${issue?.message ?? 'Invalid payload'}`));
      }
      if (commandNeedsRoom(event) && connection.roomId === null) {
        return reply(ackFailure('not_joined', 'Join the room first'));
      }
      const handler = handlers[parsed.data.type] as AnyHandler;
      await handler(connection, parsed.data, reply);
    } catch (error) {
      log.error({ err: error, event }, 'command failed');
      reply(ackFailure('internal', 'Internal error'));
    }
  };
}
