import type { AddVideoInput } from '@xemchung/protocol';
import { useCallback } from 'react';
import { useRoomSession } from './roomSession.ts';
import { useCommandAlert } from './useCommandAlert.ts';

/**
 * The one way videos enter the playlist (the search box's links and results): true when the room took it;
 * otherwise the user has been told why, a duplicate with exactly 'Video đã có trong playlist' (R7).
 */
export function useAddToPlaylist(): (video: AddVideoInput) => Promise<boolean> {
  const { client } = useRoomSession();
  const alertRefusal = useCommandAlert();
  return useCallback(
    async (video) => {
      const ack = await client.addVideo(video);
      if (!ack.ok) alertRefusal(ack.error);
      return ack.ok;
    },
    [client, alertRefusal],
  );
}
