import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { chatMessage, ROOM_ID } from '../../test/fakeRoomSocket.ts';
import { renderInRoom } from '../../test/renderInRoom.tsx';
import { useUnreadChat } from './useUnreadChat.ts';

/** A chat tab's badge, with a button that shows or hides the chat. */
function Tab() {
  const [visible, setVisible] = useState(false);
  const unread = useUnreadChat(visible);
  return (
    <button type="button" onClick={() => setVisible(!visible)}>
      {visible ? 'shown' : 'hidden'} {unread}
    </button>
  );
}

describe('useUnreadChat (R54)', () => {
  it('counts messages that arrive while the chat is hidden, not the history, and clears when it is shown', async () => {
    const { socket } = await renderInRoom(<Tab />, { chat: [chatMessage(1, 'cũ')] });
    const tab = () => screen.getByRole('button');
    const arrive = (seq: number) =>
      act(() => socket.fire('chat:message', { roomId: ROOM_ID, message: chatMessage(seq, `Tin ${seq}`) }));
    expect(tab()).toHaveTextContent('hidden 0');
    arrive(2);
    arrive(3);
    expect(tab()).toHaveTextContent('hidden 2');
    await userEvent.click(tab());
    expect(tab()).toHaveTextContent('shown 0');
    arrive(4);
    expect(tab()).toHaveTextContent('shown 0');
    await userEvent.click(tab());
    arrive(5);
    expect(tab()).toHaveTextContent('hidden 1');
  });
});
