import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';

/** A per-route limit, as `config.rateLimit` of a route: `max` requests per client IP in `timeWindow` ms. */
export interface RouteRateLimit {
  max: number;
  timeWindow: number;
}

/**
 * Enables per-route rate limits inside the caller's plugin scope only (nothing global). Over the limit the
 * request ends in the app's error handler as 429 `{error: {code: 'rate_limited'}}`, with Retry-After.
 * Counters are per process; behind a load balancer each node counts on its own.
 */
export async function enableRouteRateLimits(scope: FastifyInstance): Promise<void> {
  await scope.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error(`Too many requests, retry in ${context.after}`), {
        statusCode: context.statusCode,
        code: 'rate_limited',
      }),
  });
}
