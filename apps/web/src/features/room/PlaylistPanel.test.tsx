import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mediaVideo, roomSnapshot } from '../../test/fakeRoomSocket.ts';
import { renderInRoom } from '../../test/renderInRoom.tsx';
import { PlaylistPanel } from './PlaylistPanel.tsx';

const watchedRoom = roomSnapshot({
  playlist: [mediaVideo('m_one', 'Một', true), mediaVideo('m_two', 'Hai', true), mediaVideo('m_three', 'Ba')],
  current_video: { id: 'm_two', index: 1, playing: true, current_time: 0, updated_at: 1, rate: 1 },
});

describe('PlaylistPanel', () => {
  it("lists the room's videos under 'Danh sách phát', the current one marked and the watched ones labelled", async () => {
    await renderInRoom(<PlaylistPanel />, { room: watchedRoom });
    const panel = screen.getByRole('region', { name: /Danh sách phát/ });
    const rows = within(panel).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['Một Đã xem', 'Hai Đang phát', 'Ba']);
    expect(rows[1]).toHaveAttribute('aria-current', 'true');
    expect(rows[0]).not.toHaveAttribute('aria-current');
  });

  it('shows a guest no controls at all (docs/product.md#playlist, R2)', async () => {
    await renderInRoom(<PlaylistPanel />, { room: watchedRoom, isHost: false });
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  it('lets the host play a row', async () => {
    const { socket } = await renderInRoom(<PlaylistPanel />, { room: watchedRoom, isHost: true });
    await userEvent.click(screen.getByRole('button', { name: 'Phát Ba' }));
    expect(socket.commands('playlist:select')).toEqual([{ id: 'm_three' }]);
  });

  it("deletes only after 'Bạn có chắc muốn xóa video này?' is answered 'Có'", async () => {
    const { socket } = await renderInRoom(<PlaylistPanel />, { room: watchedRoom, isHost: true });
    await userEvent.click(screen.getByRole('button', { name: 'Xóa Một' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('Bạn có chắc muốn xóa video này?');
    await userEvent.click(screen.getByRole('button', { name: 'Không' }));
    expect(socket.commands('playlist:remove')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Xóa Một' }));
    await userEvent.click(screen.getByRole('button', { name: 'Có' }));
    expect(socket.commands('playlist:remove')).toEqual([{ id: 'm_one' }]);
  });

  it("clears the watched videos after 'Bạn có chắc muốn xóa tất cả video đã xem?'", async () => {
    const { socket } = await renderInRoom(<PlaylistPanel />, { room: watchedRoom, isHost: true });
    await userEvent.click(screen.getByRole('button', { name: 'Xóa video đã xem' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('Bạn có chắc muốn xóa tất cả video đã xem?');
    await userEvent.click(screen.getByRole('button', { name: 'Có' }));
    expect(socket.commands('playlist:clearWatched')).toEqual([{}]);
  });

  it('offers no clearing while nothing but the current video was watched', async () => {
    const room = roomSnapshot({
      playlist: [mediaVideo('m_one', 'Một', true), mediaVideo('m_two', 'Hai')],
      current_video: { id: 'm_one', index: 0, playing: true, current_time: 0, updated_at: 1, rate: 1 },
    });
    await renderInRoom(<PlaylistPanel />, { room, isHost: true });
    // Inactive but focusable: a button just used keeps the focus (docs/product.md#keyboard-screen-readers-and-contrast).
    const clear = screen.getByRole('button', { name: 'Xóa video đã xem' });
    expect(clear).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(clear);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('shows no toolbar on an empty playlist, not even greyed out', async () => {
    await renderInRoom(<PlaylistPanel />, { room: roomSnapshot({ playlist: [] }), isHost: true });
    expect(screen.getByText('Chưa có video nào.')).toBeInTheDocument();
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  it('tells the host when the room refuses a command', async () => {
    const { socket } = await renderInRoom(<PlaylistPanel />, { room: watchedRoom, isHost: true });
    socket.answer = () => ({ ok: false, error: { code: 'video_not_found', message: 'gone' } });
    await userEvent.click(screen.getByRole('button', { name: 'Phát Ba' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Video này không còn trong danh sách phát.');
  });

  it('gives a co-host the playlist controls but not clearing the whole queue (R55, R57)', async () => {
    const room = { ...watchedRoom, cohosts: ['cohost-uid'] };
    const { socket } = await renderInRoom(<PlaylistPanel />, { room, uid: 'cohost-uid' });
    await userEvent.click(screen.getByRole('button', { name: 'Phát Ba' }));
    expect(socket.commands('playlist:select')).toEqual([{ id: 'm_three' }]);
    expect(screen.getByRole('button', { name: 'Xóa Một' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Xóa video đã xem' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Xóa hàng chờ' })).toBeNull();
  });

  it("clears the whole queue for the host after 'Bạn có chắc muốn xóa tất cả video trong hàng chờ?…' (R57)", async () => {
    const { socket } = await renderInRoom(<PlaylistPanel />, { room: watchedRoom, isHost: true });
    await userEvent.click(screen.getByRole('button', { name: 'Xóa hàng chờ' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Bạn có chắc muốn xóa tất cả video trong hàng chờ?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Không' }));
    expect(socket.commands('playlist:clear')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Xóa hàng chờ' }));
    await userEvent.click(screen.getByRole('button', { name: 'Có' }));
    expect(socket.commands('playlist:clear')).toEqual([{}]);
  });

  it('shows a viewer the controls the moment the host grants control, and hides them when revoked (R55)', async () => {
    const { socket } = await renderInRoom(<PlaylistPanel />, { room: watchedRoom, uid: 'member-uid' });
    expect(screen.queryByRole('button', { name: 'Phát Ba' })).toBeNull();
    act(() => socket.fire('room:state', { ...watchedRoom, cohosts: ['member-uid'], version: 2 }));
    expect(screen.getByRole('button', { name: 'Phát Ba' })).toBeInTheDocument();
    act(() => socket.fire('room:state', { ...watchedRoom, cohosts: [], version: 3 }));
    expect(screen.queryByRole('button', { name: 'Phát Ba' })).toBeNull();
  });

  it('moves focus to the same button of the next row when the focused row goes, and to the region once empty', async () => {
    const { socket } = await renderInRoom(<PlaylistPanel />, { room: watchedRoom, isHost: true });
    const [one, two, three] = watchedRoom.playlist;
    if (!one || !two || !three) throw new Error('fixture');
    const showing = (playlist: typeof watchedRoom.playlist, version: number) =>
      act(() => socket.fire('room:state', { ...watchedRoom, playlist, version }));

    screen.getByRole('button', { name: 'Xóa Một' }).focus();
    showing([two, three], 2);
    expect(screen.getByRole('button', { name: 'Xóa Hai' })).toHaveFocus();
    // The last row goes: the new last row takes the focus; a row going elsewhere leaves the focus where it is.
    screen.getByRole('button', { name: 'Phát Ba' }).focus();
    showing([two], 3);
    expect(screen.getByRole('button', { name: 'Phát Hai, Đang phát' })).toHaveFocus();
    showing([], 4);
    expect(screen.getByRole('region', { name: /Danh sách phát/ })).toHaveFocus();
  });

  it('leaves the focus alone when a row the viewer is not on goes', async () => {
    const { socket } = await renderInRoom(<PlaylistPanel />, { room: watchedRoom, isHost: true });
    const [one, two] = watchedRoom.playlist;
    if (!one || !two) throw new Error('fixture');
    screen.getByRole('button', { name: 'Xóa Một' }).focus();
    act(() => socket.fire('room:state', { ...watchedRoom, playlist: [one, two], version: 2 }));
    expect(screen.getByRole('button', { name: 'Xóa Một' })).toHaveFocus();
  });

  it('invites adding a video while the playlist is empty', async () => {
    await renderInRoom(<PlaylistPanel />, { room: roomSnapshot({ playlist: [] }), isHost: true });
    expect(screen.getByText('Chưa có video nào.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
  });
});
