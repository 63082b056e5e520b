import type { FastifyInstance } from 'fastify';
import { type Db, isDatabaseReachable } from '../db/database.ts';

/** /healthz: the process answers. /readyz: it can also reach its database. */
export function registerHealthRoutes(app: FastifyInstance, db: Db): void {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const database = await isDatabaseReachable(db);
    return reply.code(database ? 200 : 503).send({ status: database ? 'ready' : 'not_ready', database });
  });
}
