import {
  ackFailure,
  type CommandAck,
  type CommandType,
  type ErrorCode,
  type RemovalReason,
  type RoomCommand,
  type RoomDelta,
  type RoomSnapshot,
  roomDeltaBetween,
  SYNC_REPORT_INTERVAL_MS,
  type SyncReport,
} from '@xemchung/protocol';
import { type ChatHandlerDeps, createChatHandlers } from '../chat/chat-handlers.ts';
import type { GuestAwareRate } from '../chat/person-rate.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import type { PlaylistReader } from '../playlists/playlist-reader.ts';
import type { KeyedQueue } from './keyed-queue.ts';
import { createListAddHandler } from './list-add-handler.ts';
import { createModerationHandlers, type ViewerExits } from './moderation-handlers.ts';
import type { ModerationStore } from './moderation-store.ts';
import { queuedCommands } from './queued-command.ts';
import { actorOf, type Handler, type RoomConnection } from './room-connection.ts';
import { ROOM_ID_PATTERN } from './room-id.ts';
import type { RoomRepository } from './room-repository.ts';
import { type Actor, applyRoomCommand, type CommandContext, type RoomState, type StateCommand } from './room-state.ts';
import type { ApplyResult, RoomStore } from './room-store.ts';
import { createVoteHandlers, type VoteHandlerDeps } from './vote-handlers.ts';
import type { VotingRooms } from './voting-rooms.ts';

export type { Handler, RoomConnection } from './room-connection.ts';

/** Fan-out to everyone in a room. */
export interface RoomBroadcast {
  state(room: RoomSnapshot): void;
  /** What a commit changed (R108), when that is smaller than the room. */
  delta(delta: RoomDelta): void;
  /** Tells the room it is gone and removes every connection from it. */
  deleted(roomId: string): void;
}

export interface RoomHandlerDeps {
  repository: RoomRepository;
  store: RoomStore;
  moderation: ModerationStore;
  exits: ViewerExits;
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
  /** Reads YouTube playlists for `playlist:addList` (R72), and how often each person may ask. */
  playlists: { reader: PlaylistReader; rate: Pick<GuestAwareRate, 'take'> };
  /** Who is in the room and how each is in step (realtime/presence.ts); reports are refused without it. */
  presence?: { report(connectionId: string, report: SyncReport, watching: boolean): ErrorCode | null };
  /** Vote to skip (R64–R68): the per-person rate and who is present; without it votes answer `unavailable`. */
  votes?: VoteHandlerDeps;
  /** The rooms with skip votes standing, kept from every commit and read here (R66). */
  votingRooms?: VotingRooms;
}

export type RoomHandlers = { [T in CommandType]: Handler<T> };

const notFound = () => ackFailure('room_not_found', 'Room not found');

/**
 * What follows every store commit of a room, after its answer (R18): the voting rooms kept up to date (R66), and
 * everyone in the room told the committed state, or that the room is gone.
 */
export function publishCommit(
  deps: { broadcast: RoomBroadcast; votingRooms?: VotingRooms },
  roomId: string,
  result: ApplyResult,
  change: RoomChange | null = null,
): void {
  if (result.kind === 'not_found') {
    deps.votingRooms?.forget(roomId);
    deps.broadcast.deleted(roomId);
    return;
  }
  deps.votingRooms?.seen(result.room);
  if (result.kind !== 'committed') return;
  if (change) deps.broadcast.delta({ roomId, version: result.room.version, ...change });
  else deps.broadcast.state(result.room);
}

/** What a commit changed, without where and at which version (R108); null to send the whole room. */
export type RoomChange = Omit<RoomDelta, 'roomId' | 'version'>;

const REPORT_REFUSALS: Partial<Record<ErrorCode, string>> = {
  rate_limited: `One report every ${SYNC_REPORT_INTERVAL_MS} ms`,
  not_joined: 'Join the room first',
};

const REMOVED_MESSAGES: Record<RemovalReason, string> = {
  kicked: 'The host kicked you from this room; try again later',
  banned: 'The host banned you from this room',
};

