import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalHttpUrl } from './canonical-url.ts';
import { URL_MAX } from './limits.ts';
import { parseVideoLink } from './links.ts';
import { mediaVideoId } from './media-video-id.ts';

const CANONICAL = 'http://cdn.example.com/phim/tap-1.mp4';

describe('canonicalHttpUrl (R40)', () => {
  it.each([
    ['an upper-case scheme and host', 'HTTP://CDN.Example.COM/phim/tap-1.mp4'],
    ['a /./ segment', 'http://cdn.example.com/./phim/./tap-1.mp4'],
    ['a /../ segment', 'http://cdn.example.com/phim/x/../tap-1.mp4'],
    ['a %2e segment', 'http://cdn.example.com/phim/%2e/tap-1.mp4'],
    ['a #t=1 fragment', 'http://cdn.example.com/phim/tap-1.mp4#t=1'],
    ['a bare #', 'http://cdn.example.com/phim/tap-1.mp4#'],
    ['a trailing ?', 'http://cdn.example.com/phim/tap-1.mp4?'],
    ['a trailing ?#', 'http://cdn.example.com/phim/tap-1.mp4?#x'],
    ['the explicit default port', 'http://cdn.example.com:80/phim/tap-1.mp4'],
    ['backslashes', 'http:\\\\cdn.example.com\\phim\\tap-1.mp4'],
    ['all of them at once', ' HTTP://Cdn.Example.com:80/./phim/a/../tap-1.mp4?#t=1 '],
  ])('maps %s to one spelling', (_label, spelling) => {
    expect(canonicalHttpUrl(spelling)).toBe(CANONICAL);
  });

  it('keeps what the serving host may tell apart: path case, percent-escapes, the query, another port', () => {
    for (const distinct of [
      'http://cdn.example.com/Phim/tap-1.mp4',
      'http://cdn.example.com/phim/tap%2D1.mp4',
      'http://cdn.example.com/phim/tap-1.mp4?v=2',
      'http://cdn.example.com:8080/phim/tap-1.mp4',
      'https://cdn.example.com/phim/tap-1.mp4',
    ]) {
      expect(canonicalHttpUrl(distinct)).toBe(distinct);
    }
  });

  it('puts international hosts in punycode and percent-encodes the path', () => {
    expect(canonicalHttpUrl('https://phim.việt.vn/Tập 1.mp4')).toBe('https://phim.xn--vit-5kz.vn/T%E1%BA%ADp%201.mp4');
  });

  it('encodes raw <, > and " in the path and query, and refuses a " left in the host', () => {
    expect(canonicalHttpUrl('https://h.example/a<b>"c.mp4?q=<">')).toBe(
      'https://h.example/a%3Cb%3E%22c.mp4?q=%3C%22%3E',
    );
    expect(canonicalHttpUrl('https://a"b.example/x.mp4')).toBeNull();
    expect(canonicalHttpUrl('https://a<b.example/x.mp4')).toBeNull();
  });

  it('refuses what is not an http(s) URL, and a canonical form over URL_MAX', () => {
    for (const bad of ['javascript:alert(1)//x.mp4', 'ftp://h.example/x.mp4', 'data:video/mp4,AAAA', '/x.mp4', '']) {
      expect(canonicalHttpUrl(bad)).toBeNull();
    }
    // Under URL_MAX as typed, over it once each é becomes %C3%A9.
    const typed = `https://h.example/${'é'.repeat(URL_MAX / 2)}.mp4`;
    expect(typed.length).toBeLessThanOrEqual(URL_MAX);
    expect(canonicalHttpUrl(typed)).toBeNull();
  });
});

// Every spelling variant of one link, as a user or a hostile client might type it.
const label = fc.stringMatching(/^[a-z][a-z0-9]{0,9}$/);
const link = fc.record({
  scheme: fc.constantFrom('http', 'https'),
  host: fc.tuple(fc.array(label, { minLength: 1, maxLength: 3 }), fc.stringMatching(/^[a-z]{2,6}$/)),
  dirs: fc.array(fc.stringMatching(/^[A-Za-z0-9_~-]{1,10}$/), { maxLength: 3 }),
  file: fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/),
  ext: fc.constantFrom('mp4', 'webm', 'mp3', 'ogg', 'm3u8', 'm4a'),
  query: fc.option(fc.stringMatching(/^[a-z0-9]{1,8}=[A-Za-z0-9]{0,8}$/), { nil: undefined }),
});
type Link = typeof link extends fc.Arbitrary<infer T> ? T : never;

