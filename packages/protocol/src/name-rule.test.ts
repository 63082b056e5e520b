import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROOM_NAME_MAX } from './limits.ts';
import {
  DISPLAY_NAME_FALLBACK,
  DISPLAY_NAME_MAX,
  displayNameProblem,
  NAME_GRAPHEME_MAX,
  nameProblem,
  safeName,
  shownDisplayName,
} from './name-rule.ts';
import { roomNameProblem } from './room-name.ts';

const SPOOFED = 'Chủ phòng \u202Egnp.exe';
const NOTHING_VISIBLE: Array<[string, string]> = [
  ['zero-width characters', '\u200b\u200c\u200d\u2060\ufeff'],
  ['the Hangul filler U+3164', '\u3164'],
  ['the Hangul choseong filler U+115F', '\u115f'],
  ['the Hangul jungseong filler U+1160', '\u1160\u1160'],
  ['LRM and RLM', '\u200e\u200f'],
  ['tag characters', `\u{E0001}${String.fromCodePoint(...Array.from({ length: 0x60 }, (_, i) => 0xe0020 + i))}`],
];

describe('the one name rule (R96)', () => {
  it('R96: refuses a bidi override in a display name, as in a room name', () => {
    expect(displayNameProblem(SPOOFED)).toBe('invalid_character');
    expect(roomNameProblem(SPOOFED)).toBe('invalid_character');
  });

  it.each(NOTHING_VISIBLE)('R96: finds a name of only %s blank', (_label, name) => {
    expect(displayNameProblem(name)).toBe('blank');
    expect(roomNameProblem(name)).toBe('blank');
  });

  it('R96: refuses C0 and C1 controls, line separators and lone surrogates in a display name', () => {
    for (const name of [
      'An\u0000',
      'An\u0007Bình',
      '\u001b[31mAn',
      'An\u0085',
      'An\u009b',
      'An\nBình',
      'An\u2028',
      'An\ud800',
    ])
      expect(displayNameProblem(name)).toBe('invalid_character');
  });

  it('R96: counts a display name in graphemes, up to 60, and refuses marks stacked past 16 code points', () => {
    expect(displayNameProblem('ạ'.repeat(DISPLAY_NAME_MAX))).toBeNull();
    expect(displayNameProblem('👍🏽'.repeat(DISPLAY_NAME_MAX))).toBeNull();
    expect(displayNameProblem('a'.repeat(DISPLAY_NAME_MAX + 1))).toBe('too_long');
    expect(displayNameProblem(`a${'\u0301'.repeat(NAME_GRAPHEME_MAX)}`)).toBe('invalid_character');
  });

  it('R96: takes ordinary names and scripts that need joiners', () => {
    for (const name of ['Nguyễn Văn An', 'An'.normalize('NFD'), '👨‍👩‍👧 nhà An', 'می‌خواهم', 'Phim\u200bhay', 'x'])
      expect(displayNameProblem(name)).toBeNull();
  });

  it('R96: room names and display names are one rule with two limits', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 100 }), (name) => {
        expect(roomNameProblem(name)).toBe(nameProblem(name, ROOM_NAME_MAX));
        expect(displayNameProblem(name)).toBe(nameProblem(name, DISPLAY_NAME_MAX));
      }),
    );
  });
});

describe('names stored before the rule, as they are shown (R96)', () => {
  it('R96: shows a name the rule takes exactly as it is', () => {
    fc.assert(
      // The rule judges trimmed names, and names are stored trimmed.
      fc.property(fc.string({ unit: 'grapheme', maxLength: 80 }), (raw) => {
        const name = raw.trim();
        if (displayNameProblem(name) === null) expect(shownDisplayName(name)).toBe(name);
      }),
    );
    for (const name of ['Nguyễn Văn An', 'An'.normalize('NFD'), '👨‍👩‍👧 nhà An'])
      expect(shownDisplayName(name)).toBe(name);
  });

  it('R96: drops bidi controls and controls, and puts a space for a line break', () => {
    expect(shownDisplayName(SPOOFED)).toBe('Chủ phòng gnp.exe');
    expect(shownDisplayName('\u2067An\u2069\u0007')).toBe('An');
    expect(shownDisplayName('An\r\nBình')).toBe('An Bình');
    expect(shownDisplayName('An\ud800')).toBe('An');
  });

  it.each(NOTHING_VISIBLE)('R96: shows a name of only %s as the neutral name', (_label, name) => {
    expect(shownDisplayName(name)).toBe(DISPLAY_NAME_FALLBACK);
    expect(shownDisplayName(`\u202e${name}\n`)).toBe(DISPLAY_NAME_FALLBACK);
  });

  it('R96: cuts stacked marks and an overlong name', () => {
    expect(shownDisplayName(`a${'\u0301'.repeat(50)}n`)).toBe(`a${'\u0301'.repeat(NAME_GRAPHEME_MAX - 1)}n`);
    expect(shownDisplayName('x'.repeat(5000))).toBe('x'.repeat(DISPLAY_NAME_MAX));
  });

  it('R96: whatever was stored, what is shown passes the rule', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (name) => {
        expect(displayNameProblem(shownDisplayName(name))).toBeNull();
        const safe = safeName(name, ROOM_NAME_MAX);
        if (safe !== null) expect(roomNameProblem(safe)).toBeNull();
      }),
    );
  });
});
