import type { RoomSnapshot } from '@xemchung/protocol';
import { useCallback, useSyncExternalStore } from 'react';
import { useRoomSession } from './roomSession.ts';

/**
 * The room as the page's room client holds it (R18: the highest version seen), re-rendering on every newer state.
 * The client is the one copy of the room in the browser: the player and the UI read the same state. Null only
 * in the moment between the room going away and the page leaving it.
 */
export function useRoomState(): RoomSnapshot | null {
  const { client } = useRoomSession();
  const subscribe = useCallback(
    (onChange: () => void) => {
      const unsubscribe = client.onState(onChange);
      return () => void unsubscribe();
    },
    [client],
  );
  return useSyncExternalStore(subscribe, () => client.state);
}
