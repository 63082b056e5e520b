import { ackFailure } from '@xemchung/protocol';
import { actorOf, type Handlers } from '../commands/handler.ts';
import type { GuestAwareRate } from '../limits/person-rate.ts';
import type { RoomCommandRunner } from './room-commit.ts';

/**
 * Skip votes one person may send (R68): 4 at once, then one every 2 s, however many tabs they have. Voting and
 * taking the vote back a few times fits; a script toggling it to flood the room with commits does not.
 */
export const VOTE_RATE = { capacity: 4, refillPerSecond: 0.5 } as const;

/** Skip votes all the guests of one address may send together (R100, R102): what one guest could reach the room with. */
export const VOTE_ADDRESS_RATE = { capacity: 6, refillPerSecond: 0.5 } as const;

export interface VoteHandlerDeps {
  /** The per-person vote rate (VOTE_RATE), binding a guest's address too (VOTE_ADDRESS_RATE), per node. */
  rate: GuestAwareRate;
  /** The person keys of the people in the room now, on every node (presence, R52). */
  present: (roomId: string) => ReadonlySet<string>;
}

/**
 * `vote:skip` (R64–R68; `unavailable` on a server built without presence): refused before anything is read when the person votes too fast; otherwise a room command
 * like any other, decided inside the commit against the people present when it is decided.
 */
export function createVoteHandlers(
  deps: VoteHandlerDeps | undefined,
  runRoomCommand: RoomCommandRunner,
): Handlers<'vote:skip'> {
  return {
    'vote:skip': async (connection, command, reply) => {
      const roomId = connection.roomId;
      if (roomId === null) return reply(ackFailure('not_joined', 'Join the room first'));
      if (!deps) return reply(ackFailure('unavailable', 'Votes are not taken here'));
      const actor = actorOf(connection);
      if (!deps.rate.take(actor)) {
        return reply(ackFailure('rate_limited', 'Too many votes; wait a moment'));
      }
      return runRoomCommand(roomId, actor, command, reply, () => ({ present: deps.present(roomId) }));
    },
  };
}
