import { ROOM_NAME_MAX } from './limits.ts';

/**
 * Why a room name is refused (R41): `blank` — nothing a reader can see; `invalid_character` — a character that
 * breaks or disguises the text around it; `too_long` — over ROOM_NAME_MAX graphemes.
 */
export type RoomNameProblem = 'blank' | 'invalid_character' | 'too_long';

/**
 * Most code points in one grapheme. The longest emoji (a kiss with two skin tones) has 10; marks stacked past
 * this make a "character" that spills over the lines around it, and leave the 80-grapheme limit unbounded.
 */
export const ROOM_NAME_GRAPHEME_MAX = 16;

/**
 * C0 and C1 controls (NUL, BEL, ESC, line breaks…), line and paragraph separators, bidi embeddings, overrides and
 * isolates (U+202A–202E, U+2066–2069: they reorder the text after them, so a name can read other than it is
 * written), and lone surrogates (not text: PostgreSQL cannot store them).
 */
const INVALID = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]|\p{Cs}/u;

/**
 * Nothing but code points that show nothing on their own: spaces, default-ignorables (zero-width space, the
 * joiners, word joiner, BOM, variation selectors, Hangul fillers…), other format characters, combining marks
 * with no letter to sit on, and the blank Braille pattern U+2800 that fonts draw as a space.
 */
const INVISIBLE_ONLY = /^[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cf}\p{M}\u2800]*$/u;

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * The length of a room name as the 80 limit counts it: graphemes, what a reader counts as characters (an emoji
 * with a skin tone, a flag or a family is one; so is a Vietnamese letter typed with combining accents). The
 * form's counter and the server both use this.
 */
export function roomNameLength(name: string): number {
  let count = 0;
  for (const _ of graphemes.segment(name)) count++;
  return count;
}

/** What is wrong with a trimmed room name, or null when the server will take it (R41). */
export function roomNameProblem(name: string): RoomNameProblem | null {
  if (INVISIBLE_ONLY.test(name)) return 'blank';
  if (INVALID.test(name)) return 'invalid_character';
  // A bound before segmenting, so a 64 KB body costs no more than a legal name.
  if (name.length > ROOM_NAME_MAX * ROOM_NAME_GRAPHEME_MAX * 2) return 'too_long';
  let count = 0;
  for (const { segment } of graphemes.segment(name)) {
    if (++count > ROOM_NAME_MAX) return 'too_long';
    if (segment.length > ROOM_NAME_GRAPHEME_MAX && [...segment].length > ROOM_NAME_GRAPHEME_MAX) {
      return 'invalid_character';
    }
  }
  return null;
}
