import { describe, expect, it } from 'vitest';
import { PER_PERSON_CAP_MAX } from './limits.ts';
import { parseCommand } from './schemas/commands.ts';
import { personKeySchema } from './schemas/moderation.ts';

describe('moderation payloads (R55–R59)', () => {
  it.each(['u:abc_DEF-123', 'g:0123456789', 'g:ABCDEFGHJK'])('takes the person key %s', (key) => {
    expect(personKeySchema.safeParse(key).success).toBe(true);
  });

  it.each([
    ['no prefix', 'abc'],
    ['an unknown prefix', 'a:abcdef'],
    ['a guest id of the wrong length', 'g:ABC'],
    ['letters base32 leaves out', 'g:ILOU000000'],
    ['a bidi override', 'u:abc\u202Edef'],
    ['a control character', 'u:abc\u0000'],
    ['an empty uid', 'u:'],
  ])('refuses a kick, or the lifting of one, of %s (R58, R107)', (_label, key) => {
    expect(parseCommand('moderation:kick', { key }).success).toBe(false);
    expect(parseCommand('moderation:unkick', { key }).success).toBe(false);
  });

  it('refuses grants and bans of ids we could not have issued', () => {
    for (const uid of ['', 'x'.repeat(65), 'a b', '../x', 42, null]) {
      expect(parseCommand('cohost:grant', { uid }).success).toBe(false);
      expect(parseCommand('moderation:ban', { uid }).success).toBe(false);
    }
  });

  it('takes any one setting, and refuses none, unknown policies and caps out of range', () => {
    expect(parseCommand('room:settings', { settings: { guestChat: true } }).success).toBe(true);
    expect(parseCommand('room:settings', { settings: { perPersonCap: PER_PERSON_CAP_MAX } }).success).toBe(true);
    for (const settings of [
      {},
      { addPolicy: 'nobody' },
      { perPersonCap: 0 },
      { perPersonCap: PER_PERSON_CAP_MAX + 1 },
      { perPersonCap: 2.5 },
      { perPersonCap: Number.NaN },
      { guestChat: 'yes' },
    ]) {
      expect(parseCommand('room:settings', { settings }).success, JSON.stringify(settings)).toBe(false);
    }
  });

  it('drops unknown fields, so a setting cannot be smuggled in', () => {
    const parsed = parseCommand('room:settings', { settings: { guestChat: true, host: 'me' }, cohosts: ['me'] });
    expect(parsed.success && parsed.data).toEqual({ type: 'room:settings', settings: { guestChat: true } });
  });
});
