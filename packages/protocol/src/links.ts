import { canonicalHttpUrl } from './canonical-url.ts';
import { type EmbedSource, embedCanonical, embedSourceOf, pathSegments } from './embed-links.ts';
import { TITLE_MAX, URL_MAX } from './limits.ts';

/** A YouTube video id: exactly 11 characters of the base64url alphabet. */
export const YOUTUBE_ID_PATTERN = /^[A-Za-z0-9_-]{11}$/;

/** How the browser plays a direct media link: a native media element, or hls.js for `.m3u8`. */
export type MediaFormat = 'mp4' | 'webm' | 'mp3' | 'ogg' | 'hls';

/**
 * A link a user pasted, understood: a YouTube video, a Vimeo, Dailymotion or SoundCloud one (`url`: its canonical
 * page URL, see embed-links.ts), or a direct media file played by the browser.
 */
export type VideoLink =
  | { kind: 'youtube'; id: string }
  | { kind: EmbedSource; url: string }
  | {
      kind: 'media';
      /** The canonical absolute URL (canonicalHttpUrl): one spelling per link, so one playlist id (R40). */
      url: string;
      /** The file name, percent-decoded, without its extension (the host name when there is none). */
      title: string;
      format: MediaFormat;
    };

const MEDIA_EXTENSIONS: Readonly<Record<string, MediaFormat>> = {
  mp4: 'mp4',
  m4a: 'mp4',
  webm: 'webm',
  mp3: 'mp3',
  ogg: 'ogg',
  oga: 'ogg',
  ogv: 'ogg',
  m3u8: 'hls',
};

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com']);
const NOCOOKIE_HOSTS = new Set(['youtube-nocookie.com', 'www.youtube-nocookie.com']);
const SHORT_HOSTS = new Set(['youtu.be', 'www.youtu.be']);
/** Paths of the form /<prefix>/<id> on youtube.com hosts. */
const ID_PATH_PREFIXES = new Set(['shorts', 'embed', 'live', 'v']);
/** Path words YouTube uses that happen to be 11 characters long but are not videos (playlists, channels). */
const NOT_VIDEO_IDS = new Set(['videoseries', 'live_stream']);

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** Parses input as a URL, reading a scheme-less `youtu.be/…` or `//host/…` as https. */
function toUrl(input: string): URL | null {
  const withScheme = input.startsWith('//') ? `https:${input}` : SCHEME.test(input) ? input : `https://${input}`;
  try {
    return new URL(withScheme);
  } catch {
    return null;
  }
}

function videoId(candidate: string | null | undefined): string | null {
  return candidate && YOUTUBE_ID_PATTERN.test(candidate) && !NOT_VIDEO_IDS.has(candidate) ? candidate : null;
}

function youtubeId(url: URL): string | null {
  const host = url.hostname;
  const parts = pathSegments(url);
  if (SHORT_HOSTS.has(host)) return parts.length === 1 ? videoId(parts[0]) : null;
  if (NOCOOKIE_HOSTS.has(host)) return parts.length === 2 && parts[0] === 'embed' ? videoId(parts[1]) : null;
  if (parts.length === 1 && parts[0] === 'watch') return videoId(url.searchParams.get('v'));
  if (parts.length === 2 && ID_PATH_PREFIXES.has(parts[0] as string)) return videoId(parts[1]);
  return null;
}

