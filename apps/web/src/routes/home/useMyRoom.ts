import type { RoomSummary } from '@xemchung/protocol';
import { useEffect, useState } from 'react';
import { logOut } from '../../features/auth/userStore.ts';
import { HttpStatusError } from '../../lib/http.ts';
import { fetchMyRooms } from './roomsApi.ts';

export type MyRoom = { status: 'loading' } | { status: 'found'; room: RoomSummary } | { status: 'none' | 'error' };

/**
 * Looks up the signed-in user's room (the first one listed) once per mount; callers remount (a React key) to look
 * again for another account or a retry. A 401 means the session ended meanwhile: sign out locally.
 */
export function useMyRoom(): MyRoom {
  const [state, setState] = useState<MyRoom>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    fetchMyRooms(controller.signal).then(
      (rooms) => {
        if (controller.signal.aborted) return;
        const first = rooms[0];
        setState(first ? { status: 'found', room: first } : { status: 'none' });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof HttpStatusError && error.status === 401) logOut();
        else setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, []);

  return state;
}
