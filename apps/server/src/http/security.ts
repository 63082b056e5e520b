import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export interface SecurityOptions {
  /** PUBLIC_URL: its scheme decides HSTS, upgrade-insecure-requests and the WebSocket origin. */
  publicUrl: string;
  /** SENTRY_DSN: when set, the browser may send events and CSP reports to its ingest origin. */
  sentryDsn: string | undefined;
}

/** Where the YouTube IFrame Player API loads its scripts from (iframe_api, then www-widgetapi.js). */
export const YOUTUBE_SCRIPT_ORIGINS = ['https://www.youtube.com', 'https://s.ytimg.com'];
/** Where the YouTube player itself runs. */
export const YOUTUBE_FRAME_ORIGINS = ['https://www.youtube.com', 'https://www.youtube-nocookie.com'];
/**
 * The other embedded players (R78), each one origin for its SDK's script and its player frame: Vimeo's
 * player.js and player at player.vimeo.com, Dailymotion's Player Library Script and player at
 * geo.dailymotion.com, SoundCloud's Widget API (w.soundcloud.com/player/api.js) and widget at w.soundcloud.com.
 */
export const EMBED_ORIGINS = ['https://player.vimeo.com', 'https://geo.dailymotion.com', 'https://w.soundcloud.com'];
/**
 * The sign-in popup's pages. They carry no Cross-Origin-Opener-Policy, so a hop through an external issuer
 * and back does not sever `window.opener` more than the issuer itself does (docs/decisions/010).
 */
const SIGN_IN_PREFIXES = ['/auth/', '/oidc'];

/** The Sentry ingest origin and its CSP report endpoint (`<server>/api/<project>/security/?sentry_key=<key>`). */
export function sentryIngest(dsn: string): { origin: string; reportUri: string } {
  const url = new URL(dsn);
  const segments = url.pathname.split('/');
  const project = segments.pop() ?? '';
  const prefix = segments.join('/');
  const reportUri = `${url.origin}${prefix}/api/${encodeURIComponent(project)}/security/?sentry_key=${encodeURIComponent(decodeURIComponent(url.username))}`;
  return { origin: url.origin, reportUri };
}

/**
 * The web app's Content-Security-Policy: our own scripts and styles only (Vite emits no inline script), the
 * YouTube, Vimeo, Dailymotion and SoundCloud players, images from any https origin (thumbnails), direct media from any http(s) origin. hls.js
 * fetches playlists and segments with XHR and plays them through MediaSource (blob:) from a blob: worker,
 * so connect-src must allow the same schemes as media-src; see docs/decisions/010 for that tradeoff.
 */
export function appCspDirectives(options: SecurityOptions): Record<string, string[]> {
  const publicUrl = new URL(options.publicUrl);
  const https = publicUrl.protocol === 'https:';
  // An https page cannot fetch http media anyway (mixed content); an http deployment (localhost) may.
  const mediaSchemes = https ? ['https:'] : ['https:', 'http:'];
  const socketOrigin = `${https ? 'wss' : 'ws'}://${publicUrl.host}`;
  const sentry = options.sentryDsn ? sentryIngest(options.sentryDsn) : null;
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...YOUTUBE_SCRIPT_ORIGINS, ...EMBED_ORIGINS],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'https:', 'data:'],
    'font-src': ["'self'", 'data:'],
    'media-src': ["'self'", ...mediaSchemes, 'blob:'],
    'connect-src': ["'self'", socketOrigin, ...mediaSchemes, ...(sentry ? [sentry.origin] : [])],
    'frame-src': [...YOUTUBE_FRAME_ORIGINS, ...EMBED_ORIGINS],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
    ...(sentry ? { 'report-uri': [sentry.reportUri] } : {}),
  };
}

/**
 * Security headers on every response (helmet): the CSP above, no framing, strict-origin-when-cross-origin
 * referrers (the YouTube embed needs the origin), HSTS behind https, and Cross-Origin-Opener-Policy
 * `same-origin-allow-popups` so the app keeps its handle on the sign-in popup. Pages that render their own
 * stricter policy (the sign-in pages) replace the CSP with theirs.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityOptions): Promise<void> {
  const https = options.publicUrl.startsWith('https://');
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: appCspDirectives(options) },
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    strictTransportSecurity: https ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: false } : false,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (SIGN_IN_PREFIXES.some((prefix) => request.url.startsWith(prefix))) {
      reply.raw.removeHeader('cross-origin-opener-policy');
    }
  });
}
