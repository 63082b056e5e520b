import {
  ackFailure,
  type CommandAck,
  type CommandType,
  type RemovalReason,
  type RoomCommand,
  type RoomSnapshot,
} from '@xemchung/protocol';
import type { Actor } from '../commands/actor.ts';
import { actorOf, type Handlers, type RoomConnection } from '../commands/handler.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import type { TokenBucketOptions } from '../limits/token-bucket.ts';
import { createListAddHandler, type ListAddDeps } from './list-add-handler.ts';
import type { PresenceWatchedRooms } from './presence-watched-rooms.ts';
import type { RoomCommandRunner, RoomsSeen } from './room-commit.ts';
import { ROOM_ID_PATTERN } from './room-id.ts';
import type { RoomRepository } from './room-repository.ts';
import type { StateCommand } from './room-state.ts';

export interface RoomHandlerDeps {
  repository: RoomRepository;
  /** Whether a kick or a ban keeps a person out of a room (R58, R59; moderation/), asked at each join. */
  moderation: { restriction(roomId: string, actor: Actor): Promise<RemovalReason | null> };
  /** The server clock (epoch ms). */
  now: () => number;
  /** Reads YouTube playlists for `playlist:addList` (R72), and how often each person may ask. */
  playlists: ListAddDeps['playlists'];
  /** The rooms with skip votes standing, kept from every read here (R66). */
  watchedRooms?: PresenceWatchedRooms;
  /** Who shares the file each room plays, kept from every read here (R120). */
  sharers?: RoomsSeen;
  /** How many tabs a room's call holds here (R127; more with an SFU, R129). */
  callMax?: number;
}

/**
 * R122: `playback:ready` on a budget of its own, per socket: a player says it is ready once per start, and starts
 * come at most every second or so; 3 at once, then one a second. Past it, `rate_limited` (R22's flood cut-off).
 */
export const READY_RATES: Partial<Record<CommandType, Omit<TokenBucketOptions, 'now'>>> = {
  'playback:ready': { capacity: 3, refillPerSecond: 1 },
};

/** The commands about a room and its playlist: joining and leaving, and those the state machine decides. */
export type RoomCommandType =
  | 'room:join'
  | 'room:leave'
  | 'playlist:add'
  | 'playlist:addList'
  | 'playlist:addFile'
  | 'playlist:select'
  | 'playlist:remove'
  | 'playlist:clearWatched'
  | 'playlist:move'
  | 'playlist:playNext'
  | 'playlist:shuffle'
  | 'room:loop'
  | 'playback:update'
  | 'playback:ended'
  | 'playback:ready'
  | 'playback:start'
  | 'playlist:clear'
  | 'cohost:revoke'
  | 'room:settings'
  | 'share:start'
  | 'share:stop'
  | 'call:join'
  | 'call:leave'
  | 'call:update'
  | 'call:mute';

const notFound = () => ackFailure('room_not_found', 'Room not found');

const REMOVED_MESSAGES: Record<RemovalReason, string> = {
  kicked: 'The host kicked you from this room; try again later',
  banned: 'The host banned you from this room',
};

/**
 * The rooms' part of the command table (realtime/command-table.ts): joining and leaving a room, and the commands
 * the state machine decides, each committed through `runRoomCommand` (rooms/room-commit.ts).
 */
export function createRoomHandlers(
  deps: RoomHandlerDeps,
  runRoomCommand: RoomCommandRunner,
): Handlers<RoomCommandType> {
  const roomCommand = async (
    connection: RoomConnection,
    command: Exclude<StateCommand, { type: 'playlist:addList' }>,
    reply: (ack: CommandAck<RoomCommand['type']>) => void,
  ) => {
    const roomId = connection.roomId;
    if (roomId === null) return reply(ackFailure('not_joined', 'Join the room first'));
    return runRoomCommand(roomId, actorOf(connection), command, reply);
  };
  /** R126, R127: a command about this tab: the share or call membership names its socket and its person. */
  const tabCommand = async (
    connection: RoomConnection,
    command: Extract<StateCommand, { type: 'share:start' | 'call:join' | 'call:leave' | 'call:update' }>,
    reply: (ack: CommandAck<RoomCommand['type']>) => void,
  ) => {
    const roomId = connection.roomId;
    if (roomId === null) return reply(ackFailure('not_joined', 'Join the room first'));
    const tab = { peer: connection.id, person: connection.identity.person };
    return runRoomCommand(roomId, actorOf(connection), command, reply, () => ({ tab, callMax: deps.callMax }));
  };

  return {
    /** R4, R5; R58, R59: a kicked or banned viewer stays out. */
    'room:join': async (connection, { roomId }, reply) => {
      if (!ROOM_ID_PATTERN.test(roomId)) {
        reply(notFound());
        return connection.send('room:notFound', { roomId });
      }
      if (connection.roomId !== null && connection.roomId !== roomId) connection.exit();
      // Enter before reading: a commit after the read is then broadcast to us, and the client keeps the
      // higher of the two versions (R18).
      connection.enter(roomId);
      // Entered before the check too: a kick committed after it reaches this connection (R58).
      let room: RoomSnapshot | null;
      let removed: RemovalReason | null;
      try {
        [room, removed] = await Promise.all([
          deps.repository.load(roomId),
          deps.moderation.restriction(roomId, actorOf(connection)),
        ]);
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
      if (removed) {
        connection.exit();
        return reply(ackFailure(removed, REMOVED_MESSAGES[removed]));
      }
      deps.watchedRooms?.seen(room);
      deps.sharers?.seen(room);
      const me = connection.user;
      reply({
        ok: true,
        room,
        serverTime: deps.now(),
        isHost: me !== null && me.uid === room.host,
        me,
        personKey: connection.identity.person.key,
      });
    },
    'room:leave': async (connection, _command, reply) => {
      const roomId = connection.roomId;
      if (roomId === null) return reply(ackFailure('not_joined', 'Join the room first'));
      connection.exit();
      reply({ ok: true, roomId });
    },
    'playlist:add': roomCommand,
    'playlist:addList': createListAddHandler(deps, runRoomCommand),
    'playlist:addFile': roomCommand,
    'playlist:select': roomCommand,
    'playlist:remove': roomCommand,
    'playlist:clearWatched': roomCommand,
    'playlist:move': roomCommand,
    'playlist:playNext': roomCommand,
    'playlist:shuffle': roomCommand,
    'room:loop': roomCommand,
    'playback:update': roomCommand,
    'playback:ended': roomCommand,
    'playback:ready': roomCommand,
    'playback:start': roomCommand,
    'playlist:clear': roomCommand,
    'cohost:revoke': roomCommand,
    'room:settings': roomCommand,
    'share:start': tabCommand,
    'share:stop': roomCommand,
    'call:join': tabCommand,
    'call:leave': tabCommand,
    'call:update': tabCommand,
    'call:mute': roomCommand,
  };
}
