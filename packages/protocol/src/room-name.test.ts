import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROOM_NAME_MAX } from './limits.ts';
import { NAME_GRAPHEME_MAX } from './name-rule.ts';
import { roomNameLength, roomNameProblem } from './room-name.ts';
import { createRoomRequestSchema } from './schemas/room.ts';

const INVISIBLE = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad', '\u034f', '\u3164', '\u2800', '\ufe0f'];
const CONTROLS = ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\u009b', '\n', '\t', '\u2028', '\u2029'];
const BIDI = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];

describe('roomNameLength (R41)', () => {
  it.each([
    ['Phòng của An', 12],
    ['Phòng của An'.normalize('NFD'), 12],
    ['😀'.repeat(80), 80],
    ['👍🏽'.repeat(3), 3],
    ['🇻🇳🇻🇳', 2],
    ['👨‍👩‍👧‍👦 và 👩🏻‍❤️‍💋‍👨🏼', 6],
    ['🏴󠁧󠁢󠁳󠁣󠁴󠁿', 1],
    ['', 0],
  ])('counts %j as %i graphemes', (name, length) => {
    expect(roomNameLength(name)).toBe(length);
  });
});

describe('roomNameProblem (R41)', () => {
  it('takes ordinary names, emoji and scripts that need joiners', () => {
    for (const name of [
      'Tối thứ Sáu xem phim',
      'Phòng của An'.normalize('NFD'),
      '❤️ Nhạc chill',
      'می‌خواهم', // Persian needs the zero-width non-joiner
      'हिन्दी फ़िल्में',
      'x',
    ]) {
      expect(roomNameProblem(name)).toBeNull();
    }
  });

  it('finds a name made only of invisible characters blank, whatever their mix', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...INVISIBLE, ' ', '\u00a0', '\u3000', '\u0301'), { maxLength: 20 }),
        (parts) => {
          expect(roomNameProblem(parts.join(''))).toBe('blank');
        },
      ),
    );
  });

  it('refuses controls (C0, DEL, C1, line separators), bidi overrides and isolates anywhere in a name', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(...CONTROLS, ...BIDI), fc.string(), (before, bad, after) => {
        const name = `Phòng${before}${bad}${after}`;
        expect(roomNameProblem(name)).toBe('invalid_character');
      }),
    );
  });

  it('refuses a lone surrogate, which is not text', () => {
    expect(roomNameProblem('Phòng \ud83d')).toBe('invalid_character');
    expect(roomNameProblem('\ude00 Phòng')).toBe('invalid_character');
  });

  it('allows invisible characters between visible ones', () => {
    expect(roomNameProblem('Phim\u200bhay')).toBeNull();
  });

  it('counts the 80 limit in graphemes: 80 of any emoji pass and 81 do not', () => {
    fc.assert(
      fc.property(fc.constantFrom('a', 'ố', '😀', '👍🏽', '🇻🇳', '👨‍👩‍👧', '❤️'), (grapheme) => {
        expect(roomNameProblem(grapheme.repeat(ROOM_NAME_MAX))).toBeNull();
        expect(roomNameProblem(grapheme.repeat(ROOM_NAME_MAX + 1))).toBe('too_long');
      }),
    );
  });

  it('refuses a grapheme of marks stacked past the longest emoji', () => {
    const stacked = `a${'\u0301'.repeat(NAME_GRAPHEME_MAX)}`;
    expect(roomNameLength(stacked)).toBe(1);
    expect(roomNameProblem(stacked)).toBe('invalid_character');
    expect(roomNameProblem(`a${'\u0301'.repeat(NAME_GRAPHEME_MAX - 1)}`)).toBeNull();
  });

  it('answers a 64 KB name without segmenting all of it', () => {
    expect(roomNameProblem('a'.repeat(64 * 1024))).toBe('too_long');
  });
});

describe('createRoomRequestSchema (R41)', () => {
  it('trims, then judges the name with roomNameProblem', () => {
    expect(createRoomRequestSchema.parse({ name: '  Tối nay xem gì  ' })).toEqual({ name: 'Tối nay xem gì' });
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 100 }), (name) => {
        const problem = roomNameProblem(name.trim());
        expect(createRoomRequestSchema.safeParse({ name }).success).toBe(problem === null);
      }),
    );
  });

  it.each([
    ['zero-width spaces', '\u200b\u200b'],
    ['joiners and a word joiner', '\u200c\u200d\u2060'],
    ['a BOM', '\ufeff'],
    ['NUL', 'a\u0000b'],
    ['BEL', 'Phòng\u0007'],
    ['ESC', '\u001b[31mPhòng'],
    ['a right-to-left override', 'Phòng \u202egnohp'],
    ['an isolate', 'Phòng \u2067x\u2069'],
    ['81 emoji', '😀'.repeat(81)],
  ])('refuses %s with a message', (_label, name) => {
    const parsed = createRoomRequestSchema.safeParse({ name });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toMatch(/Room name/);
  });
});
