import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CurrentVideo, RoomSnapshot, Viewer } from '@xemchung/protocol';
import { describe, expect, it } from 'vitest';
import { ROOM_ID, roomSnapshot } from '../../test/fakeRoomSocket.ts';
import { renderInRoom } from '../../test/renderInRoom.tsx';
import { StartWaitNotice } from './StartWaitNotice.tsx';

const viewer = (key: string, name: string | null): Viewer => ({
  key,
  uid: name === null ? null : key.slice(2),
  name,
  photoURL: null,
  guestTag: name === null ? key.slice(2) : null,
  tabs: 1,
  report: { state: 'buffering' },
});
const LAN = viewer('u:lan', 'Lan');
const BINH = viewer('u:binh', 'Bình');
const GUEST = viewer('g:QWER5678ZZ', null);

/** A start a minute away (the room's clock starts then, R122), waiting for `keys`. */
function waitingRoom(keys: string[], startsIn = 60_000): RoomSnapshot {
  const current_video: CurrentVideo = {
    id: 'm_one',
    index: 0,
    playing: true,
    current_time: 40,
    updated_at: Date.now() + startsIn,
    rate: 1,
  };
  return roomSnapshot({ current_video, readyWait: keys });
}

describe('StartWaitNotice (R122)', () => {
  it('tells a viewer whom the start waits for, by name, and offers no start', async () => {
    const room = waitingRoom([LAN.key, BINH.key, GUEST.key]);
    const { socket } = await renderInRoom(<StartWaitNotice />, { room });
    act(() => socket.fire('room:presence', { roomId: ROOM_ID, viewers: [LAN, BINH, GUEST] }));
    expect(screen.getByRole('status')).toHaveTextContent('Đang chờ Lan và 2 người khác tải video…');
    expect(screen.queryByRole('button', { name: 'Bắt đầu ngay' })).toBeNull();
    // Lan is ready: the list shrinks.
    act(() => socket.fire('room:state', { ...room, readyWait: [GUEST.key], version: room.version + 1 }));
    expect(screen.getByRole('status')).toHaveTextContent('Đang chờ Khách QWER tải video…');
  });

  it('lets a controller start at once', async () => {
    const room = waitingRoom([LAN.key]);
    const { socket } = await renderInRoom(<StartWaitNotice />, { room, isHost: true });
    act(() => socket.fire('room:presence', { roomId: ROOM_ID, viewers: [LAN] }));
    expect(screen.getByRole('status')).toHaveTextContent('Đang chờ Lan tải video…');
    await userEvent.click(screen.getByRole('button', { name: 'Bắt đầu ngay' }));
    expect(socket.commands('playback:start')).toEqual([{ id: 'm_one' }]);
  });

  it('tells a viewer who is still loading that the room waits for them', async () => {
    // The fake server names this guest 'g:ABCD1234XY'.
    const room = waitingRoom(['g:ABCD1234XY', LAN.key]);
    const { socket } = await renderInRoom(<StartWaitNotice />, { room });
    act(() => socket.fire('room:presence', { roomId: ROOM_ID, viewers: [LAN] }));
    expect(screen.getByRole('status')).toHaveTextContent('Đang chờ bạn và 1 người khác tải video…');
    act(() => socket.fire('room:state', { ...room, readyWait: ['g:ABCD1234XY'], version: room.version + 1 }));
    expect(screen.getByRole('status')).toHaveTextContent('Đang chờ bạn tải video…');
  });

  it('shows nothing once the start has come, or when nobody is waited for', async () => {
    await renderInRoom(<StartWaitNotice />, { room: waitingRoom([LAN.key], -1000) });
    expect(screen.queryByRole('status')).toBeNull();
  });
});
