// Baseline 3: the bare Socket.IO relay (socketio-relay.ts) that first commits each host event, as XemChung must
// (docs/room-rules.md R17, R18, R27: committed, then acknowledged, then broadcast). The commit is the cheapest one
// there is: one UPDATE of the room's row through `pg` as a named prepared statement, no validation, no rules, no
// version check. With --chat, a message is stored the same cheapest way (one INSERT taking the room's next seq,
// as R54 orders messages) before it is acknowledged and relayed; with --mix, a vote with one UPDATE of the room's
// version (R65 stores the votes in the room row) before it is acknowledged and relayed as `room:delta`. The gap between this and the bare relay is what
// waiting on a database costs the transport; the gap between XemChung and this is what XemChung itself adds
// (bench/README.md).
import pg from 'pg';
import { withDefaultUser } from '../../apps/server/src/db/database.ts';
import { startSocketIoRelay } from './socketio-relay-server.ts';

/** The part of the generator's look-alike room:state or, in the mix, room:delta (load.ts) that is written. */
interface LookAlikeState {
  current_video?: { current_time: number; updated_at: number };
  set?: { current_video: { current_time: number; updated_at: number } };
}

const pool = new pg.Pool({
  connectionString: withDefaultUser(process.env.DATABASE_URL ?? '', process.env.PGUSER),
  max: 10,
});
const COMMIT = {
  name: 'bench-commit-relay',
  text: 'update rooms set "current_time" = $2, updated_at = $3, version = version + 1 where id = $1',
};
const VOTE = { name: 'bench-commit-relay-vote', text: 'update rooms set version = version + 1 where id = $1' };
const UNIQUE_VIOLATION = '23505';
const APPEND = {
  name: 'bench-commit-relay-chat',
  text:
    'insert into chat_messages (room_id, seq, sender_key, text, created_at) ' +
    'select $1, coalesce(max(seq), 0) + 1, $2, $3, $4 from chat_messages where room_id = $1',
};

/** Two chatters of a room may take the same seq at once: the primary key refuses one, which takes the next. */
async function append(room: string, text: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await pool.query({ ...APPEND, values: [room, 'bench-chatter', text, Date.now()] });
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== UNIQUE_VIOLATION || attempt === 5) throw error;
    }
  }
}

startSocketIoRelay(
  (io, room, payload, ack) => {
    if (room === null) return ack({ ok: false });
    const state = payload as LookAlikeState;
    const { current_time, updated_at } = state.current_video ?? state.set?.current_video ?? {};
    pool.query({ ...COMMIT, values: [room, current_time, updated_at] }).then(
      () => {
        ack({ ok: true });
        io.to(room).emit('room:state', payload);
      },
      () => ack({ ok: false }),
    );
  },
  (io, room, payload, ack) => {
    if (room === null) return ack({ ok: false });
    const { text } = payload as { text: string };
    append(room, text).then(
      () => {
        ack({ ok: true });
        io.to(room).emit('chat:message', { roomId: room, text });
      },
      (error: Error & { code?: string }) => ack({ ok: false, error: { code: error.code ?? 'failed' } }),
    );
  },
  (io, room, payload, ack) => {
    if (room === null) return ack({ ok: false });
    pool.query({ ...VOTE, values: [room] }).then(
      () => {
        ack({ ok: true });
        io.to(room).emit('room:delta', payload);
      },
      () => ack({ ok: false }),
    );
  },
);
