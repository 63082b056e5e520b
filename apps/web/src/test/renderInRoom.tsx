import { render } from '@testing-library/react';
import type { ChatMessage, Me, RoomSnapshot } from '@xemchung/protocol';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { AlertProvider } from '../components/AlertProvider.tsx';
import { ConfirmProvider } from '../components/ConfirmProvider.tsx';
import { createRoomClient } from '../features/room/roomClient.ts';
import { RoomSessionContext } from '../features/room/roomSession.ts';
import { createAppStore } from '../store/index.ts';
import { FakeRoomSocket, roomSnapshot } from './fakeRoomSocket.ts';

/**
 * `ui` inside a joined room, the way the room page provides it (store, room session, confirmations, alerts),
 * over a fake socket whose commands the test can read and answer.
 */
export async function renderInRoom(
  ui: ReactNode,
  options: { room?: RoomSnapshot; isHost?: boolean; me?: Me | null; chat?: ChatMessage[] } = {},
) {
  const room = options.room ?? roomSnapshot();
  const isHost = options.isHost ?? false;
  const socket = new FakeRoomSocket();
  socket.rooms.set(room.id, room);
  socket.isHost = isHost;
  socket.me = options.me ?? null;
  socket.chat = options.chat ?? [];
  const client = createRoomClient(socket.asSocket());
  await client.join(room.id);
  const store = createAppStore();
  const view = render(
    <Provider store={store}>
      <RoomSessionContext value={{ client, isHost }}>
        <ConfirmProvider>
          <AlertProvider>{ui}</AlertProvider>
        </ConfirmProvider>
      </RoomSessionContext>
    </Provider>,
  );
  return { ...view, socket, client, store };
}
