import { type QueuedCommandDeps, queuedCommands } from '../commands/queued-command.ts';
import { publishCommit, type RoomBroadcast } from './room-commit.ts';
import { recheckSkipVotes } from './room-state.ts';
import type { RoomStore } from './room-store.ts';
import type { VotingRooms } from './voting-rooms.ts';

export interface SkipVoteRecheckDeps extends QueuedCommandDeps {
  store: RoomStore;
  broadcast: RoomBroadcast;
  now: () => number;
  /** The person keys of the people in the room now, on every node (presence, R52). */
  present: (roomId: string) => ReadonlySet<string>;
  votingRooms: VotingRooms;
  /** Re-broadcasts a room's committed state once the database answers (a commit whose outcome is unknown). */
  resync?: (roomId: string) => void;
  onError: (error: unknown) => void;
}

/**
 * R66: when the people in a room change, the votes standing there are counted again, and a leave that leaves
 * more than half of those present voting skips the item. It runs in the room's queue and commits like a command
 * (R17), so the nodes that all see the same leave skip once between them: the first commit empties the votes and
 * the others find nothing to do. Only rooms this node saw with votes are re-checked.
 */
export function createSkipVoteRecheck(deps: SkipVoteRecheckDeps): (roomId: string) => void {
  const runQueued = queuedCommands(deps);
  const ignore = () => {};
  return (roomId) => {
    if (!deps.votingRooms.has(roomId)) return;
    runQueued(
      roomId,
      ignore,
      async () => {
        const result = await deps.store.apply(roomId, (state) =>
          recheckSkipVotes(state, deps.present(roomId), deps.now()),
        );
        publishCommit(deps, roomId, result);
      },
      () => deps.resync?.(roomId),
    ).catch(deps.onError);
  };
}
