import { useCallback, useSyncExternalStore } from 'react';
import type { ChatLog } from '../room/chatLog.ts';
import { useRoomSession } from '../room/roomSession.ts';

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
