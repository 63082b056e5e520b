// The Socket.IO side the two Socket.IO baselines share: `room:join` joins the Socket.IO room and acks; each
// `playback:update` is handed to `onUpdate` with the sender's room, which answers and broadcasts in its own way.
// With --reports, --chat and --mix they receive the same traffic as XemChung: reports are read and dropped (the
// least a server can do with them), each `chat:send` goes to `onChat` and each `vote:skip` to `onVote`. Default Socket.IO settings, websocket
// transport only, like XemChung.
import { createServer } from 'node:http';
import { Server } from 'socket.io';

export type Ack = (result: object) => void;
export type RelayHandler = (io: Server, room: string | null, payload: unknown, ack: Ack) => void;

export function startSocketIoRelay(onUpdate: RelayHandler, onChat: RelayHandler, onVote: RelayHandler): void {
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
    socket.on('playback:update', (payload: unknown, ack: Ack) => onUpdate(io, room, payload, ack));
    socket.on('presence:report', () => {});
    socket.on('chat:send', (payload: unknown, ack: Ack) => onChat(io, room, payload, ack));
    socket.on('vote:skip', (payload: unknown, ack: Ack) => onVote(io, room, payload, ack));
  });

  http.listen(Number(process.env.PORT), '127.0.0.1');

  // Exit normally on SIGTERM, so a --cpu-prof run (BENCH_NODE_FLAGS) writes its profile.
  process.on('SIGTERM', () => process.exit(0));
}
