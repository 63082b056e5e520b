// Vote to skip (docs/room-rules.md R64–R66): the threshold maths, shared by the server, which decides, and the
// web, which shows the count. Free of zod, so the room page's player may import it cheaply.

/** The votes that skip an item when `present` people are in the room: more than half of them (R66). */
export function skipVotesNeeded(present: number): number {
  return Math.floor(present / 2) + 1;
}

/**
 * The votes that count now: those of voters present (R66). A voter who left keeps no say, so a leave lowers the
 * count and the threshold alike; each key counts once however many times it is listed.
 */
export function countSkipVotes(votes: readonly string[], present: ReadonlySet<string>): number {
  let count = 0;
  for (const key of new Set(votes)) if (present.has(key)) count++;
  return count;
}

/** Whether the votes skip the item: more than half of the people present voted (R66). */
export function skipPasses(votes: readonly string[], present: ReadonlySet<string>): boolean {
  return present.size > 0 && countSkipVotes(votes, present) >= skipVotesNeeded(present.size);
}

/** What the player shows (R66): the votes that count, out of the people present, and how many would skip. */
export interface SkipTally {
  votes: number;
  present: number;
  needed: number;
}

export function skipTally(votes: readonly string[], present: ReadonlySet<string>): SkipTally {
  return { votes: countSkipVotes(votes, present), present: present.size, needed: skipVotesNeeded(present.size) };
}
