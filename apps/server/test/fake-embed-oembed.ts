import type { ServerResponse } from 'node:http';
import type { EmbedSource } from '@xemchung/protocol';

/**
 * Local stand-ins for the oEmbed endpoints of Vimeo (`/vimeo/api/oembed.json`), Dailymotion
 * (`/dailymotion/services/oembed`) and SoundCloud (`/soundcloud/oembed`), with the JSON each documents (recorded
 * shapes, trimmed of nothing we read). Mounted by the fake YouTube server (fake-youtube.ts), so one process serves
 * every link lookup in the server and e2e tests. The page URL picks the scenario: a last path segment containing
 * 401, 403, 404 or 500 gets that status with the sites' plain-text body; `slow` in it answers after the fake's
 * `slowMs`; anything else is found.
 */
export const EMBED_OEMBED_PATHS: Readonly<Record<EmbedSource, string>> = {
  vimeo: '/vimeo/api/oembed.json',
  dailymotion: '/dailymotion/services/oembed',
  soundcloud: '/soundcloud/oembed',
};

/** The environment that points the app's lookups of `source` links at this fake, served from `base`. */
export function embedOembedEnv(base: string): Record<string, string> {
  return {
    VIMEO_OEMBED_URL: `${base}${EMBED_OEMBED_PATHS.vimeo}`,
    DAILYMOTION_OEMBED_URL: `${base}${EMBED_OEMBED_PATHS.dailymotion}`,
    SOUNDCLOUD_OEMBED_URL: `${base}${EMBED_OEMBED_PATHS.soundcloud}`,
  };
}

/** The title the fake gives a page (with a character JSON carries as is, never HTML-escaped). */
export const embedTitle = (source: EmbedSource, pageUrl: string) =>
  `${source} ${new URL(pageUrl).pathname.split('/').filter(Boolean).join(' ')} & co`;

/** The thumbnail the fake gives a page, on the site's real image host. */
export function embedThumbnail(source: EmbedSource, pageUrl: string): string {
  const last = new URL(pageUrl).pathname.split('/').filter(Boolean).at(-1) ?? 'none';
  switch (source) {
    case 'vimeo':
      return `https://i.vimeocdn.com/video/${last}-d_640.jpg`;
    case 'dailymotion':
      return `https://s1.dmcdn.net/v/${last}/x480`;
    case 'soundcloud':
      return `https://i1.sndcdn.com/artworks-${last}-t500x500.jpg`;
  }
}

function body(source: EmbedSource, pageUrl: string) {
  const title = embedTitle(source, pageUrl);
  const thumbnail_url = embedThumbnail(source, pageUrl);
  const last = new URL(pageUrl).pathname.split('/').filter(Boolean).at(-1);
  switch (source) {
    case 'vimeo':
      return {
        type: 'video',
        version: '1.0',
        provider_name: 'Vimeo',
        provider_url: 'https://vimeo.com/',
        title,
        author_name: 'Fixture Studio',
        author_url: 'https://vimeo.com/fixture',
        is_plus: '0',
        account_type: 'basic',
        html: `<iframe src="https://player.vimeo.com/video/${last}?app_id=122963" width="640" height="360" frameborder="0" allow="autoplay; fullscreen; picture-in-picture"></iframe>`,
        width: 640,
        height: 360,
        duration: 62,
        description: 'A fixture',
        thumbnail_url,
        thumbnail_width: 640,
        thumbnail_height: 360,
        upload_date: '2013-10-15 14:08:29',
        video_id: Number(last),
        uri: `/videos/${last}`,
      };
    case 'dailymotion':
      return {
        type: 'video',
        version: '1.0',
        provider_name: 'Dailymotion',
        provider_url: 'https://www.dailymotion.com',
        title,
        description: 'A fixture',
        author_name: 'Fixture Channel',
        author_url: 'https://www.dailymotion.com/fixture',
        width: 480,
        height: 269,
        html: `<iframe frameborder="0" width="480" height="269" src="https://geo.dailymotion.com/player.html?video=${last}" allowfullscreen allow="autoplay; fullscreen; picture-in-picture; web-share"></iframe>`,
        thumbnail_url,
        thumbnail_width: 480,
        thumbnail_height: 269,
      };
    case 'soundcloud':
      return {
        version: 1,
        type: 'rich',
        provider_name: 'SoundCloud',
        provider_url: 'https://soundcloud.com',
        height: 400,
        width: '100%',
        title,
        description: 'A fixture',
        thumbnail_url,
        html: `<iframe width="100%" height="400" scrolling="no" frameborder="no" src="https://w.soundcloud.com/player/?visual=true&url=https%3A%2F%2Fapi.soundcloud.com%2Ftracks%2F293&show_artwork=true"></iframe>`,
        author_name: 'Fixture Artist',
        author_url: 'https://soundcloud.com/fixture',
      };
  }
}

const STATUS_TEXT: Record<number, string> = { 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 500: 'Oops' };

/** Answers `url` if it is one of the three endpoints; false when it is not theirs. */
export function answerEmbedOembed(url: URL, res: ServerResponse, later: (fn: () => void) => void): boolean {
  const source = (Object.keys(EMBED_OEMBED_PATHS) as EmbedSource[]).find(
    (key) => EMBED_OEMBED_PATHS[key] === url.pathname,
  );
  if (!source) return false;
  const send = (status: number, payload: string, type: string) =>
    res.writeHead(status, { 'content-type': type }).end(payload);
  const pageUrl = url.searchParams.get('url');
  if (!pageUrl || url.searchParams.get('format') !== 'json') {
    send(400, 'Bad Request', 'text/plain');
    return true;
  }
  const last = new URL(pageUrl).pathname.split('/').filter(Boolean).at(-1) ?? '';
  const status = [401, 403, 404, 500].find((code) => last.includes(String(code)));
  if (status) send(status, STATUS_TEXT[status] ?? 'Error', 'text/plain');
  else if (last.includes('slow')) later(() => send(200, JSON.stringify(body(source, pageUrl)), 'application/json'));
  else send(200, JSON.stringify(body(source, pageUrl)), 'application/json');
  return true;
}