function isYoutubeHost(host: string): boolean {
  return YOUTUBE_HOSTS.has(host) || NOCOOKIE_HOSTS.has(host) || SHORT_HOSTS.has(host);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function mediaLink(url: URL): VideoLink | null {
  // The last segment as is: `/clip.mp4/` names a directory, not a file.
  const fileName = url.pathname.split('/').at(-1);
  if (!fileName) return null;
  const dot = fileName.lastIndexOf('.');
  const format = dot >= 0 ? MEDIA_EXTENSIONS[fileName.slice(dot + 1).toLowerCase()] : undefined;
  if (!format) return null;
  const canonical = canonicalHttpUrl(url);
  if (!canonical) return null;
  // A %00 or %0A in the name decodes to a control character, which no title shows (and PostgreSQL stores no NUL).
  const title =
    safeDecode(fileName.slice(0, dot))
      .replace(/\p{Cc}+/gu, ' ')
      .trim() || url.hostname;
  // Cut to TITLE_MAX without leaving half of a surrogate pair (an emoji) at the end.
  const bounded = title.length > TITLE_MAX ? title.slice(0, TITLE_MAX).replace(/[\ud800-\udbff]$/, '') : title;
  return { kind: 'media', url: canonical, title: bounded, format };
}

/** A pasted http(s) URL within URL_MAX and without credentials, or null: what both link readers start from. */
function pastedUrl(input: unknown): URL | null {
  if (typeof input !== 'string') return null;
  const trimmed = input.trim();
  if (trimmed === '' || trimmed.length > URL_MAX) return null;
  const url = toUrl(trimmed);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return null;
  return url.username === '' && url.password === '' ? url : null;
}

/**
 * Understands a pasted link. Vimeo, Dailymotion, SoundCloud: the shapes embed-links.ts lists (R75). YouTube: `watch?v=`, `youtu.be/`, `/shorts/`, `/embed/`, `/live/`, `/v/` on
 * youtube.com with or without `www.`, `m.` or `music.`, and youtube-nocookie.com embeds, with any extra query
 * parameters or timestamps. Media: an http(s) URL whose path ends in a playable file extension. Anything
 * else — other schemes (`javascript:`, `data:`…), credentials in the URL, input or a canonical media URL over
 * URL_MAX, a `"` left in a host — gives null.
 *
 * Media links may point anywhere, private addresses included: the browser plays them and our server never
 * fetches them, so they cannot be used to make the server reach into its own network.
 */
export function parseVideoLink(input: unknown): VideoLink | null {
  const url = pastedUrl(input);
  if (!url) return null;
  if (isYoutubeHost(url.hostname)) {
    if (url.port !== '') return null;
    const id = youtubeId(url);
    return id ? { kind: 'youtube', id } : null;
  }
  const embed = embedSourceOf(url.hostname);
  if (embed) {
    if (url.port !== '') return null;
    const canonical = embedCanonical(embed, url);
    return canonical ? { kind: embed, url: canonical } : null;
  }
  return mediaLink(url);
}

/** A YouTube playlist id: `PL…`, `OLAK5uy_…` (albums), `UU…` (uploads), `RD…` (Mixes), `WL`/`LL`… (R70). */
export const PLAYLIST_ID_PATTERN = /^[A-Za-z0-9_-]{2,64}$/;

/** A pasted link to a YouTube playlist: the list to import (R70). */
export interface PlaylistLink {
  listId: string;
}

/** Mixes (`RD…`) are endless lists YouTube makes up per viewer: a video clicked in one means that video (R70). */
const isMix = (listId: string) => listId.startsWith('RD');

/**
 * Understands a pasted link as a YouTube playlist (R70): `list=` on `/playlist`, `/watch`, `/embed/videoseries` and
 * youtu.be share links, on youtube.com with or without `www.`, `m.` or `music.`. A watch link that names a video
 * and a list means the list (pasted from a playlist page), except a Mix (`list=RD…`), which means the video: then,
 * and for anything else, null, and parseVideoLink reads the link.
 */
export function parsePlaylistLink(input: unknown): PlaylistLink | null {
  const url = pastedUrl(input);
  if (url?.port !== '') return null;
  if (!YOUTUBE_HOSTS.has(url.hostname) && !SHORT_HOSTS.has(url.hostname)) return null;
  const listId = url.searchParams.get('list');
  if (listId === null || !PLAYLIST_ID_PATTERN.test(listId)) return null;
  const parts = pathSegments(url);
  const page = SHORT_HOSTS.has(url.hostname) ? 'video' : parts.join('/');
  if (page === 'playlist' || page === 'embed/videoseries') return { listId };
  const namesVideo = page === 'video' || page === 'watch' || (parts.length === 2 && parts[0] === 'embed');
  return namesVideo && !isMix(listId) && youtubeId(url) !== null ? { listId } : null;
}
