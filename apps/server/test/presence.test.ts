import { guestKey, userKey } from '@xemchung/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVENESS, PINGS_PER_TURN, PRESENCE_MEMBERS_FLUSH_MS, PRESENCE_TICK_MS } from '../src/realtime/presence.ts';
import { guestIdOf } from '../src/realtime/viewer-identity.ts';
import { guestCookie, latestViewers, presenceMessages, reportLikeAPage, viewersWhere } from './presence-clients.ts';
import { connect, createRoom, signedInUser, type TestClient, type TestUser, waitFor } from './room-clients.ts';
import { suiteServer } from './suite-server.ts';
import { TcpProxy } from './tcp-proxy.ts';

// Presence is memory only (never SQL), so one database kind is enough here.
describe('presence on one node (R52)', () => {
  const server = suiteServer('sqlite');
  let host: TestUser;
  const open = async (options: Parameters<typeof connect>[1] = {}) => {
    const client = await connect(server, options);
    server.track(client);
    return client;
  };

  beforeAll(async () => {
    host = await signedInUser(server, 'Chủ Phòng');
  });

  it('lists each person once with their tabs counted: name for the signed-in, a stable tag for guests', async () => {
    const roomId = await createRoom(server, host);
    const hostTabs = [await open({ user: host }), await open({ user: host })];
    const guestTabs = [
      await open({ cookie: guestCookie('khach-mot') }),
      await open({ cookie: guestCookie('khach-mot') }),
    ];
    for (const client of [...hostTabs, ...guestTabs]) expect(await client.join(roomId)).toMatchObject({ ok: true });
    const guestId = guestIdOf(guestCookie('khach-mot').split('=')[1] ?? '');

    const viewers = await viewersWhere(
      guestTabs[0] as TestClient,
      (list) => list.size === 2 && [...list.values()].every((v) => v.tabs === 2),
    );
    expect(viewers.get(userKey(host.uid))).toEqual({
      key: userKey(host.uid),
      uid: host.uid,
      name: 'Chủ Phòng',
      photoURL: null,
      guestTag: null,
      tabs: 2,
      report: null,
    });
    expect(viewers.get(guestKey(guestId))).toMatchObject({ uid: null, name: null, guestTag: guestId, tabs: 2 });

    // A tab closing, then a clean leave: the count drops; the last tab takes the person with it.
    guestTabs[0]?.close();
    await viewersWhere(hostTabs[0] as TestClient, (list) => list.get(guestKey(guestId))?.tabs === 1);
    expect(await guestTabs[1]?.request('room:leave', {})).toMatchObject({ ok: true });
    await viewersWhere(hostTabs[0] as TestClient, (list) => !list.has(guestKey(guestId)) && list.size === 1);
  });

  it('coalesces a burst of joins instead of sending a message per change', async () => {
    const roomId = await createRoom(server, host);
    const watcher = await open({ user: host });
    await watcher.join(roomId);
    await viewersWhere(watcher, (list) => list.size === 1);
    const before = presenceMessages(watcher).length;
    const guests = await Promise.all(Array.from({ length: 12 }, () => open()));
    await Promise.all(guests.map((guest) => guest.join(roomId)));
    await viewersWhere(watcher, (list) => list.size === 13);
    // Twelve joins in one go, at most a handful of messages: one per PRESENCE_MEMBERS_FLUSH_MS slot they spanned.
    expect(presenceMessages(watcher).length - before).toBeLessThan(12);
  });

  it('unlists a socket that died without closing within 5 s, not after Socket.IO’s 45 s heartbeat, and lists it again when its link heals', async () => {
    // The budget of R52: unheard that long (no report, no pong), and the room hears within one members flush.
    expect(LIVENESS.silentAfterMs + 2 * PRESENCE_TICK_MS + PRESENCE_MEMBERS_FLUSH_MS).toBeLessThanOrEqual(4500);
    const roomId = await createRoom(server, host);
    const watcher = await open({ user: host });
    await watcher.join(roomId);
    const proxy = await TcpProxy.start({ host: '127.0.0.1', port: Number(new URL(server.url).port) });
    try {
      // It never reports: a tab is judged from its join, by the pongs its WebSocket answers the server's pings with.
      const doomed = await open({ cookie: guestCookie('sap-mat'), via: proxy.via(server.url) });
      await doomed.join(roomId);
      await viewersWhere(watcher, (list) => list.size === 2);
      proxy.blackhole(); // nothing closes: the link just stops carrying packets
      await viewersWhere(watcher, (list) => list.size === 1, 8000, 'the dead socket to leave the list');
      proxy.restore(); // the pings that waited get through, and their pongs come back
      await viewersWhere(watcher, (list) => list.size === 2, 8000, 'the socket to be back');
      expect(doomed.socket.connected).toBe(true);
    } finally {
      await proxy.close();
    }
  });

  it('keeps a tab that sends nothing listed by its pongs alone (a hidden tab whose scripts are slowed)', async () => {
    const roomId = await createRoom(server, host);
    const watcher = await open({ user: host });
    await watcher.join(roomId);
    const quiet = await open({ cookie: guestCookie('khach-im-lang') });
    await quiet.join(roomId);
    await viewersWhere(watcher, (list) => list.size === 2);
    const listsBefore = presenceMessages(watcher).length;
    // Three times as long as a tab may stay unheard, without a report or any other message from it.
    await new Promise((resolve) => setTimeout(resolve, 3 * LIVENESS.silentAfterMs));
    expect(
      presenceMessages(watcher)
        .slice(listsBefore)
        .map((message) => message.viewers.length),
    ).toEqual([]);
    expect(latestViewers(watcher).size).toBe(2);
  });

  it('keeps more quiet tabs listed than one turn of pings reaches: the rest of a sweep is pinged in the next turns', async () => {
    const roomId = await createRoom(server, host);
    const watcher = await open({ user: host });
    await watcher.join(roomId);
    const tabs = PINGS_PER_TURN + 50;
    const cookie = guestCookie('khach-nhieu-tab');
    const clients: TestClient[] = [];
    for (let index = 0; index < tabs; index++) {
      const tab = await open({ cookie });
      await tab.join(roomId);
      clients.push(tab);
    }
    // Heard at the same moment, they go unheard together: one sweep finds them all due for a ping.
    await Promise.all(clients.map((tab) => reportLikeAPage(tab, false)));
    const manyTabs = await viewersWhere(watcher, (list) => [...list.values()].some((v) => v.tabs === tabs)).then(
      (list) => [...list.values()].find((viewer) => viewer.tabs === tabs)?.key,
    );
    const listsBefore = presenceMessages(watcher).length;
    await new Promise((resolve) => setTimeout(resolve, 3 * LIVENESS.silentAfterMs));
    // Not one tab went unheard long enough to be unlisted: every list sent since would show it.
    expect(presenceMessages(watcher).slice(listsBefore)).toEqual([]);
    expect(latestViewers(watcher).get(manyTabs as string)?.tabs).toBe(tabs);
  }, 60_000);
});

