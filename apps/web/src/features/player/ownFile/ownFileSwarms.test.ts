import type { Video } from '@xemchung/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeRoomSocket, mediaVideo, ROOM_ID, roomSnapshot } from '../../../test/fakeRoomSocket.ts';
import { createRoomClient } from '../../room/roomClient.ts';
import { OwnFileSwarms } from './ownFileSwarms.ts';

const film: Video = {
  ...mediaVideo('f_film', 'Phim'),
  source: 'file',
  mediaUrl: null,
  file: { name: 'phim.mp4', size: 1_000_000, duration: 60, mime: 'video/mp4', digest: 'a'.repeat(64), sharer: 'An' },
};

/** A joined room client over a fake socket, its room holding `playlist`, and the shared-file swarms made on it. */
async function swarmsInRoom(playlist: Video[]) {
  const socket = new FakeRoomSocket();
  socket.rooms.set(ROOM_ID, roomSnapshot({ playlist }));
  const client = createRoomClient(socket.asSocket());
  await client.join(ROOM_ID);
  const swarms = new OwnFileSwarms(client, () => []);
  const announces = () => socket.commands('p2p:announce').length;
  return { socket, swarms, announces };
}

afterEach(() => vi.useRealTimers());

describe('the shared files of a room as a tab knows them (R119)', () => {
  it('closes the swarm of an item gone from the playlist: it stops asking the room for the file', async () => {
    vi.useFakeTimers();
    const { socket, swarms, announces } = await swarmsInRoom([film]);
    swarms.swarmOf(film)?.want();
    vi.advanceTimersByTime(5_000);
    const asked = announces();
    expect(asked).toBeGreaterThanOrEqual(2);
    socket.fire('room:delta', { roomId: ROOM_ID, version: 2, set: {}, playlist: { removed: [film.id] } });
    expect(swarms.get(film.id)).toBeUndefined();
    vi.advanceTimersByTime(20_000);
    expect(announces()).toBe(asked);
  });

  it("keeps a sharer's swarm made before its item reached this tab's playlist", async () => {
    const { socket, swarms } = await swarmsInRoom([]);
    const swarm = swarms.swarmOf(film);
    socket.fire('room:delta', { roomId: ROOM_ID, version: 2, set: { name: 'Phòng mới' } });
    expect(swarms.get(film.id)).toBe(swarm);
    socket.fire('room:delta', {
      roomId: ROOM_ID,
      version: 3,
      set: {},
      playlist: { inserted: [{ index: 0, video: film }] },
    });
    expect(swarms.get(film.id)).toBe(swarm);
  });
});
