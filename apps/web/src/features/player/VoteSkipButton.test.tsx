import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CurrentVideo, RoomSnapshot, Viewer } from '@xemchung/protocol';
import { describe, expect, it } from 'vitest';
import { ROOM_ID, roomSnapshot } from '../../test/fakeRoomSocket.ts';
import { renderInRoom } from '../../test/renderInRoom.tsx';
import { VoteSkipButton } from './VoteSkipButton.tsx';

const playing: CurrentVideo = { id: 'm_one', index: 0, playing: true, current_time: 0, updated_at: 1, rate: 1 };
const viewer = (key: string): Viewer => ({
  key,
  uid: key.startsWith('u:') ? key.slice(2) : null,
  name: key.startsWith('u:') ? key : null,
  photoURL: null,
  guestTag: key.startsWith('g:') ? key.slice(2) : null,
  tabs: 1,
  report: null,
});
// The fake server names a guest 'g:ABCD1234XY' and a signed-in viewer 'u:<uid>'.
const ME = 'g:ABCD1234XY';
const three = [viewer('u:host-uid'), viewer('u:member-uid'), viewer(ME)];
const voteButton = () => screen.getByRole('button', { name: /^Bỏ qua/ });

describe('VoteSkipButton (R69)', () => {
  it('shows the live count to a guest, votes, and shows the vote pressed', async () => {
    const room = roomSnapshot({ current_video: playing });
    const { socket } = await renderInRoom(<VoteSkipButton />, { room });
    expect(voteButton()).toHaveTextContent('Bỏ qua 0/1');
    act(() => socket.fire('room:presence', { roomId: ROOM_ID, viewers: three }));
    expect(voteButton()).toHaveTextContent('Bỏ qua 0/3');
    expect(voteButton()).toHaveAttribute('aria-pressed', 'false');
    // Nobody has voted: nothing to announce, but the button is described all the same.
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(voteButton()).toHaveAccessibleDescription('0 trên 3 người muốn bỏ qua video này, cần 2 phiếu.');

    await userEvent.click(voteButton());
    expect(socket.commands('vote:skip')).toEqual([{ id: 'm_one', skip: true }]);
    const voted: RoomSnapshot = { ...room, skipVotes: [ME], version: 2 };
    act(() => socket.fire('room:state', voted));
    expect(voteButton()).toHaveAttribute('aria-pressed', 'true');
    expect(voteButton()).toHaveTextContent('Bỏ qua 1/3');
    // Announced politely, with the votes needed; the button is described by it.
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('1 trên 3 người muốn bỏ qua video này, cần 2 phiếu.');
    expect(voteButton()).toHaveAccessibleDescription('1 trên 3 người muốn bỏ qua video này, cần 2 phiếu.');

    // Pressed again: the vote is taken back. A viewer who left no longer counts.
    await userEvent.click(voteButton());
    expect(socket.commands('vote:skip')).toEqual([
      { id: 'm_one', skip: true },
      { id: 'm_one', skip: false },
    ]);
    act(() => socket.fire('room:state', { ...voted, skipVotes: ['u:member-uid', ME], version: 3 }));
    act(() => socket.fire('room:presence', { roomId: ROOM_ID, viewers: [three[0], three[2]] }));
    expect(voteButton()).toHaveTextContent('Bỏ qua 1/2');
  });

  it("is not offered to a host alone ('Bỏ qua 0/1'): they skip with the playlist", async () => {
    const room = roomSnapshot({ current_video: playing });
    const { socket } = await renderInRoom(<VoteSkipButton />, { room, isHost: true });
    act(() => socket.fire('room:presence', { roomId: ROOM_ID, viewers: [viewer('u:host-uid')] }));
    expect(screen.queryByRole('button', { name: /^Bỏ qua/ })).toBeNull();
    act(() => socket.fire('room:presence', { roomId: ROOM_ID, viewers: [viewer('u:host-uid'), viewer(ME)] }));
    expect(voteButton()).toHaveTextContent('Bỏ qua 0/2');
  });

  it('is not there with nothing playing, and goes when the host turns voting off', async () => {
    const { socket, unmount } = await renderInRoom(<VoteSkipButton />, { room: roomSnapshot() });
    expect(screen.queryByRole('button', { name: /^Bỏ qua/ })).toBeNull();
    unmount();
    const room = roomSnapshot({ current_video: playing });
    const second = await renderInRoom(<VoteSkipButton />, { room, uid: 'member-uid' });
    expect(voteButton()).toBeInTheDocument();
    act(() =>
      second.socket.fire('room:state', { ...room, settings: { ...room.settings, skipVoting: false }, version: 2 }),
    );
    expect(screen.queryByRole('button', { name: /^Bỏ qua/ })).toBeNull();
    expect(socket.commands('vote:skip')).toEqual([]);
  });

  it('says in Vietnamese why a vote was refused: the video ended, too fast, voting off', async () => {
    const room = roomSnapshot({ current_video: playing });
    const { socket } = await renderInRoom(<VoteSkipButton />, { room });
    const refusals = [
      ['version_conflict', 'Video đó đã kết thúc, phiếu của bạn không được tính.'],
      ['rate_limited', 'Bạn bỏ phiếu nhanh quá, đợi vài giây rồi thử lại.'],
      ['voting_off', 'Chủ phòng đã tắt bỏ phiếu bỏ qua video.'],
      ['nothing_playing', 'Không có video nào đang phát để bỏ qua.'],
    ] as const;
    for (const [code, text] of refusals) {
      socket.answer = () => ({ ok: false, error: { code, message: 'no' } });
      await userEvent.click(voteButton());
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
  });
});
