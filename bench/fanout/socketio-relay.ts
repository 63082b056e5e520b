// Baseline 2: a bare Socket.IO relay with XemChung's message pattern and none of its work. `room:join` joins
// the Socket.IO room and acks; the host's `playback:update` is acked, then its payload is broadcast unchanged
// as `room:state` to the whole room. Default Socket.IO settings, websocket transport only, like XemChung.
import { createServer } from 'node:http';
import { Server } from 'socket.io';

type Ack = (result: object) => void;

const http = createServer((request, response) => {
  if (request.url === '/healthz') response.writeHead(200).end();
});
const io = new Server(http, { transports: ['websocket'], serveClient: false, maxHttpBufferSize: 64 * 1024 });

io.on('connection', (socket) => {
  let room: string | null = null;
  socket.on('room:join', (payload: { roomId: string }, ack: Ack) => {
    room = payload.roomId;
    void socket.join(room);
    ack({ ok: true });
  });
  socket.on('playback:update', (payload: object, ack: Ack) => {
    ack({ ok: true });
    if (room !== null) io.to(room).emit('room:state', payload);
  });
});

http.listen(Number(process.env.PORT), '127.0.0.1');

// Exit normally on SIGTERM, so a --cpu-prof run (BENCH_NODE_FLAGS) writes its profile.
process.on('SIGTERM', () => process.exit(0));
