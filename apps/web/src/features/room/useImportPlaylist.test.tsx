import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { roomSnapshot } from '../../test/fakeRoomSocket.ts';
import { renderInRoom } from '../../test/renderInRoom.tsx';
import { useImportPlaylist } from './useImportPlaylist.ts';

/** Imports a list on click and shows what the hook answered. */
function ImportButton() {
  const importList = useImportPlaylist();
  const [result, setResult] = useState('');
  return (
    <>
      <button type="button" onClick={() => void importList('PLlist123').then((added) => setResult(String(added)))}>
        import
      </button>
      <output>{result}</output>
    </>
  );
}

const accepted = (added: number, skipped: number, limit: 'playlist' | 'cap' | null) => () => ({
  ok: true,
  version: 5,
  added,
  skipped,
  limit,
});

describe('useImportPlaylist (R71, R72, R74)', () => {
  it.each([
    [accepted(3, 0, null), 'Đã thêm 3 video từ danh sách phát.'],
    [accepted(2, 1, null), 'Đã thêm 2 video từ danh sách phát; bỏ qua 1 video đã có trong danh sách.'],
    [accepted(8, 0, 'playlist'), 'Đã thêm 8 video; danh sách phát đã đầy nên các video còn lại không được thêm.'],
    [
      accepted(4, 2, 'cap'),
      'Đã thêm 4 video; bạn đã đạt giới hạn 4 video đang chờ nên các video còn lại không được thêm.',
    ],
  ])('sends playlist:addList and says what went in (%#)', async (answer, text) => {
    const { socket } = await renderInRoom(<ImportButton />, {
      room: roomSnapshot({
        settings: {
          addPolicy: 'everyone',
          guestChat: false,
          perPersonCap: 4,
          skipVoting: true,
          readyGateSeconds: 3,
          callPolicy: 'signedIn',
        },
      }),
    });
    socket.answer = answer;
    await userEvent.click(screen.getByRole('button', { name: 'import' }));
    expect(await screen.findByText('true')).toBeInTheDocument();
    expect(socket.commands('playlist:addList')).toEqual([{ listId: 'PLlist123' }]);
    expect(screen.getByRole('alert')).toHaveTextContent(text);
  });

  it.each([
    ['playlist_unavailable', 'Danh sách phát không tồn tại hoặc đang ở chế độ riêng tư.'],
    ['playlist_empty', 'Danh sách phát này không có video nào xem được.'],
    [
      'playlist_lookup_failed',
      'Hiện không tải được danh sách phát từ YouTube. Vui lòng thử lại sau hoặc dán link từng video.',
    ],
    ['duplicate_video', 'Video đã có trong playlist'],
  ])('answers false and explains %s in Vietnamese', async (code, text) => {
    const { socket } = await renderInRoom(<ImportButton />);
    socket.answer = () => ({ ok: false, error: { code, message: 'refused' } });
    await userEvent.click(screen.getByRole('button', { name: 'import' }));
    expect(await screen.findByText('false')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(text);
  });
});
