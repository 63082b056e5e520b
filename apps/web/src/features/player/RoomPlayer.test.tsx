import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CurrentVideo } from '@xemchung/protocol';
import { describe, expect, it } from 'vitest';
import { roomSnapshot } from '../../test/fakeRoomSocket.ts';
import { renderInRoom } from '../../test/renderInRoom.tsx';
import { RoomPlayer } from './RoomPlayer.tsx';

const playing = (id: string, index: number): CurrentVideo => ({
  id,
  index,
  playing: true,
  current_time: 0,
  updated_at: Date.now(),
  rate: 1,
});

const mediaElement = () => screen.getByTestId<HTMLVideoElement>('media-player');

describe('RoomPlayer', () => {
  it('shows what is going on while nothing is selected', async () => {
    await renderInRoom(<RoomPlayer />, { isHost: true });
    expect(screen.getByRole('region', { name: 'Trình phát video' })).toHaveTextContent(
      'Chọn một video trong danh sách phát để bắt đầu.',
    );
    expect(screen.queryByTestId('media-player')).toBeNull();
  });

  it('plays a direct link in a media element: native controls for the host, none for a follower', async () => {
    const room = roomSnapshot({ current_video: playing('m_one', 0) });
    const host = await renderInRoom(<RoomPlayer />, { room, isHost: true });
    expect(mediaElement().tagName).toBe('VIDEO');
    expect(mediaElement().src).toBe(room.playlist[0]?.mediaUrl);
    expect(mediaElement()).toHaveAttribute('controls');
    host.unmount();
    await renderInRoom(<RoomPlayer />, { room, isHost: false });
    expect(mediaElement()).not.toHaveAttribute('controls');
  });

  it('gives a co-host the controls, and a viewer the moment control is granted or revoked (R55)', async () => {
    const room = roomSnapshot({ current_video: playing('m_one', 0), cohosts: ['cohost-uid'] });
    const cohost = await renderInRoom(<RoomPlayer />, { room, uid: 'cohost-uid' });
    expect(mediaElement()).toHaveAttribute('controls');
    cohost.unmount();
    const { socket } = await renderInRoom(<RoomPlayer />, { room, uid: 'member-uid' });
    expect(mediaElement()).not.toHaveAttribute('controls');
    act(() => socket.fire('room:state', { ...room, cohosts: ['cohost-uid', 'member-uid'], version: 2 }));
    expect(mediaElement()).toHaveAttribute('controls');
    act(() => socket.fire('room:state', { ...room, cohosts: [], version: 3 }));
    expect(mediaElement()).not.toHaveAttribute('controls');
  });

  it('starts muted with a clear unmute button, until the user unmutes (R33)', async () => {
    await renderInRoom(<RoomPlayer />, { room: roomSnapshot({ current_video: playing('m_one', 0) }) });
    expect(mediaElement().muted).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Bật tiếng' }));
    expect(mediaElement().muted).toBe(false);
    expect(screen.queryByRole('button', { name: 'Bật tiếng' })).toBeNull();
  });

  it('unmutes when the current video changes, with a fresh player for the new video (R33)', async () => {
    const { socket } = await renderInRoom(<RoomPlayer />, {
      room: roomSnapshot({ current_video: playing('m_one', 0) }),
    });
    const first = mediaElement();
    expect(first.muted).toBe(true);
    act(() => socket.fire('room:state', roomSnapshot({ current_video: playing('m_two', 1), version: 2 })));
    await waitFor(() => expect(mediaElement()).not.toBe(first));
    expect(mediaElement().muted).toBe(false);
    expect(screen.queryByRole('button', { name: 'Bật tiếng' })).toBeNull();
  });

  it.each([
    ['host', { isHost: true }],
    ['co-host', { uid: 'cohost-uid' }],
  ])("says when a video cannot be played, and the %s's player moves the room on (R32, R55)", async (_who, as) => {
    const room = roomSnapshot({ current_video: playing('m_one', 0), cohosts: ['cohost-uid'] });
    const { socket } = await renderInRoom(<RoomPlayer />, { room, ...as });
    act(() => {
      mediaElement().dispatchEvent(new Event('error'));
    });
    expect(screen.getByText('Không phát được video này.')).toBeInTheDocument();
    expect(screen.getByText('Đang chuyển sang video tiếp theo…')).toBeInTheDocument();
    expect(socket.commands('playback:ended')).toEqual([{ id: 'm_one' }]);
  });

  it("leaves a follower's room alone when its player fails", async () => {
    const room = roomSnapshot({ current_video: playing('m_one', 0) });
    const { socket } = await renderInRoom(<RoomPlayer />, { room, isHost: false });
    act(() => {
      mediaElement().dispatchEvent(new Event('error'));
    });
    expect(screen.getByText('Không phát được video này.')).toBeInTheDocument();
    expect(socket.commands('playback:ended')).toEqual([]);
  });
});
