// What a reader can see of a text: shared by the name rule (R96) and the chat rule (R97). Free of zod, so the
// web's forms can judge a draft without loading the schemas.

/**
 * Bidi embeddings, overrides and isolates (U+202A–202E, U+2066–2069): they reorder the text after them, so a
 * name or a message could read other than it is written ('Chủ phòng \u202Egnp.exe' shows as 'Chủ phòng exe.png').
 */
export const BIDI_CONTROLS = '\\u202A-\\u202E\\u2066-\\u2069';

/**
 * Nothing but code points that show nothing on their own: spaces and line breaks, default-ignorables (zero-width
 * space, the joiners, word joiner, BOM, variation selectors, the Hangul fillers U+115F, U+1160, U+3164, U+FFA0…),
 * other format characters (LRM, RLM, the tag characters U+E0001, U+E0020–E007F), combining marks with no letter
 * to sit on, and the blank Braille pattern U+2800 that fonts draw as a space.
 */
const INVISIBLE_ONLY = /^[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cf}\p{M}\u2800]*$/u;

/** Whether a reader would see nothing at all of `text` (the empty text included). */
export function showsNothing(text: string): boolean {
  return INVISIBLE_ONLY.test(text);
}
