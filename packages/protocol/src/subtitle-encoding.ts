// How a subtitle file's bytes become text (R109): the encodings subtitle files are found in, told apart by what
// they contain, and refused when they cannot be told. Free of zod and of I/O: the server decides, and the web can
// judge a file before it sends it.

/** The encodings a subtitle file may be in (R109). */
export type SubtitleEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1258' | 'windows-1252';

/** Why bytes are not a subtitle's text: a binary file, or text whose encoding cannot be told (R109). */
export type SubtitleDecodeProblem = 'binary' | 'unknown_encoding';

export type SubtitleDecoding = { text: string; encoding: SubtitleEncoding } | { problem: SubtitleDecodeProblem };

const decode = (encoding: SubtitleEncoding, bytes: Uint8Array): string | null => {
  try {
    return new TextDecoder(encoding, { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
};

/** NFC, so that 'Việt' decomposed by Windows-1258 ('Vie\u0302\u0323t') compares and shows as one letter each. */
const found = (text: string, encoding: SubtitleEncoding): SubtitleDecoding => ({
  text: text.normalize('NFC'),
  encoding,
});

/** Control bytes no text file holds (NUL and C0 controls other than tab, line feed, form feed, carriage return, and SUB). */
const isBinaryByte = (byte: number) =>
  byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d && byte !== 0x1a;

/**
 * Windows-1258 writes Vietnamese with five combining tone marks (grave 0xCC, hook above 0xD2, tilde 0xDE, acute
 * 0xEC, dot below 0xF2) after the vowel, and has ă, đ, ơ, ư of its own (0xC3/0xE3, 0xD0/0xF0, 0xD5/0xF5, 0xDD/0xFD).
 * In Windows-1252 the same bytes are Ì Ò Þ ì ò Ã ã Ð ð Õ õ Ý ý: a tone mark right after a vowel is all but unknown
 * in the Western languages Windows-1252 is for, and common on every line of Vietnamese.
 */
const TONE_MARKS = new Set([0xcc, 0xd2, 0xde, 0xec, 0xf2]);
const VIETNAMESE_LETTERS = new Set([0xc3, 0xe3, 0xd0, 0xf0, 0xd5, 0xf5, 0xdd, 0xfd]);
/** Vowel bytes a tone mark sits on: ASCII vowels and Windows-1258's â ê ô ă ơ ư (either case). */
const isVowelByte = (byte: number) =>
  'aeiouyAEIOUY'.includes(String.fromCharCode(byte)) ||
  [0xe2, 0xea, 0xf4, 0xe3, 0xf5, 0xfd, 0xc2, 0xca, 0xd4, 0xc3, 0xd5, 0xdd].includes(byte);

/** Western punctuation and symbols Windows-1252 adds above ASCII, as they appear in subtitles. */
const WESTERN_SYMBOLS = /[‘’‚“”„–—…•€™«»°±²³·¹º¼½¾¿¡§©®¢£¥×÷µ\u00a0]/u;

function legacyEncoding(bytes: Uint8Array): SubtitleEncoding | null {
  let high = 0;
  let vietnamese = 0;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i] as number;
    if (byte < 0x80) continue;
    high++;
    if (TONE_MARKS.has(byte) && i > 0 && isVowelByte(bytes[i - 1] as number)) vietnamese++;
    else if (VIETNAMESE_LETTERS.has(byte)) vietnamese++;
  }
  if (vietnamese >= 3 && vietnamese >= high * 0.3) return 'windows-1258';
  if (vietnamese > high * 0.1) return null;
  const western = decode('windows-1252', bytes);
  if (western === null) return null;
  for (const char of western) {
    const code = char.codePointAt(0) as number;
    if (code < 0x80) continue;
    // C1 controls are the five bytes Windows-1252 leaves undefined: not text.
    if (!/\p{L}/u.test(char) && !WESTERN_SYMBOLS.test(char)) return null;
  }
  return 'windows-1252';
}

/**
 * R109: UTF-8 with or without a BOM; UTF-16 with a BOM; otherwise Windows-1258 when the bytes read as Vietnamese
 * written in it, or Windows-1252 when they read as Western text. Anything else is refused: binary bytes (NUL and
 * other control characters), or text that fits none of these, rather than shown as mojibake.
 */
export function decodeSubtitleBytes(bytes: Uint8Array): SubtitleDecoding {
  const [b0, b1, b2] = bytes;
  if (b0 === 0xff && b1 === 0xfe) return decodedOrUnknown('utf-16le', bytes);
  if (b0 === 0xfe && b1 === 0xff) return decodedOrUnknown('utf-16be', bytes);
  if (b0 === 0xef && b1 === 0xbb && b2 === 0xbf) return decodedOrUnknown('utf-8', bytes);
  if (bytes.some(isBinaryByte)) return { problem: 'binary' };
  const utf8 = decode('utf-8', bytes);
  if (utf8 !== null) return found(utf8, 'utf-8');
  const legacy = legacyEncoding(bytes);
  const text = legacy && decode(legacy, bytes);
  return legacy && text !== null ? found(text, legacy) : { problem: 'unknown_encoding' };
}

function decodedOrUnknown(encoding: SubtitleEncoding, bytes: Uint8Array): SubtitleDecoding {
  const text = decode(encoding, bytes);
  if (text === null) return { problem: 'unknown_encoding' };
  // A BOM in front of binary is still binary: a text file holds no NUL or other control characters once decoded.
  for (let i = 0; i < text.length; i++) if (isBinaryByte(text.charCodeAt(i))) return { problem: 'binary' };
  return found(text, encoding);
}
