import type { RoomSnapshot, ScreenShare } from '@xemchung/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeRoomSocket, ROOM_ID, roomSnapshot } from '../../../test/fakeRoomSocket.ts';
import { createRoomClient } from '../../room/roomClient.ts';
import { ScreenShareSession } from './screenShare.ts';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** What getDisplayMedia answers here: one video track whose stop() the test watches. */
function fakeCapture() {
  const track = { kind: 'video', stop: vi.fn(), addEventListener: vi.fn() };
  const stream = { getTracks: () => [track], getVideoTracks: () => [track] } as unknown as MediaStream;
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getDisplayMedia: vi.fn(async () => stream) },
  });
  return track;
}

async function sharingTab() {
  const socket = new FakeRoomSocket();
  Object.assign(socket, { id: 'tab-1' });
  socket.uid = 'host-uid';
  socket.isHost = true;
  socket.rooms.set(ROOM_ID, roomSnapshot());
  const client = createRoomClient(socket.asSocket());
  await client.join(ROOM_ID);
  const session = new ScreenShareSession(client);
  return { socket, client, session };
}

const share = (peer: string, id = 'sh-1'): ScreenShare => ({
  id,
  peer,
  by: { key: 'u:host-uid', uid: 'host-uid', name: 'An', photoURL: null, guestTag: null },
  since: 1,
});
const state = (version: number, shared: ScreenShare | null): RoomSnapshot => roomSnapshot({ version, share: shared });

describe('ScreenShareSession (R126)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows its own capture while the room names this tab, and stops capturing when a controller ends the share', async () => {
    const track = fakeCapture();
    const { socket, session } = await sharingTab();
    socket.answer = () => ({ ok: true, version: 2 });
    expect(await session.start()).toBeNull();
    expect(socket.commands('share:start')).toEqual([{}]);
    socket.fire('room:state', state(2, share('tab-1')));
    expect(session.shown.get()).toMatchObject({ mine: true, share: { peer: 'tab-1' } });
    socket.fire('room:state', state(3, null));
    expect(track.stop).toHaveBeenCalled();
    expect(session.shown.get()).toBeNull();
  });

  it('shares again after its connection dropped (the server ended the share with the socket)', async () => {
    const track = fakeCapture();
    const { socket, session } = await sharingTab();
    socket.answer = () => ({ ok: true, version: 2 });
    await session.start();
    socket.fire('room:state', state(2, share('tab-1')));

    socket.fire('disconnect', 'transport close');
    socket.rooms.set(ROOM_ID, state(3, null));
    socket.answer = () => ({ ok: true, version: 4 });
    socket.fire('connect');
    await flush();
    await flush();
    expect(track.stop).not.toHaveBeenCalled();
    expect(socket.commands('share:start')).toEqual([{}, {}]);
    socket.fire('room:state', state(4, share('tab-1', 'sh-2')));
    expect(session.shown.get()).toMatchObject({ mine: true, share: { id: 'sh-2' } });
  });

  it('refuses without capturing twice when the browser says no', async () => {
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getDisplayMedia: vi.fn(async () => Promise.reject(new DOMException('no', 'NotAllowedError'))) },
    });
    const { socket, session } = await sharingTab();
    expect(await session.start()).toBe('denied');
    expect(socket.commands('share:start')).toEqual([]);
  });
});
