import {
  ackFailure,
  type ErrorCode,
  isController,
  PLAYLIST_MAX,
  REFUSAL_MESSAGES,
  refusalFor,
  roleOf,
} from '@xemchung/protocol';
import { actorOf, type Handler } from '../commands/handler.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import type { GuestAwareRate } from '../limits/person-rate.ts';
import type { PlaylistRead, PlaylistReader } from '../upstream/playlist-reader.ts';
import type { RoomCommandRunner } from './room-commit.ts';
import type { RoomRepository } from './room-repository.ts';
import { type ListAdd, listAddSummary } from './room-state.ts';

export interface ListAddDeps {
  repository: RoomRepository;
  playlists: { reader: PlaylistReader; rate: Pick<GuestAwareRate, 'take'> };
}

/** The refusal for each way a list could not be read (R72). */
const READ_FAILURES: Record<Exclude<PlaylistRead['kind'], 'found'>, [ErrorCode, string]> = {
  unavailable: ['playlist_unavailable', 'The playlist is private or does not exist'],
  empty: ['playlist_empty', 'The playlist has no video that can be played'],
  failed: ['playlist_lookup_failed', 'YouTube could not be asked for the playlist; try again later'],
};

/**
 * `playlist:addList` (R71, R72): checked against the room as stored before YouTube is asked — who may add, a free
 * slot — then the list is read, only as far as the room could take it, and its videos are applied as one room
 * command: one commit, one version, one broadcast, decided again on the room as it is then (R17), so concurrent
 * adders and the caps hold. Each person may start a few reads, then one every 10 s (R73).
 */
export function createListAddHandler(
  deps: ListAddDeps,
  runRoomCommand: RoomCommandRunner,
): Handler<'playlist:addList'> {
  return async (connection, { listId }, reply) => {
    const roomId = connection.roomId;
    if (roomId === null) return reply(ackFailure('not_joined', 'Join the room first'));
    const actor = actorOf(connection);
    let room: Awaited<ReturnType<RoomRepository['load']>>;
    try {
      room = await deps.repository.load(roomId);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      return reply(ackFailure('unavailable', 'The database is unavailable; try again shortly'));
    }
    if (!room) return reply(ackFailure('room_not_found', 'Room not found'));
    const role = roleOf(room, actor.uid);
    const denied = refusalFor('playlist:addList', role, room.settings);
    if (denied) return reply(ackFailure(denied, REFUSAL_MESSAGES[denied]));
    const free = PLAYLIST_MAX - room.playlist.length;
    if (free <= 0) return reply(ackFailure('playlist_full', `The playlist already has ${PLAYLIST_MAX} videos`));
    if (!deps.playlists.rate.take(actor)) {
      return reply(ackFailure('rate_limited', 'Too many playlists at once; wait a few seconds'));
    }
    // An upper bound: the state machine decides exactly, on the room as it is when the command commits.
    const wanted = isController(role) ? free : Math.min(free, room.settings.perPersonCap);
    const known = new Set(room.playlist.map((video) => video.id));
    const read = await deps.playlists.reader.read(listId, { wanted, known });
    if (read.kind !== 'found') {
      const [code, message] = READ_FAILURES[read.kind];
      return reply(ackFailure(code, message));
    }
    const command: ListAdd = { type: 'playlist:addList', listId, videos: read.videos, more: read.more };
    // The summary completes the ack of a commit as ListAddResult; a refusal is a plain failure.
    const answer = reply as Parameters<RoomCommandRunner>[3];
    await runRoomCommand(roomId, actor, command, answer, undefined, (before, after) =>
      listAddSummary(before, after, command, actor),
    );
  };
}
