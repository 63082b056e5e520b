import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendError } from './errors.ts';

const API_PREFIXES = ['/api/', '/auth/', '/oidc', '/socket.io/', '/healthz', '/readyz'];

/** Serves the built web app; any other GET that wants HTML gets index.html so client routes work on reload. */
export async function registerSpa(app: FastifyInstance, webDistDir: string): Promise<void> {
  const hasBuild = existsSync(`${webDistDir}/index.html`);
  if (hasBuild) {
    await app.register(fastifyStatic, { root: webDistDir, wildcard: false, index: false });
  } else {
    app.log.warn({ webDistDir }, 'web app is not built; run `npm run build`');
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = API_PREFIXES.some((prefix) => request.url.startsWith(prefix));
    const wantsHtml = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    if (!isApi && wantsHtml && hasBuild) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendError(reply, 404, 'not_found', 'Not found');
  });
}
