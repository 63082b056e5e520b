// Baseline 1, the transport's limit: a bare `ws` room relay. A client names its room in the URL
// (`/?room=<id>`); every text message is sent as is, unparsed, to every member of the room, the sender
// included (XemChung's broadcast reaches the host too). No validation, no state, no heartbeat.
import { createServer } from 'node:http';
import { type WebSocket, WebSocketServer } from 'ws';

const rooms = new Map<string, Set<WebSocket>>();
const http = createServer((request, response) => response.writeHead(request.url === '/healthz' ? 200 : 404).end());
const wss = new WebSocketServer({ server: http, perMessageDeflate: false, maxPayload: 64 * 1024 });

wss.on('connection', (socket, request) => {
  const room = new URL(request.url ?? '/', 'http://relay').searchParams.get('room') ?? '';
  const members = rooms.get(room) ?? new Set<WebSocket>();
  rooms.set(room, members);
  members.add(socket);
  socket.on('message', (data, isBinary) => {
    for (const member of members) member.send(data, { binary: isBinary });
  });
  socket.on('close', () => {
    members.delete(socket);
    if (members.size === 0) rooms.delete(room);
  });
});

http.listen(Number(process.env.PORT), '127.0.0.1');

// Exit normally on SIGTERM, so a --cpu-prof run (BENCH_NODE_FLAGS) writes its profile.
process.on('SIGTERM', () => process.exit(0));
