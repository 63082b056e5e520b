import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mediaVideo, roomSnapshot } from '../../test/fakeRoomSocket.ts';
import { renderInRoom } from '../../test/renderInRoom.tsx';
import { LoopControl } from './LoopControl.tsx';

const room = roomSnapshot({
  playlist: [mediaVideo('m_one', 'Một', true), mediaVideo('m_two', 'Hai')],
  current_video: { id: 'm_two', index: 1, playing: true, current_time: 0, updated_at: 1, rate: 1 },
  version: 7,
});

describe('LoopControl (R63)', () => {
  it("shows the room's mode pressed and sets another", async () => {
    const { socket } = await renderInRoom(<LoopControl />, { room: { ...room, loop: 'one' }, isHost: true });
    expect(screen.getByRole('group', { name: 'Lặp lại' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Lặp một video' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Không lặp' })).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(screen.getByRole('button', { name: 'Lặp cả danh sách' }));
    expect(socket.commands('room:loop')).toEqual([{ mode: 'all' }]);
  });
});
