import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AddVideoInput } from '@xemchung/protocol';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { roomSnapshot } from '../../test/fakeRoomSocket.ts';
import { renderInRoom } from '../../test/renderInRoom.tsx';
import { useAddToPlaylist } from './useAddToPlaylist.ts';

const video: AddVideoInput = {
  id: 'm_aaaaaaaaaaaaaaaaaaaaaa',
  title: 'clip',
  thumbnail: '',
  source: 'media',
  mediaUrl: 'http://127.0.0.1:9/clip.mp4',
};

/** Adds `video` on click and shows what the hook answered. */
function AddButton() {
  const add = useAddToPlaylist();
  const [result, setResult] = useState('');
  return (
    <>
      <button type="button" onClick={() => void add(video).then((added) => setResult(String(added)))}>
        add
      </button>
      <output>{result}</output>
    </>
  );
}

describe('useAddToPlaylist', () => {
  it('sends playlist:add and answers true when the room took it', async () => {
    const { socket } = await renderInRoom(<AddButton />);
    await userEvent.click(screen.getByRole('button', { name: 'add' }));
    expect(await screen.findByText('true')).toBeInTheDocument();
    expect(socket.commands('playlist:add')).toEqual([{ video }]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("answers false and alerts exactly 'Video đã có trong playlist' for a duplicate (R7)", async () => {
    const { socket } = await renderInRoom(<AddButton />);
    socket.answer = () => ({ ok: false, error: { code: 'duplicate_video', message: 'Video đã có trong playlist' } });
    await userEvent.click(screen.getByRole('button', { name: 'add' }));
    expect(await screen.findByText('false')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(/^Video đã có trong playlist$/);
  });

  it('explains other refusals in Vietnamese', async () => {
    const { socket } = await renderInRoom(<AddButton />);
    socket.answer = () => ({ ok: false, error: { code: 'playlist_full', message: 'full' } });
    await userEvent.click(screen.getByRole('button', { name: 'add' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Danh sách phát đã đủ 500 video.');
    socket.answer = () => ({ ok: false, error: { code: 'unavailable', message: 'No answer from the server' } });
    await userEvent.click(screen.getByRole('button', { name: 'add' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Không kết nối được máy chủ, vui lòng thử lại.');
  });

  it("names the per-person cap and the host's add policy when they refuse (R56)", async () => {
    const { socket } = await renderInRoom(<AddButton />, {
      room: roomSnapshot({
        settings: {
          addPolicy: 'signedIn',
          guestChat: false,
          perPersonCap: 10,
          skipVoting: true,
          readyGateSeconds: 3,
          callPolicy: 'signedIn',
        },
      }),
    });
    socket.answer = () => ({ ok: false, error: { code: 'cap_reached', message: 'cap' } });
    await userEvent.click(screen.getByRole('button', { name: 'add' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Bạn đã thêm đủ 10 video đang chờ$/);
    socket.answer = () => ({ ok: false, error: { code: 'adding_restricted', message: 'policy' } });
    await userEvent.click(screen.getByRole('button', { name: 'add' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Chủ phòng chỉ cho phép người đã đăng nhập thêm video$/,
    );
  });
});
