import type { RoomSnapshot } from '@xemchung/protocol';
import { beforeEach, describe, expect, it } from 'vitest';
import { RoomRepository } from '../src/rooms/room-repository.ts';
import { DATABASE_KINDS } from './harness.ts';
import { guestCookie, viewersWhere } from './presence-clients.ts';
import {
  connect,
  createRoom,
  signedInUser,
  type TestClient,
  type TestUser,
  waitFor,
  youtubeVideo,
} from './room-clients.ts';
import { suiteServer } from './suite-server.ts';

describe.each(DATABASE_KINDS)('vote to skip on %s (R64–R68)', (kind) => {
  const server = suiteServer(kind);
  let host: TestUser;
  let member: TestUser;
  let other: TestUser;

  const { track } = server;

  // Fresh people for each test: the vote rate is per person (R68), and each test votes a few times.
  beforeEach(async () => {
    host = await signedInUser(server, 'Chủ phòng');
    member = await signedInUser(server, 'Thành viên');
    other = await signedInUser(server, 'Người khác');
  });

  const load = (roomId: string) => new RoomRepository(server.app.db).load(roomId);
  const playingTitle = (room: RoomSnapshot | null | undefined) =>
    room?.playlist[room.current_video.index]?.title ?? null;

  /** A room with A B C, A playing, the host in it; then whoever else `people` names, each joined. */
  async function room(people: Array<{ user?: TestUser; cookie?: string }>) {
    const roomId = await createRoom(server, host);
    const hostClient = track(await connect(server, { user: host }));
    await hostClient.join(roomId);
    const videos = ['A', 'B', 'C'].map((title) => youtubeVideo(title));
    for (const video of videos) await hostClient.request('playlist:add', { video });
    await hostClient.request('playlist:select', { id: videos[0]?.id ?? '' });
    const others: TestClient[] = [];
    for (const options of people) {
      const client = track(await connect(server, options));
      await client.join(roomId);
      others.push(client);
    }
    // Everyone is listed (presence reaches the room within half a second of a join).
    await viewersWhere(hostClient, (viewers) => viewers.size === new Set(people.map(personOf)).size + 1);
    const id = (title: string) => videos.find((video) => video.title === title)?.id ?? '';
    return { roomId, hostClient, others, id };
  }
  const personOf = (options: { user?: TestUser; cookie?: string }) => options.user?.uid ?? options.cookie ?? '';

  it('R65, R66: a guest (two tabs, one vote) and a member are more than half of three: the room skips to B', async () => {
    const guest = guestCookie(`vote-guest-${kind}`);
    const { roomId, hostClient, others, id } = await room([{ user: member }, { cookie: guest }, { cookie: guest }]);
    const [memberClient, guestTab1, guestTab2] = others as [TestClient, TestClient, TestClient];
    const first = await guestTab1.request('vote:skip', { id: id('A'), skip: true });
    expect(first).toMatchObject({ ok: true });
    const voted = await hostClient.waitForVersion(first.ok ? first.version : Infinity);
    expect(voted.skipVotes).toHaveLength(1);
    expect(voted.skipVotes[0]).toMatch(/^g:/);
    // The same guest from its other tab: still one vote, nothing committed.
    expect(await guestTab2.request('vote:skip', { id: id('A'), skip: true })).toEqual(first);
    expect(playingTitle(await load(roomId))).toBe('A');

    const second = await memberClient.request('vote:skip', { id: id('A'), skip: true });
    expect(second).toMatchObject({ ok: true });
    const skipped = await guestTab2.waitForVersion(second.ok ? second.version : Infinity);
    expect(playingTitle(skipped)).toBe('B');
    expect(skipped.skipVotes).toEqual([]);
    const stored = await load(roomId);
    expect(stored?.current_video).toMatchObject({ id: id('B'), index: 1, playing: true, current_time: 0 });
    expect(stored?.skipVotes).toEqual([]);
  });

  it('R65: a vote taken back is gone for everyone, and stored', async () => {
    const { roomId, hostClient, others, id } = await room([{ user: member }, { user: other }]);
    const [memberClient] = others as [TestClient];
    await memberClient.request('vote:skip', { id: id('A'), skip: true });
    expect((await load(roomId))?.skipVotes).toEqual([`u:${member.uid}`]);
    const back = await memberClient.request('vote:skip', { id: id('A'), skip: false });
    expect((await hostClient.waitForVersion(back.ok ? back.version : Infinity)).skipVotes).toEqual([]);
    expect((await load(roomId))?.skipVotes).toEqual([]);
  });

  it('R66: two votes of four do not skip; when a third viewer leaves, two of three do', async () => {
    const { roomId, hostClient, others, id } = await room([
      { user: member },
      { user: other },
      { cookie: guestCookie(`vote-leaver-${kind}`) },
    ]);
    const [memberClient, otherClient, leaver] = others as [TestClient, TestClient, TestClient];
    await memberClient.request('vote:skip', { id: id('A'), skip: true });
    const two = await otherClient.request('vote:skip', { id: id('A'), skip: true });
    expect(two).toMatchObject({ ok: true });
    expect(playingTitle(await load(roomId))).toBe('A');
    leaver.close();
    const skipped = await waitFor(
      () => (playingTitle(hostClient.latest) === 'B' ? hostClient.latest : undefined),
      10_000,
      'the skip after the leave',
    );
    expect(skipped.skipVotes).toEqual([]);
    expect((await load(roomId))?.current_video.id).toBe(id('B'));
  });

  it('R64, R68: with voting off every vote answers voting_off, the setting is stored and nothing changes', async () => {
    const { roomId, hostClient, others, id } = await room([
      { user: member },
      { cookie: guestCookie(`vote-off-${kind}`) },
    ]);
    const changed = await hostClient.request('room:settings', { settings: { skipVoting: false } });
    expect(changed).toMatchObject({ ok: true });
    const before = await load(roomId);
    expect(before?.settings.skipVoting).toBe(false);
    for (const client of [hostClient, ...others]) {
      const refused = await client.request('vote:skip', { id: id('A'), skip: true });
      expect(refused).toMatchObject({ ok: false, error: { code: 'voting_off' } });
    }
    expect(await load(roomId)).toEqual(before);
    // A member may not turn it back on: a host setting.
    const [memberClient] = others as [TestClient];
    expect(await memberClient.request('room:settings', { settings: { skipVoting: true } })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
  });

  it('R68: a vote for an item no longer playing, with nothing playing, or malformed changes nothing', async () => {
    const { roomId, hostClient, others, id } = await room([{ user: member }]);
    const [memberClient] = others as [TestClient];
    const before = await load(roomId);
    expect(await memberClient.request('vote:skip', { id: id('B'), skip: true })).toMatchObject({
      ok: false,
      error: { code: 'version_conflict' },
    });
    expect(await memberClient.raw('vote:skip', { id: id('A'), skip: 'yes' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_payload' },
    });
    expect(await load(roomId)).toEqual(before);

    const empty = await createRoom(server, host);
    await hostClient.join(empty);
    await memberClient.join(empty);
    expect(await memberClient.request('vote:skip', { id: id('A'), skip: true })).toMatchObject({
      ok: false,
      error: { code: 'nothing_playing' },
    });
    expect((await load(empty))?.playlist).toEqual([]);
  });

  it('R68: a vote flood answers rate_limited after four, the socket stays and nothing is lost', async () => {
    const { roomId, others, id } = await room([
      { user: member },
      { user: other },
      { cookie: guestCookie(`vote-flood-${kind}`) },
    ]);
    const [memberClient] = others as [TestClient];
    const answers = [];
    for (let i = 0; i < 8; i++)
      answers.push(await memberClient.request('vote:skip', { id: id('A'), skip: i % 2 === 0 }));
    const codes = answers.map((answer) => (answer.ok ? 'ok' : answer.error.code));
    expect(codes.slice(0, 4)).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(codes.slice(4)).toEqual(['rate_limited', 'rate_limited', 'rate_limited', 'rate_limited']);
    expect(memberClient.socket.connected).toBe(true);
    expect(await memberClient.request('clock:ping')).toMatchObject({ ok: true });
    const stored = await load(roomId);
    expect(stored?.playlist.map((video) => video.title)).toEqual(['A', 'B', 'C']);
    expect(playingTitle(stored)).toBe('A');
    expect(stored?.skipVotes).toEqual([]); // the last vote that got through took it back
  });
});
