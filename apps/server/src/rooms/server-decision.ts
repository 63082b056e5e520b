import { type QueuedCommandDeps, queuedCommands } from '../commands/queued-command.ts';
import type { PresenceWatchedRooms } from './presence-watched-rooms.ts';
import { publishCommit, type RoomBroadcast, type RoomsSeen } from './room-commit.ts';
import { gated, type Waitable } from './room-ready-gate.ts';
import type { RoomState, Transition } from './room-state-types.ts';
import type { RoomStore } from './room-store.ts';

export interface ServerDecisionDeps extends QueuedCommandDeps {
  store: RoomStore;
  broadcast: RoomBroadcast;
  now: () => number;
  /** R122: the people a start would wait for (present, with a working player). */
  waitable?: Waitable;
  /** Rooms whose people decide something standing (R66, R122), kept from the commit. */
  watchedRooms?: PresenceWatchedRooms;
  /** Re-broadcasts a room's committed state once the database answers (a commit whose outcome is unknown). */
  resync?: (roomId: string) => void;
  onError: (error: unknown) => void;
}

/**
 * How the server commits a decision of its own, one no command asked for (the move-on from an absent sharer, R120;
 * the end of a share whose tab left, R126): in the room's queue like a command (R17), a start it makes gated like a
 * command's (R122), and published like a command's commit, `seen` keeping track of the room. Nobody is answered.
 */
export function serverDecisions(
  deps: ServerDecisionDeps,
  seen: RoomsSeen,
): (roomId: string, decide: (state: RoomState, now: number) => Transition) => void {
  const runQueued = queuedCommands(deps);
  const ignore = () => {};
  return (roomId, decide) => {
    const gatedDecide = gated(decide, deps.waitable);
    runQueued(
      roomId,
      ignore,
      async () => {
        const result = await deps.store.apply(roomId, (state) => gatedDecide(state, deps.now()));
        publishCommit({ broadcast: deps.broadcast, sharers: seen, watchedRooms: deps.watchedRooms }, roomId, result);
      },
      () => deps.resync?.(roomId),
    ).catch(deps.onError);
  };
}
