import { createStore, useStore } from '../../../lib/createStore.ts';
import type { RoomClient } from '../../room/roomClient.ts';
import { useClientPart } from '../../room/useClientPart.ts';
import { ScreenShareSession, type ShownShare } from './screenShare.ts';

const NOTHING_SHOWN = createStore<ShownShare | null>(null);
const makeSession = (client: RoomClient) => new ScreenShareSession(client);

/** The page's part in the room's screen share (R126) for as long as the room is open, and what it shows. */
export function useScreenShare(client: RoomClient): { session: ScreenShareSession | null; shown: ShownShare | null } {
  const session = useClientPart(client, makeSession);
  const shown = useStore(session?.shown ?? NOTHING_SHOWN);
  return { session, shown };
}
