import { ackFailure } from '@xemchung/protocol';
import { actorOf, type Handlers } from '../commands/handler.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import type { RoomCommandRunner } from './room-commit.ts';
import type { SubtitleFileInfo } from './subtitle-files.ts';

export interface SubtitleHandlerDeps {
  /** An uploaded subtitle file of the room, if there is one with that id (rooms/subtitle-files.ts). */
  subtitleFile(roomId: string, fileId: string): Promise<SubtitleFileInfo | null>;
}

/**
 * The subtitle commands (R111, R112): attaching an uploaded file to an item — the file found in this room first,
 * then the state machine decides on the room as it is — removing a track, and shifting an item's subtitles.
 */
export function createSubtitleHandlers(
  deps: SubtitleHandlerDeps,
  runRoomCommand: RoomCommandRunner,
): Handlers<'subtitle:add' | 'subtitle:remove' | 'subtitle:shift'> {
  return {
    'subtitle:add': async (connection, { id, fileId, label }, reply) => {
      const roomId = connection.roomId;
      if (roomId === null) return reply(ackFailure('not_joined', 'Join the room first'));
      let file: SubtitleFileInfo | null;
      try {
        file = await deps.subtitleFile(roomId, fileId);
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error;
        return reply(ackFailure('unavailable', 'The database is unavailable; try again shortly'));
      }
      if (!file) return reply(ackFailure('subtitle_not_found', 'No such subtitle file in this room'));
      const command = { type: 'subtitle:add' as const, id, fileId, label, cues: file.cues };
      return runRoomCommand(roomId, actorOf(connection), command, reply);
    },
    'subtitle:remove': async (connection, { id, fileId }, reply) => {
      if (connection.roomId === null) return reply(ackFailure('not_joined', 'Join the room first'));
      return runRoomCommand(connection.roomId, actorOf(connection), { type: 'subtitle:remove', id, fileId }, reply);
    },
    'subtitle:shift': async (connection, { id, shiftMs }, reply) => {
      if (connection.roomId === null) return reply(ackFailure('not_joined', 'Join the room first'));
      return runRoomCommand(connection.roomId, actorOf(connection), { type: 'subtitle:shift', id, shiftMs }, reply);
    },
  };
}
