import { ClockOffsetEstimator, expectedPosition } from '@xemchung/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RoomRepository } from '../src/rooms/room-repository.ts';
import { DATABASE_KINDS } from './harness.ts';
import { connect, createRoom, signedInUser, type TestClient, type TestUser, youtubeVideo } from './room-clients.ts';
import { suiteServer } from './suite-server.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Pings like a browser would, on a clock `skewMs` off the server's, into an offset estimator. */
async function syncClock(client: TestClient, skewMs: number): Promise<ClockOffsetEstimator> {
  const estimator = new ClockOffsetEstimator({ now: () => Date.now() + skewMs });
  for (let i = 0; i < 5; i++) {
    const sentAt = estimator.localNow();
    const ack = await client.request('clock:ping', {});
    if (!ack.ok) throw new Error(ack.error.code);
    estimator.record(sentAt, ack.serverTime, estimator.localNow());
  }
  return estimator;
}

describe.each(DATABASE_KINDS)('synchronised playback on %s', (kind) => {
  const server = suiteServer(kind);
  let host: TestUser;
  let hostClient: TestClient;
  let roomId: string;
  const others: TestClient[] = [];

  beforeAll(async () => {
    host = await signedInUser(server, 'Chủ phòng');
    roomId = await createRoom(server, host);
    hostClient = await connect(server, { user: host });
    await hostClient.join(roomId);
  });

  afterAll(async () => {
    for (const client of [hostClient, ...others]) client?.close();
  });

  it('answers clock:ping with the server clock (R20)', async () => {
    const before = Date.now();
    const ack = await hostClient.request('clock:ping', {});
    expect(ack.ok && ack.serverTime).toBeGreaterThanOrEqual(before);
    expect(ack.ok && ack.serverTime).toBeLessThanOrEqual(Date.now());
  });

  it('commits before it acknowledges, and stamps updates with the server clock, not the client’s (R13, R17, R28)', async () => {
    const video = youtubeVideo();
    await hostClient.request('playlist:add', { video });
    await hostClient.request('playlist:select', { id: video.id });
    const before = Date.now();
    const update = { id: video.id, playing: true, position: 5, rate: 1, updated_at: 1, current_time: 999 };
    const ack = (await hostClient.raw('playback:update', update)) as { ok: boolean; version: number };
    expect(ack.ok).toBe(true);
    const stored = await new RoomRepository(server.app.db).load(roomId);
    expect(stored?.version).toBe(ack.version);
    expect(stored?.current_video.current_time).toBe(5);
    expect(stored?.current_video.updated_at).toBeGreaterThanOrEqual(before);
    expect(stored?.current_video.updated_at).toBeLessThanOrEqual(Date.now());
  });

  it.each([
    ['an exact clock', 0],
    ['a clock an hour fast', 3_600_000],
    ['a clock 47 minutes slow', -47 * 60_000],
  ])('gives a late joiner with %s the host’s position (R19, R20)', async (_label, skew) => {
    const video = youtubeVideo('Đang phát');
    await hostClient.request('playlist:add', { video });
    await hostClient.request('playlist:select', { id: video.id });
    const sentAt = Date.now();
    const ack = await hostClient.request('playback:update', { id: video.id, playing: true, position: 10, rate: 1.5 });
    const ackedAt = Date.now();
    expect(ack.ok).toBe(true);
    await sleep(400);

    const late = await connect(server);
    others.push(late);
    const estimator = await syncClock(late, skew);
    const joined = await late.join(roomId);
    if (!joined.ok) throw new Error(joined.error.code);
    const now = Date.now();
    const position = expectedPosition(joined.room.current_video, estimator.serverNow(), 3600);
    // The host's position moved on by (elapsed since the server stamped it) × 1.5, give or take the
    // estimate's own uncertainty (half the best round trip) and a few ms of test bookkeeping.
    const slack = (((estimator.best()?.delay ?? 0) / 2 + 5) / 1000) * 1.5;
    expect(position).toBeGreaterThanOrEqual(10 + ((now - ackedAt) / 1000) * 1.5 - slack);
    expect(position).toBeLessThanOrEqual(10 + ((now - sentAt) / 1000) * 1.5 + slack);
    // Reading the skewed local clock instead would run to the end of the video (fast clock) or freeze at the
    // stored time (slow clock), missing the 0.6 s that really elapsed.
    if (skew !== 0) {
      const naive = expectedPosition(joined.room.current_video, estimator.localNow(), 3600);
      expect(Math.abs(naive - position)).toBeGreaterThan(0.3);
    }
  });

  it('gives a late joiner a paused host’s exact position however long ago it paused (R19)', async () => {
    const video = youtubeVideo('Tạm dừng');
    await hostClient.request('playlist:add', { video });
    await hostClient.request('playlist:select', { id: video.id });
    await hostClient.request('playback:update', { id: video.id, playing: false, position: 42.25, rate: 1 });
    await sleep(200);
    const late = await connect(server);
    others.push(late);
    const joined = await late.join(roomId);
    if (!joined.ok) throw new Error(joined.error.code);
    expect(expectedPosition(joined.room.current_video, joined.serverTime)).toBe(42.25);
  });

  it('broadcasts each commit to the whole room, and autoplays the next video on ended (R11, R18)', async () => {
    const follower = await connect(server);
    others.push(follower);
    const joined = await follower.join(roomId);
    if (!joined.ok) throw new Error(joined.error.code);
    const a = youtubeVideo('A');
    const b = youtubeVideo('B');
    await hostClient.request('playlist:add', { video: a });
    await hostClient.request('playlist:add', { video: b });
    await hostClient.request('playlist:select', { id: a.id });
    const ended = await hostClient.request('playback:ended', { id: a.id });
    if (!ended.ok) throw new Error(ended.error.code);
    const final = await follower.waitForVersion(ended.version);
    expect(final.version).toBe(joined.room.version + 4);
    expect(follower.states.map((room) => room.version)).toEqual([1, 2, 3, 4].map((n) => joined.room.version + n));
    expect(final.current_video).toMatchObject({
      id: b.id,
      index: final.playlist.length - 1,
      playing: true,
      current_time: 0,
    });
    expect(final.playlist.at(-1)).toMatchObject({ id: b.id, visited: true });
    expect(hostClient.latest).toEqual(final);

    // At the end of the playlist, ended changes nothing and commits nothing.
    const atEnd = await hostClient.request('playback:ended', { id: b.id });
    expect(atEnd).toEqual({ ok: true, version: ended.version });
  });
});
