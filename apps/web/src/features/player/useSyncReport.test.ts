import { renderHook } from '@testing-library/react';
import { DEFAULT_CURRENT_VIDEO, SYNC_REPORT_INTERVAL_MS } from '@xemchung/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeRoomSocket, ROOM_ID, roomSnapshot } from '../../test/fakeRoomSocket.ts';
import { createRoomClient } from '../room/roomClient.ts';
import { PlayerStatus } from './playerStatus.ts';
import type { PlayerAdapter } from './types.ts';
import { useSyncReport } from './useSyncReport.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('useSyncReport (R53)', () => {
  it('reports the player’s state, its error rounded and the clock round trip every interval, and stops on unmount', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const socket = new FakeRoomSocket();
    const now = Date.now();
    socket.rooms.set(
      ROOM_ID,
      roomSnapshot({
        current_video: {
          ...DEFAULT_CURRENT_VIDEO,
          id: 'm_one',
          index: 0,
          playing: true,
          current_time: 5,
          updated_at: now,
        },
      }),
    );
    const client = createRoomClient(socket.asSocket());
    await client.join(ROOM_ID);
    // The room is at 5 s now and plays on; this player stands at 4.9576 s.
    const player = { current: { currentTime: () => 4.9576, duration: () => 60, paused: () => false } as PlayerAdapter };
    const { unmount } = renderHook(() => useSyncReport(client, new PlayerStatus(), player));

    await vi.advanceTimersByTimeAsync(SYNC_REPORT_INTERVAL_MS - 1);
    expect(socket.commands('presence:report')).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    const [report] = socket.commands('presence:report') as Array<{ state: string; errorMs: number; rttMs: number }>;
    expect(report?.state).toBe('playing');
    expect(report?.errorMs).toBe(Math.round((4.9576 - (5 + SYNC_REPORT_INTERVAL_MS / 1000)) * 1000));
    expect(report?.rttMs).toBe(0); // the fake answers at once
    await vi.advanceTimersByTimeAsync(SYNC_REPORT_INTERVAL_MS);
    expect(socket.commands('presence:report')).toHaveLength(2);
    unmount();
    await vi.advanceTimersByTimeAsync(3 * SYNC_REPORT_INTERVAL_MS);
    expect(socket.commands('presence:report')).toHaveLength(2);
  });
});
