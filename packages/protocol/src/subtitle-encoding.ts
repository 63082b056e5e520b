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
 * Letters only Vietnamese writes (R109): the Latin Extended Additional block (ạ ả ấ ầ ẩ ẫ ậ … ỹ) and ă đ ơ ư ĩ ũ.
 * Windows-1258 makes them from its own letters and five combining tone marks; Windows-1252 cannot write them at all.
 */
const VIETNAMESE_LETTER = /[\u1EA0-\u1EF9ăĂđĐơƠưƯĩĨũŨ]/u;
/** A combining mark with no letter before it: what Windows-1258 makes of Western bytes such as 'Ì' after a space. */
const STRAY_MARK = /(?:^|[^\p{L}\p{M}])\p{M}/u;

/** Western punctuation and symbols Windows-1252 adds above ASCII, as they appear in subtitles. */
const WESTERN_SYMBOLS = /[‘’‚“”„–—…•€™«»°±²³·¹º¼½¾¿¡§©®¢£¥×÷µ\u00a0]/u;

/** Whether every character above ASCII is a letter or common punctuation (not a C1 control, undefined in 1252). */
function readsAsWestern(text: string): boolean {
  for (const char of text) {
    if ((char.codePointAt(0) as number) >= 0x80 && !/\p{L}/u.test(char) && !WESTERN_SYMBOLS.test(char)) return false;
  }
  return true;
}

/**
 * R109: Windows-1258 when at least a fifth of the words read in it carry a letter only Vietnamese has (half the
 * words of a Vietnamese line do; a Portuguese 'não' read as 'năo', or an Italian 'può' as 'puụ', one word in ten or
 * twenty) and no tone mark is left on nothing; otherwise Windows-1252 when every byte above ASCII is a letter or
 * punctuation there; otherwise it cannot be told.
 */
function legacyEncoding(bytes: Uint8Array): SubtitleEncoding | null {
  const vietnamese = (decode('windows-1258', bytes) ?? '').normalize('NFC');
  const words = vietnamese.match(/\p{L}[\p{L}\p{M}]*/gu) ?? [];
  const marked = words.filter((word) => VIETNAMESE_LETTER.test(word)).length;
  if (marked > 0 && marked >= words.length * 0.2 && !STRAY_MARK.test(vietnamese)) return 'windows-1258';
  const western = decode('windows-1252', bytes);
  if (western !== null && readsAsWestern(western)) return 'windows-1252';
  return null;
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
