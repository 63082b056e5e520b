// What a chat message may say (docs/room-rules.md R54). Free of zod, so the web's room chunk can count and check
// a draft with the server's own rules without loading the schemas.

/** Longest chat message, in Unicode code points of its NFC form, after trimming (docs/room-rules.md R54). */
export const CHAT_TEXT_MAX = 500;
/** Messages in one page of history: the last ones on join, then older ones on scrolling up. */
export const CHAT_PAGE_SIZE = 50;

/** Why a text cannot be sent as a chat message. */
export type ChatTextProblem = 'empty' | 'too_long' | 'control' | 'bidi';

// Control characters (C0, DEL, C1) but the newline, and lone UTF-16 surrogates (no character at all).
const CONTROL = /(?!\n)\p{Cc}|\p{Cs}/u;
// Embeddings, overrides and isolates: they reorder the text after them, so a message could show what it is not.
const BIDI = /[\u202A-\u202E\u2066-\u2069]/;

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

/** The text to store, or why it cannot be sent. The server decides with this; the web uses it to explain early. */
export function prepareChatText(raw: string): { text: string } | { problem: ChatTextProblem } {
  const text = normalizeChatText(raw);
  if (text === '') return { problem: 'empty' };
  if (CONTROL.test(text)) return { problem: 'control' };
  if (BIDI.test(text)) return { problem: 'bidi' };
  if (chatTextLength(text) > CHAT_TEXT_MAX) return { problem: 'too_long' };
  return { text };
}
