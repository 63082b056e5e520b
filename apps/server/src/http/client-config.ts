import type { ClientConfig } from '@xemchung/protocol';
import type { FastifyInstance } from 'fastify';

/** `GET /api/client-config`: what the web app needs to know at run time (the Sentry DSN is public by design). */
export function registerClientConfigRoute(app: FastifyInstance, config: { sentryDsn: string | undefined }): void {
  const body: ClientConfig = { sentryDsn: config.sentryDsn ?? null };
  app.get('/api/client-config', async (_request, reply) => reply.header('cache-control', 'no-cache').send(body));
}
