import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { may, type Role, refusalFor } from './roles.ts';
import { DEFAULT_ROOM_SETTINGS } from './room.ts';
import { parseCommand } from './schemas/commands.ts';
import { countSkipVotes, skipPasses, skipTally, skipVotesNeeded } from './vote-skip.ts';

const ROLES: Role[] = ['host', 'cohost', 'member', 'guest'];
const keys = (n: number) => Array.from({ length: n }, (_, i) => `u:${i}`);

describe('vote to skip: the threshold (R66)', () => {
  it('needs more than half of the people present', () => {
    expect([1, 2, 3, 4, 5, 6].map(skipVotesNeeded)).toEqual([1, 2, 2, 3, 3, 4]);
  });

  it('passes exactly when votes × 2 > present, counting each present voter once', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 }),
        fc.array(fc.integer({ min: 0, max: 60 }), { maxLength: 80 }),
        (present, voters) => {
          const here = new Set(keys(present));
          const votes = voters.map((i) => `u:${i}`);
          const counted = new Set(voters.filter((i) => i < present)).size;
          expect(countSkipVotes(votes, here)).toBe(counted);
          expect(skipPasses(votes, here)).toBe(counted * 2 > present);
          expect(skipTally(votes, here)).toEqual({ votes: counted, present, needed: skipVotesNeeded(present) });
        },
      ),
    );
  });

  it('lets a leave complete a vote: 2 of 5 do not skip, 2 of 4 do not, 2 of 3 do', () => {
    const votes = ['u:0', 'u:1'];
    expect(skipPasses(votes, new Set(keys(5)))).toBe(false);
    expect(skipPasses(votes, new Set(keys(4)))).toBe(false);
    expect(skipPasses(votes, new Set(keys(3)))).toBe(true);
  });

  it('never passes in an empty room, and a voter who left does not count', () => {
    expect(skipPasses(['u:0'], new Set())).toBe(false);
    expect(countSkipVotes(['u:9', 'u:0'], new Set(keys(2)))).toBe(1);
  });
});

describe('vote to skip: who may vote (R64)', () => {
  it('lets every viewer vote while voting is on, and says voting_off for everyone when the host turned it off', () => {
    expect(ROLES.filter((role) => may('vote:skip', role, DEFAULT_ROOM_SETTINGS))).toEqual(ROLES);
    const off = { ...DEFAULT_ROOM_SETTINGS, skipVoting: false };
    expect(ROLES.map((role) => refusalFor('vote:skip', role, off))).toEqual(ROLES.map(() => 'voting_off'));
  });

  it('is on by default', () => {
    expect(DEFAULT_ROOM_SETTINGS.skipVoting).toBe(true);
  });

  it('takes an item id and a boolean, nothing else', () => {
    expect(parseCommand('vote:skip', { id: 'dQw4w9WgXcQ', skip: true }).success).toBe(true);
    expect(parseCommand('vote:skip', { id: 'dQw4w9WgXcQ' }).success).toBe(false);
    expect(parseCommand('vote:skip', { id: 'dQw4w9WgXcQ', skip: 'yes' }).success).toBe(false);
    expect(parseCommand('vote:skip', { id: '', skip: true }).success).toBe(false);
    expect(parseCommand('vote:skip', { id: 'a b', skip: true }).success).toBe(false);
  });
});
