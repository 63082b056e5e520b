import type { ServerToClientEvents } from '@xemchung/protocol';
import type { DefaultEventsMap, Server } from 'socket.io';
import type { PeerRelay } from '../p2p/p2p-handlers.ts';
import type { SocketData } from './handshake.ts';
import { subjectRoom } from './viewer-exits.ts';

/**
 * The Socket.IO room of one socket within one room (R113): a socket joins it with the room and leaves it with the
 * room (socket-connection.ts), so a signal sent to it by name reaches that socket on whichever node holds it, and
 * only while it is in the room. Like a kick subject's room it holds a '/', which no room id does.
 */
export const peerRoom = (roomId: string, socketId: string) => subjectRoom(roomId, `peer:${socketId}`);

/** The signalling through Socket.IO: with the Redis adapter, to the sockets of every node (R113). */
export function socketPeerRelay(
  io: Server<DefaultEventsMap, ServerToClientEvents, DefaultEventsMap, SocketData>,
): PeerRelay {
  return {
    announce(event) {
      io.to(event.roomId).except(peerRoom(event.roomId, event.from)).emit('p2p:announce', event);
    },
    signal(to, event) {
      io.to(peerRoom(event.roomId, to)).emit('p2p:signal', event);
    },
  };
}
