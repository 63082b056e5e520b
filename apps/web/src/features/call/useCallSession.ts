import { createStore, useStore } from '../../lib/createStore.ts';
import type { RoomClient } from '../room/roomClient.ts';
import { useClientPart } from '../room/useClientPart.ts';
import { CallSession, type CallView } from './callSession.ts';

const NO_CALL = createStore<CallView>({ me: null, members: [], streams: new Map() });
const makeSession = (client: RoomClient) => new CallSession(client);

/** The page's part in the room's call (R127) for as long as the room is open, and what it shows. */
export function useCallSession(client: RoomClient): { session: CallSession | null; view: CallView } {
  const session = useClientPart(client, makeSession);
  const view = useStore(session?.view ?? NO_CALL);
  return { session, view };
}
