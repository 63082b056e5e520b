import type { Viewer } from '@xemchung/protocol';
import { describe, expect, it } from 'vitest';
import { FakeRoomSocket, ROOM_ID, roomSnapshot } from '../../test/fakeRoomSocket.ts';
import { createRoomClient } from './roomClient.ts';

const viewer = (key: string, name: string): Viewer => ({
  key,
  uid: key.slice(2),
  name,
  photoURL: null,
  guestTag: null,
  tabs: 1,
  report: null,
});

async function joined() {
  const socket = new FakeRoomSocket();
  socket.rooms.set(ROOM_ID, roomSnapshot());
  socket.rooms.set('other000other000', roomSnapshot({ id: 'other000other000' }));
  const client = createRoomClient(socket.asSocket());
  await client.join(ROOM_ID);
  return { socket, client };
}

describe('room client presence (R52, R53)', () => {
  it('holds the latest list of its room, tells subscribers, and ignores lists of other rooms', async () => {
    const { socket, client } = await joined();
    const seen: string[][] = [];
    client.onPresence((viewers) => seen.push(viewers.map((v) => v.name ?? '')));
    socket.fire('room:presence', { roomId: ROOM_ID, viewers: [viewer('u:an', 'An')] });
    socket.fire('room:presence', { roomId: 'other000other000', viewers: [viewer('u:lan', 'Lan')] });
    socket.fire('room:presence', { roomId: ROOM_ID, viewers: [viewer('u:an', 'An'), viewer('u:binh', 'Bình')] });
    expect(seen).toEqual([['An'], ['An', 'Bình']]);
    expect(client.viewers.map((v) => v.key)).toEqual(['u:an', 'u:binh']);
  });

  it('forgets the list when it leaves or joins another room', async () => {
    const { socket, client } = await joined();
    socket.fire('room:presence', { roomId: ROOM_ID, viewers: [viewer('u:an', 'An')] });
    await client.join('other000other000');
    expect(client.viewers).toEqual([]);
    socket.fire('room:presence', { roomId: 'other000other000', viewers: [viewer('u:lan', 'Lan')] });
    await client.leave();
    expect(client.viewers).toEqual([]);
  });

  it('sends its own report as presence:report without an ack, with whether its list is open, only while joined', async () => {
    const { socket, client } = await joined();
    client.reportSync({ state: 'playing', errorMs: -8, rttMs: 30 });
    expect(socket.commands('presence:report')).toEqual([{ state: 'playing', errorMs: -8, rttMs: 30, watching: false }]);
    const asked: number[] = [];
    client.onReportWanted(() => asked.push(1));
    client.setPresenceOpen(true);
    expect(asked).toHaveLength(1); // opening the list asks for a report at once
    client.setPresenceOpen(true);
    expect(asked).toHaveLength(1);
    client.reportSync({ state: 'idle' });
    expect(socket.commands('presence:report').at(-1)).toEqual({ state: 'idle', watching: true });
    socket.fire('disconnect');
    client.reportSync({ state: 'paused' });
    expect(socket.commands('presence:report')).toHaveLength(2);
  });
});
