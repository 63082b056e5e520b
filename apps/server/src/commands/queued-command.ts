import { type AckFailure, ackFailure } from '@xemchung/protocol';
import { RoomBusyError } from '../db/room-busy-error.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { Deadlines } from './deadlines.ts';
import type { KeyedQueue } from './keyed-queue.ts';

export interface QueuedCommandDeps {
  queue: KeyedQueue;
  /** False while the fan-out to other nodes (Redis) is down: commands then answer `unavailable` (R34). */
  available?: () => boolean;
  /** A command not answered this long after it arrived, its turn in the queue included, is `unavailable`. */
  commandTimeoutMs?: number;
}

const DEFAULT_COMMAND_TIMEOUT_MS = 5000;

/**
 * Runs a command's work in its room's queue (R17: one at a time per room and node, so commits and broadcasts
 * leave in commit order) and makes sure it is answered exactly once (R34): at once while Redis is away; at the
 * deadline, and then the work never starts if it had not; `unavailable` when the database is, or when the room
 * stayed too busy. `onDatabaseLost` hears of a database failure, whose commit may or may not have happened.
 */
export function queuedCommands(deps: QueuedCommandDeps) {
  const deadlines = new Deadlines(deps.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS);
  return async function runQueued<A>(
    roomId: string,
    reply: (ack: A | AckFailure) => void,
    work: (answer: (ack: A | AckFailure) => void) => Promise<void>,
    onDatabaseLost?: () => void,
  ): Promise<void> {
    if (deps.available && !deps.available()) {
      return reply(ackFailure('unavailable', 'The server cannot reach its peers; try again shortly'));
    }
    let answered = false;
    const answer = (ack: A | AckFailure) => {
      if (answered) return;
      answered = true;
      reply(ack);
    };
    const deadline = deadlines.start(() =>
      answer(ackFailure('unavailable', 'The server could not commit in time; try again')),
    );
    try {
      await deps.queue.run(roomId, async () => {
        if (answered) return; // timed out while queued: the client was told it did not happen
        await work(answer);
      });
    } catch (error) {
      if (error instanceof RoomBusyError) return answer(ackFailure('unavailable', 'The room is busy; try again'));
      if (!isDatabaseUnavailable(error)) throw error;
      // The connection may have died after COMMIT was sent: the caller makes whatever was committed reach everyone.
      onDatabaseLost?.();
      return answer(ackFailure('unavailable', 'The database is unavailable; try again shortly'));
    } finally {
      deadline.cancel();
    }
  };
}

/** A room's queue as `queuedCommands` makes it: what room commands, chat and vote re-checks run their work in. */
export type RunQueued = ReturnType<typeof queuedCommands>;
