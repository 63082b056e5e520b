import { ROOMS_PER_ACCOUNT_MAX, type RoomSummary } from '@xemchung/protocol';
import { createRoomRequestSchema } from '@xemchung/protocol/schemas';
import type { FastifyInstance } from 'fastify';
import { currentUser, type SessionStore } from '../auth/sessions.ts';
import { sendError } from '../http/errors.ts';
import { PersonRate } from '../limits/person-rate.ts';
import type { RoomRepository } from './room-repository.ts';

/** Rooms one account may create (R103): 10 at once, then one every 6 s, up to ROOMS_PER_ACCOUNT_MAX in all. */
export const ROOM_CREATE_ACCOUNT_RATE = { capacity: 10, refillPerSecond: 1 / 6 } as const;
/** Rooms all the accounts of one client address may create together (R103): 30 at once, then one every 2 s. */
export const ROOM_CREATE_ADDRESS_RATE = { capacity: 30, refillPerSecond: 1 / 2 } as const;

export interface RoomRouteDeps {
  sessions: SessionStore;
  rooms: RoomRepository;
  now?: () => number;
}

/** REST side of rooms: create one, list mine (docs/product.md#home). */
export function registerRoomRoutes(app: FastifyInstance, deps: RoomRouteDeps) {
  const now = deps.now ?? Date.now;
  const accountRate = new PersonRate({ ...ROOM_CREATE_ACCOUNT_RATE, now });
  const addressRate = new PersonRate({ ...ROOM_CREATE_ADDRESS_RATE, now });

  app.post('/api/rooms', async (request, reply) => {
    const user = await currentUser(deps.sessions, request);
    if (!user) return sendError(reply, 401, 'unauthenticated', 'Sign in to create a room');
    const parsed = createRoomRequestSchema.safeParse(request.body);
    if (!parsed.success) {
      return sendError(reply, 400, 'invalid_room_name', parsed.error.issues[0]?.message ?? 'Invalid room name');
    }
    // R103: the account and its address, before anything is read; then the account's cap.
    if (!accountRate.take(user.uid) || !addressRate.take(request.ip)) {
      return sendError(reply, 429, 'rate_limited', 'Too many rooms created; try again in a minute');
    }
    if ((await deps.rooms.countByHost(user.uid)) >= ROOMS_PER_ACCOUNT_MAX) {
      return sendError(reply, 409, 'room_limit', `An account may have at most ${ROOMS_PER_ACCOUNT_MAX} rooms`);
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
