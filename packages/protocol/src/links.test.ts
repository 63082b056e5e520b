import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { URL_MAX } from './limits.ts';
import { PLAYLIST_ID_PATTERN, parsePlaylistLink, parseVideoLink, YOUTUBE_ID_PATTERN } from './links.ts';
import { mediaVideoId } from './media-video-id.ts';
import { videoIdSchema } from './schemas/room.ts';

const ID = 'dQw4w9WgXcQ';
const ID_WITH_SYMBOLS = 'a-B_c9-Z_0x';

describe('parseVideoLink: YouTube', () => {
  it.each([
    `https://www.youtube.com/watch?v=${ID}`,
    `https://youtube.com/watch?v=${ID}`,
    `http://www.youtube.com/watch?v=${ID}`,
    `https://m.youtube.com/watch?v=${ID}`,
    `https://music.youtube.com/watch?v=${ID}&list=RDAMVM${ID}`,
    `https://www.youtube.com/watch?v=${ID}&t=42s`,
    `https://www.youtube.com/watch?v=${ID}&list=PL1234567890&index=3&pp=iAQB`,
    `https://www.youtube.com/watch?app=desktop&v=${ID}&feature=share`,
    `https://www.youtube.com/watch/?v=${ID}`,
    `https://www.youtube.com/watch?v=${ID}#t=1m30s`,
    `https://WWW.YOUTUBE.COM/watch?v=${ID}`,
    `https://youtu.be/${ID}`,
    `https://youtu.be/${ID}?si=AbCdEf123&t=10`,
    `https://youtu.be/${ID}/`,
    `https://www.youtube.com/shorts/${ID}`,
    `https://youtube.com/shorts/${ID}?feature=share`,
    `https://m.youtube.com/shorts/${ID}`,
    `https://www.youtube.com/embed/${ID}`,
    `https://www.youtube.com/embed/${ID}?start=30&autoplay=1`,
    `https://www.youtube-nocookie.com/embed/${ID}?rel=0`,
    `https://youtube-nocookie.com/embed/${ID}`,
    `https://www.youtube.com/live/${ID}?si=xyz`,
    `https://www.youtube.com/v/${ID}`,
    `  https://youtu.be/${ID}\n`,
    `youtu.be/${ID}`,
    `www.youtube.com/watch?v=${ID}`,
    `//www.youtube.com/watch?v=${ID}`,
  ])('reads %s', (link) => {
    expect(parseVideoLink(link)).toEqual({ kind: 'youtube', id: ID });
  });

  it('keeps - and _ in ids', () => {
    expect(parseVideoLink(`https://youtu.be/${ID_WITH_SYMBOLS}`)).toEqual({ kind: 'youtube', id: ID_WITH_SYMBOLS });
    expect(parseVideoLink(`https://www.youtube.com/watch?v=${ID_WITH_SYMBOLS}`)).toEqual({
      kind: 'youtube',
      id: ID_WITH_SYMBOLS,
    });
  });

  it.each([
    ['a 10-character id', 'https://www.youtube.com/watch?v=dQw4w9WgXc'],
    ['a 12-character id', 'https://www.youtube.com/watch?v=dQw4w9WgXcQQ'],
    ['an id with a dot', 'https://youtu.be/dQw4w9.gXc'],
    ['an id with a percent escape', 'https://youtu.be/dQw4w9%2FXc'],
    ['a watch page without v', 'https://www.youtube.com/watch?list=PL123'],
    ['an empty v', 'https://www.youtube.com/watch?v='],
    ['a channel', 'https://www.youtube.com/@RickAstleyYT'],
    ['a playlist', 'https://www.youtube.com/playlist?list=PLFgquLnL59alCl_2TQvOiD5Vgm1hCaGSI'],
    ['a playlist embed', 'https://www.youtube.com/embed/videoseries?list=PL123'],
    ['a channel live embed', 'https://www.youtube.com/embed/live_stream?channel=UC123'],
    ['the home page', 'https://www.youtube.com/'],
    ['an extra path segment', `https://www.youtube.com/shorts/${ID}/extra`],
    ['youtu.be with a path', `https://youtu.be/watch/${ID}`],
    ['nocookie without embed', `https://www.youtube-nocookie.com/watch?v=${ID}`],
    ['a look-alike host', `https://www.youtube.com.evil.example/watch?v=${ID}`],
    ['a sub-domain we do not know', `https://gaming.youtube.com/watch?v=${ID}`],
    ['a host suffix trick', `https://notyoutube.com/watch?v=${ID}`],
    ['a non-default port', `https://www.youtube.com:8443/watch?v=${ID}`],
    ['credentials', `https://user:pass@www.youtube.com/watch?v=${ID}`],
    ['a user name only', `https://user@youtu.be/${ID}`],
    ['another scheme', `ftp://www.youtube.com/watch?v=${ID}`],
    ['a media extension on a YouTube host', 'https://www.youtube.com/video.mp4'],
  ])('rejects %s', (_label, link) => {
    expect(parseVideoLink(link)).toBeNull();
  });
});

