import { PROTOCOL_VERSION } from '@xemchung/protocol';
import { io } from 'socket.io-client';
import type { RoomSocket } from './roomClient.ts';

/**
 * A socket to our own origin, as docs/protocol.md asks: WebSocket only, the protocol version in the handshake,
 * the session cookie sent by the browser. Socket.IO reconnects by itself after a dropped connection.
 */
export function openRoomSocket(): RoomSocket {
  return io({ path: '/socket.io', transports: ['websocket'], auth: { protocol: PROTOCOL_VERSION } });
}
