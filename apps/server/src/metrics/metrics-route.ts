import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import { sendError } from '../http/errors.ts';

export interface MetricsRouteOptions {
  registry: Registry;
  /** METRICS_TOKEN: the bearer token Prometheus sends; without one /metrics is off. */
  token: string | undefined;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * `GET /metrics` in the Prometheus text format, for a scraper holding `Authorization: Bearer $METRICS_TOKEN`.
 * Off (404) when no token is configured: the app's port faces the internet, and usage counts and process
 * internals are nobody else's business (docs/decisions/010-security-and-metrics.md).
 */
export function registerMetricsRoute(app: FastifyInstance, options: MetricsRouteOptions): void {
  const expected = options.token ? digest(`Bearer ${options.token}`) : null;
  app.get('/metrics', async (request, reply) => {
    if (!expected) return sendError(reply, 404, 'metrics_disabled', 'Metrics are off; set METRICS_TOKEN to serve them');
    // Equal-length digests, compared in constant time: the answer's timing says nothing about the token.
    if (!timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      return sendError(reply, 401, 'unauthenticated', 'A valid bearer token is required');
    }
    const body = await options.registry.metrics();
    return reply.header('content-type', options.registry.contentType).header('cache-control', 'no-store').send(body);
  });
}
