import type { FastifyInstance } from 'fastify';
import { clearSessionCookie, currentUser, SESSION_COOKIE, type SessionStore } from './sessions.ts';

/** GET /api/me and POST /auth/logout (docs/product.md#signing-in). */
export function registerMeRoutes(app: FastifyInstance, deps: { sessions: SessionStore; secureCookies: boolean }) {
  // Signed out is an answer, not an error: 200 with `null` (no session, or an unknown, tampered or expired
  // one). Every signed-out page asks on load, and a 401 would put an error in every visitor's console (#12).
  app.get('/api/me', async (request, reply) => reply.send(await currentUser(deps.sessions, request)));

  app.post('/auth/logout', async (request, reply) => {
    await deps.sessions.destroy(request.cookies[SESSION_COOKIE]);
    clearSessionCookie(reply, deps.secureCookies);
    return reply.code(204).send();
  });
}
