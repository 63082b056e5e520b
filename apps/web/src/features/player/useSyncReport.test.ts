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
  return { socket, client };
}

describe('useSyncReport (R52, R53)', () => {
  it('reports idle at once and every interval while no video is on screen, then what the player on screen does', async () => {
    const { socket, client } = await joinedClient();
    const { result, unmount } = renderHook(() => useSyncReport(client));
    expect(socket.commands('presence:report')).toEqual([{ state: 'idle', rttMs: 0, watching: false }]);
    await vi.advanceTimersByTimeAsync(SYNC_REPORT_INTERVAL_MS);
    expect(socket.commands('presence:report')).toHaveLength(2);

    // The stage of a video puts its reading here; at the next report the room is at 5 s + 4 s, this player 40.4 ms behind.
    const player = { currentTime: () => 8.9596, duration: () => 60, paused: () => false } as PlayerAdapter;
    const status = new PlayerStatus();
    result.current.current = () => status.read(player, client.state?.current_video ?? null, client.clock.serverNow());
    await vi.advanceTimersByTimeAsync(SYNC_REPORT_INTERVAL_MS);
    expect(socket.commands('presence:report').at(-1)).toEqual({
      state: 'playing',
      errorMs: -40,
      rttMs: 0,
      watching: false,
    });

    unmount();
    await vi.advanceTimersByTimeAsync(3 * SYNC_REPORT_INTERVAL_MS);
    expect(socket.commands('presence:report')).toHaveLength(3);
  });

  it('answers a probe with a report at once', async () => {
    const { socket, client } = await joinedClient();
    renderHook(() => useSyncReport(client));
    socket.fire('presence:probe', { roomId: 'another0another0' });
    expect(socket.commands('presence:report')).toHaveLength(1);
    socket.fire('presence:probe', { roomId: ROOM_ID });
    expect(socket.commands('presence:report')).toHaveLength(2);
  });
});
