import { createRoomRequestSchema, type RoomSummary } from '@xemchung/protocol';
import type { FastifyInstance } from 'fastify';
import { currentUser, type SessionStore } from '../auth/sessions.ts';
import { sendError } from '../http/errors.ts';
import type { RoomRepository } from './room-repository.ts';

/** REST side of rooms: create one, list mine (docs/product.md#home). */
export function registerRoomRoutes(app: FastifyInstance, deps: { sessions: SessionStore; rooms: RoomRepository }) {
  app.post('/api/rooms', async (request, reply) => {
    const user = await currentUser(deps.sessions, request);
    if (!user) return sendError(reply, 401, 'unauthenticated', 'Sign in to create a room');
    const parsed = createRoomRequestSchema.safeParse(request.body);
    if (!parsed.success) {
      return sendError(reply, 400, 'invalid_room_name', parsed.error.issues[0]?.message ?? 'Invalid room name');
    }
    const room = await deps.rooms.create(user.uid, parsed.data.name);
    const summary: RoomSummary = { id: room.id, name: room.name, host: room.host };
    return reply.code(201).send(summary);
  });

  app.get('/api/rooms', async (request, reply) => {
    const { host } = request.query as { host?: string };
    if (host !== 'me') return sendError(reply, 400, 'invalid_query', 'Only host=me is supported');
    const user = await currentUser(deps.sessions, request);
    if (!user) return sendError(reply, 401, 'unauthenticated', 'Sign in to list your rooms');
    const rooms: RoomSummary[] = await deps.rooms.listByHost(user.uid);
    return reply.send(rooms);
  });
}
