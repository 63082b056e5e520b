import { describe, expect, it } from 'vitest';
import { CHAT_LINES_MAX, CHAT_TEXT_MAX, chatLineCount, chatTextLength, prepareChatText } from './chat-text.ts';
import { parseCommand } from './schemas/commands.ts';

describe('chat text (R54)', () => {
  it('stores the NFC text without surrounding whitespace, newlines inside kept', () => {
    // 'Việt' typed with combining marks (NFD) is stored as its composed form.
    expect(prepareChatText('  Vie\u0323\u0302t Nam\nxin chào \n\t')).toEqual({ text: 'Việt Nam\nxin chào' });
  });

  it('refuses an empty or blank message', () => {
    for (const raw of ['', '   ', '\n\n', '\t \u3000']) expect(prepareChatText(raw)).toEqual({ problem: 'empty' });
  });

  it('counts code points after trimming and NFC, up to 500', () => {
    expect(chatTextLength('e\u0301')).toBe(1);
    expect(chatTextLength('🇻🇳')).toBe(2);
    expect(prepareChatText(`  ${'ạ'.repeat(CHAT_TEXT_MAX)}  `)).toEqual({ text: 'ạ'.repeat(CHAT_TEXT_MAX) });
    expect(prepareChatText('a'.repeat(CHAT_TEXT_MAX + 1))).toEqual({ problem: 'too_long' });
    expect(prepareChatText('😀'.repeat(CHAT_TEXT_MAX))).toEqual({ text: '😀'.repeat(CHAT_TEXT_MAX) });
    expect(prepareChatText('x'.repeat(60_000))).toEqual({ problem: 'too_long' });
  });

  it.each([
    ['NUL', 'a\u0000b'],
    ['a tab inside', 'a\tb'],
    ['a carriage return', 'a\rb'],
    ['escape', 'a\u001b[31mb'],
    ['DEL', 'a\u007fb'],
    ['a C1 control', 'a\u0085b'],
    ['a lone surrogate', 'a\ud800b'],
  ])('refuses %s', (_label, raw) => {
    expect(prepareChatText(raw)).toEqual({ problem: 'control' });
  });

  it.each(['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'])(
    'refuses the bidi control U+%s',
    (bidi) => {
      expect(prepareChatText(`abc${bidi}gpj.exe`)).toEqual({ problem: 'bidi' });
    },
  );

  it('keeps ordinary marks: emoji with joiners, left-to-right marks, Vietnamese', () => {
    for (const text of ['👨‍👩‍👧 đi xem phim', 'a\u200eb', 'Chào cả nhà!'])
      expect(prepareChatText(text)).toEqual({ text });
  });

  it.each([
    ['zero-width characters', '\u200b\u200c\u200d\u2060\ufeff'],
    ['Hangul fillers', '\u3164\u115f\u1160\uffa0'],
    ['LRM and RLM', '\u200e \u200f'],
    ['tag characters', `\u{E0001}${String.fromCodePoint(...Array.from({ length: 0x60 }, (_, i) => 0xe0020 + i))}`],
    ['combining marks and a blank Braille pattern between newlines', '\u0301\n\u2800'],
  ])('R97: refuses a message of only %s, nothing visible', (_label, raw) => {
    expect(prepareChatText(raw)).toEqual({ problem: 'blank' });
  });

  it('R97: takes up to 10 lines and refuses more', () => {
    const lines = (count: number) => Array.from({ length: count }, (_, i) => `dòng ${i + 1}`).join('\n');
    expect(prepareChatText(lines(CHAT_LINES_MAX))).toEqual({ text: lines(CHAT_LINES_MAX) });
    expect(prepareChatText(lines(CHAT_LINES_MAX + 1))).toEqual({ problem: 'too_many_lines' });
    expect(prepareChatText(`a${'\n'.repeat(498)}b`)).toEqual({ problem: 'too_many_lines' });
    expect(prepareChatText(`a${'\u2028'.repeat(CHAT_LINES_MAX)}b`)).toEqual({ problem: 'too_many_lines' });
    // Line breaks around the message are trimmed away and do not count.
    expect(prepareChatText(`\n\n\n\n\n\n${lines(CHAT_LINES_MAX)}\n\n\n\n\n\n`)).toEqual({
      text: lines(CHAT_LINES_MAX),
    });
    expect(chatLineCount('a')).toBe(1);
    expect(chatLineCount('a\n\nb')).toBe(3);
  });

  it('takes the text as a string and the seq as a positive integer', () => {
    expect(parseCommand('chat:send', { text: 'hi' }).success).toBe(true);
    expect(parseCommand('chat:send', { text: 5 }).success).toBe(false);
    expect(parseCommand('chat:delete', { seq: 1 }).success).toBe(true);
    for (const seq of [0, -1, 1.5, '1', Number.NaN, 1e300])
      expect(parseCommand('chat:delete', { seq }).success).toBe(false);
    expect(parseCommand('chat:history', {}).success).toBe(true);
    expect(parseCommand('chat:history', { before: 51 }).success).toBe(true);
    expect(parseCommand('chat:history', { before: 0 }).success).toBe(false);
  });
});
