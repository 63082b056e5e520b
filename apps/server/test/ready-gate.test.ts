import { READY_GATE_LEAD_MS } from '@xemchung/protocol';
import fc from 'fast-check';
import { afterAll, expect, it } from 'vitest';
import { type Backend, onEveryBackend } from './backends.ts';
import type { TestServer } from './harness.ts';
import { reportLikeAPage, viewersWhere } from './presence-clients.ts';
import { connect, createRoom, signedInUser, type TestClient, youtubeVideo } from './room-clients.ts';

const BOUND_MS = 3000;

/** A room with a video, its host and two guests in it (each on `nodes[i % nodes.length]`), all reporting. */
async function roomOfThree(nodes: TestServer[], sockets: TestClient[]) {
  const [first] = nodes;
  if (!first) throw new Error('no node');
  const host = await signedInUser(first, 'Chủ phòng');
  const roomId = await createRoom(first, host);
  const clients: TestClient[] = [];
  for (let index = 0; index < 3; index++) {
    const node = nodes[index % nodes.length] ?? first;
    const client = await connect(node, index === 0 ? { user: host } : {});
    sockets.push(client);
    expect(await client.join(roomId)).toMatchObject({ ok: true });
    // Idle, as a page reports on joining (R53): waited for (R122).
    await reportLikeAPage(client, true);
    clients.push(client);
  }
  // Every node has heard every report before the host starts anything.
  for (const client of clients) {
    await viewersWhere(client, (viewers) => viewers.size === 3 && [...viewers.values()].every((v) => v.report));
  }
  const video = youtubeVideo('Phim');
  const add = await clients[0]?.request('playlist:add', { video });
  if (!add?.ok) throw new Error('add refused');
  const [hostClient, one, two] = clients as [TestClient, TestClient, TestClient];
  return { roomId, host: hostClient, guests: [one, two] as const, videoId: video.id };
}

