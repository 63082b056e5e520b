import { BAN_ADDRESS_DURATION_MS, KICK_DURATION_MS, userKey } from '@xemchung/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from './harness.ts';
import { disconnection, guestBrowser, openTab, removals, TRUST_LOCAL_PROXY } from './moderation-clients.ts';
import { connect, createRoom, signedInUser, type TestClient, type TestUser } from './room-clients.ts';
import { suiteServer } from './suite-server.ts';

describe.each(DATABASE_KINDS)('kicks and bans on %s (R58, R59, R104)', (kind) => {
  const server = suiteServer(kind, { env: TRUST_LOCAL_PROXY });
  let host: TestUser;
  let hostClient: TestClient;
  let roomId: string;

  /** A socket that is closed after the test. */
  const { track } = server;

  beforeAll(async () => {
    host = await signedInUser(server, 'Chủ phòng');
  });

  /** A new room with the host in it. */
  async function hostedRoom() {
    roomId = await createRoom(server, host);
    hostClient = track(await connect(server, { user: host }));
    expect(await hostClient.join(roomId)).toMatchObject({ ok: true });
  }

  it('puts every tab of a kicked guest out, tells them why, and keeps them out, new cookie or not (R58)', async () => {
    await hostedRoom();
    const kicked = guestBrowser('203.0.113.7');
    const tabs = [track(await openTab(server, kicked)), track(await openTab(server, kicked))];
    const sameAddress = guestBrowser('203.0.113.7');
    const neighbour = track(await openTab(server, sameAddress));
    const elsewhere = track(await openTab(server, guestBrowser('198.51.100.9')));
    const member = await signedInUser(server, 'Thành viên');
    const signedInSameAddress = track(await connect(server, { user: member, forwardedFor: '203.0.113.7' }));
    for (const tab of [...tabs, neighbour, elsewhere, signedInSameAddress]) {
      expect(await tab.join(roomId)).toMatchObject({ ok: true });
    }
    const gone = [...tabs, neighbour].map(disconnection);

    const before = Date.now();
    const ack = await hostClient.request('moderation:kick', { key: kicked.key });
    expect(ack).toMatchObject({ ok: true });
    const until = ack.ok ? ack.until : 0;
    expect(until).toBeGreaterThanOrEqual(before + KICK_DURATION_MS);
    expect(until).toBeLessThanOrEqual(Date.now() + KICK_DURATION_MS);

    // Told first, then disconnected by the server (so socket.io-client does not reconnect by itself).
    expect(await Promise.all(gone)).toEqual(['io server disconnect', 'io server disconnect', 'io server disconnect']);
    for (const tab of tabs) expect(removals(tab)).toEqual([{ roomId, reason: 'kicked' }]);
    // A guest at another address and a signed-in viewer at the same address stay.
    expect(elsewhere.socket.connected && signedInSameAddress.socket.connected).toBe(true);
    expect(await elsewhere.request('clock:ping', {})).toMatchObject({ ok: true });

    const refused = { ok: false, error: { code: 'kicked', message: expect.any(String) } };
    // A new tab, then a cleared cookie at the same address: both refused.
    expect(await track(await openTab(server, kicked)).join(roomId)).toEqual(refused);
    expect(await track(await openTab(server, guestBrowser('203.0.113.7'))).join(roomId)).toEqual(refused);
    // The same cookie from another address is still the kicked guest.
    expect(await track(await openTab(server, { ...kicked, address: '192.0.2.1' })).join(roomId)).toEqual(refused);
    // Other rooms are not affected.
    const otherRoom = await createRoom(server, host, 'Phòng khác');
    expect(await track(await openTab(server, kicked)).join(otherRoom)).toMatchObject({ ok: true });

    // Ten minutes later (the stored expiries moved back), the guest is welcome again.
    for (const table of ['room_kicks', 'room_kick_addresses'] as const) {
      await server.app.db
        .updateTable(table)
        .set({ expires_at: Date.now() - 1 })
        .where('room_id', '=', roomId)
        .execute();
    }
    expect(await track(await openTab(server, kicked)).join(roomId)).toMatchObject({ ok: true });
  });

  it('kicks every tab of a signed-in viewer and refuses their re-join (R58)', async () => {
    await hostedRoom();
    const member = await signedInUser(server, 'Thành viên');
    const tabs = [track(await connect(server, { user: member })), track(await connect(server, { user: member }))];
    for (const tab of tabs) await tab.join(roomId);
    const gone = tabs.map(disconnection);
    expect(await hostClient.request('moderation:kick', { key: userKey(member.uid) })).toMatchObject({ ok: true });
    expect(await Promise.all(gone)).toEqual(['io server disconnect', 'io server disconnect']);
    const again = track(await connect(server, { user: member, forwardedFor: '192.0.2.44' }));
    expect(await again.join(roomId)).toMatchObject({ ok: false, error: { code: 'kicked' } });
  });

  it('refuses kicks and bans of the host, and from anyone but the host, changing nothing (R58, R59)', async () => {
    await hostedRoom();
    const cohost = await signedInUser(server, 'Đồng chủ phòng');
    const member = await signedInUser(server, 'Thành viên');
    expect(await hostClient.request('cohost:grant', { uid: cohost.uid })).toMatchObject({ ok: true });
    const cohostClient = track(await connect(server, { user: cohost }));
    const memberClient = track(await connect(server, { user: member }));
    await cohostClient.join(roomId);
    await memberClient.join(roomId);

    expect(await hostClient.request('moderation:kick', { key: userKey(host.uid) })).toMatchObject({
      ok: false,
      error: { code: 'invalid_target' },
    });
    expect(await hostClient.request('moderation:ban', { uid: host.uid })).toMatchObject({
      ok: false,
      error: { code: 'invalid_target' },
    });
    for (const client of [cohostClient, memberClient]) {
      for (const [type, payload] of [
        ['moderation:kick', { key: userKey(member.uid) }],
        ['moderation:ban', { uid: member.uid }],
        ['moderation:unban', { uid: member.uid }],
        ['moderation:bans', {}],
        ['moderation:kicks', {}],
        ['moderation:unkick', { key: userKey(member.uid) }],
      ] as const) {
        expect(await client.raw(type, payload), type).toMatchObject({ ok: false, error: { code: 'forbidden' } });
      }
    }
    expect(await hostClient.request('moderation:ban', { uid: 'no-such-user' })).toMatchObject({
      ok: false,
      error: { code: 'user_not_found' },
    });
    expect(await server.app.db.selectFrom('room_kicks').selectAll().where('room_id', '=', roomId).execute()).toEqual(
      [],
    );
    expect(await hostClient.request('moderation:bans', {})).toEqual({ ok: true, bans: [] });
    expect(memberClient.socket.connected && cohostClient.socket.connected).toBe(true);
  });

  it('bans a co-host until unbanned: control revoked, every tab out, listed for the host (R59)', async () => {
    await hostedRoom();
    const banned = await signedInUser(server, 'Người bị chặn');
    expect(await hostClient.request('cohost:grant', { uid: banned.uid })).toMatchObject({ ok: true });
    const tabs = [track(await connect(server, { user: banned })), track(await connect(server, { user: banned }))];
    for (const tab of tabs) await tab.join(roomId);
    const gone = tabs.map(disconnection);

    expect(await hostClient.request('moderation:ban', { uid: banned.uid })).toEqual({ ok: true, uid: banned.uid });
    expect(await Promise.all(gone)).toEqual(['io server disconnect', 'io server disconnect']);
    for (const tab of tabs) expect(removals(tab)).toEqual([{ roomId, reason: 'banned' }]);
    await expect.poll(() => hostClient.latest?.cohosts).toEqual([]);

    // Long after any kick would have passed, and from anywhere: still out.
    await server.app.db.updateTable('room_kicks').set({ expires_at: 0 }).execute();
    const again = track(await connect(server, { user: banned, forwardedFor: '192.0.2.99' }));
    expect(await again.join(roomId)).toMatchObject({ ok: false, error: { code: 'banned' } });
    expect(again.socket.connected).toBe(true); // refused, not cut off: it may join other rooms

    const listed = await hostClient.request('moderation:bans', {});
    expect(listed).toEqual({
      ok: true,
      bans: [{ uid: banned.uid, name: 'Người bị chặn', photoURL: null, bannedAt: expect.any(Number) }],
    });
    expect(await hostClient.request('moderation:unban', { uid: banned.uid })).toEqual({ ok: true, uid: banned.uid });
    expect(await again.join(roomId)).toMatchObject({ ok: true, room: { cohosts: [] } });
    expect(await hostClient.request('moderation:bans', {})).toEqual({ ok: true, bans: [] });
  });

  // R104: a kick or a ban also binds the address the person was in the room from, so signing out, clearing the
  // cookie or registering a new account on the spot does not bring them back; accounts known before stay welcome.
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

  // R107: the host sees the kicks still running and may lift one early, with exactly the address holds it made.
  const kicksOf = async () => {
    const ack = await hostClient.request('moderation:kicks', {});
    return ack.ok ? ack.kicks : ack;
  };

  it('R107: the host lists a guest’s kick and lifts it early: the guest and the guests of its address may join again', async () => {
    await hostedRoom();
    const kicked = guestBrowser('203.0.113.50');
    const kickedTab = track(await openTab(server, kicked));
    expect(await kickedTab.join(roomId)).toMatchObject({ ok: true });
    const gone = disconnection(kickedTab);
    const kick = await hostClient.request('moderation:kick', { key: kicked.key });
    expect(await gone).toBe('io server disconnect');
    const until = kick.ok ? kick.until : 0;
    expect(await joinAs(null, '203.0.113.50')).toMatchObject({ ok: false, error: { code: 'kicked' } });

    expect(await kicksOf()).toEqual([
      { key: kicked.key, uid: null, name: null, photoURL: null, guestTag: kicked.key.slice(2), until },
    ]);
    expect(await hostClient.request('moderation:unkick', { key: kicked.key })).toEqual({ ok: true, key: kicked.key });
    expect(await kicksOf()).toEqual([]);
    expect(await track(await openTab(server, kicked)).join(roomId)).toMatchObject({ ok: true });
    expect(await joinAs(null, '203.0.113.50')).toMatchObject({ ok: true });
    expect(
      await server.app.db.selectFrom('room_kick_addresses').selectAll().where('room_id', '=', roomId).execute(),
    ).toEqual([]);
    // Lifting a kick that is no longer there changes nothing and says so plainly.
    expect(await hostClient.request('moderation:unkick', { key: kicked.key })).toEqual({ ok: true, key: kicked.key });
  });

  it('R107: lifting one kick keeps another kick’s hold on the same address; a member’s kick leaves its address’s guests in', async () => {
    await hostedRoom();
    const member = await signedInUser(server, 'Thành viên bị mời ra');
    const memberTab = track(await connect(server, { user: member, forwardedFor: '203.0.113.51' }));
    const guest = guestBrowser('203.0.113.51');
    const guestTab = track(await openTab(server, guest));
    for (const tab of [memberTab, guestTab]) expect(await tab.join(roomId)).toMatchObject({ ok: true });

    const memberGone = disconnection(memberTab);
    expect(await hostClient.request('moderation:kick', { key: userKey(member.uid) })).toMatchObject({ ok: true });
    expect(await memberGone).toBe('io server disconnect');
    // R104: the member's kick keeps newcomers from its address out, not the guest already in the room.
    expect(await guestTab.request('clock:ping', {})).toMatchObject({ ok: true });
    expect(removals(guestTab)).toEqual([]);

    const guestGone = disconnection(guestTab);
    expect(await hostClient.request('moderation:kick', { key: guest.key })).toMatchObject({ ok: true });
    expect(await guestGone).toBe('io server disconnect');
    expect((await kicksOf()) as unknown[]).toEqual([
      expect.objectContaining({ key: guest.key, guestTag: guest.key.slice(2) }),
      expect.objectContaining({ key: userKey(member.uid), uid: member.uid, name: 'Thành viên bị mời ra' }),
    ]);

    // The guest's kick lifted: the member's kick still holds the address for guests.
    expect(await hostClient.request('moderation:unkick', { key: guest.key })).toMatchObject({ ok: true });
    expect(await joinAs(null, '203.0.113.51')).toMatchObject({ ok: false, error: { code: 'kicked' } });
    expect(await track(await openTab(server, guest)).join(roomId)).toMatchObject({
      ok: false,
      error: { code: 'kicked' },
    });
    expect(await joinAs(member, '192.0.2.51')).toMatchObject({ ok: false, error: { code: 'kicked' } });
    expect((await kicksOf()) as unknown[]).toEqual([expect.objectContaining({ key: userKey(member.uid) })]);

    // And the member's: everyone is welcome again.
    expect(await hostClient.request('moderation:unkick', { key: userKey(member.uid) })).toMatchObject({ ok: true });
    expect(await track(await openTab(server, guest)).join(roomId)).toMatchObject({ ok: true });
    expect(await joinAs(member, '203.0.113.51')).toMatchObject({ ok: true });
    expect(await kicksOf()).toEqual([]);
  });

  it('R107: only the host lists or lifts kicks, and a key that names nobody is refused', async () => {
    await hostedRoom();
    const kicked = guestBrowser('203.0.113.52');
    expect(await track(await openTab(server, kicked)).join(roomId)).toMatchObject({ ok: true });
    expect(await hostClient.request('moderation:kick', { key: kicked.key })).toMatchObject({ ok: true });
    const cohost = await signedInUser(server, 'Đồng chủ phòng');
    expect(await hostClient.request('cohost:grant', { uid: cohost.uid })).toMatchObject({ ok: true });
    const cohostClient = track(await connect(server, { user: cohost }));
    const guestClient = track(await openTab(server, guestBrowser('198.51.100.52')));
    for (const client of [cohostClient, guestClient]) {
      expect(await client.join(roomId)).toMatchObject({ ok: true });
      for (const [type, payload] of [
        ['moderation:kicks', {}],
        ['moderation:unkick', { key: kicked.key }],
      ] as const) {
        expect(await client.raw(type, payload), type).toMatchObject({ ok: false, error: { code: 'forbidden' } });
      }
    }
    for (const key of ['a:203.0.113.52', kicked.key.slice(2), 'g:short', '', 42]) {
      expect(await hostClient.raw('moderation:unkick', { key }), String(key)).toMatchObject({
        ok: false,
        error: { code: 'invalid_payload' },
      });
    }
    expect(await joinAs(null, '203.0.113.52')).toMatchObject({ ok: false, error: { code: 'kicked' } });
    expect((await kicksOf()) as unknown[]).toEqual([expect.objectContaining({ key: kicked.key })]);
  });
});
