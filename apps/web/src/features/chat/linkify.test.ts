import { describe, expect, it } from 'vitest';
import { splitLinks } from './linkify.ts';

describe('links in chat messages (R54)', () => {
  it('makes http(s) links written out clickable and leaves the rest as text', () => {
    expect(splitLinks('Xem https://example.com/phim?tap=1 nhé')).toEqual([
      { kind: 'text', text: 'Xem ' },
      { kind: 'link', text: 'https://example.com/phim?tap=1', href: 'https://example.com/phim?tap=1' },
      { kind: 'text', text: ' nhé' },
    ]);
    expect(splitLinks('không có link: xemchung.vn, phim.mp4')).toEqual([
      { kind: 'text', text: 'không có link: xemchung.vn, phim.mp4' },
    ]);
  });

  it('leaves the punctuation that ends a sentence out of the link', () => {
    expect(splitLinks('Đây: http://a.vn/x. Hay!')).toEqual([
      { kind: 'text', text: 'Đây: ' },
      { kind: 'link', text: 'http://a.vn/x', href: 'http://a.vn/x' },
      { kind: 'text', text: '. Hay!' },
    ]);
    expect(splitLinks('(xem https://vi.wikipedia.org/wiki/Phim_(định_dạng))')).toEqual([
      { kind: 'text', text: '(xem ' },
      {
        kind: 'link',
        text: 'https://vi.wikipedia.org/wiki/Phim_(định_dạng)',
        href: 'https://vi.wikipedia.org/wiki/Phim_(%C4%91%E1%BB%8Bnh_d%E1%BA%A1ng)',
      },
      { kind: 'text', text: ')' },
    ]);
  });

  it('never makes a link of another scheme or of markup', () => {
    for (const text of ['javascript:alert(1)', 'data:text/html,<b>x</b>', '<a href="https://x.vn">x</a>']) {
      const links = splitLinks(text).filter((part) => part.kind === 'link');
      for (const link of links) expect(link.kind === 'link' && new URL(link.href).protocol).toMatch(/^https?:$/);
      expect(links.every((link) => !link.text.includes('"') && !link.text.includes('<'))).toBe(true);
    }
    expect(splitLinks('http:// trống')).toEqual([{ kind: 'text', text: 'http:// trống' }]);
  });
});