/**
 * Runs a room command for `actor` in `roomId` and answers through `reply` exactly once. `context` gives what the
 * decision needs beyond the state (who is present, R66), asked for each time it is decided; `details`, given the
 * room before and after the commit, adds to a committed command's ack (what a playlist import did, R71).
 */
export type RoomCommandRunner = (
  roomId: string,
  actor: Actor,
  command: StateCommand,
  reply: (ack: CommandAck<RoomCommand['type']>) => void,
  context?: () => CommandContext,
  details?: (before: RoomState, after: RoomState) => object,
) => Promise<void>;

/**
 * The dispatch table: one handler per command, checked complete by the compiler, next to the permission table
 * (packages/protocol roles.ts) that the transport and the state machine consult.
 */
export function createRoomHandlers(deps: RoomHandlerDeps): RoomHandlers {
  /**
   * R17, R18: serialised per room, committed, then acknowledged, then broadcast, in commit order. R34: refused at
   * once while Redis is away; answered `unavailable` at the deadline, and never applied if it had not reached the
   * database by then.
   */
  const runQueued = queuedCommands(deps);
  const runRoomCommand: RoomCommandRunner = (roomId, actor, command, reply, context, details) =>
    runQueued(
      roomId,
      reply,
      async (answer) => {
        // The store may decide more than once (a lost race); the last decision is the one committed.
        let extra = {};
        let change: RoomChange | null = null;
        const result = await deps.store.apply(roomId, (state, version) => {
          const transition = applyRoomCommand(state, command, actor, deps.now(), { ...context?.(), version });
          if (details && 'state' in transition) extra = details(state, transition.state);
          // R108: what this decision changes, if it is the one committed (the store may decide more than once).
          change = 'state' in transition ? roomDeltaBetween(state, transition.state) : null;
          return transition;
        });
        switch (result.kind) {
          case 'committed':
            answer({ ok: true, version: result.room.version, ...extra });
            break;
          case 'unchanged':
            answer({ ok: true, version: result.room.version });
            break;
          case 'refused':
            answer({ ok: false, error: result.error });
            break;
          case 'not_found':
            answer(notFound());
            break;
        }
        publishCommit(deps, roomId, result, change);
      },
      // The connection may have died after COMMIT was sent: whatever was committed reaches everyone.
      () => deps.resync?.(roomId),
    );
  const roomCommand = async (
    connection: RoomConnection,
    command: Exclude<StateCommand, { type: 'playlist:addList' }>,
    reply: (ack: CommandAck<RoomCommand['type']>) => void,
  ) => {
    const roomId = connection.roomId;
    if (roomId === null) return reply(ackFailure('not_joined', 'Join the room first'));
    return runRoomCommand(roomId, actorOf(connection), command, reply);
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
      deps.votingRooms?.seen(room);
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
    'clock:ping': (_connection, _command, reply) => {
      reply({ ok: true, serverTime: deps.now() });
      return undefined;
    },
    /** R53: only ever about the sender's own connection; nothing in the payload names anyone. Answered at once. */
    'presence:report': (connection, { state, errorMs, rttMs, watching }, reply) => {
      const refusal = deps.presence
        ? deps.presence.report(connection.id, { state, errorMs, rttMs }, watching ?? false)
        : 'unavailable';
      reply(
        refusal === null ? { ok: true } : ackFailure(refusal, REPORT_REFUSALS[refusal] ?? 'Reports are not taken here'),
      );
      return undefined;
    },
    'playlist:add': roomCommand,
    'playlist:addList': createListAddHandler(deps, runRoomCommand),
    'playlist:select': roomCommand,
    'playlist:remove': roomCommand,
    'playlist:clearWatched': roomCommand,
    'playlist:move': roomCommand,
    'playlist:playNext': roomCommand,
    'playlist:shuffle': roomCommand,
    'room:loop': roomCommand,
    'playback:update': roomCommand,
    'playback:ended': roomCommand,
    'playlist:clear': roomCommand,
    'cohost:revoke': roomCommand,
    'room:settings': roomCommand,
    ...createModerationHandlers(deps, runRoomCommand),
    ...createVoteHandlers(deps.votes, runRoomCommand),
    ...createChatHandlers({ ...deps.chat, runQueued, now: deps.now, roomDeleted: deps.broadcast.deleted }),
  };
}
