import { BAN_ADDRESS_DURATION_MS, userKey } from '@xemchung/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, startServer, type TestServer } from './harness.ts';
import { disconnection, guestBrowser, openTab, TRUST_LOCAL_PROXY } from './moderation-clients.ts';
import { connect, createRoom, signedInUser, type TestClient, type TestUser } from './room-clients.ts';

/**
 * R104: a kick or a ban also binds the address the person was in the room from, so signing out, clearing the
 * cookie or registering a new account on the spot does not bring them back; accounts known before stay welcome.
 */
describe.each(DATABASE_KINDS)('kicks and bans bind the address on %s (R104)', (kind) => {
  let server: TestServer;
  let host: TestUser;
  let hostClient: TestClient;
  let roomId: string;
  const clients: TestClient[] = [];
  const track = (client: TestClient) => {
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    server = await startServer(kind, { env: TRUST_LOCAL_PROXY });
    host = await signedInUser(server, 'Chủ phòng');
  });

  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });

  afterAll(async () => {
    await server?.close();
  });

  async function hostedRoom() {
    roomId = await createRoom(server, host);
    hostClient = track(await connect(server, { user: host }));
    expect(await hostClient.join(roomId)).toMatchObject({ ok: true });
  }
  const joinAs = async (user: TestUser | null, address: string) => {
    const client = track(
      user ? await connect(server, { user, forwardedFor: address }) : await openTab(server, guestBrowser(address)),
    );
    return client.join(roomId);
  };

  it('R104: a kicked member is kept out as a guest and as a new account from that address; an account known before is not', async () => {
    await hostedRoom();
    const flatmate = await signedInUser(server, 'Bạn cùng phòng');
    const member = await signedInUser(server, 'Thành viên');
    const memberTab = track(await connect(server, { user: member, forwardedFor: '203.0.113.40' }));
    expect(await memberTab.join(roomId)).toMatchObject({ ok: true });
    const gone = disconnection(memberTab);
    expect(await hostClient.request('moderation:kick', { key: userKey(member.uid) })).toMatchObject({ ok: true });
    expect(await gone).toBe('io server disconnect');

    // Signed out: a guest from the same address.
    expect(await joinAs(null, '203.0.113.40')).toMatchObject({ ok: false, error: { code: 'kicked' } });
    // A new account, made after the kick, from that address.
    const newAccount = await signedInUser(server, 'Tài khoản mới');
    expect(await joinAs(newAccount, '203.0.113.40')).toMatchObject({ ok: false, error: { code: 'kicked' } });
    // Someone we knew before, on the same network, and a guest elsewhere are welcome.
    expect(await joinAs(flatmate, '203.0.113.40')).toMatchObject({ ok: true });
    expect(await joinAs(null, '198.51.100.40')).toMatchObject({ ok: true });
  });

  it('R104: a ban keeps the banned user’s address out for a day for guests and new accounts; unban lifts it at once', async () => {
    await hostedRoom();
    const flatmate = await signedInUser(server, 'Bạn cùng phòng');
    const banned = await signedInUser(server, 'Người bị chặn');
    const bannedTab = track(await connect(server, { user: banned, forwardedFor: '203.0.113.41' }));
    expect(await bannedTab.join(roomId)).toMatchObject({ ok: true });
    const gone = disconnection(bannedTab);
    expect(await hostClient.request('moderation:ban', { uid: banned.uid })).toMatchObject({ ok: true });
    expect(await gone).toBe('io server disconnect');
    const holds = await server.app.db
      .selectFrom('room_ban_addresses')
      .selectAll()
      .where('room_id', '=', roomId)
      .execute();
    expect(holds).toHaveLength(1);
    expect(Number(holds[0]?.expires_at) - Number(holds[0]?.created_at)).toBe(BAN_ADDRESS_DURATION_MS);

    const registeredOnTheSpot = await signedInUser(server, 'Tên khác');
    expect(await joinAs(registeredOnTheSpot, '203.0.113.41')).toMatchObject({ ok: false, error: { code: 'banned' } });
    expect(await joinAs(null, '203.0.113.41')).toMatchObject({ ok: false, error: { code: 'banned' } });
    expect(await joinAs(flatmate, '203.0.113.41')).toMatchObject({ ok: true });

    // A day later the address is free again, and the banned user is still banned.
    await server.app.db
      .updateTable('room_ban_addresses')
      .set({ expires_at: Date.now() - 1 })
      .where('room_id', '=', roomId)
      .execute();
    expect(await joinAs(null, '203.0.113.41')).toMatchObject({ ok: true });
    expect(await joinAs(banned, '192.0.2.41')).toMatchObject({ ok: false, error: { code: 'banned' } });

    // Banned again from the same address, then unbanned: the host's 'Bỏ chặn' lifts the address hold with the ban.
    expect(await hostClient.request('moderation:unban', { uid: banned.uid })).toMatchObject({ ok: true });
    const again = track(await connect(server, { user: banned, forwardedFor: '203.0.113.41' }));
    expect(await again.join(roomId)).toMatchObject({ ok: true });
    expect(await hostClient.request('moderation:ban', { uid: banned.uid })).toMatchObject({ ok: true });
    expect(await joinAs(await signedInUser(server, 'Lại tên khác'), '203.0.113.41')).toMatchObject({
      ok: false,
      error: { code: 'banned' },
    });
    expect(await hostClient.request('moderation:unban', { uid: banned.uid })).toMatchObject({ ok: true });
    expect(await joinAs(null, '203.0.113.41')).toMatchObject({ ok: true });
    expect(
      await server.app.db.selectFrom('room_ban_addresses').selectAll().where('room_id', '=', roomId).execute(),
    ).toEqual([]);
  });
});
