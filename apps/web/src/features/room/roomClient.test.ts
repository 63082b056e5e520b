import {
  ClockOffsetEstimator,
  DEFAULT_CURRENT_VIDEO,
  DEFAULT_ROOM_SETTINGS,
  type RoomSnapshot,
} from '@xemchung/protocol';
import { describe, expect, it, vi } from 'vitest';
import { createRoomClient, type RoomSocket } from './roomClient.ts';

type Listener = (payload?: unknown) => void;
type Client = ReturnType<typeof createRoomClient>;

/** The least of a socket.io-client Socket: listeners, server-sent events, and acked emits answered by `answer`. */
class FakeSocket {
  readonly listeners = new Map<string, Set<Listener>>();
  readonly sent: Array<{ event: string; payload: unknown; timeout: number }> = [];
  answer: (event: string, payload: unknown) => unknown = () => ({ ok: true });
  /** False once the server refused the handshake: Socket.IO then leaves reconnecting to us. */
  active = true;
  /** Calls of connect(), each one a new handshake. */
  connects = 0;

  connect() {
    this.connects += 1;
    this.active = true;
    return this;
  }

  /** The server refuses the handshake with `code` (socket.io-client: connect_error carrying `data`, inactive). */
  refuseHandshake(code: string) {
    this.active = false;
    this.fire('connect_error', Object.assign(new Error('refused'), { data: { code, message: 'refused' } }));
  }

  on(event: string, listener: Listener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)?.add(listener);
    return this;
  }

  off(event: string, listener: Listener) {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  timeout(ms: number) {
    return {
      emitWithAck: async (event: string, payload: unknown) => {
        this.sent.push({ event, payload, timeout: ms });
        // Every join asks for the chat's latest page (R54); an empty chat unless a test is about it.
        const answer =
          event === 'chat:history' ? { ok: true, messages: [], hasMore: false } : this.answer(event, payload);
        if (answer instanceof Error) throw answer;
        return answer;
      },
    };
  }

  /** The server (or the socket itself) emits `event`. */
  fire(event: string, payload?: unknown) {
    for (const listener of this.listeners.get(event) ?? []) listener(payload);
  }

  asSocket(): RoomSocket {
    return this as unknown as RoomSocket;
  }
}

const video = { id: 'abcdefghijk', title: 'Bài hát', thumbnail: '', source: 'youtube' as const, mediaUrl: null };

const room = (version: number, id = 'room1234room1234'): RoomSnapshot => ({
  id,
  host: 'host',
  name: 'Phòng',
  playlist: [],
  cohosts: [],
  settings: DEFAULT_ROOM_SETTINGS,
  loop: 'off',
  skipVotes: [],
  current_video: { ...DEFAULT_CURRENT_VIDEO },
  version,
});