describe('parseVideoLink: direct media', () => {
  it.each([
    ['https://cdn.example.com/videos/clip.mp4', 'clip', 'mp4'],
    ['https://cdn.example.com/a/b/Song%20Name.mp3', 'Song Name', 'mp3'],
    ['http://example.org/movie.webm?token=abc', 'movie', 'webm'],
    ['https://example.org/audio.ogg', 'audio', 'ogg'],
    ['https://example.org/audio.oga', 'audio', 'ogg'],
    ['https://example.org/video.ogv', 'video', 'ogg'],
    ['https://example.org/podcast.m4a', 'podcast', 'mp4'],
    ['https://live.example.org/stream/master.m3u8', 'master', 'hls'],
    ['https://example.org/UPPER.MP4', 'UPPER', 'mp4'],
    ['https://example.org/Phim%20hay%20%F0%9F%8E%AC.mp4', 'Phim hay 🎬', 'mp4'],
    ['https://example.org/dots.in.name.mp4', 'dots.in.name', 'mp4'],
    ['https://example.org/Phim%00%0Ahay%1B.mp4', 'Phim hay', 'mp4'],
    ['https://example.org/%00.mp4', 'example.org', 'mp4'],
    ['https://example.org/bad%E0%A4escape.mp4', 'bad%E0%A4escape', 'mp4'],
    ['https://example.org/.mp4', 'example.org', 'mp4'],
    ['http://127.0.0.1:5173/media/sample.mp4', 'sample', 'mp4'],
    ['http://[::1]:8080/a.webm', 'a', 'webm'],
    ['http://192.168.1.10/share/film.mp4', 'film', 'mp4'],
  ])('reads %s', (link, title, format) => {
    const parsed = parseVideoLink(link);
    expect(parsed).toMatchObject({ kind: 'media', title, format });
  });

  it('normalises the URL and drops the fragment', () => {
    expect(parseVideoLink('HTTPS://Example.ORG/a b/clip.mp4?x=1#t=30')).toEqual({
      kind: 'media',
      url: 'https://example.org/a%20b/clip.mp4?x=1',
      title: 'clip',
      format: 'mp4',
    });
  });

  it('bounds the title to TITLE_MAX characters without splitting an emoji', () => {
    const long = parseVideoLink(`https://example.org/${'x'.repeat(500)}.mp4`);
    expect(long?.kind === 'media' && long.title.length).toBe(200);
    const emoji = parseVideoLink(`https://example.org/x${encodeURIComponent('🎬'.repeat(150))}.mp4`);
    expect(emoji?.kind === 'media' && emoji.title).toBe(`x${'🎬'.repeat(99)}`);
  });

  it.each([
    ['an unknown extension', 'https://example.org/file.avi'],
    ['a page', 'https://example.org/watch?v=clip.mp4'],
    ['an extension only in the query', 'https://example.org/play?file=clip.mp4'],
    ['an extension only in the fragment', 'https://example.org/page#clip.mp4'],
    ['a directory', 'https://example.org/clip.mp4/'],
    ['javascript:', 'javascript:alert(1)//.mp4'],
    ['JavaScript: with mixed case', 'JaVaScRiPt:alert(document.cookie)'],
    ['javascript: split by a newline', 'java\nscript:alert(1)//a.mp4'],
    ['data:', 'data:video/mp4;base64,AAAA.mp4'],
    ['blob:', 'blob:https://example.org/1234.mp4'],
    ['file:', 'file:///etc/passwd.mp4'],
    ['ftp:', 'ftp://example.org/clip.mp4'],
    ['credentials', 'https://admin:secret@example.org/clip.mp4'],
    ['an empty string', ''],
    ['blank input', '   '],
    ['plain words', 'never gonna give you up'],
    ['over-long input', `https://example.org/${'a'.repeat(URL_MAX)}.mp4`],
  ])('rejects %s', (_label, link) => {
    expect(parseVideoLink(link)).toBeNull();
  });

  it('rejects non-string input', () => {
    for (const value of [undefined, null, 42, {}, ['https://youtu.be/dQw4w9WgXcQ']]) {
      expect(parseVideoLink(value)).toBeNull();
    }
  });

  it('never returns anything but a YouTube id or an http(s) media URL, whatever the input', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl({ withQueryParameters: true, withFragments: true })), (input) => {
        const parsed = parseVideoLink(input);
        if (parsed === null) return;
        if (parsed.kind === 'youtube') expect(parsed.id).toMatch(YOUTUBE_ID_PATTERN);
        else expect(new URL(parsed.url).protocol).toMatch(/^https?:$/);
      }),
      { numRuns: 2000 },
    );
    // 2,000 inputs take about a second alone, and more than the default 5 s beside the suite's other files.
  }, 30_000);
});

