import { ROOM_NAME_MAX } from './limits.ts';
import { type NameProblem, nameLength, nameProblem } from './name-rule.ts';

/** Why a room name is refused: the one name rule (R96) with ROOM_NAME_MAX graphemes (R41). */
export type RoomNameProblem = NameProblem;

/** The length of a room name as the 80 limit counts it: graphemes (R41, R96). */
export const roomNameLength = nameLength;

/** What is wrong with a trimmed room name, or null when the server will take it (R41, R96). */
export function roomNameProblem(name: string): RoomNameProblem | null {
  return nameProblem(name, ROOM_NAME_MAX);
}