function joinedClient(version = 3) {
  const socket = new FakeSocket();
  socket.answer = (event) =>
    event === 'room:join'
      ? { ok: true, room: room(version), serverTime: 1000, isHost: true, me: null, personKey: 'u:host' }
      : { ok: true };
  const client = createRoomClient(socket.asSocket(), { timeoutMs: 500 });
  return { socket, client };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('roomClient', () => {
  it('joins, holds the snapshot and tells subscribers', async () => {
    const { socket, client } = joinedClient();
    const seen: number[] = [];
    client.onState((state) => seen.push(state.version));
    const ack = await client.join('room1234room1234');
    expect(ack).toMatchObject({ ok: true, isHost: true });
    expect(socket.sent[0]).toEqual({ event: 'room:join', payload: { roomId: 'room1234room1234' }, timeout: 500 });
    expect(client.state?.version).toBe(3);
    expect(seen).toEqual([3]);
  });

  it('knows its person key from the join answer, and votes to skip the item it names (R65)', async () => {
    const { socket, client } = joinedClient();
    expect(client.personKey).toBeNull();
    await client.join('room1234room1234');
    expect(client.personKey).toBe('u:host');
    await client.voteSkip('abcdefghijk', true);
    await client.voteSkip('abcdefghijk', false);
    expect(socket.sent.filter((sent) => sent.event === 'vote:skip').map((sent) => sent.payload)).toEqual([
      { id: 'abcdefghijk', skip: true },
      { id: 'abcdefghijk', skip: false },
    ]);
  });

  it('drops states older than or equal to the one it holds, and states of other rooms (R18)', async () => {
    const { socket, client } = joinedClient(5);
    const seen: number[] = [];
    client.onState((state) => seen.push(state.version));
    await client.join('room1234room1234');
    socket.fire('room:state', room(4));
    socket.fire('room:state', room(5));
    socket.fire('room:state', room(7));
    socket.fire('room:state', room(6));
    socket.fire('room:state', room(9, 'another0another0'));
    expect(seen).toEqual([5, 7]);
    expect(client.state?.version).toBe(7);
  });

  it('R108: applies a delta to the version before it, drops an old one, and joins again across a gap', async () => {
    const { socket, client } = joinedClient(5);
    const seen: Array<[number, string[], number]> = [];
    client.onState((state) => seen.push([state.version, state.skipVotes, state.playlist.length]));
    await client.join('room1234room1234');
    socket.fire('room:delta', { roomId: 'room1234room1234', version: 6, set: { skipVotes: ['g:A'] } });
    socket.fire('room:delta', { roomId: 'room1234room1234', version: 6, set: { skipVotes: ['g:B'] } }); // a repeat
    socket.fire('room:delta', { roomId: 'another0another0', version: 7, set: { skipVotes: ['g:C'] } });
    socket.fire('room:delta', {
      roomId: 'room1234room1234',
      version: 7,
      playlist: { inserted: [{ index: 0, video: { ...video, visited: false } }] },
    });
    expect(seen).toEqual([
      [5, [], 0],
      [6, ['g:A'], 0],
      [7, ['g:A'], 1],
    ]);
    // Version 8 was missed: 9 cannot be applied to 7, so the whole room is asked for again.
    const joins = () => socket.sent.filter((sent) => sent.event === 'room:join').length;
    socket.answer = () => ({
      ok: true,
      room: { ...room(8), skipVotes: ['u:x'] },
      serverTime: 0,
      isHost: true,
      me: null,
      personKey: 'u:host',
    });
    socket.fire('room:delta', { roomId: 'room1234room1234', version: 9, set: { loop: 'all' } });
    await flush();
    expect(joins()).toBe(2);
    // The room of the answer (8), then the delta that waited for it (9).
    expect(client.state).toMatchObject({ version: 9, skipVotes: ['u:x'], loop: 'all' });
  });

  it('R108: keeps a delta that comes before the join answer and applies it to the room the answer brings', async () => {
    const socket = new FakeSocket();
    const client = createRoomClient(socket.asSocket());
    socket.answer = () => {
      socket.fire('room:delta', { roomId: 'room1234room1234', version: 8, set: { loop: 'one' } });
      return { ok: true, room: room(7), serverTime: 0, isHost: false, me: null, personKey: 'g:A' };
    };
    await client.join('room1234room1234');
    expect(client.state).toMatchObject({ version: 8, loop: 'one' });
  });

  it('keeps a broadcast that overtook the join ack (R18)', async () => {
    const socket = new FakeSocket();
    const client = createRoomClient(socket.asSocket());
    socket.answer = () => {
      socket.fire('room:state', room(8)); // committed between the server's join and its ack
      return { ok: true, room: room(7), serverTime: 0, isHost: false, me: null };
    };
    await client.join('room1234room1234');
    expect(client.state?.version).toBe(8);
  });

  it.each([
    ['addVideo', 'playlist:add', (c: Client) => c.addVideo(video), { video }],
    ['select', 'playlist:select', (c: Client) => c.select('abcdefghijk'), { id: 'abcdefghijk' }],
    ['remove', 'playlist:remove', (c: Client) => c.remove('abcdefghijk'), { id: 'abcdefghijk' }],
    ['clearWatched', 'playlist:clearWatched', (c: Client) => c.clearWatched(), {}],
    ['ended', 'playback:ended', (c: Client) => c.ended('abcdefghijk'), { id: 'abcdefghijk' }],
    ['clearQueue', 'playlist:clear', (c: Client) => c.clearQueue(), {}],
    ['grant', 'cohost:grant', (c: Client) => c.grant('uid-1'), { uid: 'uid-1' }],
    ['revoke', 'cohost:revoke', (c: Client) => c.revoke('uid-1'), { uid: 'uid-1' }],
    [
      'changeSettings',
      'room:settings',
      (c: Client) => c.changeSettings({ guestChat: true }),
      { settings: { guestChat: true } },
    ],
    ['kick', 'moderation:kick', (c: Client) => c.kick('g:ABCDEFGHJK'), { key: 'g:ABCDEFGHJK' }],
    ['ban', 'moderation:ban', (c: Client) => c.ban('uid-1'), { uid: 'uid-1' }],
    ['unban', 'moderation:unban', (c: Client) => c.unban('uid-1'), { uid: 'uid-1' }],
    ['bans', 'moderation:bans', (c: Client) => c.bans(), {}],
    [
      'updatePlayback',
      'playback:update',
      (c: Client) => c.updatePlayback({ id: 'abcdefghijk', playing: false, position: 12.5, rate: 1.25 }),
      { id: 'abcdefghijk', playing: false, position: 12.5, rate: 1.25 },
    ],
  ])('%s sends %s with its payload and returns the ack', async (_name, event, call, payload) => {
    const { socket, client } = joinedClient();
    socket.answer = (name) => (name === event ? { ok: true, version: 12 } : { ok: false });
    expect(await call(client)).toEqual({ ok: true, version: 12 });
    expect(socket.sent.at(-1)).toEqual({ event, payload, timeout: 500 });
  });

  it.each(['kicked', 'banned'] as const)(
    'tells onGone when the host %s us, forgets the room and does not join it again (R58, R59)',
    async (reason) => {
      const { socket, client } = joinedClient();
      const gone: unknown[] = [];
      client.onGone((event) => gone.push(event));
      await client.join('room1234room1234');
      socket.fire('room:removed', { roomId: 'another0another0', reason });
      expect(gone).toEqual([]);
      socket.fire('room:removed', { roomId: 'room1234room1234', reason });
      socket.fire('disconnect', 'io server disconnect');
      socket.fire('connect');
      await flush();
      expect(gone).toEqual([{ reason, roomId: 'room1234room1234' }]);
      expect(client.state).toBeNull();
      expect(socket.sent.filter((sent) => sent.event === 'room:join')).toHaveLength(1);
    },
  );

  it('reports playback for the current video when no id is given, and refuses when nothing plays', async () => {
    const { socket, client } = joinedClient();
    expect(await client.updatePlayback({ playing: true, position: 1, rate: 1 })).toMatchObject({
      ok: false,
      error: { code: 'version_conflict' },
    });
    await client.join('room1234room1234');
    socket.fire('room:state', { ...room(4), current_video: { ...DEFAULT_CURRENT_VIDEO, id: 'abcdefghijk', index: 0 } });
    await client.updatePlayback({ playing: true, position: 3, rate: 1 });
    expect(socket.sent.at(-1)).toMatchObject({ event: 'playback:update', payload: { id: 'abcdefghijk' } });
  });

  it('turns a missing ack into an unavailable failure', async () => {
    const { socket, client } = joinedClient();
    socket.answer = () => new Error('operation has timed out');
    expect(await client.select('abcdefghijk')).toEqual({
      ok: false,
      error: { code: 'unavailable', message: 'No answer from the server' },
    });
  });

  it('feeds ping round trips to the clock estimator (R20)', async () => {
    let local = 10_000;
    const clock = new ClockOffsetEstimator({ now: () => local });
    const socket = new FakeSocket();
    socket.answer = () => {
      local += 100; // 100 ms round trip; the server, 5 s ahead, answered half-way
      return { ok: true, serverTime: local - 50 + 5000 };
    };
    const client = createRoomClient(socket.asSocket(), { clock });
    await client.syncClock(3);
    expect(socket.sent.map((sent) => sent.event)).toEqual(['clock:ping', 'clock:ping', 'clock:ping']);
    expect(clock.sampleCount).toBe(3);
    expect(clock.offset).toBe(5000);
  });

  it('computes the expected position on the server clock', async () => {
    let local = 0;
    const clock = new ClockOffsetEstimator({ now: () => local });
    const socket = new FakeSocket();
    const playing = { id: 'abcdefghijk', index: 0, playing: true, current_time: 20, updated_at: 50_000, rate: 2 };
    socket.answer = () => ({
      ok: true,
      room: { ...room(2), current_video: playing },
      serverTime: 50_000,
      isHost: false,
      me: null,
    });
    const client = createRoomClient(socket.asSocket(), { clock });
    expect(client.expectedPosition()).toBeNull();
    await client.join('room1234room1234'); // offset: server 50 000 − local 0
    local = 3000;
    expect(client.expectedPosition()).toBe(26);
    expect(client.expectedPosition(25)).toBe(25);
  });

  it('joins again after the connection comes back (R27)', async () => {
    const { socket, client } = joinedClient(3);
    await client.join('room1234room1234');
    socket.fire('connect'); // the first connect after join is not a reconnection
    expect(socket.sent.filter((sent) => sent.event === 'room:join')).toHaveLength(1);
    socket.fire('disconnect', 'transport close');
    socket.fire('connect');
    await flush();
    expect(socket.sent.filter((sent) => sent.event === 'room:join')).toHaveLength(2);
  });

  it('keeps joining again with a growing wait while the server answers unavailable, and says when it is back (R27)', async () => {
    vi.useFakeTimers();
    try {
      const { socket, client } = joinedClient(3);
      await client.join('room1234room1234');
      const rejoins: unknown[] = [];
      client.onRejoin((result) => rejoins.push(result));
      const joins = () => socket.sent.filter((sent) => sent.event === 'room:join').length;
      let busy = 3;
      socket.answer = (event) => {
        if (event !== 'room:join') return { ok: true };
        if (busy-- > 0) return { ok: false, error: { code: 'unavailable', message: 'Database unavailable' } };
        return { ok: true, room: room(7), serverTime: 1000, isHost: true, me: null };
      };
      socket.fire('disconnect', 'transport close');
      socket.fire('connect');
      await vi.advanceTimersByTimeAsync(0);
      expect(joins()).toBe(2);
      expect(rejoins).toEqual([]);
      // Waits of 500, 1000 and 2000 ms, each jittered to between half and one and a half times.
      await vi.advanceTimersByTimeAsync(249);
      expect(joins()).toBe(2);
      await vi.advanceTimersByTimeAsync(750 + 1500 + 3000);
      expect(joins()).toBe(5);
      expect(rejoins).toEqual([{ ok: true }]);
      expect(client.state?.version).toBe(7);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(joins()).toBe(5);
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers room commands unavailable at once, without sending them, from a drop until the room is joined again', async () => {
    const { socket, client } = joinedClient(3);
    await client.join('room1234room1234');
    let releaseJoin: () => void = () => {};
    const joinAnswered = new Promise<void>((resolve) => {
      releaseJoin = resolve;
    });
    socket.answer = (event) =>
      event === 'room:join'
        ? joinAnswered.then(() => ({ ok: true, room: room(4), serverTime: 1000, isHost: true, me: null }))
        : { ok: true, version: 5 };
    // A join asks for the chat's latest page right after it (R54): that is the join's, not a room command.
    const ownTraffic = new Set(['room:join', 'clock:ping', 'chat:history']);
    const sentCommands = () => socket.sent.filter((sent) => !ownTraffic.has(sent.event));

    socket.fire('disconnect', 'transport close');
    const offline = await client.updatePlayback({ id: 'abcdefghijk', playing: false, position: 3, rate: 1 });
    expect(offline).toEqual({ ok: false, error: { code: 'unavailable', message: 'Not connected to the room' } });
    socket.fire('connect');
    expect((await client.select('abcdefghijk')).ok).toBe(false);
    expect((await client.ping()).ok).toBe(true); // the clock is not the room's
    expect(sentCommands()).toEqual([]);

    releaseJoin();
    await flush();
    expect(await client.updatePlayback({ id: 'abcdefghijk', playing: false, position: 3, rate: 1 })).toEqual({
      ok: true,
      version: 5,
    });
    expect(sentCommands().map((sent) => sent.event)).toEqual(['playback:update']);
  });

  it('stops joining again when the connection drops once more, when leaving, and on a refusal that will not pass', async () => {
    vi.useFakeTimers();
    try {
      const { socket, client } = joinedClient(3);
      await client.join('room1234room1234');
      const joins = () => socket.sent.filter((sent) => sent.event === 'room:join').length;
      socket.answer = (event) =>
        event === 'room:join' ? { ok: false, error: { code: 'unavailable', message: 'busy' } } : { ok: true };
      socket.fire('disconnect', 'transport close');
      socket.fire('connect');
      await vi.advanceTimersByTimeAsync(0);
      socket.fire('disconnect', 'transport close');
      await vi.advanceTimersByTimeAsync(60_000);
      expect(joins()).toBe(2);

      socket.fire('connect');
      await vi.advanceTimersByTimeAsync(0);
      void client.leave();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(joins()).toBe(3);

      await client.join('room1234room1234');
      const rejoins: unknown[] = [];
      client.onRejoin((result) => rejoins.push(result));
      socket.answer = (event) =>
        event === 'room:join' ? { ok: false, error: { code: 'forbidden', message: 'no' } } : { ok: true };
      socket.fire('disconnect', 'transport close');
      socket.fire('connect');
      await vi.advanceTimersByTimeAsync(60_000);
      expect(joins()).toBe(5);
      expect(rejoins).toEqual([{ ok: false, code: 'forbidden' }]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('tries a handshake refused unavailable again with the same growing, jittered wait, and reports one refused for good (R27)', async () => {
    vi.useFakeTimers();
    try {
      const { socket, client } = joinedClient(3);
      await client.join('room1234room1234');
      const rejoins: unknown[] = [];
      client.onRejoin((result) => rejoins.push(result));
      socket.fire('disconnect', 'transport close');
      // Socket.IO retries a connection that failed on the way by itself (the socket stays active): not us.
      socket.fire('connect_error', new Error('websocket error'));
      await vi.advanceTimersByTimeAsync(60_000);
      expect(socket.connects).toBe(0);

      // The session store is down: the server refuses the handshake. Waits of 500, then 1000 ms, jittered.
      socket.refuseHandshake('unavailable');
      await vi.advanceTimersByTimeAsync(249);
      expect(socket.connects).toBe(0);
      await vi.advanceTimersByTimeAsync(501);
      expect(socket.connects).toBe(1);
      socket.refuseHandshake('unavailable');
      await vi.advanceTimersByTimeAsync(499);
      expect(socket.connects).toBe(1);
      await vi.advanceTimersByTimeAsync(1001);
      expect(socket.connects).toBe(2);
      expect(rejoins).toEqual([]);

      socket.fire('connect');
      await vi.advanceTimersByTimeAsync(0);
      expect(rejoins).toEqual([{ ok: true }]);
      expect(socket.sent.filter((sent) => sent.event === 'room:join')).toHaveLength(2);

      // Once connected the wait starts from 500 ms again; a refusal that will not pass is reported, not retried.
      socket.fire('disconnect', 'transport close');
      socket.refuseHandshake('unavailable');
      await vi.advanceTimersByTimeAsync(750);
      expect(socket.connects).toBe(3);
      socket.refuseHandshake('forbidden');
      await vi.advanceTimersByTimeAsync(60_000);
      expect(socket.connects).toBe(3);
      expect(rejoins).toEqual([{ ok: true }, { ok: false, code: 'forbidden' }]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('R99: backs off while the server refuses the handshake rate_limited, and fails a join left unanswered with it', async () => {
    vi.useFakeTimers();
    try {
      const socket = new FakeSocket();
      const client = createRoomClient(socket.asSocket(), { timeoutMs: 10_000 });
      // Opening the room: the address has too many sockets open, so every handshake is refused until one closes.
      socket.answer = () =>
        new Promise((_resolve, reject) => setTimeout(() => reject(new Error('operation has timed out')), 10_000));
      const joined = client.join('room1234room1234');
      let waited = 0;
      for (const expected of [500, 1000, 2000, 4000, 5000, 5000]) {
        socket.refuseHandshake('rate_limited');
        const before = socket.connects;
        await vi.advanceTimersByTimeAsync(expected * 0.5 - 1);
        expect(socket.connects).toBe(before); // never sooner than half the wait: no hammering
        await vi.advanceTimersByTimeAsync(expected + 1);
        expect(socket.connects).toBe(before + 1);
        waited += expected;
      }
      expect(waited).toBeGreaterThan(15_000);
      expect(await joined).toEqual({
        ok: false,
        error: { code: 'rate_limited', message: 'The server refused the connection' },
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops trying a refused handshake again after dispose', async () => {
    vi.useFakeTimers();
    try {
      const { socket, client } = joinedClient(3);
      await client.join('room1234room1234');
      socket.fire('disconnect', 'transport close');
      socket.refuseHandshake('unavailable');
      client.dispose();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(socket.connects).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reports a deleted or missing room once, for the room it is in only (R5, R25)', async () => {
    const { socket, client } = joinedClient();
    const gone: unknown[] = [];
    client.onGone((event) => gone.push(event));
    await client.join('room1234room1234');
    socket.fire('room:deleted', { roomId: 'another0another0' });
    socket.fire('room:deleted', { roomId: 'room1234room1234' });
    socket.fire('room:deleted', { roomId: 'room1234room1234' });
    expect(gone).toEqual([{ reason: 'deleted', roomId: 'room1234room1234' }]);
    expect(client.state).toBeNull();

    socket.answer = () => ({ ok: false, error: { code: 'room_not_found', message: 'Room not found' } });
    await client.join('missing0missing0');
    socket.fire('room:notFound', { roomId: 'missing0missing0' });
    expect(gone.at(-1)).toEqual({ reason: 'notFound', roomId: 'missing0missing0' });
  });

  it('stops listening after dispose', async () => {
    const { socket, client } = joinedClient();
    const seen: number[] = [];
    client.onState((state) => seen.push(state.version));
    await client.join('room1234room1234');
    client.dispose();
    socket.fire('room:state', room(10));
    expect(seen).toEqual([3]);
    expect([...socket.listeners.values()].every((set) => set.size === 0)).toBe(true);
  });
});