describe('mediaVideoId', () => {
  it('is m_ plus 22 base64url characters and fits videoIdSchema', () => {
    const id = mediaVideoId('https://cdn.example.com/videos/clip.mp4');
    expect(id).toMatch(/^m_[A-Za-z0-9_-]{22}$/);
    expect(videoIdSchema.safeParse(id).success).toBe(true);
  });

  // Ids are stored in playlists: a change of hashing or encoding would orphan every stored media item. The
  // expected ids are the first 16 bytes of SHA-256(url) in unpadded base64url, computed with node:crypto; the
  // inputs cross the one-block padding limit (55/56 bytes), span many blocks, and include non-ASCII (UTF-8).
  it.each([
    ['https://example.org/a.mp4', 'm_qLikK4727RwAIFJy2e5Btw'],
    ['https://cdn.example.com/videos/clip.mp4', 'm_j7VvS85HCXN7cBEp1OJ0YQ'],
    ['http://192.168.1.20:8080/phim/t%E1%BA%ADp-1.m3u8?token=abc', 'm_kyHTp_HHLk0gH70BDru69Q'],
    ['https://media.example.vn/Xem chung 🎬 nhé.mp4', 'm_P1YafjF4BGV0v0WyKtpAOw'],
    [`https://example.org/${'x'.repeat(31)}.mp4`, 'm_y9qN21rlmtrN_PQQ4XVb4Q'],
    [`https://example.org/${'x'.repeat(32)}.mp4`, 'm_78UhuaMxfrhGpwpfRiJFbQ'],
    [`https://example.org/${'v'.repeat(2000)}.webm`, 'm_m_wjGYCQcAQYoyf96JpKWQ'],
  ])('keeps the stored id of link %#', (url, id) => {
    expect(mediaVideoId(url)).toBe(id);
  });

  it('differs between links', () => {
    expect(mediaVideoId('https://example.org/a.mp4')).not.toBe(mediaVideoId('https://example.org/b.mp4'));
  });

  it('gives the same id to spellings of the same link once parsed', () => {
    const a = parseVideoLink('https://EXAMPLE.org/clip.mp4#t=5');
    const b = parseVideoLink('https://example.org/clip.mp4');
    expect(a?.kind === 'media' && b?.kind === 'media' && mediaVideoId(a.url) === mediaVideoId(b.url)).toBe(true);
  });
});

