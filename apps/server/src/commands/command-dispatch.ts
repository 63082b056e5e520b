import {
  type AckResult,
  ackFailure,
  type Command,
  type CommandType,
  commandNeedsRoom,
  type ErrorCode,
} from '@xemchung/protocol';
import { isCommandType, parseCommand } from '@xemchung/protocol/schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { TokenBucket } from '../limits/token-bucket.ts';
import type { CommandTable, RoomConnection } from './handler.ts';

type Ack = (result: AckResult<object>) => void;
type AnyHandler = (connection: RoomConnection, command: Command, reply: Ack) => Promise<void> | undefined;

/** Refusals that point at a misbehaving or outdated client rather than a normal race; logged at warn. */
const SUSPICIOUS: ReadonlySet<ErrorCode> = new Set(['invalid_payload', 'unknown_command', 'forbidden', 'rate_limited']);

export interface DispatchContext {
  connection: RoomConnection;
  /** The rate bucket a command of `type` draws on (R22; the signalling has its own, R113). */
  bucketFor(type: CommandType | null): TokenBucket;
  /** This socket's logger; read only when a line is logged (it may be made then). */
  readonly log: FastifyBaseLogger;
  /** A warning about this client's input, limited per client address (R37). */
  warn(details: object, message: string): void;
  /** Set while the socket is over its rate, so a flood is logged once rather than per message. */
  throttled: boolean;
  /** Refusals for rate the socket may collect; when they run out it is cut off (R22). */
  refusals: TokenBucket;
  /** Closes the socket's connection. */
  cutOff(): void;
}

/** How one message ended, for metrics: reported once per message, when it is answered. */
export interface CommandOutcome {
  /** The command type, or null for an event that is not a command. */
  type: CommandType | null;
  /** The command as parsed, or null when it was refused before parsing succeeded. */
  command: Command | null;
  result: AckResult<object>;
  /** From receipt to answer: for a room command, that includes its turn in the room's queue and its commit. */
  seconds: number;
}

/**
 * The edge of the socket protocol (docs/room-rules.md R3, R21, R22): rate limit, known event, payload schema,
 * joined room, then the handler. Every outcome is one typed ack; nothing a client sends can throw past here,
 * and each failure is logged exactly once. A handler that answers at once (a sync report, a clock ping) is done
 * when `dispatch` returns undefined; one that waits (a commit) returns its promise, which never rejects. The
 * reports every viewer sends every 2 s (R53) are most of what a node receives, so they cost no promise.
 */
export function createDispatcher(handlers: CommandTable, observe?: (outcome: CommandOutcome) => void) {
  return function dispatch(context: DispatchContext, event: unknown, args: unknown[]): Promise<void> | undefined {
    const { connection } = context;
    const started = performance.now();
    const type = typeof event === 'string' && isCommandType(event) ? event : null;
    let command: Command | null = null;
    const ack = typeof args.at(-1) === 'function' ? (args.pop() as Ack) : undefined;
    let answered = false;
    const reply = (result: AckResult<object>, logged = true) => {
      if (answered) return;
      answered = true;
      if (!result.ok && result.error.code !== 'internal' && logged) {
        const details = { event: String(event).slice(0, 64), error: result.error };
        if (SUSPICIOUS.has(result.error.code)) context.warn(details, 'command refused');
        else context.log.debug(details, 'command refused');
      }
      ack?.(result);
      observe?.({ type, command, result, seconds: (performance.now() - started) / 1000 });
    };
    const refuse = (result: AckResult<object>): undefined => {
      reply(result);
      return undefined;
    };
    const fail = (error: unknown) => {
      context.log.error({ err: error, event }, 'command failed');
      reply(ackFailure('internal', 'Internal error'));
    };
    try {
      if (!context.bucketFor(type).take()) {
        const first = !context.throttled;
        context.throttled = true;
        reply(ackFailure('rate_limited', 'Too many commands; slow down'), first);
        if (!context.refusals.take()) context.cutOff();
        return;
      }
      context.throttled = false;
      if (type === null) return refuse(ackFailure('unknown_command', 'Unknown command'));
      if (args.length > 1) return refuse(ackFailure('invalid_payload', 'Send one payload object'));
      const parsed = parseCommand(type, args[0]);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
        return refuse(ackFailure('invalid_payload', `${where}${issue?.message ?? 'Invalid payload'}`));
      }
      command = parsed.data;
      if (commandNeedsRoom(type) && connection.roomId === null) {
        return refuse(ackFailure('not_joined', 'Join the room first'));
      }
      const handler = handlers[parsed.data.type] as AnyHandler;
      return handler(connection, parsed.data, reply)?.catch(fail);
    } catch (error) {
      fail(error);
    }
  };
}
