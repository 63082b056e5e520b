// Baseline 2: a bare Socket.IO relay with XemChung's message pattern and none of its work. `room:join` joins
// the Socket.IO room and acks; the host's `playback:update` is acked, then its payload is broadcast unchanged
// as `room:state` to the whole room; a `chat:send` likewise as `chat:message`, a `vote:skip` as `room:delta`.
import { type RelayHandler, startSocketIoRelay } from './socketio-relay-server.ts';

const relay =
  (event: string): RelayHandler =>
  (io, room, payload, ack) => {
    ack({ ok: true });
    if (room !== null) io.to(room).emit(event, payload);
  };

startSocketIoRelay(relay('room:state'), relay('chat:message'), relay('room:delta'));
