import { type CurrentVideo, expectedPosition, type SyncState } from '@xemchung/protocol';
import type { PlayerAdapter, PlayerEvent } from './types.ts';

/** What a viewer's player is doing and how far it is from the room's timeline (ms, positive: ahead). */
export interface PlayerStatusReading {
  state: SyncState;
  errorMs: number | null;
}

/**
 * The player's state for this viewer's sync badge (docs/room-rules.md R53), told apart from its events: it
 * failed, the browser refused to start it, it waits for data, or it plays or stands still like the room. The
 * error is measured as the player sync measures it (R19, R29), against the room's timeline on the server clock.
 */
export class PlayerStatus {
  private failed = false;
  private blocked = false;
  private waiting = false;

  handle(event: PlayerEvent): void {
    switch (event) {
      case 'error':
        this.failed = true;
        return;
      case 'blocked':
        this.blocked = true;
        return;
      case 'waiting':
        this.waiting = true;
        return;
      case 'playing':
        this.blocked = false;
        this.waiting = false;
        return;
      default:
        return;
    }
  }

  /** HTML5 media says a refused start by rejecting play(), not by an event: the sync tells it here. */
  playRefused(): void {
    this.blocked = true;
  }

  /** The browser paused the player while its page was hidden (R88): stopped by the browser, until it plays. */
  browserPaused(): void {
    this.blocked = true;
  }

  read(player: PlayerAdapter | null, video: CurrentVideo | null, serverNow: number): PlayerStatusReading {
    if (this.failed) return { state: 'error', errorMs: null };
    if (!player || !video) return { state: 'buffering', errorMs: null };
    const errorMs = (player.currentTime() - expectedPosition(video, serverNow, player.duration())) * 1000;
    if (this.blocked) return { state: 'blocked', errorMs };
    if (!player.paused()) return { state: this.waiting ? 'buffering' : 'playing', errorMs };
    // Standing still while the room plays: starting, or waiting for data (a refused start is `blocked` above).
    return { state: video.playing ? 'buffering' : 'paused', errorMs };
  }
}