const canonicalOf = (l: Link) =>
  `${l.scheme}://${[...l.host[0], l.host[1]].join('.')}/${[...l.dirs, `${l.file}.${l.ext}`].join('/')}` +
  (l.query === undefined ? '' : `?${l.query}`);

const spelling = fc.record({
  upperScheme: fc.boolean(),
  hostCase: fc.array(fc.boolean(), { minLength: 64, maxLength: 64 }),
  defaultPort: fc.boolean(),
  dotSegment: fc.constantFrom('', '/.', '/%2e', '/%2E', '/zz/..', '/zz/%2e%2e'),
  dotAt: fc.nat(),
  backslashes: fc.boolean(),
  emptyQuery: fc.boolean(),
  fragment: fc.option(fc.string(), { nil: undefined }),
  schemeless: fc.boolean(),
  padding: fc.constantFrom('', ' ', '\n', '\t '),
});
type Spelling = typeof spelling extends fc.Arbitrary<infer T> ? T : never;

function spell(l: Link, s: Spelling): string {
  const scheme = s.upperScheme ? l.scheme.toUpperCase() : l.scheme;
  const hostName = [...l.host[0], l.host[1]].join('.');
  const host = [...hostName].map((c, i) => (s.hostCase[i % 64] ? c.toUpperCase() : c)).join('');
  const port = s.defaultPort ? (l.scheme === 'http' ? ':80' : ':443') : '';
  const parts = [...l.dirs, `${l.file}.${l.ext}`];
  const at = s.dotAt % parts.length;
  const path = parts.map((part, i) => `${i === at ? s.dotSegment : ''}/${part}`).join('');
  const slashed = s.backslashes ? path.replaceAll('/', '\\') : path;
  const query = l.query === undefined ? (s.emptyQuery ? '?' : '') : `?${l.query}`;
  const fragment = s.fragment === undefined ? '' : `#${s.fragment}`;
  // parseVideoLink reads a link without a scheme as https (but `host:443/…` would read as a scheme `host:`).
  const prefix = s.schemeless && l.scheme === 'https' && !s.backslashes && !port ? '' : `${scheme}://`;
  return `${s.padding}${prefix}${host}${port}${slashed}${query}${fragment}${s.padding}`;
}

describe('parseVideoLink and mediaVideoId over spellings of one media link (R40)', () => {
  it('canonicalHttpUrl is idempotent and leaves no fragment, bare ? or raw markup character', () => {
    const markup = fc.stringMatching(/^[<>" a-z%?#]{0,8}$/);
    fc.assert(
      fc.property(link, spelling, markup, (l, s, noise) => {
        const canonical = canonicalHttpUrl(spell(l, s).trim().replace(`.${l.ext}`, `${noise}.${l.ext}`));
        if (canonical === null) return;
        expect(canonicalHttpUrl(canonical)).toBe(canonical);
        expect(canonical).not.toMatch(/[#<>"]/);
        // A query of its own may end in '?' ('??' is the query '?'); a bare one is dropped.
        if (canonical.endsWith('?')) expect(new URL(canonical).search).not.toBe('');
      }),
    );
  });

  it('give every spelling the same canonical URL and the same playlist id', () => {
    fc.assert(
      fc.property(link, spelling, (l, s) => {
        const canonical = canonicalOf(l);
        const parsed = parseVideoLink(spell(l, s));
        expect(parsed).toMatchObject({ kind: 'media', url: canonical });
        if (parsed?.kind !== 'media') return;
        expect(mediaVideoId(parsed.url)).toBe(mediaVideoId(canonical));
      }),
      { numRuns: 500 },
    );
  });
});
