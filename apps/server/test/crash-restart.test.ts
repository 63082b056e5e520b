// A crash, not a graceful stop (issue #6 item 4; docs/room-rules.md R27, R34): the real server entry point runs as
// its own process, a host streams commands, the process is SIGKILLed mid-stream and started again on the same port
// and database. Every acknowledged change must be there after the restart, commands sent while the node is down
// must end (an error or a timeout, never a hang), and every client, reconnecting and re-joining by itself, must
// end on the same latest version.
//
// Two crashes, one per commit path: a playback report (one conditional UPDATE) and a playlist add (a transaction).
// On PostgreSQL each crash lands on a commit in flight, deterministically: a deferred trigger makes every COMMIT
// wait on a lock the test holds (crash-node.ts), the node is killed while one waits there, and that commit is cut
// off. A server that acknowledged before its commit had completed would have acknowledged that command, and the
// re-join snapshot would then lack its version: "a re-join behind an acknowledged version" fails, on either path.
// On SQLite (node:sqlite commits synchronously, within one turn of the event loop) there is no such gate: the kill
// comes right after a command is written, with the stream in full flow, so only the PostgreSQL run catches an
// early ack every time.
import { isDeepStrictEqual } from 'node:util';
import { type CommandAck, PROTOCOL_VERSION, type RoomDelta, type RoomSnapshot } from '@xemchung/protocol';
import { io, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { RoomRepository } from '../src/rooms/room-repository.ts';
import { CrashDatabase, freePort, ServerProcess } from './crash-node.ts';
import { DATABASE_KINDS } from './harness.ts';
import { seedSignedInUser, youtubeVideo } from './room-clients.ts';
import { RoomReplica } from './room-replica.ts';

/** Clients give up on an ack after this long: the bound on "never hang". */
const ACK_TIMEOUT_MS = 1500;
/** The host's pace: under the per-socket rate limit (R22: 20 a second sustained). */
const STREAM_INTERVAL_MS = 70;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(probe: () => Promise<T | undefined> | T | undefined, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(10);
  }
}

/**
 * One room member, as the web client behaves (R18, R27): socket.io-client with reconnection, joining again after
 * every reconnection (retrying a refused or unanswered join), keeping the highest version among join acks and
 * room:state broadcasts.
 */
class Member {
  readonly socket: Socket;
  readonly roomId: string;
  private readonly replica = new RoomReplica();
  joined = false;
  /** Every successful join: when, and the snapshot it answered. */
  readonly joins: Array<{ at: number; room: RoomSnapshot }> = [];
  private closed = false;

  constructor(url: string, roomId: string, cookie?: string) {
    this.roomId = roomId;
    this.socket = io(url, {
      transports: ['websocket'],
      forceNew: true,
      reconnection: true,
      reconnectionDelay: 50,
      reconnectionDelayMax: 250,
      auth: { protocol: PROTOCOL_VERSION },
      extraHeaders: { origin: url, ...(cookie ? { cookie } : {}) },
    });
    this.socket.on('room:state', (room: RoomSnapshot) => this.replica.keep(room));
    this.socket.on('room:delta', (delta: RoomDelta) => {
      // A version missed on the way (R108): the whole room again, as the web client asks for it.
      if (this.replica.delta(delta) && this.joined) void this.join().catch(() => {});
    });
    this.socket.on('disconnect', () => {
      this.joined = false;
    });
    // 'connect' fires again after each reconnection; the first join is the test's.
    this.socket.on('connect', () => {
      if (this.joins.length > 0) void this.rejoin();
    });
  }

  async join(): Promise<RoomSnapshot> {
    if (!this.socket.connected) await until(() => (this.socket.connected ? true : undefined), 5000, 'a connection');
    const ack: CommandAck<'room:join'> = await this.socket
      .timeout(ACK_TIMEOUT_MS)
      .emitWithAck('room:join', { roomId: this.roomId });
    if (!ack.ok) throw new Error(`join refused: ${ack.error.code}`);
    this.replica.keep(ack.room);
    this.joined = true;
    this.joins.push({ at: Date.now(), room: ack.room });
    return ack.room;
  }

