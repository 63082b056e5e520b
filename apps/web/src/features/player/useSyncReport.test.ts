import { renderHook } from '@testing-library/react';
import { DEFAULT_CURRENT_VIDEO, SYNC_KEEPALIVE_MS, SYNC_REPORT_GAP_MS, type SyncState } from '@xemchung/protocol';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeRoomSocket, ROOM_ID, roomSnapshot } from '../../test/fakeRoomSocket.ts';
import { createRoomClient } from '../room/roomClient.ts';
import { PlayerStatus } from './playerStatus.ts';
import type { PlayerAdapter } from './types.ts';
import { SYNC_READ_EVERY_MS, useSyncReport } from './useSyncReport.ts';

afterEach(() => {
  vi.useRealTimers();
});

async function joinedClient() {
  vi.useFakeTimers({ now: 1_000_000 });
  const socket = new FakeRoomSocket();
  socket.rooms.set(
    ROOM_ID,
    roomSnapshot({
      current_video: {
        ...DEFAULT_CURRENT_VIDEO,
        id: 'm_one',
        index: 0,
        playing: true,
        current_time: 5,
        updated_at: Date.now(),
      },
    }),
  );
  socket.answer = () => ({ ok: true });
  const client = createRoomClient(socket.asSocket());
  await client.join(ROOM_ID);
  // When each report went, on the page's clock.
  const sentAt: number[] = [];
  const reportSync = client.reportSync;
  client.reportSync = (report) => {
    sentAt.push(Date.now());
    reportSync(report);
  };
  return { socket, client, sentAt };
}

/** A player reading that the test sets: a state, and an error in ms (null: nothing to compare). */
function scriptedReading() {
  const reading: { state: SyncState; errorMs: number | null } = { state: 'playing', errorMs: 0 };
  return { reading, reader: () => ({ ...reading }) };
}

describe('useSyncReport (R53)', () => {
  it('reports idle at once, what the player on screen does once it changes the badge, then every 10 s', async () => {
    const { socket, client } = await joinedClient();
    const { result, unmount } = renderHook(() => useSyncReport(client));
    expect(socket.commands('presence:report')).toEqual([{ state: 'idle', rttMs: 0, watching: false }]);
    await vi.advanceTimersByTimeAsync(4000);
    expect(socket.commands('presence:report')).toHaveLength(1); // nothing changed: nothing sent

    // The stage of a video puts its reading here; at the next read the room is at 5 s + 4.5 s, this player 40.4 ms
    // behind.
    const player = { currentTime: () => 9.4596, duration: () => 60, paused: () => false } as PlayerAdapter;
    const status = new PlayerStatus();
    result.current.current = () => status.read(player, client.state?.current_video ?? null, client.clock.serverNow());
    await vi.advanceTimersByTimeAsync(SYNC_READ_EVERY_MS);
    expect(socket.commands('presence:report').at(-1)).toEqual({
      state: 'playing',
      errorMs: -40,
      rttMs: 0,
      watching: false,
    });
    await vi.advanceTimersByTimeAsync(SYNC_KEEPALIVE_MS); // the player goes on as it was: one keep-alive
    expect(socket.commands('presence:report')).toHaveLength(3);

    unmount();
    await vi.advanceTimersByTimeAsync(3 * SYNC_KEEPALIVE_MS);
    expect(socket.commands('presence:report')).toHaveLength(3);
  });

  it('reports a colour change past the edge’s margin, not the error moving inside its band or wavering at its edge', async () => {
    const { socket, client } = await joinedClient();
    const { reading, reader } = scriptedReading();
    const { result } = renderHook(() => useSyncReport(client));
    result.current.current = reader;
    await vi.advanceTimersByTimeAsync(SYNC_REPORT_GAP_MS);
    expect(socket.commands('presence:report').at(-1)).toMatchObject({ state: 'playing', errorMs: 0 });
    const sent = () => socket.commands('presence:report').length;
    const before = sent();
    for (const errorMs of [12, -35, 48, 55, 45, 58, 42, 59]) {
      reading.errorMs = errorMs;
      await vi.advanceTimersByTimeAsync(SYNC_READ_EVERY_MS);
    }
    expect(sent()).toBe(before);
    reading.errorMs = 75;
    await vi.advanceTimersByTimeAsync(SYNC_READ_EVERY_MS);
    expect(socket.commands('presence:report').at(-1)).toMatchObject({ errorMs: 75 });
    reading.state = 'buffering';
    await vi.advanceTimersByTimeAsync(SYNC_READ_EVERY_MS);
    expect(sent()).toBe(before + 1); // within the gap: it waits
    await vi.advanceTimersByTimeAsync(SYNC_REPORT_GAP_MS);
    expect(socket.commands('presence:report').at(-1)).toMatchObject({ state: 'buffering', errorMs: 75 });
  });

  it('never sends two reports closer than the gap, whatever the player does, and never waits past a keep-alive', async () => {
    const { client, sentAt } = await joinedClient();
    const { reading, reader } = scriptedReading();
    const { result, unmount } = renderHook(() => useSyncReport(client));
    result.current.current = reader;
    const states = fc.constantFrom<SyncState>('playing', 'playing', 'playing', 'buffering', 'paused', 'error');
    const samples = fc.sample(fc.tuple(states, fc.integer({ min: -400, max: 400 })), { numRuns: 240 });
    for (const [state, errorMs] of samples) {
      reading.state = state;
      reading.errorMs = errorMs;
      await vi.advanceTimersByTimeAsync(SYNC_READ_EVERY_MS);
    }
    unmount();
    const gaps = sentAt.slice(1).map((at, index) => at - (sentAt[index] as number));
    expect(gaps.length).toBeGreaterThan(samples.length / 20);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(SYNC_REPORT_GAP_MS);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(SYNC_KEEPALIVE_MS);
  });

  it('reports when the list of viewers opens, and at once on a re-join after the connection dropped', async () => {
    const { socket, client, sentAt } = await joinedClient();
    renderHook(() => useSyncReport(client));
    expect(sentAt).toHaveLength(1);
    client.setPresenceOpen(true);
    expect(sentAt).toHaveLength(1); // opened within the gap: the report waits for it
    await vi.advanceTimersByTimeAsync(SYNC_REPORT_GAP_MS);
    expect(socket.commands('presence:report').at(-1)).toEqual({ state: 'idle', rttMs: 0, watching: true });
    expect(sentAt).toHaveLength(2);

    socket.fire('disconnect', 'transport close');
    socket.fire('connect');
    await vi.advanceTimersByTimeAsync(0);
    expect(sentAt).toHaveLength(3);
    expect(socket.commands('presence:report')).toHaveLength(3);
  });
});
