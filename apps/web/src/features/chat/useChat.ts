import { useCallback, useSyncExternalStore } from 'react';
import { useRoomSession } from '../room/roomSession.ts';
import type { ChatLog } from './chatLog.ts';

/** The room's chat as the page's room client holds it (R54), re-rendering on every change. */
export function useChat(): ChatLog {
  const { client } = useRoomSession();
  const subscribe = useCallback(
    (onChange: () => void) => {
      const unsubscribe = client.onChat(onChange);
      return () => void unsubscribe();
    },
    [client],
  );
  return useSyncExternalStore(subscribe, () => client.chat);
}
