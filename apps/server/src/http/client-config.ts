import type { ClientConfig, IceServer } from '@xemchung/protocol';
import type { FastifyInstance } from 'fastify';

/**
 * `GET /api/client-config`: what the web app needs to know at run time — the Sentry DSN (public by design), the
 * operator's support page and contact address (SUPPORT_URL, CONTACT_EMAIL) and the ICE servers own files connect
 * through (ICE_SERVERS, R114), all validated at boot. A TURN credential here is read by every visitor, so the TURN
 * server itself bounds what anyone can do with it (docs/deploy.md, "Own files behind NAT"); and whether screen shares go
 * through an SFU (R129).
 */
export function registerClientConfigRoute(
  app: FastifyInstance,
  config: {
    sentryDsn: string | undefined;
    supportUrl: string;
    contactEmail: string;
    iceServers: IceServer[];
    sfu: unknown;
  },
): void {
  const body: ClientConfig = {
    sentryDsn: config.sentryDsn ?? null,
    supportUrl: config.supportUrl,
    contactEmail: config.contactEmail,
    iceServers: config.iceServers,
    sfu: config.sfu !== null,
  };
  app.get('/api/client-config', async (_request, reply) => reply.header('cache-control', 'no-cache').send(body));
}
