import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseVideoLink } from './links.ts';
import { mediaVideoId } from './media-video-id.ts';
import { addVideoInputSchema } from './schemas/commands.ts';

describe('R75 parseVideoLink: Vimeo', () => {
  it.each([
    'https://vimeo.com/76979871',
    'vimeo.com/76979871',
    'http://www.vimeo.com/76979871/',
    'https://vimeo.com/76979871?share=copy#t=30s',
    'https://player.vimeo.com/video/76979871',
    'https://player.vimeo.com/video/76979871?autoplay=1&loop=1',
    'https://vimeo.com/channels/staffpicks/76979871',
    'https://vimeo.com/groups/shortfilms/videos/76979871',
    'https://vimeo.com/album/2222/video/76979871',
    'https://vimeo.com/showcase/7799/video/76979871',
    'https://vimeo.com/manage/videos/76979871',
  ])('reads %s as vimeo.com/76979871', (input) => {
    expect(parseVideoLink(input)).toEqual({ kind: 'vimeo', url: 'https://vimeo.com/76979871' });
  });

  it.each([
    'https://vimeo.com/76979871/0a1b2c3d4e',
    'https://player.vimeo.com/video/76979871?h=0a1b2c3d4e',
    'https://vimeo.com/76979871?h=0a1b2c3d4e',
  ])('keeps the privacy hash of an unlisted video: %s', (input) => {
    expect(parseVideoLink(input)).toEqual({ kind: 'vimeo', url: 'https://vimeo.com/76979871/0a1b2c3d4e' });
  });

  it.each([
    'https://vimeo.com/',
    'https://vimeo.com/staffpicks',
    'https://vimeo.com/channels/staffpicks',
    'https://vimeo.com/76979871/not-a-hash',
    'https://player.vimeo.com/video/abc',
    'https://player.vimeo.com/76979871',
    'https://vimeo.com:8443/76979871',
    'https://user:pw@vimeo.com/76979871',
    'https://vimeo.com.evil.example/76979871',
    'ftp://vimeo.com/76979871',
  ])('refuses %s', (input) => {
    expect(parseVideoLink(input)).toBeNull();
  });
});

describe('R75 parseVideoLink: Dailymotion', () => {
  it.each([
    'https://www.dailymotion.com/video/x8abc12',
    'dailymotion.com/video/x8abc12',
    'https://www.dailymotion.com/video/x8abc12_a-title-slug',
    'https://www.dailymotion.com/video/x8abc12?playlist=x6hynp',
    'https://www.dailymotion.com/embed/video/x8abc12',
    'https://dai.ly/x8abc12',
    'https://m.dailymotion.com/video/x8abc12',
    'https://geo.dailymotion.com/player.html?video=x8abc12',
    'https://geo.dailymotion.com/player/xjrxe.html?video=x8abc12&mute=true',
  ])('reads %s as dailymotion.com/video/x8abc12', (input) => {
    expect(parseVideoLink(input)).toEqual({ kind: 'dailymotion', url: 'https://www.dailymotion.com/video/x8abc12' });
  });

  it.each([
    'https://www.dailymotion.com/',
    'https://www.dailymotion.com/someuser',
    'https://www.dailymotion.com/video/',
    'https://www.dailymotion.com/video/12345',
    'https://www.dailymotion.com/playlist/x6hynp',
    'https://dai.ly/',
    'https://dai.ly/x8abc12/extra',
    'https://geo.dailymotion.com/player.html',
    'https://geo.dailymotion.com/libs/player/xjrxe.js?video=x8abc12',
  ])('refuses %s', (input) => {
    expect(parseVideoLink(input)).toBeNull();
  });
});

