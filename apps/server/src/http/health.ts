import type { FastifyInstance } from 'fastify';
import { type Db, isDatabaseReachable } from '../db/database.ts';

export interface ReadinessDeps {
  db: Db;
  /** Present when REDIS_URL is set: the node is only ready while its broadcasts reach the other nodes. */
  redis?: { readonly ready: boolean };
}

/**
 * /healthz: the process answers (liveness; never restart a node for a dependency that is away). /readyz: it can
 * also reach its database and, when configured, Redis (a load balancer sends it no new clients until then).
 */
export function registerHealthRoutes(app: FastifyInstance, deps: ReadinessDeps): void {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const database = await isDatabaseReachable(deps.db);
    const redis = deps.redis ? { redis: deps.redis.ready } : {};
    const ready = database && (deps.redis?.ready ?? true);
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready', database, ...redis });
  });
}
