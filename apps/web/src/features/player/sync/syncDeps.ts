import type { CurrentVideo } from '@xemchung/protocol';
import type { ReportOutcome } from './reportState.ts';

/**
 * The room's current_video as last received, with the version it came with. While a start waits (R122) `video` is
 * the room held paused where it will start, and `startsAt` the server time its clock begins.
 */
export interface SyncReference {
  video: CurrentVideo;
  version: number;
  startsAt?: number;
  /** Whether the room's start waits for this person (R122: `readyWait`); unknown when absent. */
  awaited?: boolean;
}

/** A controller's report of its player (`playback:update`, R31). */
export interface ControllerReport {
  id: string;
  playing: boolean;
  position: number;
  rate: number;
  /** A re-anchor names the room version it was made against (R93, R106); the user's change names none. */
  version?: number;
}

/** What the sync of one player needs from the page and the room. */
export interface PlaybackSyncDeps {
  /** The playlist video this player has loaded. */
  videoId: string;
  /** Whether it starts as a controller (the host or a co-host, R55): its player drives the room (R31, R32). */
  isController: boolean;
  reference(): SyncReference | null;
  /**
   * When (server ms) this page last joined the room (a reconnection's join too), or null before it has: a start that
   * began before then is not one this page's controller saw begin, so it never plays it from 0 for the room (R106).
   */
  joinedAt(): number | null;
  /** The server's clock now (ms), from the clock offset estimate. */
  serverNow(): number;
  /** A local monotonic clock (ms), for timing seeks and ticks. */
  now(): number;
  /** Runs `run` after `ms` on the local clock (a timed nudge's end, a re-check); returns its cancel. */
  later(ms: number, run: () => void): () => void;
  /** Half the best ping round trip (ms): how long a report takes to reach the server, until it is measured. */
  oneWayDelayMs(): number;
  /**
   * Sends the controller's player state: resolves with the room's new version, `refused` (the room said no: the
   * player goes back to the room's state) or `unheard` (it never reached the room, the connection being down: the
   * player keeps its state, reported again once the room hears).
   */
  report(report: ControllerReport): Promise<ReportOutcome>;
  /**
   * Tells the room the controller's player finished (or cannot play) this video; resolves with whether the room
   * heard it (answered at all: false only when it never got there, the connection being down).
   */
  ended(id: string): Promise<boolean>;
  /** The browser refused to start playback with sound; the caller mutes the player (the next tick retries). */
  onPlayRefused(): void;
  /**
   * R122: tells the room this player can play `id` at the start that waits until `startsAt`; resolves with
   * whether the room heard it.
   */
  ready(id: string, startsAt: number): Promise<boolean>;
  /** Whether the page is hidden (a background tab, a locked phone): `document.visibilityState`. */
  hidden(): boolean;
  /** The player was paused by the browser while hidden (R88), or is no longer: the caller says so. */
  onBrowserPause(paused: boolean): void;
}

/** What a check answers: a new room state, or the periodic tick (which also runs when a hidden page is shown). */
export type CheckReason = 'state' | 'tick';
