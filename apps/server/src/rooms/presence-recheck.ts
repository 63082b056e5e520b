import { type QueuedCommandDeps, queuedCommands } from '../commands/queued-command.ts';
import type { PresenceWatchedRooms } from './presence-watched-rooms.ts';
import { publishCommit, type RoomBroadcast } from './room-commit.ts';
import { gated, recheckReadyWait, type Waitable } from './room-ready-gate.ts';
import { recheckSkipVotes } from './room-state.ts';
import type { RoomStore } from './room-store.ts';

export interface PresenceRecheckDeps extends QueuedCommandDeps {
  store: RoomStore;
  broadcast: RoomBroadcast;
  now: () => number;
  /** The person keys of the people in the room now, on every node (presence, R52). */
  present: (roomId: string) => ReadonlySet<string>;
  watchedRooms: PresenceWatchedRooms;
  /** R122: the people a start would wait for (present, with a working player). */
  waitable?: Waitable;
  /** Re-broadcasts a room's committed state once the database answers (a commit whose outcome is unknown). */
  resync?: (roomId: string) => void;
  onError: (error: unknown) => void;
}

/**
 * When the people in a room change, what they decide is decided again: the votes standing are counted again, and a
 * leave that leaves more than half of those present voting skips the item (R66); a start waiting for people drops
 * those who left, and starts when nobody it waits for is left (R122). It runs in the room's queue and commits like
 * a command (R17), so the nodes that all see the same leave change the room once between them: the first commit
 * settles it and the others find nothing to do. Only rooms this node saw with votes or a wait are re-checked.
 */
export function createPresenceRecheck(deps: PresenceRecheckDeps): (roomId: string) => void {
  const runQueued = queuedCommands(deps);
  const ignore = () => {};
  return (roomId) => {
    if (!deps.watchedRooms.has(roomId)) return;
    runQueued(
      roomId,
      ignore,
      async () => {
        const present = deps.present(roomId);
        // R66's skip starts the next item, which waits for the players as a select's does (R122).
        const skip = gated((state, now) => recheckSkipVotes(state, present, now), deps.waitable);
        const result = await deps.store.apply(roomId, (state) => {
          const now = deps.now();
          return skip(recheckReadyWait(state, present, now), now);
        });
        publishCommit(deps, roomId, result);
      },
      () => deps.resync?.(roomId),
    ).catch(deps.onError);
  };
}
