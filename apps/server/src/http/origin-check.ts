import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendError } from './errors.ts';

/** Methods that change nothing; every other method is checked. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface OriginCheckOptions {
  /** PUBLIC_URL: the one origin whose pages may change state here. */
  publicUrl: string;
  /** Where the embedded identity provider is mounted (`/oidc`), or null when an external issuer is used. */
  idpMount: string | null;
  /** Routes whose body is a file's bytes (`application/octet-stream`) rather than JSON: subtitle uploads (R111). */
  byteRoutes?: readonly string[];
}

/** How a request came to us, as far as the browser tells. */
type Provenance = 'same-origin' | 'cross-site' | 'unknown';

/**
 * Whether the browser says the request comes from a page of `publicOrigin`. Browsers send `Origin` on every
 * non-GET request; it is exact (scheme, host, port, lower case, no default port), as `URL.origin` writes it.
 * A page with a `no-referrer` policy sends `Origin: null`, and then `Sec-Fetch-Site` (which no page can set)
 * tells. Neither header means the client is not a browser, or a very old one.
 */
function provenance(request: FastifyRequest, publicOrigin: string): Provenance {
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== 'null') return origin === publicOrigin ? 'same-origin' : 'cross-site';
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin' ? 'same-origin' : 'cross-site';
  return origin === 'null' ? 'cross-site' : 'unknown';
}

/** A body was sent: a length above zero, or a chunked one. */
function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

const mediaType = (request: FastifyRequest) => request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();

/**
 * Cross-site request forgery (docs/room-rules.md R36, docs/decisions/010): every state-changing request — any
 * method but GET, HEAD and OPTIONS, on any path, so a route added later is covered too — must come from a
 * page of PUBLIC_URL's origin and carry JSON, or no body at all. A form or a `text/plain` body is what another
 * site can send without asking (a CORS "simple request"), so it is refused before anything reads it. The routes
 * that take a file's bytes take `application/octet-stream`, which is no simple request either.
 *
 * The embedded identity provider (under `idpMount`) speaks OAuth, whose bodies are forms: there a browser
 * request must still be same-origin (its login forms are our pages), but forms are taken, and a request that
 * carries neither Origin nor Sec-Fetch-Site — the relying party's in-process token call, a back-channel that
 * authenticates with the client secret — passes.
 */
export function registerOriginCheck(app: FastifyInstance, options: OriginCheckOptions): void {
  const publicOrigin = new URL(options.publicUrl).origin;
  const mount = options.idpMount;
  const byteRoutes = new Set(options.byteRoutes ?? []);
  const underIdp = (route: string | undefined) =>
    mount !== null && route !== undefined && (route === mount || route.startsWith(`${mount}/`));

  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    // The matched route, not the raw path: `/oidc/../api/rooms` is not the provider's, whatever it looks like.
    const idp = underIdp(request.routeOptions.url);
    const from = provenance(request, publicOrigin);
    if (from === 'cross-site' || (from === 'unknown' && !idp)) {
      // At info, like the access log line it comes with: a forged request per line could fill a warn log.
      request.log.info(
        { origin: request.headers.origin?.slice(0, 200) ?? null, site: request.headers['sec-fetch-site'] ?? null },
        'cross-site request refused',
      );
      return sendError(reply, 403, 'forbidden', 'Origin not allowed');
    }
    const type = mediaType(request);
    const bytes = type === 'application/octet-stream' && byteRoutes.has(request.routeOptions.url ?? '');
    if (!idp && hasBody(request) && type !== 'application/json' && !bytes) {
      return sendError(reply, 415, 'unsupported_media_type', 'Send JSON (application/json)');
    }
  });
}
