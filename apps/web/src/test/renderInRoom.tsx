import { render } from '@testing-library/react';
import type { ChatMessage, Me, RoomSnapshot } from '@xemchung/protocol';
import type { ReactNode } from 'react';
import { AlertProvider } from '../components/AlertProvider.tsx';
import { ConfirmProvider } from '../components/ConfirmProvider.tsx';
import { createRoomClient } from '../features/room/roomClient.ts';
import { RoomSessionContext } from '../features/room/roomSession.ts';
import { FakeRoomSocket, roomSnapshot } from './fakeRoomSocket.ts';

export interface InRoomOptions {
  room?: RoomSnapshot;
  /** Signed in as the room's host. */
  isHost?: boolean;
  /** Signed in as this uid (a co-host when the room lists it in `cohosts`); a guest when neither is given. */
  uid?: string;
  /** The identity the join ack carries, in full (a test of names and avatars). */
  me?: Me | null;
  /** The room's chat history (R54). */
  chat?: ChatMessage[];
}

/**
 * `ui` inside a joined room, the way the room page provides it (room session, confirmations, alerts),
 * over a fake socket whose commands the test can read and answer.
 */
export async function renderInRoom(ui: ReactNode, options: InRoomOptions = {}) {
  const room = options.room ?? roomSnapshot();
  const uid = options.isHost ? room.host : (options.uid ?? options.me?.uid ?? null);
  const socket = new FakeRoomSocket();
  socket.rooms.set(room.id, room);
  socket.uid = uid;
  socket.me = options.me ?? null;
  socket.chat = options.chat ?? [];
  const client = createRoomClient(socket.asSocket());
  await client.join(room.id);
  const view = render(
    <RoomSessionContext value={{ client, uid }}>
      <ConfirmProvider>
        <AlertProvider>{ui}</AlertProvider>
      </ConfirmProvider>
    </RoomSessionContext>,
  );
  return { ...view, socket, client };
}
