import { describe, expect, it } from 'vitest';
import { chatMessage, FakeRoomSocket, ROOM_ID, roomSnapshot } from '../../test/fakeRoomSocket.ts';
import { createRoomClient } from './roomClient.ts';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

async function joined(chat = Array.from({ length: 120 }, (_, i) => chatMessage(i + 1, `Tin ${i + 1}`))) {
  const socket = new FakeRoomSocket();
  socket.rooms.set(ROOM_ID, roomSnapshot());
  socket.chat = chat;
  const client = createRoomClient(socket.asSocket());
  await client.join(ROOM_ID);
  await flush();
  return { socket, client };
}
const seqs = (client: ReturnType<typeof createRoomClient>) => client.chat.messages.map((message) => message.seq);

describe("the room client's chat (R54)", () => {
  it('asks for the last 50 right after joining, and the 50 before on loadOlderChat, one page at a time', async () => {
    const { socket, client } = await joined();
    expect(socket.commands('chat:history')).toEqual([{}]);
    expect(seqs(client)).toEqual(Array.from({ length: 50 }, (_, i) => 71 + i));
    expect(client.chat).toMatchObject({ status: 'ready', hasMore: true });
    const twice = [client.loadOlderChat(), client.loadOlderChat()];
    expect(client.chat.loadingOlder).toBe(true);
    await Promise.all(twice);
    expect(socket.commands('chat:history')).toEqual([{}, { before: 71 }]);
    expect(seqs(client)[0]).toBe(21);
    await client.loadOlderChat();
    await client.loadOlderChat();
    expect(socket.commands('chat:history')).toEqual([{}, { before: 71 }, { before: 21 }]);
    expect(client.chat.hasMore).toBe(false);
  });

  it("adds broadcasts of its room only, counts them, and merges its own message's ack and broadcast", async () => {
    const { socket, client } = await joined([]);
    const seen: number[] = [];
    client.onChat((chat) => seen.push(chat.messages.length));
    socket.fire('chat:message', { roomId: ROOM_ID, message: chatMessage(1, 'Chào') });
    socket.fire('chat:message', { roomId: 'anotherRoom12345', message: chatMessage(2, 'Phòng khác') });
    socket.answer = (event) => (event === 'chat:send' ? { ok: true, message: chatMessage(2, 'Của tôi') } : {});
    expect(await client.sendChat('Của tôi')).toMatchObject({ ok: true });
    socket.fire('chat:message', { roomId: ROOM_ID, message: chatMessage(2, 'Của tôi') });
    expect(client.chat.messages.map((message) => message.text)).toEqual(['Chào', 'Của tôi']);
    expect(client.chat.arrived).toBe(1);
    expect(seen).toEqual([1, 2]);
  });

  it('shows a deletion from the room or from our own delete at once', async () => {
    const { socket, client } = await joined([chatMessage(1, 'a'), chatMessage(2, 'b')]);
    socket.fire('chat:deleted', { roomId: ROOM_ID, seq: 1 });
    socket.answer = () => ({ ok: true, seq: 2 });
    await client.deleteChat(2);
    expect(client.chat.messages.map((message) => [message.text, message.deleted])).toEqual([
      ['', true],
      ['', true],
    ]);
  });

  it('asks again after a reconnection, and says when the history could not be read, for a retry', async () => {
    const { socket, client } = await joined([chatMessage(1, 'a')]);
    socket.fire('disconnect', 'transport close');
    socket.chat.push(chatMessage(2, 'missed while away'));
    socket.fire('connect');
    await flush();
    expect(socket.commands('chat:history')).toEqual([{}, {}]);
    expect(seqs(client)).toEqual([1, 2]);

    socket.chatError = { code: 'unavailable', message: 'down' };
    await client.reloadChat();
    expect(client.chat.status).toBe('failed');
    expect(seqs(client)).toEqual([1, 2]);
    socket.chatError = null;
    await client.reloadChat();
    expect(client.chat.status).toBe('ready');
  });

  it('forgets the chat on leaving the room', async () => {
    const { client } = await joined([chatMessage(1, 'a')]);
    await client.leave();
    expect(client.chat.messages).toEqual([]);
  });
});
