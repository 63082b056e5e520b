import { afterEach, describe, expect, it, vi } from 'vitest';
import { joinAnswer, scriptedClient } from '../../test/scriptedSocket.ts';
import type { RoomClient } from './roomClient.ts';
import type { RoomConnection } from './roomConnection.ts';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Every status the client's connection goes through from now on. */
function statuses(client: RoomClient) {
  const seen: RoomConnection[] = [];
  client.onConnection((connection) => seen.push(connection));
  return seen;
}
const names = (seen: RoomConnection[]) => seen.map((connection) => connection.status);
const refused = (code: string) => ({ ok: false, error: { code, message: 'refused' } });
const waiting = (attempt: number) => ({ status: 'reconnecting', attempt, nextAt: expect.any(Number) });
const reconnecting = { status: 'reconnecting', attempt: 0, nextAt: null };

afterEach(() => {
  vi.useRealTimers();
});

describe('room connection: the page join', () => {
  it('is connecting until the join answer, then joined', async () => {
    const { client } = scriptedClient();
    expect(client.connection).toEqual({ status: 'connecting', attempt: 0, nextAt: null });
    const seen = statuses(client);
    await client.join('room1234room1234');
    expect(seen).toEqual([{ status: 'connecting', attempt: 0, nextAt: null }, { status: 'joined' }]);
    expect(client.connection).toEqual({ status: 'joined' });
  });

  it.each([
    ['room_not_found', { status: 'closed', reason: 'notFound' }],
    ['invalid_payload', { status: 'closed', reason: 'notFound' }],
    ['kicked', { status: 'closed', reason: 'kicked' }],
    ['banned', { status: 'closed', reason: 'banned' }],
    ['unavailable', { status: 'closed', reason: 'refused', code: 'unavailable' }],
    ['rate_limited', { status: 'closed', reason: 'refused', code: 'rate_limited' }],
  ])('ends a join refused %s as closed, without trying again, and frees the socket', async (code, closed) => {
    vi.useFakeTimers();
    const { socket, client } = scriptedClient();
    socket.answer = () => refused(code);
    await client.join('room1234room1234');
    expect(client.connection).toEqual(closed);
    expect(socket.connected).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(socket.joins()).toBe(1);
  });

  it('a drop while the join is on its way: the join is sent again once connected, and its answer counts', async () => {
    const { socket, client } = scriptedClient();
    let answerFirst: (answer: unknown) => void = () => {};
    socket.answer = () => new Promise((resolve) => (answerFirst = resolve));
    const first = client.join('room1234room1234');
    socket.fire('disconnect', 'transport close');
    expect(client.connection).toEqual(reconnecting);
    socket.answer = () => joinAnswer(4);
    socket.fire('connect');
    await flush();
    expect(socket.joins()).toBe(2);
    expect(client.connection).toEqual({ status: 'joined' });
    // The first join's answer, lost with the connection, comes (as a timeout) long after: it changes nothing.
    answerFirst(refused('unavailable'));
    await first;
    expect(client.connection).toEqual({ status: 'joined' });
    expect(client.state?.version).toBe(4);
  });
});

