import { beforeAll, describe, expect, it } from 'vitest';
import { RoomRepository } from '../src/rooms/room-repository.ts';
import { DATABASE_KINDS } from './harness.ts';
import { guestBrowser, openTab, TRUST_LOCAL_PROXY } from './moderation-clients.ts';
import { connect, createRoom, signedInUser, type TestUser, youtubeVideo } from './room-clients.ts';
import { suiteServer } from './suite-server.ts';

const ADDERS = 30;
const CAP = 4;

describe.each(DATABASE_KINDS)('co-hosts, settings and caps on %s (R55–R57)', (kind) => {
  const server = suiteServer(kind, { env: TRUST_LOCAL_PROXY });
  let host: TestUser;

  const { track } = server;

  beforeAll(async () => {
    host = await signedInUser(server, 'Chủ phòng');
  });

  const load = (roomId: string) => new RoomRepository(server.app.db).load(roomId);

  /** A new room with its host in it, a video playing (so every later add waits) and the cap at CAP. */
  async function playingRoom() {
    const roomId = await createRoom(server, host);
    const hostClient = track(await connect(server, { user: host }));
    await hostClient.join(roomId);
    const first = youtubeVideo('Đang phát');
    await hostClient.request('playlist:add', { video: first });
    await hostClient.request('playlist:select', { id: first.id });
    expect(await hostClient.request('room:settings', { settings: { perPersonCap: CAP } })).toMatchObject({ ok: true });
    return { roomId, hostClient, first };
  }

  it('lets a granted co-host drive, broadcasts the grant, and keeps the room playing after the host leaves (R55)', async () => {
    const { roomId, hostClient, first } = await playingRoom();
    const cohost = await signedInUser(server, 'Đồng chủ phòng');
    const cohostClient = track(await connect(server, { user: cohost }));
    const follower = track(await openTab(server, guestBrowser('198.51.100.1')));
    await cohostClient.join(roomId);
    await follower.join(roomId);

    expect(
      await cohostClient.request('playback:update', { id: first.id, playing: false, position: 5, rate: 1 }),
    ).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    const granted = await hostClient.request('cohost:grant', { uid: cohost.uid });
    expect(granted).toMatchObject({ ok: true });
    await follower.waitForVersion(granted.ok ? granted.version : Infinity);
    expect(follower.latest?.cohosts).toEqual([cohost.uid]);

    // The host's last tab goes; the co-host pauses and moves on, and everyone follows.
    hostClient.close();
    const paused = await cohostClient.request('playback:update', {
      id: first.id,
      playing: false,
      position: 42,
      rate: 1,
    });
    expect(paused).toMatchObject({ ok: true });
    const seen = await follower.waitForVersion(paused.ok ? paused.version : Infinity);
    expect(seen.current_video).toMatchObject({ id: first.id, playing: false, current_time: 42 });
    const next = youtubeVideo('Tiếp theo');
    await cohostClient.request('playlist:add', { video: next });
    expect(await cohostClient.request('playback:ended', { id: first.id })).toMatchObject({ ok: true });
    expect((await load(roomId))?.current_video.id).toBe(next.id);
    // Ownership stays: the room is still the host's.
    expect((await load(roomId))?.host).toBe(host.uid);
  });

  it("refuses a controller's re-anchor made against an older version: a co-host's pause stands (R93)", async () => {
    const { roomId, hostClient, first } = await playingRoom();
    const cohost = await signedInUser(server, 'Đồng chủ phòng');
    const cohostClient = track(await connect(server, { user: cohost }));
    await cohostClient.join(roomId);
    const granted = await hostClient.request('cohost:grant', { uid: cohost.uid });
    const seenByHost = granted.ok ? granted.version : Number.NaN;
    const paused = await cohostClient.request('playback:update', {
      id: first.id,
      playing: false,
      position: 30,
      rate: 1,
    });
    expect(paused).toMatchObject({ ok: true });
    // The host's heartbeat, made before the pause reached it, names the version it had applied.
    const heartbeat = { id: first.id, playing: true, position: 31, rate: 1 };
    expect(await hostClient.request('playback:update', { ...heartbeat, version: seenByHost })).toMatchObject({
      ok: false,
      error: { code: 'version_conflict' },
    });
    expect((await load(roomId))?.current_video).toMatchObject({ playing: false, current_time: 30 });
    const current = paused.ok ? paused.version : Number.NaN;
    expect(await hostClient.request('playback:update', { ...heartbeat, version: current })).toMatchObject({
      ok: true,
    });
    expect((await load(roomId))?.current_video).toMatchObject({ playing: true, current_time: 31 });
  });

  it('refuses a co-host granting, revoking or changing settings, and bad grants, changing nothing (R55, R56)', async () => {
    const { roomId, hostClient } = await playingRoom();
    const cohost = await signedInUser(server, 'Đồng chủ phòng');
    const member = await signedInUser(server, 'Thành viên');
    await hostClient.request('cohost:grant', { uid: cohost.uid });
    const cohostClient = track(await connect(server, { user: cohost }));
    await cohostClient.join(roomId);
    const before = await load(roomId);
    for (const [type, payload] of [
      ['cohost:grant', { uid: member.uid }],
      ['cohost:revoke', { uid: cohost.uid }],
      ['room:settings', { settings: { addPolicy: 'controllers' } }],
      ['playlist:clear', {}],
    ] as const) {
      expect(await cohostClient.raw(type, payload), type).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    const refusals = [
      [{ uid: host.uid }, 'invalid_target'],
      [{ uid: 'no-such-user' }, 'user_not_found'],
      [{ uid: 'a b' }, 'invalid_payload'],
    ] as const;
    for (const [payload, code] of refusals) {
      expect(await hostClient.raw('cohost:grant', payload)).toMatchObject({ ok: false, error: { code } });
    }
    expect(await load(roomId)).toEqual(before);
  });

  it('applies the add policy: signed-in viewers only, then host and co-hosts only (R56)', async () => {
    const { roomId, hostClient } = await playingRoom();
    const member = track(await connect(server, { user: await signedInUser(server, 'Thành viên') }));
    const guest = track(await openTab(server, guestBrowser('198.51.100.2')));
    await member.join(roomId);
    await guest.join(roomId);
    await hostClient.request('room:settings', { settings: { addPolicy: 'signedIn' } });
    expect(await guest.request('playlist:add', { video: youtubeVideo() })).toMatchObject({
      ok: false,
      error: { code: 'adding_restricted' },
    });
    expect(await member.request('playlist:add', { video: youtubeVideo() })).toMatchObject({ ok: true });
    await hostClient.request('room:settings', { settings: { addPolicy: 'controllers' } });
    expect(await member.request('playlist:add', { video: youtubeVideo() })).toMatchObject({
      ok: false,
      error: { code: 'adding_restricted' },
    });
    expect((await load(roomId))?.settings).toEqual({
      addPolicy: 'controllers',
      guestChat: false,
      perPersonCap: CAP,
      skipVoting: true,
      readyGateSeconds: 3,
      callPolicy: 'signedIn',
    });
  });

  it(`holds the cap when ${ADDERS} tabs of one guest add at once, and when ${ADDERS} guests share an address (R56)`, async () => {
    const { roomId } = await playingRoom();
    const oneGuest = guestBrowser('198.51.100.3');
    const tabs = await Promise.all(Array.from({ length: ADDERS }, () => openTab(server, oneGuest)));
    // Different cookies, one address: a guest clearing cookies, or opening private windows.
    const sameAddress = await Promise.all(
      Array.from({ length: ADDERS }, () => openTab(server, guestBrowser('198.51.100.4'))),
    );
    for (const client of [...tabs, ...sameAddress]) track(client);
    await Promise.all([...tabs, ...sameAddress].map((client) => client.join(roomId)));

    for (const crowd of [tabs, sameAddress]) {
      const acks = await Promise.all(crowd.map((client) => client.request('playlist:add', { video: youtubeVideo() })));
      expect(acks.filter((ack) => ack.ok)).toHaveLength(CAP);
      for (const ack of acks.filter((ack) => !ack.ok)) {
        expect(ack).toEqual({ ok: false, error: { code: 'cap_reached', message: expect.any(String) } });
      }
    }
    const stored = await load(roomId);
    expect(stored?.playlist).toHaveLength(1 + 2 * CAP);
    // Who added what, and from where, never reaches clients.
    for (const video of stored?.playlist ?? []) {
      expect(Object.keys(video).sort()).toEqual(['id', 'mediaUrl', 'source', 'thumbnail', 'title', 'visited']);
    }
    expect(Object.keys(tabs[0]?.latest ?? {})).not.toContain('adders');
  });

  it(`lets ${ADDERS} signed-in viewers behind one address add at once, each counted as themself (R56)`, async () => {
    const { roomId } = await playingRoom();
    const users = await Promise.all(Array.from({ length: ADDERS }, (_, i) => signedInUser(server, `Bạn ${i}`)));
    const crowd = await Promise.all(users.map((user) => connect(server, { user, forwardedFor: '198.51.100.5' })));
    for (const client of crowd) track(client);
    await Promise.all(crowd.map((client) => client.join(roomId)));
    const acks = await Promise.all(crowd.map((client) => client.request('playlist:add', { video: youtubeVideo() })));
    expect(acks.every((ack) => ack.ok)).toBe(true);
  });

  it('clears the whole queue but the video playing, for everyone (R57)', async () => {
    const { roomId, hostClient, first } = await playingRoom();
    const guest = track(await openTab(server, guestBrowser('198.51.100.6')));
    await guest.join(roomId);
    for (let i = 0; i < 3; i++) await guest.request('playlist:add', { video: youtubeVideo() });
    const cleared = await hostClient.request('playlist:clear', {});
    expect(cleared).toMatchObject({ ok: true });
    const seen = await guest.waitForVersion(cleared.ok ? cleared.version : Infinity);
    expect(seen.playlist.map((video) => video.id)).toEqual([first.id]);
    expect(seen.current_video).toMatchObject({ id: first.id, index: 0 });
    // The guest's waiting videos went with the queue: they may add again.
    expect(await guest.request('playlist:add', { video: youtubeVideo() })).toMatchObject({ ok: true });
  });
});
