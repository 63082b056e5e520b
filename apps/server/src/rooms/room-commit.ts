import {
  ackFailure,
  type CommandAck,
  type RoomCommand,
  type RoomDelta,
  type RoomSnapshot,
  roomDeltaBetween,
} from '@xemchung/protocol';
import type { Actor } from '../commands/actor.ts';
import type { RunQueued } from '../commands/queued-command.ts';
import type { PresenceWatchedRooms } from './presence-watched-rooms.ts';
import type { Waitable } from './room-ready-gate.ts';
import { applyRoomCommand, type CommandContext, type RoomState, type StateCommand } from './room-state.ts';
import type { ApplyResult, RoomStore } from './room-store.ts';

/** Fan-out to everyone in a room. */
export interface RoomBroadcast {
  state(room: RoomSnapshot): void;
  /** What a commit changed (R108), when that is smaller than the room. */
  delta(delta: RoomDelta): void;
  /** Tells the room it is gone and removes every connection from it. */
  deleted(roomId: string): void;
}

/** What a commit changed, without where and at which version (R108); null to send the whole room. */
export type RoomChange = Omit<RoomDelta, 'roomId' | 'version'>;

/**
 * What follows every store commit of a room, after its answer (R18): the voting rooms kept up to date (R66), and
 * everyone in the room told the committed state, or that the room is gone.
 */
export function publishCommit(
  deps: { broadcast: RoomBroadcast; watchedRooms?: PresenceWatchedRooms; sharers?: RoomsSeen },
  roomId: string,
  result: ApplyResult,
  change: RoomChange | null = null,
): void {
  if (result.kind === 'not_found') {
    deps.watchedRooms?.forget(roomId);
    deps.sharers?.forget(roomId);
    deps.broadcast.deleted(roomId);
    return;
  }
  deps.watchedRooms?.seen(result.room);
  deps.sharers?.seen(result.room);
  if (result.kind !== 'committed') return;
  if (change) deps.broadcast.delta({ roomId, version: result.room.version, ...change });
  else deps.broadcast.state(result.room);
}

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

export interface RoomCommitDeps {
  store: RoomStore;
  broadcast: RoomBroadcast;
  /** The server clock (epoch ms). */
  now: () => number;
  /** Re-broadcasts a room's committed state once the database answers (a commit whose outcome is unknown). */
  resync?: (roomId: string) => void;
  /** The rooms with skip votes standing, kept from every commit (R66). */
  watchedRooms?: PresenceWatchedRooms;
  /** Who shares the file each room plays, kept from every commit (R120: sharer-watch.ts). */
  sharers?: RoomsSeen;
  /**
   * R122: the person keys of the people in a room whose players a start may wait for (presence: present, with a
   * working player). Without it, starts never wait.
   */
  waitable?: Waitable;
}

/** What keeps track of rooms from every commit and read (the rooms playing someone's file, R120; shares, R126). */
export interface RoomsSeen {
  seen(room: RoomSnapshot): void;
  forget(roomId: string): void;
}

/** Several trackers of rooms as one, each told of every room seen. */
export function roomsSeenBy(...trackers: RoomsSeen[]): RoomsSeen {
  return {
    seen: (room) => {
      for (const tracker of trackers) tracker.seen(room);
    },
    forget: (roomId) => {
      for (const tracker of trackers) tracker.forget(roomId);
    },
  };
}

const notFound = () => ackFailure('room_not_found', 'Room not found');

/**
 * The one way a command changes a room: decided by the state machine on the committed state, committed by the
 * store, then answered, then broadcast. R17, R18: serialised per room (`runQueued`), in commit order. R34: refused
 * at once while Redis is away; answered `unavailable` at the deadline, and never applied if it had not reached
 * the database by then.
 */
export function createRoomCommandRunner(deps: RoomCommitDeps, runQueued: RunQueued): RoomCommandRunner {
  return (roomId, actor, command, reply, context, details) =>
    runQueued(
      roomId,
      reply,
      async (answer) => {
        // The store may decide more than once (a lost race); the last decision is the one committed.
        let extra = {};
        let change: RoomChange | null = null;
        const result = await deps.store.apply(roomId, (state, version) => {
          const transition = applyRoomCommand(state, command, actor, deps.now(), {
            waitable: deps.waitable,
            ...context?.(),
            version,
          });
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
}
