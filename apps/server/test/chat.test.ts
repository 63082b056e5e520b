import { randomBytes } from 'node:crypto';
import { CHAT_LINES_MAX, CHAT_PAGE_SIZE, CHAT_TEXT_MAX, type ChatMessage, type Person } from '@xemchung/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHAT_RATE } from '../src/chat/chat-handlers.ts';
import { ChatRepository } from '../src/chat/chat-repository.ts';
import { DATABASE_KINDS } from './harness.ts';
import { connect, createRoom, signedInUser, type TestClient, type TestUser, waitFor } from './room-clients.ts';
import { suiteServer } from './suite-server.ts';

/** The chat events a client received, by name. */
function chatEvents(client: TestClient, event: 'chat:message' | 'chat:deleted') {
  return client.events.filter((e) => e.event === event).map((e) => e.payload);
}

/** A guest cookie, so several sockets are one guest (R51). */
const guestCookie = () => `xc_guest=${randomBytes(16).toString('base64url')}`;

describe.each(DATABASE_KINDS)('chat on %s (R54)', (kind) => {
  const server = suiteServer(kind);
  let host: TestUser;
  let roomId: string;
  const rows = () =>
    server.app.db.selectFrom('chat_messages').selectAll().where('room_id', '=', roomId).orderBy('seq').execute();

  /** A connected socket in the room: the host, a new signed-in viewer, or a guest. */
  async function joined(who: TestUser | 'guest', cookie?: string): Promise<TestClient> {
    const client = await connect(server, who === 'guest' ? { ...(cookie ? { cookie } : {}) } : { user: who });
    server.track(client);
    expect(await client.join(roomId)).toMatchObject({ ok: true });
    return client;
  }
  const setRoom = (values: { guest_chat?: 0 | 1; cohosts?: string }) =>
    server.app.db.updateTable('rooms').set(values).where('id', '=', roomId).execute();

  beforeAll(async () => {
    host = await signedInUser(server, 'Chủ phòng');
  });

  // A fresh room per test, so seqs and history start from nothing.
  // A fresh host too: one account may create 10 rooms at once and 20 in all (R103).
  const freshRoom = async () => {
    host = await signedInUser(server, 'Chủ phòng');
    roomId = await createRoom(server, host);
  };

  it('stores a message, acknowledges it and sends it to everyone in the room, the sender included', async () => {
    await freshRoom();
    const member = await signedInUser(server, 'Lan');
    const [hostClient, memberClient, guestClient] = [await joined(host), await joined(member), await joined('guest')];
    const ack = await memberClient.request('chat:send', { text: '  Chào cả nhà 👋\nTối nay xem gì?  ' });
    const expected: ChatMessage = {
      seq: 1,
      sender: { key: `u:${member.uid}`, uid: member.uid, name: 'Lan', photoURL: null, guestTag: null },
      text: 'Chào cả nhà 👋\nTối nay xem gì?',
      createdAt: expect.any(Number),
      deleted: false,
    };
    expect(ack).toEqual({ ok: true, message: expected });
    for (const client of [hostClient, memberClient, guestClient]) {
      await waitFor(() => (chatEvents(client, 'chat:message').length === 1 ? true : undefined));
      expect(chatEvents(client, 'chat:message')).toEqual([{ roomId, message: expected }]);
    }
    expect(await rows()).toEqual([
      expect.objectContaining({ seq: 1, sender_key: `u:${member.uid}`, sender_name: 'Lan', deleted: 0 }),
    ]);
    expect(await hostClient.request('chat:send', { text: 'Xem phim ma nhé' })).toMatchObject({
      ok: true,
      message: { seq: 2, sender: { uid: host.uid, name: 'Chủ phòng' } },
    });
  });

  it('keeps guests from writing while the room does not let them, and lets them once it does', async () => {
    await freshRoom();
    const guest = await joined('guest');
    const watcher = await joined(host);
    expect(await guest.request('chat:send', { text: 'Cho mình nói với' })).toEqual({
      ok: false,
      error: { code: 'chat_restricted', message: expect.any(String) },
    });
    expect(await rows()).toEqual([]);
    expect(chatEvents(watcher, 'chat:message')).toEqual([]);
    expect(guest.socket.connected).toBe(true);

    await setRoom({ guest_chat: 1 });
    const ack = await guest.request('chat:send', { text: 'Cảm ơn chủ phòng' });
    expect(ack).toMatchObject({ ok: true, message: { seq: 1, sender: { uid: null, name: null } } });
    const sender = ack.ok ? ack.message.sender : ({} as Person);
    expect(sender.key).toMatch(/^g:/);
    expect(sender.guestTag).toMatch(/^[0-9A-Z]{10}$/);
    await waitFor(() => (chatEvents(watcher, 'chat:message').length === 1 ? true : undefined));
  });

  it.each([
    ['empty', ''],
    ['blank', ' \n\t '],
    ['one character too long', 'a'.repeat(CHAT_TEXT_MAX + 1)],
    ['far too long', 'x'.repeat(60_000)],
    ['a control character', 'xin\u0000chào'],
    ['an escape sequence', '\u001b[2J xoá màn hình'],
    ['a right-to-left override', 'invoice\u202Efdp.exe'],
    ['a bidi isolate', 'a\u2066b\u2069'],
  ])('refuses a message that is %s with invalid_message, stores nothing and keeps the socket', async (_label, text) => {
    await freshRoom();
    const member = await joined(await signedInUser(server, 'An'));
    const watcher = await joined(host);
    expect(await member.request('chat:send', { text })).toEqual({
      ok: false,
      error: { code: 'invalid_message', message: expect.any(String) },
    });
    expect(await rows()).toEqual([]);
    expect(member.socket.connected).toBe(true);
    expect(await member.request('chat:send', { text: 'Vẫn gửi được' })).toMatchObject({ ok: true });
    await waitFor(() => (chatEvents(watcher, 'chat:message').length === 1 ? true : undefined));
  });

  it('R97: refuses messages with nothing visible or over 10 lines with invalid_message and stores nothing', async () => {
    await freshRoom();
    const member = await joined(await signedInUser(server, 'An'));
    const watcher = await joined(host);
    const lines = (count: number) => Array.from({ length: count }, (_, i) => `dòng ${i + 1}`).join('\n');
    for (const text of [
      '\u200b\u200c\u200d\u2060\ufeff', // zero-width characters
      '\u3164\u115f\u1160', // Hangul fillers
      '\u200e\u200f', // LRM and RLM
      `\u{E0001}${String.fromCodePoint(...Array.from({ length: 0x60 }, (_, i) => 0xe0020 + i))}`, // tag characters
      `a${'\n'.repeat(498)}b`,
      lines(CHAT_LINES_MAX + 1),
    ]) {
      expect(await member.request('chat:send', { text })).toEqual({
        ok: false,
        error: { code: 'invalid_message', message: expect.any(String) },
      });
    }
    expect(await rows()).toEqual([]);
    expect(await member.request('chat:send', { text: lines(CHAT_LINES_MAX) })).toMatchObject({
      ok: true,
      message: { text: lines(CHAT_LINES_MAX) },
    });
    await waitFor(() => (chatEvents(watcher, 'chat:message').length === 1 ? true : undefined));
    expect(chatEvents(watcher, 'chat:message')).toMatchObject([{ message: { text: lines(CHAT_LINES_MAX) } }]);
  });

  it('refuses payloads of the wrong shape with invalid_payload, and chat before joining with not_joined', async () => {
    await freshRoom();
    const member = await joined(await signedInUser(server, 'An'));
    for (const payload of [{}, { text: 42 }, { text: null }, { text: ['a'] }, 'hello']) {
      expect(await member.raw('chat:send', payload)).toMatchObject({ ok: false, error: { code: 'invalid_payload' } });
    }
    for (const payload of [{ seq: 0 }, { seq: 'x' }, { seq: 1.5 }]) {
      expect(await member.raw('chat:delete', payload)).toMatchObject({ ok: false, error: { code: 'invalid_payload' } });
    }
    expect(await member.raw('chat:history', { before: -3 })).toMatchObject({ error: { code: 'invalid_payload' } });
    const outsider = await connect(server, { user: host });
    server.track(outsider);
    for (const [type, payload] of [
      ['chat:send', { text: 'hi' }],
      ['chat:delete', { seq: 1 }],
      ['chat:history', {}],
    ] as const) {
      expect(await outsider.raw(type, payload)).toMatchObject({ ok: false, error: { code: 'not_joined' } });
    }
    expect(await rows()).toEqual([]);
  });

  it('limits each person, across their tabs, to a burst of 5 and then one message every 2 s', async () => {
    await freshRoom();
    const cookie = guestCookie();
    await setRoom({ guest_chat: 1 });
    const tabs = [await joined('guest', cookie), await joined('guest', cookie), await joined('guest', cookie)];
    const other = await joined(await signedInUser(server, 'Người khác'));
    const answers = [];
    for (let i = 0; i < 9; i++) {
      answers.push(await (tabs[i % 3] as TestClient).request('chat:send', { text: `Tin ${i}` }));
    }
    expect(answers.filter((ack) => ack.ok)).toHaveLength(CHAT_RATE.capacity);
    expect(answers.slice(CHAT_RATE.capacity)).toEqual(
      Array(4).fill({ ok: false, error: { code: 'chat_rate_limited', message: expect.any(String) } }),
    );
    expect(await rows()).toHaveLength(CHAT_RATE.capacity);
    for (const tab of tabs) expect(tab.socket.connected).toBe(true);
    // Someone else is not held back by that person.
    expect(await other.request('chat:send', { text: 'Mình vẫn gửi được' })).toMatchObject({ ok: true });
  });

  it('lets the host and co-hosts delete any message for everyone, leaving a placeholder without its text', async () => {
    await freshRoom();
    const [member, cohost] = [await signedInUser(server, 'Lan'), await signedInUser(server, 'Phó phòng')];
    await setRoom({ cohosts: JSON.stringify([cohost.uid]) });
    const [hostClient, memberClient, cohostClient, guestClient] = [
      await joined(host),
      await joined(member),
      await joined(cohost),
      await joined('guest'),
    ];
    await memberClient.request('chat:send', { text: 'Tin nhắn xấu' });
    await memberClient.request('chat:send', { text: 'Tin nhắn xấu nữa' });
    await memberClient.request('chat:send', { text: 'Tin nhắn tốt' });

    for (const [client, seq] of [
      [memberClient, 1],
      [guestClient, 1],
    ] as const) {
      expect(await client.request('chat:delete', { seq })).toEqual({
        ok: false,
        error: { code: 'forbidden', message: expect.any(String) },
      });
    }
    expect(await hostClient.request('chat:delete', { seq: 1 })).toEqual({ ok: true, seq: 1 });
    expect(await cohostClient.request('chat:delete', { seq: 2 })).toEqual({ ok: true, seq: 2 });
    for (const client of [hostClient, memberClient, cohostClient, guestClient]) {
      await waitFor(() => (chatEvents(client, 'chat:deleted').length === 2 ? true : undefined));
      expect(chatEvents(client, 'chat:deleted')).toEqual([
        { roomId, seq: 1 },
        { roomId, seq: 2 },
      ]);
    }
    const history = await guestClient.request('chat:history', {});
    expect(history.ok && history.messages.map(({ seq, text, deleted }) => ({ seq, text, deleted }))).toEqual([
      { seq: 1, text: '', deleted: true },
      { seq: 2, text: '', deleted: true },
      { seq: 3, text: 'Tin nhắn tốt', deleted: false },
    ]);
    expect((await rows()).map((row) => row.text)).toEqual(['', '', 'Tin nhắn tốt']);

    // Again: nothing more to do and nothing sent; an unknown seq is refused.
    expect(await hostClient.request('chat:delete', { seq: 1 })).toEqual({ ok: true, seq: 1 });
    expect(await hostClient.request('chat:delete', { seq: 99 })).toEqual({
      ok: false,
      error: { code: 'message_not_found', message: expect.any(String) },
    });
    await hostClient.request('clock:ping', {});
    expect(chatEvents(guestClient, 'chat:deleted')).toHaveLength(2);
  });

  it('sends the last 50 on request and older pages of 50 before a seq, oldest first', async () => {
    await freshRoom();
    const chat = new ChatRepository(server.app.db);
    const sender: Person = { key: `u:${host.uid}`, uid: host.uid, name: 'Chủ phòng', photoURL: null, guestTag: null };
    for (let i = 1; i <= 120; i++) await chat.append(roomId, sender, `Tin ${i}`, 1_700_000_000_000 + i);
    const viewer = await joined('guest');
    const seqs = (ack: Awaited<ReturnType<typeof viewer.request<'chat:history'>>>) =>
      ack.ok ? { seqs: ack.messages.map((m) => m.seq), hasMore: ack.hasMore } : ack;
    const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

    expect(seqs(await viewer.request('chat:history', {}))).toEqual({ seqs: range(71, 120), hasMore: true });
    expect(seqs(await viewer.request('chat:history', { before: 71 }))).toEqual({ seqs: range(21, 70), hasMore: true });
    expect(seqs(await viewer.request('chat:history', { before: 21 }))).toEqual({ seqs: range(1, 20), hasMore: false });
    expect(seqs(await viewer.request('chat:history', { before: 1 }))).toEqual({ seqs: [], hasMore: false });
    const latest = await viewer.request('chat:history', {});
    expect(latest.ok && latest.messages.at(-1)).toMatchObject({
      seq: 120,
      text: 'Tin 120',
      createdAt: 1_700_000_000_120,
    });
    expect(CHAT_PAGE_SIZE).toBe(50);
  });

  it('numbers messages sent at once in the order they commit, each seq once', async () => {
    await freshRoom();
    const people = await Promise.all(Array.from({ length: 8 }, (_, i) => signedInUser(server, `Người ${i}`)));
    const senders = await Promise.all(people.map((person) => joined(person)));
    const watcher = await joined(host);
    const acks = await Promise.all(
      senders.flatMap((sender, s) => [1, 2, 3].map((n) => sender.request('chat:send', { text: `${s}-${n}` }))),
    );
    const seqs = acks.map((ack) => (ack.ok ? ack.message.seq : -1)).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    await waitFor(() => (chatEvents(watcher, 'chat:message').length === 24 ? true : undefined));
    // One node: broadcasts leave in commit order, so they arrive in seq order.
    const arrived = chatEvents(watcher, 'chat:message').map((e) => (e as { message: ChatMessage }).message.seq);
    expect(arrived).toEqual(seqs);
    const history = await watcher.request('chat:history', {});
    expect(history.ok && history.messages.map((m) => m.text)).toEqual(
      (await rows()).map((row) => row.text).slice(-CHAT_PAGE_SIZE),
    );
  });

  it('answers room_not_found and takes everyone out when the room was deleted under the chat (R25)', async () => {
    await freshRoom();
    const member = await joined(await signedInUser(server, 'An'));
    await member.request('chat:send', { text: 'Trước khi phòng bị xoá' });
    await server.app.db.deleteFrom('playlist_items').where('room_id', '=', roomId).execute();
    await server.app.db.deleteFrom('rooms').where('id', '=', roomId).execute();
    expect(await rows()).toEqual([]); // the messages went with the room
    expect(await member.request('chat:send', { text: 'Còn ai không?' })).toMatchObject({
      ok: false,
      error: { code: 'room_not_found' },
    });
    await waitFor(() => (member.events.some((e) => e.event === 'room:deleted') ? true : undefined));
    expect(await member.request('chat:history', {})).toMatchObject({ error: { code: 'not_joined' } });
  });
});