describe('sync reports (R53)', () => {
  const server = suiteServer('sqlite');
  let host: TestUser;
  let roomId: string;
  let hostClient: TestClient;
  let guest: TestClient;

  beforeAll(async () => {
    host = await signedInUser(server, 'Chủ Phòng');
    roomId = await createRoom(server, host);
    hostClient = await connect(server, { user: host });
    guest = await connect(server, { cookie: guestCookie('khach-bao-cao') });
    await hostClient.join(roomId);
    await guest.join(roomId);
    await reportLikeAPage(hostClient, true);
  });
  afterAll(async () => {
    hostClient?.close();
    guest?.close();
  });

  const guestKeyOf = () => guestKey(guestIdOf(guestCookie('khach-bao-cao').split('=')[1] ?? ''));

  it('relays a report as the sender’s own badge, whatever the payload claims', async () => {
    const forged = { state: 'buffering', errorMs: 120, rttMs: 35, key: userKey(host.uid), uid: host.uid };
    expect(await guest.raw('presence:report', forged)).toEqual({ ok: true });
    const viewers = await viewersWhere(
      hostClient,
      (list) => list.get(guestKeyOf())?.report !== null && list.size === 2,
    );
    expect(viewers.get(guestKeyOf())?.report).toEqual({ state: 'buffering', errorMs: 120, rttMs: 35 });
    expect(viewers.get(userKey(host.uid))?.report).toEqual({ state: 'idle' });
  });

  it('sends lists changed by reports alone only to those with the list open, and a list opened at once', async () => {
    const closed = await connect(server, { cookie: guestCookie('khach-dong') });
    try {
      await closed.join(roomId);
      await reportLikeAPage(closed, false);
      const closedKey = guestKey(guestIdOf(guestCookie('khach-dong').split('=')[1] ?? ''));
      await viewersWhere(closed, (list) => list.has(closedKey));
      expect(await guest.request('presence:report', { state: 'playing', errorMs: 9, rttMs: 20 })).toEqual({ ok: true });
      await viewersWhere(hostClient, (list) => list.get(guestKeyOf())?.report?.errorMs === 9);
      // The host, with the list open, got it; the tab with it closed still holds the list of its own arrival.
      expect(latestViewers(closed).get(guestKeyOf())?.report?.errorMs).not.toBe(9);
      const before = presenceMessages(closed).length;
      expect(await closed.request('presence:report', { state: 'idle', watching: true })).toEqual({ ok: true });
      await waitFor(() => (presenceMessages(closed).length > before ? true : undefined), 1000, 'the list at once');
      expect(latestViewers(closed).get(guestKeyOf())?.report?.errorMs).toBe(9);
    } finally {
      closed.close();
    }
  });

  it.each([
    ['NaN (null on the wire)', { state: 'playing', errorMs: Number.NaN, rttMs: 10 }],
    ['an error of 1e12 ms', { state: 'playing', errorMs: 1e12, rttMs: 10 }],
    ['a round trip of 1e12 ms', { state: 'playing', errorMs: 3, rttMs: 1e12 }],
    ['an unknown state', { state: 'asleep', errorMs: 3, rttMs: 10 }],
    ['a string', 'playing'],
  ])('refuses a report with %s as invalid_payload and keeps the socket', async (_name, payload) => {
    expect(await guest.raw('presence:report', payload)).toMatchObject({
      ok: false,
      error: { code: 'invalid_payload' },
    });
    expect(guest.socket.connected).toBe(true);
  });

  it('answers a report sooner than allowed with rate_limited and keeps the socket', async () => {
    const flooder = await connect(server, { cookie: guestCookie('khach-voi') });
    try {
      await flooder.join(roomId);
      const answers = [];
      for (let index = 0; index < 5; index++) {
        answers.push(await flooder.request('presence:report', { state: 'playing', errorMs: index, rttMs: 10 }));
      }
      expect(answers.slice(0, 2)).toEqual([{ ok: true }, { ok: true }]);
      expect(answers.slice(2)).toEqual(
        Array(3).fill({ ok: false, error: { code: 'rate_limited', message: expect.any(String) } }),
      );
      expect(flooder.socket.connected).toBe(true);
      // The refused reports changed nothing: the list sent after a later report still shows the last one accepted.
      const flooderKey = guestKey(guestIdOf(guestCookie('khach-voi').split('=')[1] ?? ''));
      await hostClient.request('presence:report', { state: 'paused', errorMs: 77, watching: true });
      const viewers = await viewersWhere(hostClient, (list) => list.get(userKey(host.uid))?.report?.errorMs === 77);
      expect(viewers.get(flooderKey)?.report?.errorMs).toBe(1);
    } finally {
      flooder.close();
    }
  });

  it('refuses a report from a socket that has not joined', async () => {
    const outsider = await connect(server);
    try {
      expect(await outsider.request('presence:report', { state: 'playing', errorMs: 0 })).toMatchObject({
        ok: false,
        error: { code: 'not_joined' },
      });
    } finally {
      outsider.close();
    }
  });
});