describe('room connection: a dropped connection (R27)', () => {
  it('joins again after the connection comes back', async () => {
    const { socket, client } = scriptedClient(3);
    await client.join('room1234room1234');
    const seen = statuses(client);
    socket.fire('connect'); // the first connect after join is not a reconnection
    expect(socket.joins()).toBe(1);
    socket.fire('disconnect', 'transport close');
    socket.fire('connect');
    await flush();
    expect(socket.joins()).toBe(2);
    expect(names(seen)).toEqual(['reconnecting', 'reconnecting', 'joined']);
  });

  it('keeps joining again with a growing wait while the server answers unavailable, and says when it is back', async () => {
    vi.useFakeTimers();
    const { socket, client } = scriptedClient(3);
    await client.join('room1234room1234');
    const seen = statuses(client);
    let busy = 3;
    socket.answer = (event) => {
      if (event !== 'room:join') return { ok: true };
      if (busy-- > 0) return refused('unavailable');
      return joinAnswer(7);
    };
    socket.fire('disconnect', 'transport close');
    socket.fire('connect');
    await vi.advanceTimersByTimeAsync(0);
    expect(socket.joins()).toBe(2);
    expect(client.connection).toEqual(waiting(1));
    // Waits of 500, 1000 and 2000 ms, each jittered to between half and one and a half times.
    await vi.advanceTimersByTimeAsync(249);
    expect(socket.joins()).toBe(2);
    await vi.advanceTimersByTimeAsync(750 + 1500 + 3000);
    expect(socket.joins()).toBe(5);
    expect(seen.filter((connection) => connection.status !== 'reconnecting' || connection.nextAt !== null)).toEqual([
      waiting(1),
      waiting(2),
      waiting(3),
      { status: 'joined' },
    ]);
    expect(client.state?.version).toBe(7);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(socket.joins()).toBe(5);
  });

  it('answers room commands unavailable at once, without sending them, from a drop until the room is joined again', async () => {
    const { socket, client } = scriptedClient(3);
    await client.join('room1234room1234');
    let releaseJoin: () => void = () => {};
    const joinAnswered = new Promise<void>((resolve) => {
      releaseJoin = resolve;
    });
    socket.answer = (event) =>
      event === 'room:join' ? joinAnswered.then(() => joinAnswer(4)) : { ok: true, version: 5 };
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
    const { socket, client } = scriptedClient(3);
    await client.join('room1234room1234');
    socket.answer = (event) => (event === 'room:join' ? refused('unavailable') : { ok: true });
    socket.fire('disconnect', 'transport close');
    socket.fire('connect');
    await vi.advanceTimersByTimeAsync(0);
    socket.fire('disconnect', 'transport close');
    expect(client.connection).toEqual(reconnecting);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(socket.joins()).toBe(2);

    socket.fire('connect');
    await vi.advanceTimersByTimeAsync(0);
    void client.leave();
    expect(client.connection).toEqual({ status: 'closed', reason: 'left' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(socket.joins()).toBe(3);

    socket.answer = (event) => (event === 'room:join' ? joinAnswer(3) : { ok: true });
    await client.join('room1234room1234');
    expect(client.connection).toEqual({ status: 'joined' });
    socket.answer = (event) => (event === 'room:join' ? refused('forbidden') : { ok: true });
    socket.fire('disconnect', 'transport close');
    socket.fire('connect');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(socket.joins()).toBe(5);
    expect(client.connection).toEqual({ status: 'closed', reason: 'refused', code: 'forbidden' });
  });

  it('says kicked or banned when a join again is refused so (R58, R59)', async () => {
    const { socket, client } = scriptedClient(3);
    await client.join('room1234room1234');
    socket.answer = (event) => (event === 'room:join' ? refused('banned') : { ok: true });
    socket.fire('disconnect', 'transport close');
    socket.fire('connect');
    await flush();
    expect(client.connection).toEqual({ status: 'closed', reason: 'banned' });
  });

  it('ends as refused `disconnected` when the server closes the socket on purpose (a flood, R22)', async () => {
    const { socket, client } = scriptedClient(3);
    await client.join('room1234room1234');
    socket.fire('disconnect', 'io server disconnect');
    socket.fire('connect');
    await flush();
    expect(client.connection).toEqual({ status: 'closed', reason: 'refused', code: 'disconnected' });
    expect(socket.joins()).toBe(1);
  });
});

describe('room connection: the room goes away', () => {
  it.each(['kicked', 'banned'] as const)(
    'ends closed when the host %s us, forgets the room and does not join it again (R58, R59)',
    async (reason) => {
      const { socket, client } = scriptedClient();
      await client.join('room1234room1234');
      const seen = statuses(client);
      socket.fire('room:removed', { roomId: 'another0another0', reason });
      expect(seen).toEqual([]);
      socket.fire('room:removed', { roomId: 'room1234room1234', reason });
      socket.fire('disconnect', 'io server disconnect');
      socket.fire('connect');
      await flush();
      expect(seen).toEqual([{ status: 'closed', reason }]);
      expect(client.state).toBeNull();
      expect(socket.joins()).toBe(1);
    },
  );

  it('ends closed once when the room it is in is deleted or missing, for that room only (R5, R25)', async () => {
    const { socket, client } = scriptedClient();
    await client.join('room1234room1234');
    const seen = statuses(client);
    socket.fire('room:deleted', { roomId: 'another0another0' });
    socket.fire('room:deleted', { roomId: 'room1234room1234' });
    socket.fire('room:deleted', { roomId: 'room1234room1234' });
    expect(seen).toEqual([{ status: 'closed', reason: 'deleted' }]);
    expect(client.state).toBeNull();

    socket.answer = () => refused('room_not_found');
    await client.join('missing0missing0');
    socket.fire('room:notFound', { roomId: 'missing0missing0' });
    expect(seen.at(-1)).toEqual({ status: 'closed', reason: 'notFound' });
    expect(client.connection).toEqual({ status: 'closed', reason: 'notFound' });
  });
});
