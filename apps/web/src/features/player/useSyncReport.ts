import { boundedReport, SYNC_REPORT_INTERVAL_MS } from '@xemchung/protocol';
import { type RefObject, useEffect, useRef } from 'react';
import type { RoomClient } from '../room/roomClient.ts';
import type { PlayerStatusReading } from './playerStatus.ts';

/** Reads the player on screen (set by the video's stage while it is mounted). */
export type StatusReader = () => PlayerStatusReading;

const NO_VIDEO: PlayerStatusReading = { state: 'idle', errorMs: null };

/**
 * Tells the room how this viewer is doing (R53) from joining on: at once, every SYNC_REPORT_INTERVAL_MS, and when
 * the server asks (`presence:probe`, R52: a background tab's timers may be slowed, its socket's messages are not).
 * The reports also keep this tab in the presence list, and say whether its list of viewers is open. The state and
 * error come from the player on screen, the host's included; `idle` while there is none. Opening the list asks
 * for a report at once, so the server sends the list with everyone's latest reports.
 */
export function useSyncReport(client: RoomClient): RefObject<StatusReader | null> {
  const reader = useRef<StatusReader | null>(null);
  useEffect(() => {
    const send = () => {
      const reading = reader.current?.() ?? NO_VIDEO;
      client.reportSync(boundedReport(reading.state, reading.errorMs, client.clock.best()?.delay ?? null));
    };
    send();
    const timer = setInterval(send, SYNC_REPORT_INTERVAL_MS);
    const offProbe = client.onProbe(send);
    return () => {
      clearInterval(timer);
      offProbe();
    };
  }, [client]);
  return reader;
}
