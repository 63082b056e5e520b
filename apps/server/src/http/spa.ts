import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendError } from './errors.ts';

const API_PREFIXES = ['/api/', '/auth/', '/oidc', '/socket.io/', '/healthz', '/readyz'];

/** A last path segment with a dot names a file (an asset, favicon.ico): a miss there is a real 404. */
function looksLikeFile(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return /\.[A-Za-z0-9]+$/.test(path.slice(path.lastIndexOf('/') + 1));
}

/**
 * Serves the built web app; any other page GET (a browser asking for HTML, or a client that accepts anything,
 * like curl) gets index.html so client routes work on reload. Missing assets and API paths get a JSON 404.
 */
export async function registerSpa(app: FastifyInstance, webDistDir: string): Promise<void> {
  const hasBuild = existsSync(`${webDistDir}/index.html`);
  if (hasBuild) {
    await app.register(fastifyStatic, { root: webDistDir, wildcard: false, index: false });
  } else {
    app.log.warn({ webDistDir }, 'web app is not built; run `npm run build`');
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = API_PREFIXES.some((prefix) => request.url.startsWith(prefix));
    const accept = request.headers.accept ?? '*/*';
    const wantsPage = (accept.includes('text/html') || accept.includes('*/*')) && !looksLikeFile(request.url);
    if (request.method === 'GET' && !isApi && wantsPage && hasBuild) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendError(reply, 404, 'not_found', 'Not found');
  });
}
