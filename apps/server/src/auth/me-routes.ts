import type { FastifyInstance } from 'fastify';
import { sendError } from '../http/errors.ts';
import { clearSessionCookie, currentUser, SESSION_COOKIE, type SessionStore } from './sessions.ts';

/** GET /api/me and POST /auth/logout (docs/product.md#signing-in). */
export function registerMeRoutes(app: FastifyInstance, deps: { sessions: SessionStore; secureCookies: boolean }) {
  app.get('/api/me', async (request, reply) => {
    const user = await currentUser(deps.sessions, request);
    if (!user) return sendError(reply, 401, 'unauthenticated', 'Not signed in');
    return reply.send(user);
  });

  app.post('/auth/logout', async (request, reply) => {
    await deps.sessions.destroy(request.cookies[SESSION_COOKIE]);
    clearSessionCookie(reply, deps.secureCookies);
    return reply.code(204).send();
  });
}
