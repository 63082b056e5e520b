/**
 * The YouTube Data API returns snippet titles HTML-escaped (`Tom &amp; Jerry`, `Don&#39;t`). We hand the
 * browser plain text that React escapes itself, so titles are decoded once here. No entity library is a
 * dependency of the server, so this covers numeric references and the named entities that occur in titles;
 * an unknown name is left as written rather than guessed.
 */
const NAMED: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  copy: '©',
  reg: '®',
  trade: '™',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  sbquo: '‚',
  ldquo: '“',
  rdquo: '”',
  bdquo: '„',
  laquo: '«',
  raquo: '»',
  middot: '·',
  bull: '•',
  deg: '°',
  euro: '€',
  pound: '£',
  yen: '¥',
  cent: '¢',
  sect: '§',
  para: '¶',
  times: '×',
  divide: '÷',
  plusmn: '±',
  frac12: '½',
  frac14: '¼',
  frac34: '¾',
  iexcl: '¡',
  iquest: '¿',
  hearts: '♥',
  star: '☆',
};

const REPLACEMENT = '\ufffd';

function fromCodePoint(codePoint: number): string {
  // NUL, UTF-16 surrogates and values past Unicode are invalid references (HTML §13.2.5.80).
  if (codePoint === 0 || (codePoint >= 0xd800 && codePoint <= 0xdfff) || codePoint > 0x10ffff) return REPLACEMENT;
  return String.fromCodePoint(codePoint);
}

const ENTITY = /&(?:#(\d{1,8})|#[xX]([\da-fA-F]{1,7})|([A-Za-z][A-Za-z\d]{1,31}));/g;

/** Decodes character references in one pass, so `&amp;lt;` becomes `&lt;` and not `<`. */
export function decodeHtmlEntities(text: string): string {
  return text.replace(ENTITY, (match, decimal?: string, hex?: string, name?: string) => {
    if (decimal !== undefined) return fromCodePoint(Number.parseInt(decimal, 10));
    if (hex !== undefined) return fromCodePoint(Number.parseInt(hex, 16));
    return (name !== undefined && Object.hasOwn(NAMED, name) ? NAMED[name] : undefined) ?? match;
  });
}
