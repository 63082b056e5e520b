import { boundedReport, SYNC_REPORT_INTERVAL_MS } from '@xemchung/protocol';
import { type RefObject, useEffect } from 'react';
import type { RoomClient } from '../room/roomClient.ts';
import type { PlayerStatus } from './playerStatus.ts';
import type { PlayerAdapter } from './types.ts';

/**
 * Tells the room how this viewer's player is doing every SYNC_REPORT_INTERVAL_MS (R53): its state, its error
 * against the room's timeline, and the clock round trip. The host's player reports too. Refusals are dropped:
 * the next report comes soon, and nobody needs to be told.
 */
export function useSyncReport(client: RoomClient, status: PlayerStatus, player: RefObject<PlayerAdapter | null>) {
  useEffect(() => {
    const timer = setInterval(() => {
      const room = client.state;
      const reading = status.read(player.current, room?.current_video ?? null, client.clock.serverNow());
      const rtt = client.clock.best()?.delay ?? null;
      void client.reportSync(boundedReport(reading.state, reading.errorMs, rtt));
    }, SYNC_REPORT_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [client, status, player]);
}
