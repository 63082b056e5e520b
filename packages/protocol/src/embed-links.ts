/**
 * Links to the embedded players other than YouTube (R75): Vimeo, Dailymotion and SoundCloud. Each parser takes a
 * parsed http(s) URL on one of its site's hosts and gives the canonical page URL, one spelling per video, or null.
 * The canonical URL is what the player SDK loads, what oEmbed is asked about, and what the playlist id is hashed
 * from (mediaVideoId), so two spellings of one video are one playlist item (R21).
 */

/** The embedded sources beside YouTube, in the order they were added. */
export const EMBED_SOURCES = ['vimeo', 'dailymotion', 'soundcloud'] as const;
export type EmbedSource = (typeof EMBED_SOURCES)[number];

export const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);
export const DAILYMOTION_HOSTS = new Set([
  'dailymotion.com',
  'www.dailymotion.com',
  'dai.ly',
  'geo.dailymotion.com',
  'm.dailymotion.com',
]);
export const SOUNDCLOUD_HOSTS = new Set([
  'soundcloud.com',
  'www.soundcloud.com',
  'm.soundcloud.com',
  'w.soundcloud.com',
]);

/** The site a host belongs to, or null. */
export function embedSourceOf(host: string): EmbedSource | null {
  if (VIMEO_HOSTS.has(host)) return 'vimeo';
  if (DAILYMOTION_HOSTS.has(host)) return 'dailymotion';
  if (SOUNDCLOUD_HOSTS.has(host)) return 'soundcloud';
  return null;
}

/** The non-empty path segments, ignoring one trailing slash. */
export const pathSegments = (url: URL) => url.pathname.split('/').filter((segment) => segment !== '');

/** A Vimeo video id: digits (today 6 to 10 of them). */
const VIMEO_ID = /^\d{1,12}$/;
/** The privacy hash of an unlisted Vimeo video (`vimeo.com/<id>/<hash>`, `?h=<hash>`). */
const VIMEO_HASH = /^[0-9a-f]{6,20}$/;

/**
 * vimeo.com/<id>, vimeo.com/<id>/<hash>, player.vimeo.com/video/<id>(?h=<hash>), and the pages that show a video
 * inside a collection: /channels/<name>/<id>, /groups/<name>/videos/<id>, /album|showcase/<n>/video/<id>,
 * /manage/videos/<id>. Canonical: https://vimeo.com/<id> plus /<hash> for an unlisted video (the player needs it).
 */
export function vimeoCanonical(url: URL): string | null {
  const p = pathSegments(url);
  let id: string | undefined;
  let hash: string | null = url.searchParams.get('h');
  if (url.hostname === 'player.vimeo.com') {
    if (p.length === 2 && p[0] === 'video') id = p[1];
  } else if (p.length === 1 || (p.length === 2 && VIMEO_ID.test(p[0] ?? ''))) {
    id = p[0];
    hash = p[1] ?? hash;
  } else if (p.length === 3 && p[0] === 'channels') id = p[2];
  else if (p.length === 4 && p[0] === 'groups' && p[2] === 'videos') id = p[3];
  else if (p.length === 4 && (p[0] === 'album' || p[0] === 'showcase') && p[2] === 'video') id = p[3];
  else if (p.length === 3 && p[0] === 'manage' && p[1] === 'videos') id = p[2];
  if (!id || !VIMEO_ID.test(id)) return null;
  if (hash !== null && !VIMEO_HASH.test(hash)) return null;
  return `https://vimeo.com/${id}${hash ? `/${hash}` : ''}`;
}

/** A Dailymotion video id: `x` then letters and digits (private videos: `k`…); an old page adds `_<slug>`. */
const DAILYMOTION_ID = /^[xk][0-9a-zA-Z]{2,15}$/;

/**
 * dailymotion.com/video/<id>(_slug), dailymotion.com/embed/video/<id>, dai.ly/<id>, and the Player embed's
 * geo.dailymotion.com/player(/<player id>).html?video=<id>. Canonical: https://www.dailymotion.com/video/<id>.
 */
export function dailymotionCanonical(url: URL): string | null {
  const p = pathSegments(url);
  let candidate: string | undefined | null;
  if (url.hostname === 'dai.ly') candidate = p.length === 1 ? p[0] : null;
  else if (url.hostname === 'geo.dailymotion.com') {
    const page = p.join('/');
    candidate = /^player(\/[0-9a-zA-Z]+)?\.html$/.test(page) ? url.searchParams.get('video') : null;
  } else if (p.length === 2 && p[0] === 'video') candidate = p[1];
  else if (p.length === 3 && p[0] === 'embed' && p[1] === 'video') candidate = p[2];
  const id = candidate?.split('_')[0];
  return id && DAILYMOTION_ID.test(id) ? `https://www.dailymotion.com/video/${id}` : null;
}

/** A SoundCloud user or track name in a permalink. */
const SOUNDCLOUD_SLUG = /^[a-z0-9_-]{1,100}$/i;
/** The secret token of a private track's share link (`/<user>/<track>/s-<token>`). */
const SOUNDCLOUD_SECRET = /^s-[0-9a-zA-Z]{5,20}$/;
/** Second path segments that are a user's pages, not one of their tracks. */
const SOUNDCLOUD_NOT_TRACKS = new Set([
  'sets',
  'tracks',
  'albums',
  'likes',
  'reposts',
  'popular-tracks',
  'followers',
  'following',
  'comments',
  'spotlight',
  'stations',
]);
/** First path segments of soundcloud.com that are the site's own pages, not users. */
const SOUNDCLOUD_NOT_USERS = new Set(['discover', 'search', 'charts', 'stream', 'you', 'upload', 'pages', 'settings']);

/**
 * A track's permalink: soundcloud.com/<user>/<track>, with www. or m., a private share link's /s-<token>, and the
 * widget's w.soundcloud.com/player/?url=<permalink>. Playlists (/sets/), users and short on.soundcloud.com links
 * (which only a redirect resolves) are not tracks. Canonical: https://soundcloud.com/<user>/<track>(/s-<token>),
 * lower-cased names (SoundCloud's permalinks are).
 */
export function soundcloudCanonical(url: URL, nested = false): string | null {
  const p = pathSegments(url);
  if (url.hostname === 'w.soundcloud.com') {
    if (nested || p.join('/') !== 'player') return null;
    try {
      const inner = new URL(url.searchParams.get('url') ?? '');
      return SOUNDCLOUD_HOSTS.has(inner.hostname) && inner.protocol === 'https:'
        ? soundcloudCanonical(inner, true)
        : null;
    } catch {
      return null;
    }
  }
  if (p.length !== 2 && p.length !== 3) return null;
  const [user = '', track = '', secret] = p;
  if (!SOUNDCLOUD_SLUG.test(user) || !SOUNDCLOUD_SLUG.test(track)) return null;
  if (SOUNDCLOUD_NOT_USERS.has(user.toLowerCase()) || SOUNDCLOUD_NOT_TRACKS.has(track.toLowerCase())) return null;
  if (secret !== undefined && !SOUNDCLOUD_SECRET.test(secret)) return null;
  return `https://soundcloud.com/${user.toLowerCase()}/${track.toLowerCase()}${secret ? `/${secret}` : ''}`;
}

/** The canonical page URL of a link on `source`'s hosts, or null. */
export function embedCanonical(source: EmbedSource, url: URL): string | null {
  switch (source) {
    case 'vimeo':
      return vimeoCanonical(url);
    case 'dailymotion':
      return dailymotionCanonical(url);
    case 'soundcloud':
      return soundcloudCanonical(url);
  }
}
