import type { Viewer } from '@xemchung/protocol';
import { useCallback, useSyncExternalStore } from 'react';
import { useRoomSession } from './roomSession.ts';

/** Who is in the room now (R52), as the room client last heard it; re-renders on every new list. */
export function usePresence(): readonly Viewer[] {
  const { client } = useRoomSession();
  const subscribe = useCallback(
    (onChange: () => void) => {
      const unsubscribe = client.onPresence(onChange);
      return () => void unsubscribe();
    },
    [client],
  );
  return useSyncExternalStore(subscribe, () => client.viewers);
}
