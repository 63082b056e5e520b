import {
  badgeChanged,
  boundedReport,
  SYNC_KEEPALIVE_MS,
  SYNC_REPORT_GAP_MS,
  type SyncReport,
} from '@xemchung/protocol';
import { type RefObject, useEffect, useRef } from 'react';
import type { RoomClient } from '../room/roomClient.ts';
import type { PlayerStatusReading } from './playerStatus.ts';

/** Reads the player on screen (set by the video's stage while it is mounted). */
export type StatusReader = () => PlayerStatusReading;

const NO_VIDEO: PlayerStatusReading = { state: 'idle', errorMs: null };

/** How often the player on screen is read (ms): a change of badge is seen within this. Reading sends nothing. */
export const SYNC_READ_EVERY_MS = 500;
/** Reads, not ms: a read never comes early, so counting them never sends two reports closer than the gap. */
const GAP_READS = SYNC_REPORT_GAP_MS / SYNC_READ_EVERY_MS;
const KEEPALIVE_READS = SYNC_KEEPALIVE_MS / SYNC_READ_EVERY_MS;

/**
 * Tells the room how this viewer is doing (R53): at once on joining (a re-join too) and when the list of viewers
 * opens, then whenever the badge it would show changes (`badgeChanged`: state, or colour past the edge's margin),
 * otherwise every SYNC_KEEPALIVE_MS; never two reports within SYNC_REPORT_GAP_MS, so a report due sooner waits for
 * the gap. The state and error come from the player on screen, the host's included; `idle` while there is none.
 * Whether the tab is alive is not the reports' business: its WebSocket answers the server's pings (R52).
 */
export function useSyncReport(client: RoomClient): RefObject<StatusReader | null> {
  const reader = useRef<StatusReader | null>(null);
  useEffect(() => {
    const read = () => {
      const reading = reader.current?.() ?? NO_VIDEO;
      return boundedReport(reading.state, reading.errorMs, client.clock.best()?.delay ?? null);
    };
    let last: SyncReport | null = null;
    let readsSince = Number.POSITIVE_INFINITY;
    let wanted = false;
    const send = (report: SyncReport) => {
      client.reportSync(report);
      last = report;
      readsSince = 0;
      wanted = false;
    };
    const tick = () => {
      readsSince++;
      if (readsSince < GAP_READS) return;
      const report = read();
      if (wanted || readsSince >= KEEPALIVE_READS || badgeChanged(last, report)) send(report);
    };
    const want = () => {
      wanted = true;
      if (readsSince >= GAP_READS) send(read());
    };
    want();
    const timer = setInterval(tick, SYNC_READ_EVERY_MS);
    const offWanted = client.onReportWanted(want);
    const offConnection = client.onConnection((connection) => {
      if (connection.status !== 'joined') return;
      // A new connection: the server knows nothing of this tab's badge, and its budget is whole again.
      last = null;
      readsSince = Number.POSITIVE_INFINITY;
      want();
    });
    return () => {
      clearInterval(timer);
      offWanted();
      offConnection();
    };
  }, [client]);
  return reader;
}
