import type { ServerToClientEvents } from '@xemchung/protocol';
import type { DefaultEventsMap, Server } from 'socket.io';
import type { ViewerExits } from '../moderation/moderation-handlers.ts';
import type { SocketData } from './handshake.ts';

/**
 * The Socket.IO room of one kick subject in one room: a socket that joins room `roomId` also joins the rooms of
 * its person key and, for a guest, of its hashed address (moderation-store.ts `exitSubjectsOf`). A kick then reaches
 * exactly the sockets it binds, on every node, by name, with no lookup of who is where.
 */
export const subjectRoom = (roomId: string, subject: string) => `${roomId}/${subject}`;

/**
 * Whether a Socket.IO room is a kick subject's or a socket's own within a room (peer-relay.ts `peerRoom`) rather than a
 * room's (room ids have no '/').
 */
export const isSubjectRoom = (name: string) => name.includes('/');

/**
 * Kicks and bans through Socket.IO (R58, R59). With the Redis adapter `fetchSockets` asks every node and
 * `emit` + `disconnectSockets` are published on one connection in that order, so every node delivers the notice
 * before it disconnects the socket.
 */
export function socketViewerExits(
  io: Server<DefaultEventsMap, ServerToClientEvents, DefaultEventsMap, SocketData>,
): ViewerExits {
  return {
    async addressesOf(roomId, personKey) {
      try {
        const sockets = await io.in(subjectRoom(roomId, personKey)).fetchSockets();
        return sockets.map((socket) => socket.data.identity.addressKey);
      } catch {
        // A node that does not answer in time (its sockets are gone soon anyway): the kick still binds the key.
        return [];
      }
    },
    expel(roomId, subjects, reason) {
      const rooms = subjects.map((subject) => subjectRoom(roomId, subject));
      io.to(rooms).emit('room:removed', { roomId, reason });
      io.in(rooms).disconnectSockets(true);
    },
  };
}
