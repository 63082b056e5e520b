import {
  type ClientToServerEvents,
  type CommandAck,
  type CommandPayload,
  type CommandType,
  PROTOCOL_VERSION,
  type ServerToClientEvents,
} from '@xemchung/protocol';
import { io, type Socket } from 'socket.io-client';

/** A socket.io-client socket typed with the protocol's event maps. */
export type RoomSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Sends one command over the room's socket and settles with its ack, or a failure made here (roomClient.ts). */
export type RoomRequest = <T extends CommandType>(type: T, payload: CommandPayload<T>) => Promise<CommandAck<T>>;

/**
 * A socket to our own origin, as docs/protocol.md asks: WebSocket only, the protocol version in the handshake,
 * the session cookie sent by the browser. Socket.IO reconnects by itself after a dropped connection.
 */
export function openRoomSocket(): RoomSocket {
  return io({ path: '/socket.io', transports: ['websocket'], auth: { protocol: PROTOCOL_VERSION } });
}