  /** The first successful join after `time`. */
  joinAfter(time: number): { at: number; room: RoomSnapshot } | undefined {
    return this.joins.find((join) => join.at > time);
  }

  close(): void {
    this.closed = true;
    this.socket.disconnect();
  }

  private async rejoin(): Promise<void> {
    while (this.socket.connected && !this.closed) {
      try {
        await this.join();
        return;
      } catch {
        await sleep(100); // `unavailable` or no answer: the node is still starting (R27)
      }
    }
  }

  /** The room as this member holds it. */
  get current(): RoomSnapshot | undefined {
    return this.replica.current;
  }
}

type CommandName = 'playback:update' | 'playlist:add';
type Acked = Sent & { outcome: { ok: true; version: number } };

interface Sent {
  type: CommandName;
  /** playlist:add: the video added. playback:update: the position reported (rises with every report). */
  videoId?: string;
  position?: number;
  /** How many crashes came before it was sent, and whether it was sent while the node was down. */
  epoch: number;
  down: boolean;
  sentAt: number;
  settledAt?: number;
  /** The ack: ok with the committed version, an error code, or no answer at all (`rejected`). */
  outcome?: { ok: true; version: number } | { ok: false; code: string } | { rejected: string };
}

const isAcked = (sent: Sent): sent is Acked => sent.outcome !== undefined && 'ok' in sent.outcome && sent.outcome.ok;

/** The host's steady stream: playback reports and playlist adds in turn, every command and its outcome kept. */
class CommandStream {
  readonly sent: Sent[] = [];
  epoch = 0;
  /**
   * From the crash until the host's socket is connected again. It ends at the reconnect, not when the test sees the
   * restarted node ready: a command sent after the host has reconnected and re-joined is rightly acknowledged.
   */
  down = false;
  private readonly host: Member;
  private readonly videoId: string;
  private readonly answers = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private next: CommandName = 'playback:update';
  private onSend: Array<(sent: Sent) => void> = [];

  constructor(host: Member, videoId: string) {
    this.host = host;
    this.videoId = videoId;
    host.socket.on('connect', () => {
      this.down = false;
    });
    this.resume(this.next);
  }

  acked(filter: (sent: Sent) => boolean = () => true): Acked[] {
    return this.sent.filter((sent): sent is Acked => isAcked(sent) && filter(sent));
  }

  /** Resolves with the next command, just after it has been handed to the socket. */
  nextSend(): Promise<Sent> {
    return new Promise((resolve) => this.onSend.push(resolve));
  }

  /** Stops sending and waits for every command to be answered or to time out. */
  async pause(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await Promise.all(this.answers);
  }

  /** Sends again, starting with `first`. */
  resume(first: CommandName): void {
    this.next = first;
    const tick = () => {
      this.send();
      this.timer = setTimeout(tick, STREAM_INTERVAL_MS);
    };
    tick();
  }

  private send(): void {
    const base = { epoch: this.epoch, down: this.down, sentAt: Date.now() };
    const sent: Sent =
      this.next === 'playback:update'
        ? { type: 'playback:update', position: this.sent.length + 1, ...base }
        : { type: 'playlist:add', videoId: youtubeVideo().id, ...base };
    this.next = this.next === 'playback:update' ? 'playlist:add' : 'playback:update';
    this.sent.push(sent);
    // Sent whether or not the socket is connected: while it is not, socket.io-client buffers the command, and the
    // ack timeout both ends the wait and takes it out of the buffer.
    const request: Promise<CommandAck<CommandName>> =
      sent.type === 'playback:update'
        ? this.host.socket
            .timeout(ACK_TIMEOUT_MS)
            .emitWithAck('playback:update', { id: this.videoId, playing: false, position: sent.position, rate: 1 })
        : this.host.socket
            .timeout(ACK_TIMEOUT_MS)
            .emitWithAck('playlist:add', { video: { ...youtubeVideo('Dòng lệnh'), id: sent.videoId } });
    const answered = request.then(
      (ack) => {
        sent.outcome = ack.ok ? { ok: true, version: ack.version } : { ok: false, code: ack.error.code };
      },
      (error: Error) => {
        sent.outcome = { rejected: error.message };
      },
    );
    const settled = answered.finally(() => {
      sent.settledAt = Date.now();
      this.answers.delete(settled);
    });
    this.answers.add(settled);
    for (const resolve of this.onSend.splice(0)) resolve(sent);
  }
}