function gateCases(setup: () => Backend) {
  const sockets: TestClient[] = [];
  afterAll(() => {
    for (const client of sockets.splice(0)) client.close();
  });

  it('R122: a start waits for everyone present, the last ready brings it forward, a guest cannot start it', async () => {
    const { nodes, load } = setup();
    const { roomId, host, guests, videoId } = await roomOfThree(nodes, sockets);
    const sent = Date.now();
    expect(await host.request('playlist:select', { id: videoId })).toMatchObject({ ok: true });
    const waiting = await load(roomId);
    expect(waiting.readyWait).toHaveLength(3);
    const startsAt = waiting.current_video.updated_at;
    expect(startsAt - sent).toBeGreaterThan(BOUND_MS - 1000);
    expect(startsAt - Date.now()).toBeLessThanOrEqual(BOUND_MS);

    // A ready for another start changes nothing; a guest may not start the room.
    expect(await guests[0].request('playback:ready', { id: videoId, startsAt: startsAt - 1 })).toMatchObject({
      ok: true,
    });
    expect((await load(roomId)).readyWait).toHaveLength(3);
    expect(await guests[0].request('playback:start', { id: videoId })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });

    for (const client of [host, guests[0]]) {
      expect(await client.request('playback:ready', { id: videoId, startsAt })).toMatchObject({ ok: true });
    }
    expect((await load(roomId)).readyWait).toHaveLength(1);
    const last = Date.now();
    expect(await guests[1].request('playback:ready', { id: videoId, startsAt })).toMatchObject({ ok: true });
    const started = await load(roomId);
    expect(started.readyWait).toEqual([]);
    expect(started.current_video.updated_at).toBeGreaterThanOrEqual(last);
    expect(started.current_video.updated_at).toBeLessThanOrEqual(Date.now() + READY_GATE_LEAD_MS);
  });

  it('R122: someone who leaves while the start waits is no longer waited for; the last one leaving starts it', async () => {
    const { nodes, load } = setup();
    const { roomId, host, guests, videoId } = await roomOfThree(nodes, sockets);
    expect(await host.request('playlist:select', { id: videoId })).toMatchObject({ ok: true });
    const startsAt = (await load(roomId)).current_video.updated_at;
    for (const client of [host, guests[0]]) {
      expect(await client.request('playback:ready', { id: videoId, startsAt })).toMatchObject({ ok: true });
    }
    const [waitedFor] = (await load(roomId)).readyWait;
    const left = Date.now();
    guests[1].close();
    // Every node hears the leave; the one that re-checks first commits the start, well before the bound.
    let started = await load(roomId);
    while (started.readyWait.length > 0 && Date.now() < startsAt) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      started = await load(roomId);
    }
    expect(waitedFor).toBeDefined();
    expect(started.readyWait).toEqual([]);
    expect(started.current_video.updated_at).toBeLessThan(startsAt);
    expect(started.current_video.updated_at).toBeLessThanOrEqual(Date.now() + READY_GATE_LEAD_MS);
    expect(started.current_video.updated_at).toBeGreaterThanOrEqual(left);
  });

  it('R122, R66: the next item a leave skips to waits for the players, as a select does', async () => {
    const { nodes, load } = setup();
    const { roomId, host, guests, videoId } = await roomOfThree(nodes, sockets);
    const next = youtubeVideo('Phim tiếp');
    expect(await host.request('playlist:add', { video: next })).toMatchObject({ ok: true });
    expect(await host.request('playlist:select', { id: videoId })).toMatchObject({ ok: true });
    expect(await host.request('playback:start', { id: videoId })).toMatchObject({ ok: true });
    // A fourth viewer, who does not vote: two votes of four do not skip.
    const fourth = await connect(nodes[nodes.length - 1] ?? (nodes[0] as TestServer), {});
    sockets.push(fourth);
    expect(await fourth.join(roomId)).toMatchObject({ ok: true });
    await reportLikeAPage(fourth, true);
    await viewersWhere(host, (viewers) => viewers.size === 4);
    // The host and one guest vote (guests on one address share a vote, R100).
    for (const voter of [host, guests[0]]) {
      expect(await voter.request('vote:skip', { id: videoId, skip: true })).toMatchObject({ ok: true });
    }
    expect((await load(roomId)).current_video.id).toBe(videoId);
    const left = Date.now();
    fourth.close();
    let skipped = await load(roomId);
    while (skipped.current_video.id !== next.id && Date.now() - left < 10_000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      skipped = await load(roomId);
    }
    expect(skipped.current_video).toMatchObject({ id: next.id, playing: true, current_time: 0 });
    expect(skipped.readyWait.length).toBeGreaterThan(0);
    expect(skipped.current_video.updated_at).toBeGreaterThan(left + BOUND_MS - 1000);
  });

  it('R122 bad input: a ready forged for someone else counts for its sender only; a bound out of range is refused', async () => {
    const { nodes, load } = setup();
    const { roomId, host, guests, videoId } = await roomOfThree(nodes, sockets);
    expect(await host.request('playlist:select', { id: videoId })).toMatchObject({ ok: true });
    const waiting = await load(roomId);
    const startsAt = waiting.current_video.updated_at;
    const hostKey = waiting.readyWait.find((key) => key.startsWith('u:'));
    const forged = { id: videoId, startsAt, key: hostKey, uid: hostKey?.slice(2), as: 'host' };
    expect(await guests[0].raw('playback:ready', forged)).toMatchObject({ ok: true });
    const after = await load(roomId);
    expect(after.readyWait).toHaveLength(2);
    expect(after.readyWait).toContain(hostKey);
    for (const readyGateSeconds of [11, -1, 2.5, '3']) {
      expect(await host.raw('room:settings', { settings: { readyGateSeconds } })).toMatchObject({
        ok: false,
        error: { code: 'invalid_payload' },
      });
    }
    expect((await load(roomId)).settings.readyGateSeconds).toBe(3);
  });

  it('R122: readies past their budget (3, then one a second) are rate_limited and the socket stays', async () => {
    const { nodes } = setup();
    const { guests, videoId } = await roomOfThree(nodes, sockets);
    const acks = await Promise.all(
      Array.from({ length: 8 }, () => guests[0].request('playback:ready', { id: videoId, startsAt: 1 })),
    );
    const limited = acks.filter((ack) => !ack.ok && ack.error.code === 'rate_limited');
    expect(limited.length).toBeGreaterThanOrEqual(4);
    expect(guests[0].socket.connected).toBe(true);
  });

  it('R122 property: whatever readies, seeks and starts arrive from any node, a start never waits past its bound', async () => {
    const { nodes, load } = setup();
    const { roomId, host, guests, videoId } = await roomOfThree(nodes, sockets);
    const clients = [host, ...guests];
    const action = fc.oneof(
      fc.record({ kind: fc.constant('ready' as const), who: fc.nat(2), stale: fc.boolean() }),
      fc.record({ kind: fc.constant('seek' as const), to: fc.integer({ min: 0, max: 500 }) }),
      fc.record({ kind: fc.constant('pause' as const) }),
      fc.record({ kind: fc.constant('start' as const) }),
      fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 0, max: 400 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 3, maxLength: 12 }), async (actions) => {
        expect(await host.request('playlist:select', { id: videoId })).toMatchObject({ ok: true });
        // When the latest command that could open a start was answered: its commit came before.
        let openedBy = Date.now();
        for (const step of actions) {
          const room = await load(roomId);
          switch (step.kind) {
            case 'ready': {
              const startsAt = room.current_video.updated_at - (step.stale ? 1 : 0);
              await clients[step.who]?.request('playback:ready', { id: videoId, startsAt });
              break;
            }
            case 'seek':
              await host.request('playback:update', { id: videoId, playing: true, position: step.to, rate: 1 });
              openedBy = Date.now();
              break;
            case 'pause':
              await host.request('playback:update', { id: videoId, playing: false, position: 10, rate: 1 });
              break;
            case 'start':
              await host.request('playback:start', { id: videoId });
              break;
            case 'wait':
              await new Promise((resolve) => setTimeout(resolve, step.ms));
              break;
          }
          const after = await load(roomId);
          if (after.current_video.playing) {
            expect(after.current_video.updated_at).toBeLessThanOrEqual(openedBy + BOUND_MS);
          }
        }
      }),
      { numRuns: 6 },
    );
  }, 120_000);
}

onEveryBackend('the ready gate (R122)', gateCases);
