import type { ClientConfig } from '@xemchung/protocol';
import type { FastifyInstance } from 'fastify';

/**
 * `GET /api/client-config`: what the web app needs to know at run time — the Sentry DSN (public by design) and
 * the operator's support page and contact address (SUPPORT_URL, CONTACT_EMAIL, validated at boot).
 */
export function registerClientConfigRoute(
  app: FastifyInstance,
  config: { sentryDsn: string | undefined; supportUrl: string; contactEmail: string },
): void {
  const body: ClientConfig = {
    sentryDsn: config.sentryDsn ?? null,
    supportUrl: config.supportUrl,
    contactEmail: config.contactEmail,
  };
  app.get('/api/client-config', async (_request, reply) => reply.header('cache-control', 'no-cache').send(body));
}