/** The crashes, one per commit path: the host's playback reports (a single UPDATE) and adds (a transaction). */
const CRASHES: CommandName[] = ['playback:update', 'playlist:add'];

describe.each(DATABASE_KINDS)('a node SIGKILLed while commands flow, on %s (R27, R34)', (kind) => {
  let database: CrashDatabase | undefined;
  let server: ServerProcess | undefined;
  let stream: CommandStream | undefined;
  const members: Member[] = [];

  afterEach(async () => {
    await stream?.pause();
    stream = undefined;
    for (const member of members.splice(0)) member.close();
    await server?.crash();
    server = undefined;
    await database?.drop();
    database = undefined;
  });

  it('loses nothing acknowledged; clients re-join and converge on the restarted node', {
    timeout: 30_000,
  }, async () => {
    const data = new CrashDatabase(kind);
    database = data;
    const db = await data.open();
    const { cookie } = await seedSignedInUser(db, 'Chủ phòng');
    const port = await freePort();
    server = await ServerProcess.start(port, data.serverEnv());

    const created = await fetch(`${server.url}/api/rooms`, {
      method: 'POST',
      headers: { cookie, origin: server.url, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Phòng thử sập nguồn' }),
    });
    expect(created.status).toBe(201);
    const { id: roomId } = (await created.json()) as { id: string };
    const host = new Member(server.url, roomId, cookie);
    members.push(host, new Member(server.url, roomId), new Member(server.url, roomId));
    for (const member of members) await member.join();
    const first = youtubeVideo('Đầu');
    const request = (type: string, payload: unknown) => host.socket.timeout(ACK_TIMEOUT_MS).emitWithAck(type, payload);
    expect(await request('playlist:add', { video: first })).toMatchObject({ ok: true });
    expect(await request('playlist:select', { id: first.id })).toMatchObject({ ok: true });

    const flow = new CommandStream(host, first.id);
    stream = flow;
    for (const [index, path] of CRASHES.entries()) {
      await until(() => (flow.acked((sent) => sent.epoch === index).length >= 6 ? true : undefined), 10_000, 'acks');

      // The node dies with commands in flight, the first of them a `path` command.
      let inFlight: Sent;
      if (kind === 'postgres') {
        // Every commit so far answered; from now on commits wait at COMMIT; the next command is the one that waits.
        await flow.pause();
        await data.closeGate();
        const sending = flow.nextSend();
        flow.resume(path);
        inFlight = await sending;
        await until(async () => ((await data.commitsAtGate()) > 0 ? true : undefined), 3000, 'a commit at the gate');
        await sleep(100); // a server that acknowledged before its COMMIT completed would have answered by now
        await flow.nextSend();
      } else {
        do inFlight = await flow.nextSend();
        while (inFlight.type !== path);
      }
      flow.down = true;
      flow.epoch++;
      const crashedAt = Date.now();
      await server.crash();
      if (kind === 'postgres') {
        await data.endServerSessions();
        await data.openGate();
      }

      // The same entry point, port and database; the clients find it again by themselves.
      server = await ServerProcess.start(port, data.serverEnv());
      flow.down = false;
      const rejoins = await until(
        () => {
          const joins = members.map((member) => member.joinAfter(crashedAt));
          return joins.every((join) => join !== undefined) ? joins.map((join) => join.room) : undefined;
        },
        10_000,
        'every client to re-join',
      );

      // Every command sent before the crash has ended by now: its connection closed before the reconnection.
      const ackedBefore = flow.acked((sent) => sent.epoch <= index);
      // R27: every change acknowledged before the crash is in the snapshot each client re-joined with. The host's
      // re-join comes before any new commit (its commands are refused until it has joined): the database exactly
      // as the crash left it.
      const highest = Math.max(...ackedBefore.map((sent) => sent.outcome.version));
      const added = ackedBefore.flatMap((sent) => (sent.videoId ? [sent.videoId] : []));
      const position = Math.max(...ackedBefore.flatMap((sent) => (sent.position ? [sent.position] : [])));
      for (const room of rejoins) {
        expect(room.version, `crash ${index + 1}: a re-join behind an acknowledged version`).toBeGreaterThanOrEqual(
          highest,
        );
        const ids = new Set(room.playlist.map((video) => video.id));
        expect(
          added.filter((id) => !ids.has(id)),
          `crash ${index + 1}: acknowledged adds lost`,
        ).toEqual([]);
      }
      expect(rejoins[0]?.current_video).toMatchObject({ id: first.id, playing: false });
      expect(rejoins[0]?.current_video.current_time).toBeGreaterThanOrEqual(position);
      if (kind === 'postgres') {
        // Held at COMMIT when the node died, then cut off: it must not have been acknowledged.
        await until(() => inFlight.outcome, ACK_TIMEOUT_MS + 1000, 'the cut-off command to end');
        expect(inFlight.outcome, `crash ${index + 1}: a ${path} acknowledged before its commit`).toMatchObject({
          rejected: expect.any(String),
        });
      }
      const whileDown = flow.sent.filter((sent) => sent.down && sent.epoch === index + 1);
      expect(whileDown.length, 'commands sent while the node was down').toBeGreaterThanOrEqual(2);
    }

    // The room carries on after the last restart.
    await until(
      () => (flow.acked((sent) => sent.epoch === CRASHES.length).length >= 4 ? true : undefined),
      10_000,
      'acks',
    );
    const stopping = Date.now();
    await flow.pause();
    expect(Date.now() - stopping, 'commands left hanging').toBeLessThan(ACK_TIMEOUT_MS + 1000);

    // R34: every command ended within its bound; none sent while the node was down was acknowledged (the ones
    // that reached the restarted node before the re-join were refused `not_joined`).
    expect(flow.sent.filter((sent) => sent.outcome === undefined || sent.settledAt === undefined)).toEqual([]);
    for (const sent of flow.sent) {
      expect((sent.settledAt ?? Infinity) - sent.sentAt).toBeLessThanOrEqual(ACK_TIMEOUT_MS + 500);
    }
    expect(flow.acked((sent) => sent.down)).toEqual([]);

    // The database holds every acknowledged change, and every client holds exactly the database's room.
    const committed = await new RoomRepository(db).load(roomId);
    if (!committed) throw new Error('the room is gone');
    const acked = flow.acked();
    expect(committed.version).toBeGreaterThanOrEqual(Math.max(...acked.map((sent) => sent.outcome.version)));
    const stored = new Set(committed.playlist.map((video) => video.id));
    expect(acked.flatMap((sent) => (sent.videoId && !stored.has(sent.videoId) ? [sent.videoId] : []))).toEqual([]);
    await until(
      () => (members.every((member) => isDeepStrictEqual(member.current, committed)) ? true : undefined),
      5000,
      `every client at version ${committed.version}`,
    ).catch((error: Error) => {
      throw new Error(`${error.message}; clients at ${members.map((member) => member.current?.version).join(', ')}`);
    });
    expect(members.every((member) => member.socket.connected && member.joined)).toBe(true);

    expect(server.alive).toBe(true);
    expect(await server.readyz()).toBe(200);
  });
});
