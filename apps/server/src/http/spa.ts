import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendError } from './errors.ts';
import { CACHE_MISS, cacheControlFor } from './static-cache.ts';

const API_PREFIXES = ['/api/', '/auth/', '/oidc', '/socket.io/', '/healthz', '/readyz'];

/** A last path segment with a dot names a file (an asset, favicon.ico): a miss there is a real 404. */
function looksLikeFile(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return /\.[A-Za-z0-9]+$/.test(pathname.slice(pathname.lastIndexOf('/') + 1));
}

const isApi = (url: string) => API_PREFIXES.some((prefix) => url.startsWith(prefix));

/**
 * Serves the built web app; any other page GET (a browser asking for HTML, or a client that accepts anything,
 * like curl) gets index.html so client routes work on reload. Missing assets and API paths get a JSON 404.
 *
 * Text files go out as the brotli or gzip copy the build wrote beside them (`preCompressed`, chosen by
 * Accept-Encoding, identity when it names nothing we have), with `Vary: Accept-Encoding`; the cache policy
 * per file is in static-cache.ts (docs/decisions/017).
 */
export async function registerSpa(app: FastifyInstance, webDistDir: string): Promise<void> {
  const hasBuild = existsSync(`${webDistDir}/index.html`);
  if (hasBuild) {
    // A byte range counts bytes of one representation; we answer it from the plain file, whose offsets a client
    // can resume or seek in, instead of a slice of a brotli stream that cannot be decoded on its own.
    app.addHook('onRequest', async (request) => {
      if (request.headers.range !== undefined && !isApi(request.url)) delete request.raw.headers['accept-encoding'];
    });
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The .br/.gz copies are reached through their file's URL only.
      globIgnore: ['**/*.br', '**/*.gz'],
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', cacheControlFor(path.relative(webDistDir, filePath)));
      },
    });
  } else {
    app.log.warn({ webDistDir }, 'web app is not built; run `npm run build`');
  }
  app.setNotFoundHandler((request, reply) => {
    const accept = request.headers.accept ?? '*/*';
    const wantsPage = (accept.includes('text/html') || accept.includes('*/*')) && !looksLikeFile(request.url);
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (read && !isApi(request.url) && wantsPage && hasBuild) {
      return reply.sendFile('index.html');
    }
    return sendError(reply.header('cache-control', CACHE_MISS), 404, 'not_found', 'Not found');
  });
}
