import type { PlayerKind } from '@xemchung/protocol';

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
  /**
   * R128: plays the sound at `factor` of the volume the viewer set (1: as set again), while people in the call speak;
   * the embedded players through their own volume (duckVolume.ts).
   */
  duck?(factor: number): void;
  /**
   * Whether it has data to play from where it stands (HTML5 media: HAVE_FUTURE_DATA); absent when the player does
   * not tell (an embedded one), and then a player that stands still where it was put counts as able (R122).
   */
  canPlay?(): boolean;
  /** HTML5 media: whether the player has the media at `seconds` buffered, a second of it at least (R132). */
  buffersAt?(seconds: number): boolean;
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
