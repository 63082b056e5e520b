import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cueText, parseSubtitles, type SubtitleCue, toWebVtt, vttTimestamp } from './subtitle-cues.ts';
import { decodeSubtitleBytes } from './subtitle-encoding.ts';

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../fixtures/subtitles/${name}`, import.meta.url)));

function cuesOf(name: string) {
  const decoded = decodeSubtitleBytes(fixture(name));
  if (!('text' in decoded)) throw new Error(`${name}: ${decoded.problem}`);
  const parsed = parseSubtitles(decoded.text);
  if (!('cues' in parsed)) throw new Error(`${name}: ${parsed.problem}`);
  return { ...parsed, encoding: decoded.encoding };
}

describe('R109 subtitle encodings', () => {
  it('reads a Windows-1258 Vietnamese SRT as NFC text', () => {
    const file = cuesOf('vi-windows-1258.srt');
    expect(file.encoding).toBe('windows-1258');
    expect(file.cues[0]?.text).toBe('Phụ đề tiếng Việt');
    expect(file.cues[0]?.text).toBe(file.cues[0]?.text.normalize('NFC'));
    expect(file.cues[3]?.text).toBe('Ừ, để tôi lấy áo khoác.');
  });

  it('reads UTF-16 with a BOM, and UTF-8 with or without one', () => {
    const utf16 = cuesOf('vi-utf-16.srt');
    expect(utf16.encoding).toBe('utf-16le');
    expect(utf16.cues[0]?.text).toBe('Phụ đề tiếng Việt');
    const utf8 = new TextEncoder().encode('1\n00:00:01,000 --> 00:00:02,000\nPhụ đề tiếng Việt\n');
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]);
    for (const bytes of [utf8, withBom]) {
      const decoded = decodeSubtitleBytes(bytes);
      expect(decoded).toMatchObject({ encoding: 'utf-8' });
      expect(parseSubtitles((decoded as { text: string }).text)).toMatchObject({
        cues: [{ text: 'Phụ đề tiếng Việt' }],
      });
    }
  });

  it('reads Western text as Windows-1252 even with the odd byte that is a Vietnamese letter in 1258', () => {
    const portuguese = 'Não sei o que dizer. Ele vem amanhã de manhã com a família e os amigos para o almoço de hoje.';
    const bytes = Uint8Array.from([...portuguese].map((char) => (char.codePointAt(0) as number) & 0xff));
    expect(decodeSubtitleBytes(bytes)).toEqual({ text: portuguese, encoding: 'windows-1252' });
    const italian = 'Non può venire stasera, ma quello che ha detto è vero e lo sanno anche i suoi amici di Milano.';
    const italianBytes = Uint8Array.from([...italian].map((char) => (char.codePointAt(0) as number) & 0xff));
    expect(decodeSubtitleBytes(italianBytes)).toEqual({ text: italian, encoding: 'windows-1252' });
  });

  it('reads a Western Windows-1252 SRT as Windows-1252, not as Vietnamese', () => {
    const file = cuesOf('fr-windows-1252.srt');
    expect(file.encoding).toBe('windows-1252');
    expect(file.cues.map((cue) => cue.text)).toEqual([
      'Où est la bibliothèque ?',
      "C'était un été très chaud… « Voilà ! »",
      'Ça coûte 5 € — déjà payé.',
    ]);
  });

  it('refuses binary bytes and text whose encoding cannot be told', () => {
    expect(decodeSubtitleBytes(new Uint8Array([0x00, 0x01, 0x02, 0x89, 0x50, 0x4e, 0x47]))).toEqual({
      problem: 'binary',
    });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]);
    expect(decodeSubtitleBytes(png)).toEqual({ problem: 'binary' });
    // Bytes Windows-1252 leaves undefined, in no Vietnamese pattern: neither encoding fits.
    expect(decodeSubtitleBytes(new Uint8Array([0x41, 0x81, 0x8d, 0x8f, 0x90, 0x9d, 0x42]))).toEqual({
      problem: 'unknown_encoding',
    });
    // UTF-16 with a BOM that holds control characters is binary too.
    expect(decodeSubtitleBytes(new Uint8Array([0xff, 0xfe, 0x01, 0x00, 0x02, 0x00]))).toEqual({ problem: 'binary' });
  });

  it('never calls Vietnamese text encoded in Windows-1258 anything else, whatever the sentence', () => {
    const words = [
      'được',
      'người',
      'Việt',
      'những',
      'đã',
      'rồi',
      'phụ',
      'đề',
      'mười',
      'năm',
      'ơi',
      'ấy',
      'tiếng',
      'chúng',
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...words), { minLength: 4, maxLength: 30 }), (picked) => {
        const sentence = picked.join(' ');
        const bytes = encodeWindows1258(sentence);
        const decoded = decodeSubtitleBytes(bytes);
        // Told as Windows-1258, or as Windows-1252 only where both read the very same text ('chúng chúng…').
        const sameInBoth = new TextDecoder('windows-1252').decode(bytes) === sentence;
        expect(decoded).toEqual({ text: sentence, encoding: sameInBoth ? expect.any(String) : 'windows-1258' });
      }),
    );
  });
});

describe('R110 subtitle cues', () => {
  it('skips and counts broken cues, keeps overlapping ones, in time order', () => {
    const file = cuesOf('broken.srt');
    expect(file.skipped).toBe(3);
    expect(file.cues).toEqual([
      { start: 1, end: 2, text: 'Dòng tốt một' },
      { start: 6, end: 8, text: 'Dòng tốt hai' },
      { start: 7, end: 9, text: 'Chồng lên dòng trước' },
    ]);
  });

  it('keeps <i>, <b>, <u> and nothing else of a WebVTT file: no markup reaches a player', () => {
    const file = cuesOf('styled.vtt');
    expect(file.format).toBe('vtt');
    expect(file.skipped).toBe(0);
    expect(file.cues.map((cue) => cue.text)).toEqual([
      'Xin chào <b>mọi người</b>',
      'Màu vàng &amp; <u>gạch chân</u>',
      'alert(1)<i>nghiêng</i>',
    ]);
  });

  it('drops SSA overrides and keeps SRT italics', () => {
    const file = cuesOf('vi-windows-1258.srt');
    expect(file.cues[1]?.text).toBe('<i>Anh đã đợi em suốt mười năm.</i>');
    expect(file.cues[5]?.text).toBe('Hà Nội, mùa thu năm ấy');
  });

  it('treats SRT text as text: < and & are escaped, not read as markup or entities', () => {
    expect(cueText('a < b && <font color="red">đỏ</font> &lt;', 'srt')).toBe('a &lt; b &amp;&amp; đỏ &amp;lt;');
    expect(cueText('<img src=x onerror=alert(1)>ảnh', 'srt')).toBe('ảnh');
  });

  it('says a file with no timing line is not subtitles', () => {
    expect(parseSubtitles('Just some notes\n\nand more')).toEqual({ problem: 'not_subtitles' });
    expect(parseSubtitles('WEBVTT\n\nNOTE nothing here\n')).toEqual({ problem: 'not_subtitles' });
  });

  it('writes WebVTT that reads back as the same cues, and never writes markup but the three styles', () => {
    const cue = fc
      .record({
        start: fc.integer({ min: 0, max: 36_000_000 }),
        length: fc.integer({ min: 1, max: 60_000 }),
        // Arbitrary text, and text dense in what markup is made of, where taking markup out makes new markup.
        raw: fc.oneof(
          fc.string({ minLength: 1, maxLength: 80 }),
          fc.string({ minLength: 1, maxLength: 80, unit: fc.constantFrom(...'<>/ib{}\\&;lt -\n\t.a') }),
        ),
      })
      .map(({ start, length, raw }) => ({ start: start / 1000, end: (start + length) / 1000, raw }));
    fc.assert(
      fc.property(fc.array(cue, { minLength: 1, maxLength: 20 }), (drafts) => {
        const cues: SubtitleCue[] = drafts
          .map(({ start, end, raw }) => ({ start, end, text: cueText(raw, 'srt') }))
          .filter((c) => c.text.replace(/<\/?[ibu]>/g, '').trim() !== '')
          .sort((a, b) => a.start - b.start);
        for (const { text } of cues) expect(text.replace(/<\/?[ibu]>/g, '')).not.toMatch(/[<>]|-->/);
        if (cues.length === 0) return;
        const back = parseSubtitles(toWebVtt(cues));
        expect(back).toEqual({ format: 'vtt', cues, skipped: 0 });
      }),
    );
  });

  it('reads its own text back unchanged where markup taken out leaves a blank, spaces or new markup', () => {
    // Found by the property below in CI: '! <>' kept a trailing space that a reader trims.
    expect(cueText('! <>', 'srt')).toBe('!');
    expect(cueText('a\n<font>\nb', 'srt')).toBe('a\nb');
    expect(cueText('{<x>\\an8}chữ', 'srt')).toBe('chữ');
    expect(cueText('<i>nghiêng\n<x>', 'vtt')).toBe('<i>nghiêng</i>');
  });

  it('skips a cue whose markup makes more markup at every reading, and reads a cue of unclosed overrides in one pass', () => {
    expect(cueText('{{{\\}\\}\\}chữ', 'srt')).toBe('chữ');
    expect(cueText('{{{{{{\\}\\}\\}\\}\\}\\}chữ', 'srt')).toBe('');
    // Opened and never closed: kept as text. A search from every `{\` to the end of the text takes seconds here (a
    // 2 MB file of them, hours); one pass takes milliseconds.
    const unclosed = '{\\'.repeat(100_000);
    expect(cueText(unclosed, 'srt')).toBe(unclosed);
  });

  it('writes timestamps as WebVTT does', () => {
    expect(vttTimestamp(3725.5)).toBe('01:02:05.500');
    expect(vttTimestamp(0.001)).toBe('00:00:00.001');
  });
});

/** Vietnamese in Windows-1258, as Windows writes it: base letters with combining tone marks where it must. */
function encodeWindows1258(text: string): Uint8Array {
  const table = new Map<string, number>();
  const decoder = new TextDecoder('windows-1258');
  for (let byte = 0; byte < 256; byte++) table.set(decoder.decode(new Uint8Array([byte])), byte);
  const bytes: number[] = [];
  for (const char of text.normalize('NFC')) {
    const whole = table.get(char);
    if (whole !== undefined) {
      bytes.push(whole);
      continue;
    }
    // Split into a base the code page has and the tone mark (NFD orders the dot below before a circumflex).
    const [base = '', ...marks] = char.normalize('NFD');
    const tone = marks.find((mark) => '\u0300\u0301\u0303\u0309\u0323'.includes(mark)) as string;
    const head = (base + marks.filter((mark) => mark !== tone).join('')).normalize('NFC');
    const headByte = table.get(head);
    const toneByte = table.get(tone);
    if (headByte === undefined || toneByte === undefined) throw new Error(`not in Windows-1258: ${char}`);
    bytes.push(headByte, toneByte);
  }
  return new Uint8Array(bytes);
}
