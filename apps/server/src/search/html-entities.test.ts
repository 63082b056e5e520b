import { describe, expect, it } from 'vitest';
import { decodeHtmlEntities } from './html-entities.ts';

describe('decodeHtmlEntities', () => {
  it.each([
    ['Tom &amp; Jerry', 'Tom & Jerry'],
    ['Don&#39;t Stop', "Don't Stop"],
    ['&quot;Live&quot; at &lt;Wembley&gt;', '"Live" at <Wembley>'],
    ['It&apos;s', "It's"],
    ['S&oacute;ng', 'S&oacute;ng'],
    ['Chill &#x1F3B5; mix', 'Chill 🎵 mix'],
    ['Chill &#X1f3b5; mix', 'Chill 🎵 mix'],
    ['Ti&#7871;ng Vi&#7879;t', 'Tiếng Việt'],
    ['Nh&#x1EA1;c &amp; Lời', 'Nhạc & Lời'],
    ['a&nbsp;b', 'a\u00a0b'],
    ['Wait&hellip; &mdash; what&rsquo;s &ldquo;this&rdquo;', 'Wait… — what’s “this”'],
  ])('decodes %j', (input, expected) => {
    expect(decodeHtmlEntities(input)).toBe(expected);
  });

  it('decodes only once', () => {
    expect(decodeHtmlEntities('&amp;lt;script&amp;gt;')).toBe('&lt;script&gt;');
    expect(decodeHtmlEntities('&amp;amp;')).toBe('&amp;');
  });

  it('leaves text that is not a complete reference alone', () => {
    for (const text of ['AT&T', 'a & b', '&amp', '&#;', '&#x;', '&;', 'Q&A;', '100% &', '&unknownname;']) {
      expect(decodeHtmlEntities(text)).toBe(text);
    }
  });

  it('does not read prototype properties as entity names', () => {
    expect(decodeHtmlEntities('&constructor; &toString; &hasOwnProperty;')).toBe(
      '&constructor; &toString; &hasOwnProperty;',
    );
  });

  it('replaces invalid code points with U+FFFD', () => {
    expect(decodeHtmlEntities('&#0;|&#xD800;|&#xDFFF;|&#x110000;|&#99999999;')).toBe(
      '\ufffd|\ufffd|\ufffd|\ufffd|\ufffd',
    );
  });

  it('keeps script tags as text (the route returns JSON only)', () => {
    expect(decodeHtmlEntities('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe('<script>alert(1)</script>');
  });
});
