import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScriptedSocket, scriptedClient } from '../../test/scriptedSocket.ts';
import { createRoomClient } from './roomClient.ts';

const reconnecting = { status: 'reconnecting', attempt: 0, nextAt: null };
const waiting = (attempt: number) => ({ status: 'reconnecting', attempt, nextAt: expect.any(Number) });

afterEach(() => {
  vi.useRealTimers();
});

describe('room connection: a refused handshake (R27, R99)', () => {
  it('tries a handshake refused unavailable again with the same growing, jittered wait, and ends on one refused for good', async () => {
    vi.useFakeTimers();
    const { socket, client } = scriptedClient(3);
    await client.join('room1234room1234');
    socket.fire('disconnect', 'transport close');
    // Socket.IO retries a connection that failed on the way by itself (the socket stays active): not us.
    socket.fire('connect_error', new Error('websocket error'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(socket.connects).toBe(0);
    expect(client.connection).toEqual(reconnecting);

    // The session store is down: the server refuses the handshake. Waits of 500, then 1000 ms, jittered.
    socket.refuseHandshake('unavailable');
    expect(client.connection).toEqual(waiting(1));
    await vi.advanceTimersByTimeAsync(249);
    expect(socket.connects).toBe(0);
    await vi.advanceTimersByTimeAsync(501);
    expect(socket.connects).toBe(1);
    socket.refuseHandshake('unavailable');
    expect(client.connection).toEqual(waiting(2));
    await vi.advanceTimersByTimeAsync(499);
    expect(socket.connects).toBe(1);
    await vi.advanceTimersByTimeAsync(1001);
    expect(socket.connects).toBe(2);
    expect(client.connection).toEqual({ status: 'reconnecting', attempt: 2, nextAt: null });

    socket.fire('connect');
    await vi.advanceTimersByTimeAsync(0);
    expect(client.connection).toEqual({ status: 'joined' });
    expect(socket.joins()).toBe(2);

    // Once connected the wait starts from 500 ms again; a refusal that will not pass ends it, not retried.
    socket.fire('disconnect', 'transport close');
    socket.refuseHandshake('unavailable');
    expect(client.connection).toEqual(waiting(1));
    await vi.advanceTimersByTimeAsync(750);
    expect(socket.connects).toBe(3);
    socket.refuseHandshake('forbidden');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(socket.connects).toBe(3);
    expect(client.connection).toEqual({ status: 'closed', reason: 'refused', code: 'forbidden' });
  });

  it('R99: backs off while the server refuses the handshake rate_limited, and fails a join left unanswered with it', async () => {
    vi.useFakeTimers();
    const socket = new ScriptedSocket();
    const client = createRoomClient(socket.asSocket(), { timeoutMs: 30_000 });
    // Opening the room: the address has too many sockets open, so every handshake is refused until one closes.
    socket.answer = () =>
      new Promise((_resolve, reject) => setTimeout(() => reject(new Error('operation has timed out')), 30_000));
    const joined = client.join('room1234room1234');
    let waited = 0;
    for (const [attempt, expected] of [500, 1000, 2000, 4000, 5000, 5000].entries()) {
      socket.refuseHandshake('rate_limited');
      expect(client.connection).toEqual({ status: 'connecting', attempt: attempt + 1, nextAt: expect.any(Number) });
      const before = socket.connects;
      await vi.advanceTimersByTimeAsync(expected * 0.5 - 1);
      expect(socket.connects).toBe(before); // never sooner than half the wait: no hammering
      await vi.advanceTimersByTimeAsync(expected + 1);
      expect(socket.connects).toBe(before + 1);
      waited += expected;
    }
    expect(waited).toBeGreaterThan(15_000);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await joined).toEqual({
      ok: false,
      error: { code: 'rate_limited', message: 'The server refused the connection' },
    });
    expect(client.connection).toEqual({ status: 'closed', reason: 'refused', code: 'rate_limited' });
  });

  it('stops trying a refused handshake again after dispose', async () => {
    vi.useFakeTimers();
    const { socket, client } = scriptedClient(3);
    await client.join('room1234room1234');
    socket.fire('disconnect', 'transport close');
    socket.refuseHandshake('unavailable');
    client.dispose();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(socket.connects).toBe(0);
  });
});
