import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeRoomSocket, mediaVideo, ROOM_ID, roomSnapshot } from '../test/fakeRoomSocket.ts';
import { installFakeServer } from '../test/fakeServer.ts';
import { renderApp } from '../test/renderApp.tsx';

// The room page's one way out to the network: every socket it opens is the test's fake.
const sockets: FakeRoomSocket[] = [];
vi.mock('../features/room/roomSocket.ts', () => ({
  openRoomSocket: () => {
    const socket = sockets.at(-1);
    if (!socket) throw new Error('no fake socket prepared');
    return socket.asSocket();
  },
}));

function prepareSocket(options: { room?: ReturnType<typeof roomSnapshot> | null; isHost?: boolean } = {}) {
  const socket = new FakeRoomSocket();
  const room = options.room === undefined ? roomSnapshot() : options.room;
  if (room) socket.rooms.set(room.id, room);
  socket.isHost = options.isHost ?? false;
  sockets.push(socket);
  return socket;
}

const location = () => screen.getByTestId('location');

beforeEach(() => {
  sockets.length = 0;
  installFakeServer();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('room page (docs/product.md#room-page)', () => {
  it('shows a loading state while joining, then the room with its name, share button and playlist', async () => {
    const socket = prepareSocket();
    let open = () => {};
    socket.joinGate = new Promise((resolve) => {
      open = resolve;
    });
    renderApp(`/room/${ROOM_ID}`);
    // The first test of the file waits for the room route's lazy chunk to be transformed cold (a fresh clone's
    // first run took over the default second): the loading state is what is checked, not how fast it comes.
    expect(await screen.findByText('Đang tải phòng…', {}, { timeout: 10_000 })).toBeInTheDocument();
    await act(async () => open());
    const panel = await screen.findByRole('complementary', { name: 'Thông tin phòng' });
    expect(within(panel).getByRole('heading', { level: 1, name: 'Phòng của An' })).toHaveClass(
      'uppercase',
      'break-words',
      'lg:truncate',
    );
    expect(within(panel).getByRole('button', { name: 'Chia sẻ link phòng' })).toBeInTheDocument();
    expect(within(panel).getByRole('region', { name: /Danh sách phát/ })).toBeInTheDocument();
    expect(within(panel).getByText('Bạn đang xem theo chủ phòng')).toBeInTheDocument();
    expect(socket.commands('room:join')).toEqual([{ roomId: ROOM_ID }]);
  });

  it('puts the search box in the top bar', async () => {
    prepareSocket();
    renderApp(`/room/${ROOM_ID}`);
    const banner = await screen.findByRole('banner');
    expect(await within(banner).findByRole('combobox', { name: 'Tìm video hoặc dán link' })).toBeInTheDocument();
  });

  it('tells the host so, and names the player area', async () => {
    prepareSocket({ isHost: true });
    renderApp(`/room/${ROOM_ID}`);
    expect(await screen.findByText('Bạn là chủ phòng')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Trình phát video' })).toHaveTextContent('Chưa có video nào đang phát');
  });

  // What the server answers: room_not_found for ids it could not have issued, invalid_payload past 64 characters.
  it.each([
    ['an unknown id', 'khongcophongnay0', 'room_not_found'],
    ['an id with odd characters', `%E2%9C%93%20'%22%3Cx%3E`, 'room_not_found'],
    ['an id too long to be ours', 'x'.repeat(200), 'invalid_payload'],
  ])('sends %s to the not-found page, replacing the history entry', async (_label, id, code) => {
    const socket = prepareSocket({ room: null });
    socket.joinError = { code, message: 'refused' };
    const app = renderApp(`/room/${id}`);
    expect(await screen.findByRole('heading', { name: 'Trang này không tồn tại' })).toBeInTheDocument();
    expect(location()).toHaveTextContent('/not-found');
    expect(app.history).toEqual(['/not-found']);
  });

  it('leaves for the not-found page when the room is deleted while open', async () => {
    const socket = prepareSocket();
    const app = renderApp(`/room/${ROOM_ID}`);
    await screen.findByRole('complementary', { name: 'Thông tin phòng' });
    act(() => socket.fire('room:deleted', { roomId: ROOM_ID }));
    expect(await screen.findByRole('heading', { name: 'Trang này không tồn tại' })).toBeInTheDocument();
    expect(app.history).toEqual(['/not-found']);
  });

  it('shows that it is reconnecting while the socket is down, then joins again and takes the snapshot', async () => {
    const socket = prepareSocket();
    renderApp(`/room/${ROOM_ID}`);
    await screen.findByRole('complementary', { name: 'Thông tin phòng' });
    act(() => socket.fire('disconnect', 'transport close'));
    expect(screen.getByRole('status')).toHaveTextContent('Mất kết nối — đang kết nối lại…');

    // Meanwhile the host added a video; the snapshot after the reconnection carries it.
    socket.rooms.set(
      ROOM_ID,
      roomSnapshot({ playlist: [...roomSnapshot().playlist, mediaVideo('m_new', 'Mới')], version: 2 }),
    );
    act(() => socket.fire('connect'));
    expect(await screen.findByText('Mới')).toBeInTheDocument();
    expect(screen.queryByText('Mất kết nối — đang kết nối lại…')).toBeNull();
    expect(socket.commands('room:join')).toHaveLength(2);
    await waitFor(() => expect(socket.commands('clock:ping').length).toBeGreaterThan(0));
  });

  it('keeps saying it is reconnecting while the server cannot take the re-join yet, then resyncs (R27)', async () => {
    const socket = prepareSocket();
    renderApp(`/room/${ROOM_ID}`);
    await screen.findByRole('complementary', { name: 'Thông tin phòng' });
    act(() => socket.fire('disconnect', 'transport close'));
    socket.joinError = { code: 'unavailable', message: 'Database unavailable' };
    act(() => socket.fire('connect'));
    await waitFor(() => expect(socket.commands('room:join')).toHaveLength(2));
    expect(screen.getByRole('status')).toHaveTextContent('Mất kết nối — đang kết nối lại…');

    socket.joinError = null;
    socket.rooms.set(ROOM_ID, roomSnapshot({ name: 'Đã trở lại', version: 3 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Đã trở lại' }, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.queryByText('Mất kết nối — đang kết nối lại…')).toBeNull();
    expect(socket.commands('room:join')).toHaveLength(3);
  });

  it('keeps saying it is reconnecting while the server refuses the handshake unavailable, and tries it again (R27)', async () => {
    const socket = prepareSocket();
    renderApp(`/room/${ROOM_ID}`);
    await screen.findByRole('complementary', { name: 'Thông tin phòng' });
    act(() => socket.fire('disconnect', 'transport close'));
    // Socket.IO's reconnection reaches the server, whose session store is down: the handshake is refused.
    socket.handshakeError = { code: 'unavailable', message: 'Try again shortly' };
    act(() => {
      socket.connected = false;
      socket.connect();
    });
    await waitFor(() => expect(socket.connects).toBe(2), { timeout: 3000 });
    expect(screen.getByRole('status')).toHaveTextContent('Mất kết nối — đang kết nối lại…');
    expect(screen.queryByRole('alert')).toBeNull();

    socket.handshakeError = null;
    socket.rooms.set(ROOM_ID, roomSnapshot({ name: 'Đã trở lại', version: 3 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Đã trở lại' }, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.queryByText('Mất kết nối — đang kết nối lại…')).toBeNull();
    expect(socket.connects).toBe(3);
  });

  it('offers a retry when the server refuses the handshake for good', async () => {
    const socket = prepareSocket();
    renderApp(`/room/${ROOM_ID}`);
    await screen.findByRole('complementary', { name: 'Thông tin phòng' });
    act(() => socket.fire('disconnect', 'transport close'));
    socket.handshakeError = { code: 'protocol_mismatch', message: 'Server speaks protocol 2' };
    act(() => {
      socket.connect();
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Không vào được phòng. Vui lòng thử lại.');
    expect(socket.connects).toBe(1);
  });

  it('offers a retry instead of reconnecting forever when the re-join is refused for good', async () => {
    const socket = prepareSocket();
    renderApp(`/room/${ROOM_ID}`);
    await screen.findByRole('complementary', { name: 'Thông tin phòng' });
    act(() => socket.fire('disconnect', 'transport close'));
    socket.joinError = { code: 'forbidden', message: 'Refused' };
    act(() => socket.fire('connect'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Không vào được phòng. Vui lòng thử lại.');
    expect(screen.getByRole('button', { name: 'Thử lại' })).toBeInTheDocument();
  });

  it('offers a retry when the server closes the socket for good (a flood, R22)', async () => {
    const socket = prepareSocket();
    renderApp(`/room/${ROOM_ID}`);
    await screen.findByRole('complementary', { name: 'Thông tin phòng' });
    act(() => socket.fire('disconnect', 'io server disconnect'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Không vào được phòng. Vui lòng thử lại.');
    expect(screen.getByRole('button', { name: 'Thử lại' })).toBeInTheDocument();
  });

  it('keeps a broadcast that overtook the join ack instead of the older state the ack carries (R18)', async () => {
    const socket = prepareSocket();
    let answerJoin = () => {};
    socket.joinGate = new Promise((resolve) => {
      answerJoin = resolve;
    });
    renderApp(`/room/${ROOM_ID}`);
    await waitFor(() => expect(socket.commands('room:join')).toHaveLength(1));
    // The server committed an add while the join was on its way: its broadcast arrives first, the ack (v1) after.
    const newer = roomSnapshot({ playlist: [...roomSnapshot().playlist, mediaVideo('m_new', 'Mới')], version: 2 });
    act(() => socket.fire('room:state', newer));
    await act(async () => answerJoin());
    const list = within(await screen.findByRole('region', { name: /Danh sách phát/ })).getByRole('list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Một'), expect.stringContaining('Hai'), expect.stringContaining('Mới')]);
  });

  it('follows live room states', async () => {
    const socket = prepareSocket();
    renderApp(`/room/${ROOM_ID}`);
    await screen.findByText('Một');
    act(() => socket.fire('room:state', roomSnapshot({ name: 'Tên mới', version: 5 })));
    expect(await screen.findByRole('heading', { level: 1, name: 'Tên mới' })).toBeInTheDocument();
  });

  it('leaves the room and closes its socket when the page goes away', async () => {
    const socket = prepareSocket();
    const app = renderApp(`/room/${ROOM_ID}`);
    await screen.findByRole('complementary', { name: 'Thông tin phòng' });
    act(() => app.navigate('/'));
    await waitFor(() => expect(socket.commands('room:leave')).toEqual([{}]));
    expect(socket.connected).toBe(false);
  });

  it('says the network has too many connections when the join is refused rate_limited (R99)', async () => {
    const socket = prepareSocket();
    socket.joinError = { code: 'rate_limited', message: 'The server refused the connection' };
    renderApp(`/room/${ROOM_ID}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Có quá nhiều kết nối từ mạng của bạn. Hãy đóng bớt các tab đang mở phòng rồi thử lại.',
    );
    expect(screen.getByRole('button', { name: 'Thử lại' })).toBeInTheDocument();
  });

  it('offers a retry when the room cannot be joined for another reason', async () => {
    const socket = prepareSocket();
    socket.joinError = { code: 'unavailable', message: 'Try again shortly' };
    renderApp(`/room/${ROOM_ID}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Không vào được phòng. Vui lòng thử lại.');
    expect(socket.connected).toBe(false);
    prepareSocket();
    act(() => screen.getByRole('button', { name: 'Thử lại' }).click());
    expect(await screen.findByRole('complementary', { name: 'Thông tin phòng' })).toBeInTheDocument();
  });

  it('hides the search box from a guest the add policy leaves out, and says why (R56)', async () => {
    const socket = prepareSocket({
      room: roomSnapshot({
        settings: {
          addPolicy: 'signedIn',
          guestChat: false,
          perPersonCap: 10,
          skipVoting: true,
          readyGateSeconds: 3,
          callPolicy: 'signedIn',
        },
      }),
    });
    renderApp(`/room/${ROOM_ID}`);
    const playlist = await screen.findByRole('region', { name: /Danh sách phát/ });
    expect(playlist).toHaveTextContent('Chủ phòng chỉ cho phép người đã đăng nhập thêm video');
    expect(screen.queryByRole('combobox', { name: 'Tìm video hoặc dán link' })).toBeNull();
    act(() => socket.fire('room:state', roomSnapshot({ version: 2 })));
    expect(await screen.findByRole('combobox', { name: 'Tìm video hoặc dán link' })).toBeInTheDocument();
    expect(playlist).not.toHaveTextContent('Chủ phòng chỉ cho phép');
  });

  it('tells a co-host so, and changes the line the moment control is granted or revoked (R55)', async () => {
    const playing = { id: 'm_one', index: 0, playing: true, current_time: 3, updated_at: Date.now(), rate: 1 };
    const socket = prepareSocket({ room: roomSnapshot({ current_video: playing }) });
    socket.uid = 'viewer-uid';
    renderApp(`/room/${ROOM_ID}`);
    expect(await screen.findByText('Bạn đang xem theo chủ phòng')).toBeInTheDocument();
    const player = await waitFor(() => {
      const media = document.querySelector('video');
      if (!media) throw new Error('no player yet');
      return media;
    });
    expect(player.controls).toBe(false);
    act(() => socket.fire('room:state', roomSnapshot({ cohosts: ['viewer-uid'], version: 2, current_video: playing })));
    expect(screen.getByText('Bạn đang cùng chủ phòng điều khiển')).toBeInTheDocument();
    // The same player, now with its controls: a fresh one would start over and pull the room back (R55).
    expect(document.querySelector('video')).toBe(player);
    expect(player.controls).toBe(true);
    act(() => socket.fire('room:state', roomSnapshot({ cohosts: [], version: 3, current_video: playing })));
    expect(screen.getByText('Bạn đang xem theo chủ phòng')).toBeInTheDocument();
    expect(document.querySelector('video')).toBe(player);
    expect(player.controls).toBe(false);
  });

  it('says why when the host kicks this viewer, and stays so when the server disconnects it (R58)', async () => {
    const socket = prepareSocket();
    renderApp(`/room/${ROOM_ID}`);
    await screen.findByRole('complementary', { name: 'Thông tin phòng' });
    act(() => {
      socket.fire('room:removed', { roomId: ROOM_ID, reason: 'kicked' });
      socket.fire('disconnect', 'io server disconnect');
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Bạn đã bị mời ra khỏi phòng. Bạn có thể vào lại sau 10 phút.',
    );
    expect(screen.queryByRole('complementary', { name: 'Thông tin phòng' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Thử lại' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Về trang chủ' })).toHaveAttribute('href', '/');
  });

  it.each([
    ['kicked', 'Bạn đã bị mời ra khỏi phòng. Bạn có thể vào lại sau 10 phút.'],
    ['banned', 'Bạn đã bị chặn khỏi phòng này.'],
  ])('says why when the join is refused as %s, in a new tab (R58, R59)', async (code, text) => {
    const socket = prepareSocket();
    socket.joinError = { code, message: 'refused' };
    renderApp(`/room/${ROOM_ID}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.queryByRole('button', { name: 'Thử lại' })).toBeNull();
  });

  it('says so when a re-join after a dropped connection is refused as banned (R59)', async () => {
    const socket = prepareSocket();
    renderApp(`/room/${ROOM_ID}`);
    await screen.findByRole('complementary', { name: 'Thông tin phòng' });
    act(() => socket.fire('disconnect', 'transport close'));
    socket.joinError = { code: 'banned', message: 'refused' };
    act(() => socket.fire('connect'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Bạn đã bị chặn khỏi phòng này.');
  });
});
