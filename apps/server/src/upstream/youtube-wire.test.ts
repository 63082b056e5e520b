import { describe, expect, it } from 'vitest';
import { toSearchResults } from './youtube-wire.ts';

/** The title our search route returns for a YouTube result whose snippet title is `raw`. */
const titleOf = (raw: string) =>
  toSearchResults({ items: [{ id: { videoId: 'dQw4w9WgXcQ' }, snippet: { title: raw } }] })[0]?.title;

describe('toSearchResults: titles', () => {
  it.each([
    ['Tom &amp; Jerry', 'Tom & Jerry'],
    ['Don&#39;t Stop', "Don't Stop"],
    ['&quot;Live&quot; at &lt;Wembley&gt;', '"Live" at <Wembley>'],
    ['It&apos;s', "It's"],
    ['S&oacute;ng', 'Sóng'],
    ['Chill &#x1F3B5; mix', 'Chill 🎵 mix'],
    ['Chill &#X1f3b5; mix', 'Chill 🎵 mix'],
    ['Ti&#7871;ng Vi&#7879;t', 'Tiếng Việt'],
    ['Nh&#x1EA1;c &amp; Lời', 'Nhạc & Lời'],
    ['a&nbsp;b', 'a\u00a0b'],
    ['Wait&hellip; &mdash; what&rsquo;s &ldquo;this&rdquo;', 'Wait… — what’s “this”'],
  ])('decodes %j', (input, expected) => {
    expect(titleOf(input)).toBe(expected);
  });

  it('decodes only once', () => {
    expect(titleOf('&amp;lt;script&amp;gt;')).toBe('&lt;script&gt;');
    expect(titleOf('&amp;amp;')).toBe('&amp;');
  });

  it('leaves text that is not a complete reference alone', () => {
    for (const text of [
      'AT&T',
      'a & b',
      '&amp',
      '&copy 2024',
      '&#;',
      '&#x;',
      '&;',
      'Q&A;',
      '100% &',
      '&unknownname;',
    ]) {
      expect(titleOf(text)).toBe(text);
    }
  });

  it('does not read prototype properties as entity names', () => {
    expect(titleOf('&constructor; &toString; &hasOwnProperty;')).toBe('&constructor; &toString; &hasOwnProperty;');
  });

  it('replaces invalid code points with U+FFFD', () => {
    expect(titleOf('&#0;|&#xD800;|&#xDFFF;|&#x110000;|&#99999999;')).toBe('\ufffd|\ufffd|\ufffd|\ufffd|\ufffd');
  });

  it('keeps script tags as text (the route returns JSON only)', () => {
    expect(titleOf('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe('<script>alert(1)</script>');
  });
});
