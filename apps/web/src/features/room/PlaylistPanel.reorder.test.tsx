import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mediaVideo, roomSnapshot } from '../../test/fakeRoomSocket.ts';
import { renderInRoom } from '../../test/renderInRoom.tsx';
import { PlaylistPanel } from './PlaylistPanel.tsx';

const one = mediaVideo('m_one', 'Một', true);
const two = mediaVideo('m_two', 'Hai', true);
const three = mediaVideo('m_three', 'Ba');
const four = mediaVideo('m_four', 'Bốn');
/** Một (watched), Hai playing, Ba and Bốn waiting. */
const room = roomSnapshot({
  playlist: [one, two, three, four],
  current_video: { id: 'm_two', index: 1, playing: true, current_time: 0, updated_at: 1, rate: 1 },
  version: 7,
});

describe('PlaylistPanel reordering (R60–R62)', () => {
  it('moves a row up and down with the keyboard, naming the version it saw, and announces the move', async () => {
    const { socket } = await renderInRoom(<PlaylistPanel />, { room, isHost: true });
    const up = screen.getByRole('button', { name: 'Đưa Ba lên trên' });
    up.focus();
    await userEvent.keyboard('{Enter}');
    expect(socket.commands('playlist:move')).toEqual([{ id: 'm_three', toIndex: 1, version: 7 }]);
    expect(await screen.findByText('Đã chuyển Ba đến vị trí 2 trên 4.')).toHaveAttribute('aria-live', 'polite');
    await userEvent.click(screen.getByRole('button', { name: 'Đưa Một xuống dưới' }));
    expect(socket.commands('playlist:move')).toContainEqual({ id: 'm_one', toIndex: 1, version: 7 });
  });

  it('puts the focus back on the moved row when the reorder dropped it, its down button inert but focusable at the end', async () => {
    const { socket } = await renderInRoom(<PlaylistPanel />, { room, isHost: true });
    screen.getByRole('button', { name: 'Đưa Ba xuống dưới' }).focus();
    await userEvent.keyboard('{Enter}');
    // Browsers that blur a node React moves (jsdom and Chromium do not) lose the focus as the new order renders.
    act(() => (document.activeElement as HTMLElement).blur());
    act(() => socket.fire('room:state', { ...room, playlist: [one, two, four, three], version: 8 }));
    expect(screen.getByRole('button', { name: 'Đưa Ba xuống dưới' })).toHaveFocus();
    // The last row cannot go further down: the button stays focusable but says so, and sends nothing.
    expect(screen.getByRole('button', { name: 'Đưa Ba xuống dưới' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.keyboard('{Enter}');
    expect(socket.commands('playlist:move')).toHaveLength(1);
  });

  it('moves by drag and drop: a row dropped on another takes its place', async () => {
    const { socket } = await renderInRoom(<PlaylistPanel />, { room, isHost: true });
    const rows = within(screen.getByRole('list')).getAllByRole('listitem');
    const data = new Map<string, string>();
    const dataTransfer = {
      setData: (type: string, value: string) => data.set(type, value),
      getData: (type: string) => data.get(type) ?? '',
      get types() {
        return [...data.keys()];
      },
      effectAllowed: '',
      dropEffect: '',
    };
    fireEvent.dragStart(rows[3] as HTMLElement, { dataTransfer });
    fireEvent.dragOver(rows[0] as HTMLElement, { dataTransfer });
    fireEvent.drop(rows[0] as HTMLElement, { dataTransfer });
    expect(socket.commands('playlist:move')).toEqual([{ id: 'm_four', toIndex: 0, version: 7 }]);
  });

  it('plays a row next, shuffles the waiting rows and announces both', async () => {
    const { socket } = await renderInRoom(<PlaylistPanel />, { room, isHost: true });
    expect(screen.queryByRole('button', { name: 'Phát tiếp theo: Hai' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Phát tiếp theo: Bốn' }));
    expect(socket.commands('playlist:playNext')).toEqual([{ id: 'm_four' }]);
    expect(await screen.findByText('Bốn sẽ được phát tiếp theo.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Trộn hàng chờ' }));
    expect(socket.commands('playlist:shuffle')).toEqual([{}]);
    expect(await screen.findByText('Đã trộn thứ tự các video đang chờ.')).toBeInTheDocument();
  });

  it('says an announcement again when it repeats: a second shuffle puts a fresh text node in the live region', async () => {
    const { socket } = await renderInRoom(<PlaylistPanel />, { room, isHost: true });
    const shuffle = screen.getByRole('button', { name: 'Trộn hàng chờ' });
    await userEvent.click(shuffle);
    const region = await screen.findByText('Đã trộn thứ tự các video đang chờ.');
    const added: string[] = [];
    const observer = new MutationObserver((records) => {
      for (const record of records) for (const node of record.addedNodes) added.push(node.textContent ?? '');
    });
    observer.observe(region, { childList: true, subtree: true, characterData: true });
    await userEvent.click(shuffle);
    expect(socket.commands('playlist:shuffle')).toEqual([{}, {}]);
    // The same text set twice changes nothing in the DOM, and a screen reader says nothing the second time.
    await waitFor(() => expect(added).toContain('Đã trộn thứ tự các video đang chờ.'));
    observer.disconnect();
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toHaveTextContent(/^Đã trộn thứ tự các video đang chờ\.$/);
  });

  it('says in Vietnamese when the playlist changed under a move', async () => {
    const { socket } = await renderInRoom(<PlaylistPanel />, { room, isHost: true });
    socket.answer = () => ({ ok: false, error: { code: 'version_conflict', message: 'stale' } });
    await userEvent.click(screen.getByRole('button', { name: 'Đưa Bốn lên trên' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Danh sách phát vừa thay đổi, vui lòng thử lại.');
  });

  it('gives members and guests no reordering', async () => {
    await renderInRoom(<PlaylistPanel />, { room, uid: 'member-uid' });
    expect(screen.queryByRole('button', { name: /Đưa|tiếp theo|Trộn/ })).toBeNull();
    expect(within(screen.getByRole('list')).getAllByRole('listitem')[0]).not.toHaveAttribute('draggable');
  });
});
