import type { RoomSnapshot } from '@xemchung/protocol';
import { DEFAULT_CURRENT_VIDEO, DEFAULT_ROOM_SETTINGS } from '@xemchung/protocol';
import { describe, expect, it } from 'vitest';
import { RoomResync } from './room-resync.ts';

const room = (id: string, version: number): RoomSnapshot => ({
  id,
  host: 'host',
  name: 'Phòng',
  playlist: [],
  cohosts: [],
  settings: DEFAULT_ROOM_SETTINGS,
  loop: 'off',
  skipVotes: [],
  readyWait: [],
  share: null,
  call: [],
  current_video: DEFAULT_CURRENT_VIDEO,
  version,
});

function setup(load: (roomId: string) => Promise<RoomSnapshot | null>) {
  const sent: Array<{ kind: 'state'; room: RoomSnapshot } | { kind: 'deleted'; roomId: string }> = [];
  const errors: unknown[] = [];
  const resync = new RoomResync({
    load,
    broadcast: {
      state: (snapshot) => sent.push({ kind: 'state', room: snapshot }),
      deleted: (roomId) => sent.push({ kind: 'deleted', roomId }),
    },
    retryMs: 1,
    onError: (error) => errors.push(error),
  });
  const settled = (count: number) =>
    expect.poll(() => sent.length, { timeout: 2000, interval: 5 }).toBeGreaterThanOrEqual(count);
  return { resync, sent, errors, settled };
}

describe('RoomResync', () => {
  it('broadcasts the committed state of each room once, and tells a room that is gone', async () => {
    const { resync, sent, settled } = setup(async (roomId) => (roomId === 'gone' ? null : room(roomId, 7)));
    resync.schedule(['a', 'b', 'a', 'gone']);
    await settled(3);
    await resync.close();
    expect(sent).toEqual([
      { kind: 'state', room: room('a', 7) },
      { kind: 'state', room: room('b', 7) },
      { kind: 'deleted', roomId: 'gone' },
    ]);
  });

  it('keeps retrying a room while the database fails, then broadcasts what it holds', async () => {
    let failures = 3;
    const { resync, sent, errors, settled } = setup(async (roomId) => {
      if (failures-- > 0) throw new Error('Connection terminated unexpectedly');
      return room(roomId, 9);
    });
    resync.schedule(['a']);
    await settled(1);
    await resync.close();
    expect(errors).toHaveLength(3);
    expect(sent).toEqual([{ kind: 'state', room: room('a', 9) }]);
  });

  it('stops retrying once closed', async () => {
    let attempts = 0;
    const { resync, sent } = setup(async () => {
      attempts++;
      throw new Error('ECONNREFUSED');
    });
    resync.schedule(['a']);
    await expect.poll(() => attempts).toBeGreaterThan(0);
    await resync.close();
    const after = attempts;
    resync.schedule(['b']); // a pass would call load right away
    expect(attempts).toBe(after);
    expect(sent).toEqual([]);
  });
});
