import {
  type AckFailure,
  ackFailure,
  type CommandAck,
  type CommandType,
  type RemovalReason,
  type RoomCommand,
  type RoomSnapshot,
  refusalFor,
  roleOf,
  userKey,
} from '@xemchung/protocol';
import type { Actor } from '../commands/actor.ts';
import { actorOf, type Handler, type Handlers, type RoomConnection } from '../commands/handler.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { kickedSubjects, type ModerationStore } from './moderation-store.ts';

/** How kicks and bans reach the people they name, on every node (Socket.IO rooms through the Redis adapter). */
export interface ViewerExits {
  /** The hashed client addresses of the sockets of `personKey` in the room, on every node. */
  addressesOf(roomId: string, personKey: string): Promise<string[]>;
  /** Tells every socket of these kick subjects in the room why (`room:removed`), then disconnects it. */
  expel(roomId: string, subjects: readonly string[], reason: RemovalReason): void;
}

/**
 * What moderation asks of the rooms feature: the room as stored, and a runner for the room commands it commits (a
 * change of co-hosts). realtime/command-table.ts hands in the rooms' own, so moderation/ imports no other feature
 * (ADR 037), as rooms/ takes moderation's check at join as a function (ADR 032).
 */
export interface RoomReader {
  load(roomId: string): Promise<RoomSnapshot | null>;
}
export type CohostCommandRunner = (
  roomId: string,
  actor: Actor,
  command: Extract<RoomCommand, { type: 'cohost:grant' | 'cohost:revoke' }>,
  reply: (ack: CommandAck<RoomCommand['type']>) => void,
) => Promise<void>;

export interface ModerationDeps {
  repository: RoomReader;
  moderation: ModerationStore;
  exits: ViewerExits;
  /** False while the fan-out to other nodes is down: a kick could not reach them, so it is refused (R34). */
  available?: () => boolean;
  /** R121: takes a kicked or banned person's shared files out of the room's playlist (rooms/sharer-watch.ts). */
  sharedFiles?: { dropSharer(roomId: string, sharer: string): void };
}

type ModerationType =
  | 'cohost:grant'
  | 'moderation:kick'
  | 'moderation:kicks'
  | 'moderation:unkick'
  | 'moderation:ban'
  | 'moderation:unban'
  | 'moderation:bans';

const HOST_TARGET = 'The host cannot be the target of this';
const unreachable = () => ackFailure('unavailable', 'The server cannot reach its peers; try again shortly');

/**
 * The commands about people (R55 grants, R58 kicks, R107 lifting them, R59 bans). Only the host may send them; the host is never
 * their target. A grant is committed as a room command; kicks and bans live in their own tables.
 */
export function createModerationHandlers(
  deps: ModerationDeps,
  runRoomCommand: CohostCommandRunner,
): Handlers<ModerationType> {
  /** The joined room and the caller, if the caller may send `type` there; otherwise why not. */
  const asHost = async (
    connection: RoomConnection,
    type: CommandType,
  ): Promise<{ roomId: string; room: RoomSnapshot; actor: Actor } | AckFailure> => {
    const roomId = connection.roomId;
    if (roomId === null) return ackFailure('not_joined', 'Join the room first');
    const room = await deps.repository.load(roomId);
    if (!room) return ackFailure('room_not_found', 'Room not found');
    const actor = actorOf(connection);
    const denied = refusalFor(type, roleOf(room, actor.uid), room.settings);
    return denied ? ackFailure(denied, 'Only the host can do this') : { roomId, room, actor };
  };

  /** A database that does not answer makes `unavailable`, as for room commands (R34). */
  const guarded =
    <T extends ModerationType>(handler: Handler<T>): Handler<T> =>
    async (connection, command, reply) => {
      try {
        await handler(connection, command, reply);
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error;
        reply(ackFailure('unavailable', 'The database is unavailable; try again shortly'));
      }
    };

  return {
    /** R55: checked for the host before the user is looked up, so a co-host learns nothing but `forbidden`. */
    'cohost:grant': guarded(async (connection, command, reply) => {
      const context = await asHost(connection, command.type);
      if ('error' in context) return reply(context);
      if (!(await deps.moderation.userExists(command.uid))) {
        return reply(ackFailure('user_not_found', 'No such user'));
      }
      await runRoomCommand(context.roomId, context.actor, command, reply);
    }),

    /** R58: every tab of the person, and for a guest every guest tab from the same address, is out for 10 min (R104). */
    'moderation:kick': guarded(async (connection, { type, key }, reply) => {
      if (deps.available && !deps.available()) return reply(unreachable());
      const context = await asHost(connection, type);
      if ('error' in context) return reply(context);
      if (key === userKey(context.room.host)) return reply(ackFailure('invalid_target', HOST_TARGET));
      // R104: the addresses the person is in the room from are bound too, whoever they are, so signing out or
      // clearing a cookie does not bring them back.
      const addresses = await deps.exits.addressesOf(context.roomId, key);
      const until = await deps.moderation.kick(context.roomId, key, addresses);
      deps.exits.expel(context.roomId, kickedSubjects(key, addresses), 'kicked');
      deps.sharedFiles?.dropSharer(context.roomId, key);
      reply({ ok: true, until });
    }),

    /** R107: the kicks still running, for the host's settings dialog. */
    'moderation:kicks': guarded(async (connection, { type }, reply) => {
      const context = await asHost(connection, type);
      if ('error' in context) return reply(context);
      reply({ ok: true, kicks: await deps.moderation.kicks(context.roomId) });
    }),

    /** R107: lifts a kick early, with the address holds it made (a kick of nobody, or run out, lifts nothing). */
    'moderation:unkick': guarded(async (connection, { type, key }, reply) => {
      const context = await asHost(connection, type);
      if ('error' in context) return reply(context);
      await deps.moderation.unkick(context.roomId, key);
      reply({ ok: true, key });
    }),

    /** R59: stored until unbanned; a banned co-host loses control, and every tab of theirs is out. */
    'moderation:ban': guarded(async (connection, { type, uid }, reply) => {
      if (deps.available && !deps.available()) return reply(unreachable());
      const context = await asHost(connection, type);
      if ('error' in context) return reply(context);
      if (uid === context.room.host) return reply(ackFailure('invalid_target', HOST_TARGET));
      if (!(await deps.moderation.userExists(uid))) return reply(ackFailure('user_not_found', 'No such user'));
      // R104: and, for a day, the addresses they are in the room from, so a new account there is kept out too.
      await deps.moderation.ban(context.roomId, uid, await deps.exits.addressesOf(context.roomId, userKey(uid)));
      // The ban stands whatever becomes of the revoke; a banned user cannot use the control anyway.
      await runRoomCommand(context.roomId, context.actor, { type: 'cohost:revoke', uid }, () => {});
      deps.exits.expel(context.roomId, [userKey(uid)], 'banned');
      deps.sharedFiles?.dropSharer(context.roomId, userKey(uid));
      reply({ ok: true, uid });
    }),

    'moderation:unban': guarded(async (connection, { type, uid }, reply) => {
      const context = await asHost(connection, type);
      if ('error' in context) return reply(context);
      await deps.moderation.unban(context.roomId, uid);
      reply({ ok: true, uid });
    }),

    'moderation:bans': guarded(async (connection, { type }, reply) => {
      const context = await asHost(connection, type);
      if ('error' in context) return reply(context);
      reply({ ok: true, bans: await deps.moderation.bans(context.roomId) });
    }),
  };
}
