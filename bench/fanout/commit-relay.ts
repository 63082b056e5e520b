// Baseline 3: the bare Socket.IO relay (socketio-relay.ts) that first commits each host event, as XemChung must
// (docs/room-rules.md R17, R18, R27: committed, then acknowledged, then broadcast). The commit is the cheapest one
// there is: one UPDATE of the room's row through `pg` as a named prepared statement, no validation, no rules, no
// version check. The gap between this and the bare relay is what waiting on a database costs the transport; the
// gap between XemChung and this is what XemChung itself adds (bench/README.md).
import { createServer } from 'node:http';
import pg from 'pg';
import { Server } from 'socket.io';
import { withDefaultUser } from '../../apps/server/src/db/database.ts';

type Ack = (result: object) => void;
interface LookAlikeState {
  id: string;
  current_video: { current_time: number; updated_at: number };
}

const pool = new pg.Pool({ connectionString: withDefaultUser(process.env.DATABASE_URL ?? ''), max: 10 });
const COMMIT = {
  name: 'bench-commit-relay',
  text: 'update rooms set "current_time" = $2, updated_at = $3, version = version + 1 where id = $1',
};

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
  socket.on('playback:update', (payload: LookAlikeState, ack: Ack) => {
    const target = room;
    if (target === null) return ack({ ok: false });
    const { current_time, updated_at } = payload.current_video;
    pool.query({ ...COMMIT, values: [target, current_time, updated_at] }).then(
      () => {
        ack({ ok: true });
        io.to(target).emit('room:state', payload);
      },
      () => ack({ ok: false }),
    );
  });
});

http.listen(Number(process.env.PORT), '127.0.0.1');

// Exit normally on SIGTERM, so a --cpu-prof run (BENCH_NODE_FLAGS) writes its profile.
process.on('SIGTERM', () => process.exit(0));
