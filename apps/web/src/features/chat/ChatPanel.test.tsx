import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_ROOM_SETTINGS } from '@xemchung/protocol';
import { describe, expect, it } from 'vitest';
import { chatMessage, me, ROOM_ID, roomSnapshot } from '../../test/fakeRoomSocket.ts';
import { renderInRoom } from '../../test/renderInRoom.tsx';
import { ChatPanel } from './ChatPanel.tsx';

const HOST = me('host-uid', 'Chủ Phòng');
const COHOST = me('cohost-uid', 'Phó');
const MEMBER = me('member-uid', 'Lan');
const history = [
  chatMessage(1, 'Chào cả nhà', 'member-uid'),
  chatMessage(2, 'Vào xem https://example.com/phim nhé', 'host-uid'),
  chatMessage(3, 'Cho mình xem với', null),
];
const room = (guestChat = false) =>
  roomSnapshot({ cohosts: ['cohost-uid'], settings: { ...DEFAULT_ROOM_SETTINGS, guestChat } });
const log = () => screen.getByRole('log', { name: 'Tin nhắn trong phòng' });
const box = () => screen.getByRole('textbox', { name: 'Tin nhắn' });

describe('ChatPanel (R54)', () => {
  it("shows each message's sender, time and text, a guest as 'Khách' and 4 characters of the tag", async () => {
    await renderInRoom(<ChatPanel />, { room: room(), me: MEMBER, chat: history });
    const rows = await within(log()).findAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Lan');
    expect(rows[1]).toHaveTextContent('Chủ PhòngChủ phòng'); // the host is marked
    expect(rows[2]).toHaveTextContent('Khách ABCD');
    expect(rows[2]).not.toHaveTextContent('ABCD1234XY');
    expect(within(rows[0] as HTMLElement).getByRole('time')).toHaveTextContent(
      /^\d{2}:\d{2}$|^\d{1,2}\/\d{1,2} \d{2}:\d{2}$/,
    );
    const link = within(rows[1] as HTMLElement).getByRole('link', { name: 'https://example.com/phim' });
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('tells a guest that only signed-in viewers write while the host keeps it so, and gives them no box', async () => {
    await renderInRoom(<ChatPanel />, { room: room(false), me: null, chat: history });
    expect(
      screen.getByText('Chủ phòng chỉ cho người đã đăng nhập gửi tin nhắn. Hãy đăng nhập để cùng trò chuyện.'),
    ).toBeVisible();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('gives a guest the box once the host lets guests write', async () => {
    await renderInRoom(<ChatPanel />, { room: room(true), me: null });
    expect(box()).toBeVisible();
  });

  it('sends with Enter, keeps Shift+Enter as a new line, and empties the box once stored', async () => {
    const { socket } = await renderInRoom(<ChatPanel />, { room: room(), me: MEMBER });
    socket.answer = (_event, payload) => ({
      ok: true,
      message: chatMessage(1, String((payload as { text: string }).text), 'member-uid'),
    });
    await userEvent.type(box(), 'Dòng một{Shift>}{Enter}{/Shift}dòng hai{Enter}');
    expect(socket.commands('chat:send')).toEqual([{ text: 'Dòng một\ndòng hai' }]);
    expect(box()).toHaveValue('');
    expect(within(log()).getByText(/Dòng một/)).toBeVisible();
  });

  it('keeps the draft and says so in Vietnamese when the person sends too fast', async () => {
    const { socket } = await renderInRoom(<ChatPanel />, { room: room(), me: MEMBER });
    socket.answer = () => ({ ok: false, error: { code: 'chat_rate_limited', message: 'slow down' } });
    await userEvent.type(box(), 'Nhanh quá{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Bạn gửi tin nhắn quá nhanh, đợi một chút rồi gửi tiếp.');
    expect(box()).toHaveValue('Nhanh quá');
  });

  it('explains a draft the rules refuse without sending it: bidi and control characters', async () => {
    const { socket } = await renderInRoom(<ChatPanel />, { room: room(), me: MEMBER });
    await userEvent.click(box());
    await userEvent.paste('hoá đơn\u202Efdp.exe');
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Tin nhắn có ký tự đảo chiều văn bản không được phép.');
    await userEvent.clear(box());
    await userEvent.paste('chuông\u0007');
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Tin nhắn có ký tự điều khiển không được phép.');
    expect(socket.commands('chat:send')).toEqual([]);
  });

  it('R97: explains in Vietnamese a draft with nothing visible or with more than 10 lines, without sending it', async () => {
    const { socket } = await renderInRoom(<ChatPanel />, { room: room(), me: MEMBER });
    await userEvent.click(box());
    await userEvent.paste('\u200b\u3164\u200e');
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Tin nhắn không có nội dung hiển thị.');
    await userEvent.clear(box());
    await userEvent.paste(`a${'\n'.repeat(498)}b`);
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Tin nhắn tối đa 10 dòng.');
    expect(socket.commands('chat:send')).toEqual([]);
  });

  it('counts characters near the limit and refuses past it', async () => {
    await renderInRoom(<ChatPanel />, { room: room(), me: MEMBER });
    await userEvent.click(box());
    await userEvent.paste('a'.repeat(399));
    expect(screen.queryByText('399/500')).toBeNull();
    await userEvent.paste('ạ');
    expect(screen.getByText('400/500')).toBeVisible();
    expect(screen.getByText('Đã nhập 400 trên 500 ký tự')).toBeInTheDocument();
    await userEvent.paste('a'.repeat(101));
    expect(screen.getByText('501/500')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Gửi' })).toBeDisabled();
  });

  it.each([
    ['the host', HOST, true],
    ['a co-host', COHOST, true],
    ['a member', MEMBER, false],
    ['a guest', null, false],
  ])('gives delete buttons to %s only if they control the room', async (_label, viewer, allowed) => {
    await renderInRoom(<ChatPanel />, { room: room(true), me: viewer, chat: history });
    await within(log()).findAllByRole('listitem');
    expect(screen.queryAllByRole('button', { name: /^Xóa tin nhắn của/ })).toHaveLength(allowed ? 3 : 0);
  });

  it('names each delete button by sender, time and first words, so several from one sender read apart', async () => {
    const long = 'Một tin nhắn rất dài để xem tên của nút xóa chỉ lấy những chữ đầu tiên thôi';
    const messages = [chatMessage(1, 'Chào', 'member-uid'), chatMessage(2, long, 'member-uid', 60_000)];
    await renderInRoom(<ChatPanel />, { room: room(), me: HOST, chat: messages });
    await within(log()).findAllByRole('listitem');
    const names = screen
      .getAllByRole('button', { name: /^Xóa tin nhắn của Lan/ })
      .map((b) => b.getAttribute('aria-label'));
    expect(names).toHaveLength(2);
    expect(new Set(names).size).toBe(2);
    expect(names[0]).toMatch(/^Xóa tin nhắn của Lan lúc [\d/ ]*\d{2}:\d{2}: Chào$/);
    expect(names[1]).toMatch(/: Một tin nhắn rất dài [^…]*…$/);
  });

  it('deletes for everyone after a confirmation, and shows the placeholder', async () => {
    const { socket } = await renderInRoom(<ChatPanel />, { room: room(), me: HOST, chat: history });
    socket.answer = () => ({ ok: true, seq: 3 });
    await userEvent.click(
      await screen.findByRole('button', { name: /^Xóa tin nhắn của Khách ABCD lúc .*: Cho mình xem với$/ }),
    );
    expect(screen.getByRole('alertdialog')).toHaveTextContent('Xóa tin nhắn này với mọi người?');
    await userEvent.click(screen.getByRole('button', { name: 'Có' }));
    expect(socket.commands('chat:delete')).toEqual([{ seq: 3 }]);
    expect(within(log()).getByText('Tin nhắn đã bị xóa')).toBeVisible();
    expect(within(log()).queryByText('Cho mình xem với')).toBeNull();
  });

  it("shows other people's new messages and deletions as they come", async () => {
    const { socket } = await renderInRoom(<ChatPanel />, { room: room(), me: MEMBER, chat: history });
    await within(log()).findAllByRole('listitem');
    act(() => socket.fire('chat:message', { roomId: ROOM_ID, message: chatMessage(4, 'Tin mới', 'host-uid') }));
    act(() => socket.fire('chat:deleted', { roomId: ROOM_ID, seq: 1 }));
    expect(within(log()).getByText('Tin mới')).toBeVisible();
    expect(within(log()).getByText('Tin nhắn đã bị xóa')).toBeVisible();
  });
});
