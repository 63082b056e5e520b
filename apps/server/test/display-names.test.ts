import { randomBytes } from 'node:crypto';
import { DISPLAY_NAME_FALLBACK, userKey } from '@xemchung/protocol';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../src/auth/passwords.ts';
import { ChatRepository } from '../src/chat/chat-repository.ts';
import { me, newAccount, openLoginPage, register, signIn } from './auth-flow-helpers.ts';
import { DATABASE_KINDS } from './harness.ts';
import { viewersWhere } from './presence-clients.ts';
import { connect, createRoom, signedInUser, type TestUser } from './room-clients.ts';
import { suiteServer } from './suite-server.ts';

const SPOOFED = 'Chủ phòng \u202Egnp.exe';
/** What SPOOFED is shown as: as it is written, without the override. */
const SPOOFED_SHOWN = 'Chủ phòng gnp.exe';
const TAGS = `\u{E0001}${String.fromCodePoint(...Array.from({ length: 0x60 }, (_, i) => 0xe0020 + i))}`;

describe.each(DATABASE_KINDS)('display names on %s (R96)', (kind) => {
  const server = suiteServer(kind);
  const { track } = server;

  const accountsWithEmail = (email: string) =>
    server.app.db.selectFrom('local_accounts').select('id').where('email', '=', email).execute();

  it.each([
    ['a right-to-left override', SPOOFED, 'display_name_invalid', 'Tên hiển thị có ký tự không được phép.'],
    ['a BEL', 'An\u0007', 'display_name_invalid', 'Tên hiển thị có ký tự không được phép.'],
    ['a C1 control', 'An\u009bBình', 'display_name_invalid', 'Tên hiển thị có ký tự không được phép.'],
    ['only zero-width characters', '\u200b\u200c\u200d\u2060', 'display_name_required', 'Vui lòng nhập tên hiển thị'],
    ['only Hangul fillers', '\u3164\u115f\u1160', 'display_name_required', 'Vui lòng nhập tên hiển thị'],
    ['only LRM and RLM', '\u200e\u200f', 'display_name_required', 'Vui lòng nhập tên hiển thị'],
    ['only tag characters', TAGS, 'display_name_required', 'Vui lòng nhập tên hiển thị'],
  ])(
    'R96: sign-up refuses a display name with %s: 400, its code and the Vietnamese message; nothing is stored',
    async (_label, displayName, code, message) => {
      const account = newAccount(displayName);
      const page = await openLoginPage(server.url);
      const result = await register(page, account);
      expect(result.response.status).toBe(400);
      expect(result.html).toContain(`data-code="${code}"`);
      expect(result.html).toContain(message);
      expect(await accountsWithEmail(account.email)).toHaveLength(0);
      expect((await me(server.url, page.browser)).body).toBeNull();
    },
  );

  it('R96: sign-up takes a name the rule takes exactly as typed', async () => {
    const account = newAccount('Nguyễn Văn An 👨‍👩‍👧');
    const page = await openLoginPage(server.url);
    await register(page, account);
    expect((await me(server.url, page.browser)).body).toMatchObject({ displayName: 'Nguyễn Văn An 👨‍👩‍👧' });
  });

  it.each([
    ['a right-to-left override', SPOOFED, SPOOFED_SHOWN],
    ['nothing visible', '\u200b\u3164', null],
  ])(
    'R96: an account stored before the rule with %s signs in under a safe form of it',
    async (_label, stored, shown) => {
      const account = newAccount(stored);
      await server.app.db
        .insertInto('local_accounts')
        .values({
          id: randomBytes(16).toString('base64url'),
          email: account.email,
          display_name: stored,
          password_hash: await hashPassword(account.password),
          created_at: Date.now(),
        })
        .execute();
      const page = await openLoginPage(server.url);
      await signIn(page, account);
      // Nothing visible: the issuer's name is left for the email's local part, as when an issuer sends no name.
      const expected = shown ?? account.email.split('@')[0];
      expect((await me(server.url, page.browser)).body).toMatchObject({ displayName: expected });
      const users = await server.app.db
        .selectFrom('users')
        .select('display_name')
        .where('email', '=', account.email)
        .execute();
      expect(users).toEqual([{ display_name: expected }]);
    },
  );

  it('R96: names stored before the rule reach nobody as written: /api/me, presence, chat, history and bans', async () => {
    const host = await signedInUser(server, 'Chủ phòng');
    const spoofer = await signedInUser(server, SPOOFED);
    const invisible = await signedInUser(server, '\u200b\u3164\u200e');
    const meOf = async (user: TestUser) =>
      (await (await fetch(`${server.url}/api/me`, { headers: { cookie: user.cookie } })).json()) as {
        displayName: string;
      };
    expect(await meOf(spoofer)).toMatchObject({ displayName: SPOOFED_SHOWN });
    expect(await meOf(invisible)).toMatchObject({ displayName: DISPLAY_NAME_FALLBACK });
    expect(await meOf(host)).toMatchObject({ displayName: 'Chủ phòng' });

    const roomId = await createRoom(server, host);
    const hostClient = track(await connect(server, { user: host }));
    await hostClient.join(roomId);
    const spooferClient = track(await connect(server, { user: spoofer }));
    const invisibleClient = track(await connect(server, { user: invisible }));
    for (const client of [spooferClient, invisibleClient])
      expect(await client.join(roomId)).toMatchObject({ ok: true });
    const viewers = await viewersWhere(hostClient, (list) => list.size === 3);
    expect(viewers.get(userKey(spoofer.uid))?.name).toBe(SPOOFED_SHOWN);
    expect(viewers.get(userKey(invisible.uid))?.name).toBe(DISPLAY_NAME_FALLBACK);
    expect(viewers.get(userKey(host.uid))?.name).toBe('Chủ phòng');

    expect(await spooferClient.request('chat:send', { text: 'Xin chào' })).toMatchObject({
      ok: true,
      message: { sender: { name: SPOOFED_SHOWN } },
    });
    // A message stored before the rule keeps the name it was written under, shown safely.
    const old = { key: userKey(invisible.uid), uid: invisible.uid, photoURL: null, guestTag: null };
    const chat = new ChatRepository(server.app.db);
    await chat.append(roomId, { ...old, name: `An\u2066 ${SPOOFED}\n` }, 'Tin cũ', Date.now());
    await chat.append(roomId, { ...old, name: '\u3164' }, 'Tin cũ nữa', Date.now());
    const history = await hostClient.request('chat:history', {});
    expect(history.ok && history.messages.map((message) => message.sender.name)).toEqual([
      SPOOFED_SHOWN,
      `An ${SPOOFED_SHOWN}`,
      DISPLAY_NAME_FALLBACK,
    ]);

    expect(await hostClient.request('moderation:ban', { uid: spoofer.uid })).toMatchObject({ ok: true });
    const bans = await hostClient.request('moderation:bans', {});
    expect(bans.ok && bans.bans.map((ban) => ban.name)).toEqual([SPOOFED_SHOWN]);
  });
});
