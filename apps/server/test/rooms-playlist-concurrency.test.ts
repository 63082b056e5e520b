import { ERROR_CODES, type RoomSnapshot } from '@xemchung/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { RoomRepository } from '../src/rooms/room-repository.ts';
import { DATABASE_KINDS } from './harness.ts';
import { connect, createRoom, signedInUser, type TestUser, youtubeVideo } from './room-clients.ts';
import { suiteServer } from './suite-server.ts';

const ROUNDS = 3;
/** What a concurrent reorder, add or remove may be refused with: the order moved on, the item went, the index is past the end. */
const EXPECTED_REFUSALS = ['version_conflict', 'video_not_found', 'invalid_index'];

type Ack = { ok: true; version: number } | { ok: false; error: { code: string; message: string } };
/** A command of a burst: its type, the item it adds or removes, and the refusals it must meet if it cannot succeed. */
type Sent = { type: string; id?: string; refused?: string[]; ack: Promise<unknown> };
type Outcome = { command: Sent; ack: Ack };
type Planned = [type: string, payload?: object, extra?: Pick<Sent, 'id' | 'refused'>];

const ids = (room: RoomSnapshot) => room.playlist.map((video) => video.id);

// The pure machine's property test (room-state.reorder.property.test.ts) interleaves these commands one at a time;
// here the same interleaving goes through the real socket edge, the per-room queue and the store's commit.
describe.each(DATABASE_KINDS)('two controllers reordering at once on %s (R16, R17, R18, R60–R63)', (kind) => {
  const server = suiteServer(kind);
  let host: TestUser;
  let cohost: TestUser;

  const { track } = server;

  beforeAll(async () => {
    host = await signedInUser(server, 'Chủ phòng');
    cohost = await signedInUser(server, 'Đồng chủ phòng');
  });

  it('stores the last broadcast order: added minus removed, no duplicate, the playing item kept, every refusal typed', async () => {
    const roomId = await createRoom(server, host);
    const hostClient = track(await connect(server, { user: host }));
    await hostClient.join(roomId);
    const videos = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'].map((title) => youtubeVideo(title));
    for (const video of videos) await hostClient.request('playlist:add', { video });
    const [, , playing, ...rest] = videos.map((video) => video.id) as [string, string, string, ...string[]];
    await hostClient.request('playlist:select', { id: playing });
    expect(await hostClient.request('cohost:grant', { uid: cohost.uid })).toMatchObject({ ok: true });
    const cohostClient = track(await connect(server, { user: cohost }));
    const observer = track(await connect(server));
    await cohostClient.join(roomId);
    const joined = await observer.join(roomId);
    if (!joined.ok) throw new Error(`observer could not join: ${joined.error.code}`);
    const start = joined.room;
    const controllers = { host: hostClient, cohost: cohostClient };

    const outcomes: Outcome[] = [];
    const expected = new Set(ids(start));
    const added: Record<keyof typeof controllers, string[]> = { host: [], cohost: [] };
    for (let round = 0; round < ROUNDS; round++) {
      // Both remove the same waiting item (D, F, H): one of them finds it gone.
      const contested = rest[2 * round] ?? '';
      const planned = (['host', 'cohost'] as const).map((who, c) => {
        const view = controllers[who].latest ?? start;
        const order = ids(view);
        const n = order.length;
        const waiting = order.filter((id) => id !== playing);
        const pick = (k: number) => order[k % n] ?? '';
        const fresh = youtubeVideo(`${who} ${round}`);
        added[who].push(fresh.id);
        const other = added[who === 'host' ? 'cohost' : 'host'][round - 1];
        const plan: Planned[] = [
          // A move carrying the version the controller last heard: stale as soon as anything commits before it.
          [
            'playlist:move',
            { id: pick(3 * round + c), toIndex: (5 * round + 2 * c + 1) % (n - 3), version: view.version },
          ],
          ['playlist:playNext', { id: waiting[(round + 2 * c) % waiting.length] }],
          ['playlist:add', { video: fresh }, { id: fresh.id }],
          ['playlist:remove', { id: contested }, { id: contested }],
          ['playlist:shuffle'],
          ['playlist:move', { id: pick(7 * round + 3 * c + 2), toIndex: (round + c) % (n - 3) }],
          // A version older than any the room could still be at: always refused.
          ['playlist:move', { id: pick(c), toIndex: 0, version: view.version - 1 }, { refused: ['version_conflict'] }],
          who === 'host'
            ? ['room:loop', { mode: (['one', 'all', 'off'] as const)[round] }]
            : ['playlist:move', { id: pick(round), toIndex: 499 }, { refused: ['invalid_index', 'video_not_found'] }],
          // The other's add of the last round, or the contested item, which may be gone by then.
          ['playlist:playNext', { id: other ?? contested }],
        ];
        return { client: controllers[who], plan };
      });
      // Sent alternately, so the two controllers' commands interleave in the room's queue.
      const burst: Sent[] = [];
      for (let k = 0; k < Math.max(...planned.map(({ plan }) => plan.length)); k++) {
        for (const { client, plan } of planned) {
          const step = plan[k];
          if (!step) continue;
          const [type, payload, extra] = step;
          burst.push({ type, ...extra, ack: client.raw(type, ...(payload ? [payload] : [])) });
        }
      }
      const acks = (await Promise.all(burst.map((command) => command.ack))) as Ack[];
      const answered = burst.map((command, i) => ({ command, ack: acks[i] as Ack }));
      for (const { command, ack } of answered) {
        // The controllers are not capped (R56) and every add is a new video: each one lands.
        if (command.type === 'playlist:add') expect(ack).toMatchObject({ ok: true });
        if (command.refused) expect(command.refused).toContain(ack.ok ? 'ok' : ack.error.code);
        if (ack.ok && command.type === 'playlist:add') expected.add(command.id ?? '');
        if (ack.ok && command.type === 'playlist:remove') expected.delete(command.id ?? '');
      }
      // Exactly one of the two removes of the contested item took it out; the other found it gone.
      const removes = answered.filter(({ command }) => command.type === 'playlist:remove').map(({ ack }) => ack);
      expect(removes.filter((ack) => ack.ok)).toHaveLength(1);
      expect(removes.filter((ack) => !ack.ok)).toMatchObject([{ error: { code: 'video_not_found' } }]);
      outcomes.push(...answered);
      // Both controllers hear the round's last commit before the next round picks from what they see.
      const top = Math.max(...acks.map((ack) => (ack.ok ? ack.version : 0)));
      await Promise.all([hostClient.waitForVersion(top), cohostClient.waitForVersion(top)]);
    }

    // Every refusal is a typed error of the protocol, one a concurrent reorder can meet, with a message.
    for (const { command, ack } of outcomes) {
      if (ack.ok) continue;
      expect(ERROR_CODES).toContain(ack.error.code);
      expect(EXPECTED_REFUSALS, `${command.type} refused as ${ack.error.code}`).toContain(ack.error.code);
      expect(ack.error.message).not.toBe('');
    }
    const refusedCodes = new Set(outcomes.flatMap(({ ack }) => (ack.ok ? [] : [ack.error.code])));
    expect(refusedCodes).toContain('version_conflict');
    expect(refusedCodes).toContain('video_not_found');
    expect(refusedCodes).toContain('invalid_index');

    // Every commit was broadcast to the observer, in order, one version after the other (R17, R18).
    const final = Math.max(...outcomes.map(({ ack }) => (ack.ok ? ack.version : 0)));
    const last = await observer.waitForVersion(final);
    const seen = [start, ...observer.states];
    expect(seen.map((room) => room.version)).toEqual(
      Array.from({ length: final - start.version + 1 }, (_, i) => start.version + i),
    );
    const atVersion = new Map(seen.map((room) => [room.version, room]));

    // The store holds the last broadcast, and so does a fresh join.
    const stored = await new RoomRepository(server.app.db).load(roomId);
    expect(stored).toEqual(last);
    const late = track(await connect(server));
    const rejoined = await late.join(roomId);
    expect(rejoined.ok && rejoined.room).toEqual(last);
    for (const client of [hostClient, cohostClient]) expect(await client.waitForVersion(final)).toEqual(last);

    // Exactly what was added minus what was removed, each once (R16).
    expect([...ids(last)].sort()).toEqual([...expected].sort());
    expect(new Set(ids(last)).size).toBe(last.playlist.length);
    expect(last.loop).toBe('off');

    // No commit touched the playing item: still playing, from where it was, its index following it (R60, R61).
    const { index: _index, ...playback } = start.current_video;
    for (const room of seen) {
      const { index, ...now } = room.current_video;
      expect(now).toEqual(playback);
      expect(room.playlist[index]?.id).toBe(playing);
      expect(new Set(ids(room)).size).toBe(room.playlist.length);
    }
    // A shuffle moved only waiting items: the playing item and the watched ones kept their places (R62).
    const shuffles = outcomes.filter(({ command, ack }) => command.type === 'playlist:shuffle' && ack.ok);
    expect(shuffles.length).toBeGreaterThan(0);
    for (const { ack } of shuffles) {
      if (!ack.ok) continue;
      const before = atVersion.get(ack.version - 1);
      const after = atVersion.get(ack.version);
      if (!before || !after) throw new Error(`no broadcast around version ${ack.version}`);
      expect([...ids(after)].sort()).toEqual([...ids(before)].sort());
      before.playlist.forEach((video, i) => {
        if (video.visited || video.id === playing) expect(after.playlist[i]?.id).toBe(video.id);
      });
    }
  });
});
