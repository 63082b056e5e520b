import { useEffect, useState } from 'react';
import { createStore, useStore } from '../../../lib/createStore.ts';
import type { RoomClient } from '../../room/roomClient.ts';
import { ScreenShareSession, type ShownShare } from './screenShare.ts';

const NOTHING_SHOWN = createStore<ShownShare | null>(null);

/** The page's part in the room's screen share (R126) for as long as the room is open, and what it shows. */
export function useScreenShare(client: RoomClient): { session: ScreenShareSession | null; shown: ShownShare | null } {
  const [session, setSession] = useState<ScreenShareSession | null>(null);
  useEffect(() => {
    const made = new ScreenShareSession(client);
    setSession(made);
    return () => {
      made.dispose();
      setSession(null);
    };
  }, [client]);
  const shown = useStore(session?.shown ?? NOTHING_SHOWN);
  return { session, shown };
}