describe('parsePlaylistLink (R70)', () => {
  const LIST = 'PLFgquLnL59alCl_2TQvOiD5Vgm1hCaGSI';
  const ALBUM = 'OLAK5uy_kzF1U9gqOXmy4Kq7OqNaZs2W2R-XEdhC0';

  it.each([
    `https://www.youtube.com/playlist?list=${LIST}`,
    `https://youtube.com/playlist?list=${LIST}&si=abc`,
    `https://m.youtube.com/playlist?list=${LIST}`,
    `www.youtube.com/playlist?list=${LIST}`,
    `https://www.youtube.com/watch?v=${ID}&list=${LIST}&index=3`,
    `https://www.youtube.com/watch?list=${LIST}&v=${ID}`,
    `https://youtu.be/${ID}?list=${LIST}`,
    `https://www.youtube.com/embed/videoseries?list=${LIST}`,
    `https://www.youtube.com/embed/${ID}?list=${LIST}`,
    `  https://www.youtube.com/playlist?list=${LIST}\n`,
  ])('reads %s as the playlist', (link) => {
    expect(parsePlaylistLink(link)).toEqual({ listId: LIST });
  });

  it('reads YouTube Music albums and playlists', () => {
    expect(parsePlaylistLink(`https://music.youtube.com/playlist?list=${ALBUM}`)).toEqual({ listId: ALBUM });
    expect(parsePlaylistLink(`https://music.youtube.com/watch?v=${ID}&list=${ALBUM}`)).toEqual({ listId: ALBUM });
  });

  it('takes a video clicked in a Mix for the video, not the endless Mix', () => {
    const mix = `https://www.youtube.com/watch?v=${ID}&list=RD${ID}&start_radio=1`;
    expect(parsePlaylistLink(mix)).toBeNull();
    expect(parseVideoLink(mix)).toEqual({ kind: 'youtube', id: ID });
    expect(parsePlaylistLink(`https://music.youtube.com/watch?v=${ID}&list=RDAMVM${ID}`)).toBeNull();
  });

  it('reads a Mix page of its own, and the private lists, as lists (the server answers for them)', () => {
    expect(parsePlaylistLink(`https://www.youtube.com/playlist?list=RD${ID}`)).toEqual({ listId: `RD${ID}` });
    expect(parsePlaylistLink('https://www.youtube.com/playlist?list=WL')).toEqual({ listId: 'WL' });
  });

  it.each([
    ['a plain video', `https://www.youtube.com/watch?v=${ID}`],
    ['a watch page with a list but a bad video id', `https://www.youtube.com/watch?v=short&list=${LIST}`],
    ['an empty list', 'https://www.youtube.com/playlist?list='],
    ['a one-character list', 'https://www.youtube.com/playlist?list=P'],
    ['a list id with a dot', 'https://www.youtube.com/playlist?list=PL.123'],
    ['a list id over 64 characters', `https://www.youtube.com/playlist?list=PL${'x'.repeat(63)}`],
    ['a channel with a list', `https://www.youtube.com/@someone?list=${LIST}`],
    ['another host', `https://example.com/playlist?list=${LIST}`],
    ['a nocookie host', `https://www.youtube-nocookie.com/embed/videoseries?list=${LIST}`],
    ['a port', `https://www.youtube.com:8443/playlist?list=${LIST}`],
    ['credentials', `https://user:pw@www.youtube.com/playlist?list=${LIST}`],
    ['another scheme', `javascript://www.youtube.com/playlist?list=${LIST}`],
    ['a keyword', 'lạc trôi playlist'],
    ['not a string', 42],
  ])('refuses %s', (_label, link) => {
    expect(parsePlaylistLink(link)).toBeNull();
  });

  it('accepts exactly the ids of PLAYLIST_ID_PATTERN', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 70 }), (listId) => {
        const link = parsePlaylistLink(`https://www.youtube.com/playlist?list=${encodeURIComponent(listId)}`);
        expect(link !== null).toBe(PLAYLIST_ID_PATTERN.test(listId));
      }),
    );
  });
});
