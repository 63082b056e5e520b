import type { RoomSnapshot, Video } from '@xemchung/protocol';
import { useEffect } from 'react';
import { useRoomState } from '../../room/useRoomState.ts';
import { ownFileWorkerReady } from './ownFileWorker.ts';
import { useOwnFileSwarms } from './useOwnFileSwarms.ts';

/**
 * R131: the shared file this tab is likely to play next — the first one after the current item in the playlist,
 * or from the top while nothing is selected; null when there is none.
 */
export function nextOwnFile(room: Pick<RoomSnapshot, 'playlist' | 'current_video'>): Video | null {
  const index = room.playlist.findIndex((video) => video.id === room.current_video.id);
  return room.playlist.slice(index + 1).find((video) => video.file !== undefined) ?? null;
}

/** The viewer asked the browser to save data: nothing is fetched before it is needed. */
const savesData = () =>
  (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;

/**
 * R131: while the room is on something else (or nothing yet), the next shared file's head is fetched and the
 * service worker that will play it registered, so that its first frame waits for neither when it is selected.
 */
export function useOwnFilePrefetch(): void {
  const room = useRoomState();
  const swarms = useOwnFileSwarms();
  const next = room ? nextOwnFile(room) : null;
  useEffect(() => {
    if (!next || savesData()) return;
    swarms.swarmOf(next)?.prefetch();
    void ownFileWorkerReady();
  }, [swarms, next]);
}
