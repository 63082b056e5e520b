// What a chat message may say (docs/room-rules.md R54, R97). Free of zod, so the web's room chunk can count and
// check a draft with the server's own rules without loading the schemas.
import { BIDI_CONTROLS, showsNothing } from './visible-text.ts';

/** Longest chat message, in Unicode code points of its NFC form, after trimming (docs/room-rules.md R54). */
export const CHAT_TEXT_MAX = 500;
/**
 * Most lines in one chat message (R97): a short poem or a list fits; a column of blank lines that makes one
 * message taller than the chat does not.
 */
export const CHAT_LINES_MAX = 10;
/** Messages in one page of history: the last ones on join, then older ones on scrolling up. */
export const CHAT_PAGE_SIZE = 50;

/**
 * Why a text cannot be sent as a chat message: `empty` — nothing but whitespace; `blank` — something, but nothing
 * a reader can see (R97); `too_many_lines` — more than CHAT_LINES_MAX lines (R97).
 */
export type ChatTextProblem = 'empty' | 'blank' | 'too_long' | 'too_many_lines' | 'control' | 'bidi';

// Control characters (C0, DEL, C1) but the newline, and lone UTF-16 surrogates (no character at all).
const CONTROL = /(?!\n)\p{Cc}|\p{Cs}/u;
// Embeddings, overrides and isolates: they reorder the text after them, so a message could show what it is not.
const BIDI = new RegExp(`[${BIDI_CONTROLS}]`);
// What starts a new line where the message is shown: the newline, and the line and paragraph separators.
const LINE_BREAK = /[\n\u2028\u2029]/g;

/** The text as it is stored and shown: NFC, without surrounding whitespace. */
export function normalizeChatText(raw: string): string {
  return raw.normalize('NFC').trim();
}

/** The length counted against CHAT_TEXT_MAX: code points, so one emoji may count for several (🇻🇳 is 2). */
export function chatTextLength(raw: string): number {
  let count = 0;
  for (const _ of normalizeChatText(raw)) count++;
  return count;
}

/** The lines a message shows (R97): one more than its line breaks. */
export function chatLineCount(text: string): number {
  return (text.match(LINE_BREAK)?.length ?? 0) + 1;
}

/** The text to store, or why it cannot be sent. The server decides with this; the web uses it to explain early. */
export function prepareChatText(raw: string): { text: string } | { problem: ChatTextProblem } {
  const text = normalizeChatText(raw);
  if (text === '') return { problem: 'empty' };
  if (CONTROL.test(text)) return { problem: 'control' };
  if (BIDI.test(text)) return { problem: 'bidi' };
  if (chatTextLength(text) > CHAT_TEXT_MAX) return { problem: 'too_long' };
  if (showsNothing(text)) return { problem: 'blank' };
  if (chatLineCount(text) > CHAT_LINES_MAX) return { problem: 'too_many_lines' };
  return { text };
}