describe('R75 parseVideoLink: SoundCloud', () => {
  it.each([
    'https://soundcloud.com/forss/flickermood',
    'soundcloud.com/forss/flickermood',
    'https://www.soundcloud.com/forss/flickermood/',
    'https://m.soundcloud.com/forss/flickermood',
    'https://soundcloud.com/Forss/FlickerMood',
    'https://soundcloud.com/forss/flickermood?si=abc123&utm_source=clipboard',
    'https://soundcloud.com/forss/flickermood#t=0:30',
    'https://w.soundcloud.com/player/?url=https%3A%2F%2Fsoundcloud.com%2Fforss%2Fflickermood&auto_play=false',
  ])('reads %s as soundcloud.com/forss/flickermood', (input) => {
    expect(parseVideoLink(input)).toEqual({ kind: 'soundcloud', url: 'https://soundcloud.com/forss/flickermood' });
  });

  it('keeps the secret token of a private share link, as written', () => {
    expect(parseVideoLink('https://soundcloud.com/forss/flickermood/s-AbC12dEf')).toEqual({
      kind: 'soundcloud',
      url: 'https://soundcloud.com/forss/flickermood/s-AbC12dEf',
    });
  });

  it.each([
    'https://soundcloud.com/forss',
    'https://soundcloud.com/forss/sets/soulhack',
    'https://soundcloud.com/forss/likes',
    'https://soundcloud.com/discover/sets',
    'https://soundcloud.com/forss/flickermood/comments',
    'https://on.soundcloud.com/AbCdEf',
    'https://w.soundcloud.com/player/?url=https%3A%2F%2Fevil.example%2Fa%2Fb',
    'https://w.soundcloud.com/player/?url=https%3A%2F%2Fw.soundcloud.com%2Fplayer%2F%3Furl%3Dx',
    'https://w.soundcloud.com/player/',
    'https://soundcloud.com/for ss/flicker',
  ])('refuses %s', (input) => {
    expect(parseVideoLink(input)).toBeNull();
  });
});

describe('R75 playlist ids and the add command for the new sources', () => {
  it('gives one id to every spelling of a video and different ids to different sites', () => {
    const vimeo = parseVideoLink('https://player.vimeo.com/video/76979871');
    const again = parseVideoLink('vimeo.com/channels/staffpicks/76979871');
    if (vimeo?.kind !== 'vimeo' || again?.kind !== 'vimeo') throw new Error('not vimeo');
    expect(mediaVideoId(vimeo.url)).toBe(mediaVideoId(again.url));
    expect(mediaVideoId(vimeo.url)).not.toBe(mediaVideoId('https://www.dailymotion.com/video/x8abc12'));
  });

  const input = (source: string, mediaUrl: string, id = mediaVideoId(mediaUrl)) => ({
    id,
    title: 't',
    thumbnail: '',
    source,
    mediaUrl,
  });

  it('accepts an item whose URL is a link of its own source, passing the URL on canonical', () => {
    const parsed = addVideoInputSchema.safeParse(input('vimeo', 'https://vimeo.com/76979871'));
    expect(parsed.success && parsed.data.mediaUrl).toBe('https://vimeo.com/76979871');
    const sc = 'https://soundcloud.com/forss/flickermood';
    expect(addVideoInputSchema.safeParse(input('soundcloud', sc)).success).toBe(true);
  });

  it('refuses a URL of another source, a made-up id, and a missing URL', () => {
    const vimeo = 'https://vimeo.com/76979871';
    expect(addVideoInputSchema.safeParse(input('dailymotion', vimeo)).success).toBe(false);
    expect(addVideoInputSchema.safeParse(input('media', vimeo)).success).toBe(false);
    expect(addVideoInputSchema.safeParse(input('vimeo', vimeo, 'm_made_up_id_0000000000')).success).toBe(false);
    expect(addVideoInputSchema.safeParse({ ...input('soundcloud', vimeo), mediaUrl: null }).success).toBe(false);
  });

  it('only ever gives canonical https URLs on the site itself, whatever the input on its hosts', () => {
    const hosts = ['vimeo.com', 'player.vimeo.com', 'dailymotion.com', 'dai.ly', 'soundcloud.com', 'w.soundcloud.com'];
    const path = fc.array(fc.oneof(fc.webSegment(), fc.constantFrom('video', 'x8abc12', '76979871', 'sets')), {
      maxLength: 4,
    });
    fc.assert(
      fc.property(fc.constantFrom(...hosts), path, fc.webQueryParameters(), (host, segments, query) => {
        const parsed = parseVideoLink(`https://${host}/${segments.join('/')}?${query}`);
        if (parsed === null || parsed.kind === 'youtube' || parsed.kind === 'media') return;
        const url = new URL(parsed.url);
        expect(url.protocol).toBe('https:');
        expect(['vimeo.com', 'www.dailymotion.com', 'soundcloud.com']).toContain(url.hostname);
        expect(url.search + url.hash).toBe('');
        expect(parseVideoLink(parsed.url)).toEqual(parsed);
      }),
      { numRuns: 1000 },
    );
  });
});
