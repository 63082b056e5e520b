import { type ChatHandlerDeps, createChatHandlers } from '../chat/chat-handlers.ts';
import type { CommandTable } from '../commands/handler.ts';
import type { KeyedQueue } from '../commands/keyed-queue.ts';
import { queuedCommands } from '../commands/queued-command.ts';
import { createModerationHandlers, type ModerationDeps } from '../moderation/moderation-handlers.ts';
import type { ModerationStore } from '../moderation/moderation-store.ts';
import { createP2pHandlers, type PeerRelay } from '../p2p/p2p-handlers.ts';
import { createRoomCommandRunner, type RoomCommitDeps } from '../rooms/room-commit.ts';
import { createRoomHandlers, type RoomHandlerDeps } from '../rooms/room-handlers.ts';
import { createSubtitleHandlers, type SubtitleHandlerDeps } from '../rooms/subtitle-handlers.ts';
import { createVoteHandlers, type VoteHandlerDeps } from '../rooms/vote-handlers.ts';
import { createSfuHandlers, type SfuHandlerDeps } from '../sfu/sfu-handlers.ts';
import { createPresenceHandlers, type PresenceHandlerDeps } from './presence-handlers.ts';

export interface CommandTableDeps
  extends RoomCommitDeps,
    RoomHandlerDeps,
    SubtitleHandlerDeps,
    // Moderation reads rooms through the rooms' own repository (RoomHandlerDeps).
    Omit<ModerationDeps, 'repository'>,
    PresenceHandlerDeps {
  /** Kicks and bans: checked at each join, and made by the host's moderation commands (R58, R59). */
  moderation: ModerationStore;
  /** The per-room queue every command that commits waits its turn in (R17). */
  queue: KeyedQueue;
  /** False while the fan-out to other nodes (Redis) is down: room commands then answer `unavailable` (R34). */
  available?: () => boolean;
  /** A room command not answered this long after it arrived, its turn in the queue included, is `unavailable`. */
  commandTimeoutMs?: number;
  /** The chat's storage, fan-out and rate (R54). */
  chat: Pick<ChatHandlerDeps, 'repository' | 'broadcast' | 'rate'>;
  /** Vote to skip (R64–R68): the per-person rate and who is present; without it votes answer `unavailable`. */
  votes?: VoteHandlerDeps;
  /** Own files' signalling between the sockets of a room (R113). */
  peers: PeerRelay;
  /** The screen share through the SFU (R129), checked on the room's share; without an SFU, `unavailable`. */
  sfu: Omit<SfuHandlerDeps, 'repository'>;
}

/**
 * The command table, one handler per command (commands/handler.ts `CommandTable`): each feature gives its part,
 * and the compiler refuses a table that misses a command. Room commands, moderation, votes and the chat share
 * one queue per room, so on each node they commit, are answered and are broadcast in order (R17, R18).
 */
export function createCommandTable(deps: CommandTableDeps): CommandTable {
  const runQueued = queuedCommands(deps);
  const runRoomCommand = createRoomCommandRunner(deps, runQueued);
  return {
    ...createPresenceHandlers(deps),
    ...createRoomHandlers(deps, runRoomCommand),
    ...createSubtitleHandlers(deps, runRoomCommand),
    ...createModerationHandlers(deps, runRoomCommand),
    ...createVoteHandlers(deps.votes, runRoomCommand),
    ...createChatHandlers({ ...deps.chat, runQueued, now: deps.now, roomDeleted: deps.broadcast.deleted }),
    ...createP2pHandlers(deps.peers, deps.repository),
    ...createSfuHandlers({ ...deps.sfu, repository: deps.repository }),
  };
}
