// The one rule for every name a person types (docs/room-rules.md R96): room names (R41, ROOM_NAME_MAX) and
// display names (sign-up, a name from an external issuer, and names stored before the rule, on read).
import { BIDI_CONTROLS, showsNothing } from './visible-text.ts';

/**
 * Why a name is refused (R96): `blank` — nothing a reader can see; `invalid_character` — a character that breaks
 * or disguises the text around it; `too_long` — over its limit in graphemes.
 */
export type NameProblem = 'blank' | 'invalid_character' | 'too_long';

/** Longest display name, in graphemes (R96). */
export const DISPLAY_NAME_MAX = 60;

/** What a display name with nothing left to show is shown as (R96). */
export const DISPLAY_NAME_FALLBACK = 'Người dùng';

/**
 * Most code points in one grapheme. The longest emoji (a kiss with two skin tones) has 10; marks stacked past
 * this make a "character" that spills over the lines around it, and leave a grapheme limit unbounded.
 */
export const NAME_GRAPHEME_MAX = 16;

/**
 * C0 and C1 controls (NUL, BEL, ESC, line breaks…), line and paragraph separators, bidi controls, and lone
 * surrogates (not text: PostgreSQL cannot store them).
 */
const INVALID = new RegExp(`[\\p{Cc}\\u2028\\u2029${BIDI_CONTROLS}]|\\p{Cs}`, 'u');
/** The invalid characters that break a line: a safe form puts a space where they were. */
const LINE_BREAKS = /[\n\v\f\r\u0085\u2028\u2029]+/gu;
const INVALID_ALL = new RegExp(INVALID.source, 'gu');

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * The length of a name as its limit counts it: graphemes, what a reader counts as characters (an emoji with a
 * skin tone, a flag or a family is one; so is a Vietnamese letter typed with combining accents). Forms and the
 * server both use this.
 */
export function nameLength(name: string): number {
  let count = 0;
  for (const _ of graphemes.segment(name)) count++;
  return count;
}

/** What is wrong with a trimmed name of at most `max` graphemes, or null when the server will take it (R96). */
export function nameProblem(name: string, max: number): NameProblem | null {
  if (showsNothing(name)) return 'blank';
  if (INVALID.test(name)) return 'invalid_character';
  // A bound before segmenting, so a 64 KB body costs no more than a legal name.
  if (name.length > max * NAME_GRAPHEME_MAX * 2) return 'too_long';
  let count = 0;
  for (const { segment } of graphemes.segment(name)) {
    if (++count > max) return 'too_long';
    if (segment.length > NAME_GRAPHEME_MAX && [...segment].length > NAME_GRAPHEME_MAX) return 'invalid_character';
  }
  return null;
}

/**
 * A name as it may be shown (R96): the name itself when the rule takes it; otherwise without the characters the
 * rule refuses (a space for a line break), each grapheme cut to NAME_GRAPHEME_MAX code points and the whole to
 * `max` graphemes; null when nothing visible is left. For names that come from elsewhere or from before the rule.
 */
export function safeName(name: string, max: number): string | null {
  const trimmed = name.trim();
  if (trimmed === name && nameProblem(name, max) === null) return name;
  const cleaned = trimmed
    .slice(0, max * NAME_GRAPHEME_MAX * 2)
    .replace(LINE_BREAKS, ' ')
    .replace(INVALID_ALL, '')
    .trim();
  let kept = '';
  let count = 0;
  for (const { segment } of graphemes.segment(cleaned)) {
    if (++count > max) break;
    kept += [...segment].slice(0, NAME_GRAPHEME_MAX).join('');
  }
  kept = kept.trim();
  return nameProblem(kept, max) === null ? kept : null;
}

/** What is wrong with a trimmed display name, or null when sign-up will take it (R96). */
export function displayNameProblem(name: string): NameProblem | null {
  return nameProblem(name, DISPLAY_NAME_MAX);
}

/** A stored or received display name as everyone is shown it (R96): its safe form, or 'Người dùng'. */
export function shownDisplayName(name: string): string {
  return safeName(name, DISPLAY_NAME_MAX) ?? DISPLAY_NAME_FALLBACK;
}
