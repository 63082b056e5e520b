import type { CurrentVideo, PlayerKind } from '@xemchung/protocol';

/**
 * What the room needs from a player, whichever one it is (HTML5 media or the YouTube IFrame player). Times are
 * seconds of media; `play()` may reject when the browser refuses to start (autoplay policy).
 */
export interface PlayerAdapter {
  readonly kind: PlayerKind;
  currentTime(): number;
  /** The media's length once known, else null. */
  duration(): number | null;
  paused(): boolean;
  rate(): number;
  play(): Promise<void>;
  pause(): void;
  seek(seconds: number): void;
  setRate(rate: number): void;
  /** The only rates the player takes (YouTube's getAvailablePlaybackRates); absent when any rate goes. */
  availableRates?(): readonly number[];
  muted(): boolean;
  setMuted(muted: boolean): void;
}

/**
 * What a player reports. `ready`: the media can be positioned and played. `playing`: playback really started
 * or resumed (after a start or a stall). `canplay`: HTML5 media has data to play from where it stands (R89).
 * `volume`: muted or volume changed (the native controls). `blocked`: the browser refused to start playback with
 * sound (the YouTube player says so by an event; HTML5 media by the rejection of `play()`).
 */
export type PlayerEvent =
  | 'ready'
  | 'canplay'
  | 'blocked'
  | 'play'
  | 'playing'
  | 'pause'
  | 'seeked'
  | 'ratechange'
  | 'waiting'
  | 'ended'
  | 'error'
  | 'volume';

export type PlayerEventListener = (event: PlayerEvent) => void;

/** The room's current_video as last received, with the version it came with. */
export interface SyncReference {
  video: CurrentVideo;
  version: number;
}

export interface HostReport {
  id: string;
  playing: boolean;
  position: number;
  rate: number;
  /** A heartbeat's re-anchor names the room version it was made against (R93). */
  version?: number;
}

/**
 * What became of a host report: the room's new version; `refused` (the room said no: the host goes back to
 * the room's state); or `unheard` (it never reached the room, the connection being down: the host keeps its
 * state and reports it again once the room hears it).
 */
export type ReportOutcome = number | 'refused' | 'unheard';

export interface PlaybackSyncDeps {
  /** The playlist video this player has loaded. */
  videoId: string;
  /** The host or a co-host (R55): its player drives the room as the host's does (R31, R32). */
  isController: boolean;
  reference(): SyncReference | null;
  /** The server's clock now (ms), from the clock offset estimate. */
  serverNow(): number;
  /** A local monotonic clock (ms), for timing seeks and ticks. */
  now(): number;
  /** Runs `run` after `ms` on the local clock (a timed YouTube nudge's end); returns its cancel. */
  later(ms: number, run: () => void): () => void;
  /** Half the best ping round trip (ms): how long a report takes to reach the server, until it is measured. */
  oneWayDelayMs(): number;
  /** Sends the host's player state (see ReportOutcome). */
  report(report: HostReport): Promise<ReportOutcome>;
  /**
   * Tells the room the host's player finished (or cannot play) this video; resolves with whether the room
   * heard it (answered at all: false only when it never got there, the connection being down).
   */
  ended(id: string): Promise<boolean>;
  /** The browser refused to start playback with sound; the caller mutes the player (the next tick retries). */
  onPlayRefused(): void;
  /** Whether the page is hidden (a background tab, a locked phone): `document.visibilityState`. */
  hidden(): boolean;
  /** A follower's player was paused by the browser while hidden (R88), or is no longer: the caller says so. */
  onBrowserPause(paused: boolean): void;
}
