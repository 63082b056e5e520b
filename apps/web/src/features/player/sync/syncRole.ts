import type { CurrentVideo } from '@xemchung/protocol';
import type { PlayerAdapter } from '../types.ts';
import type { CheckReason, SyncReference } from './syncDeps.ts';

/**
 * What the sync of one player does as a follower (followerSync.ts) or as a controller (controllerSync.ts); the
 * façade (playbackSync.ts) holds one and swaps it when control is granted or revoked (R55). The player and what
 * both roles know of it stay in the shared PlayerDriver.
 */
/** One check of the player against the room's state. */
export interface Check {
  player: PlayerAdapter;
  video: CurrentVideo;
  reason: CheckReason;
  /** Seconds since the tick before, on a tick that follows one; undefined otherwise (R87). */
  interval: number | undefined;
}

export interface SyncRole {
  /** Every check starts here with the room's state: whether to apply it now. */
  admit(reference: SyncReference): boolean;
  /** Brings the player to the room's state (R29–R31). */
  follow(check: Check): void;
  /** The player's events, once the driver has taken note of them. */
  seeked(): void;
  playing(): void;
  play(): void;
  /** 'pause'; `seen`: a check had already seen the player paused. */
  pause(seen: boolean): void;
  rateChanged(): void;
  /** The player ended its video, failed, or still cannot play it (every tick while so). */
  ended(): void;
  /** The periodic re-anchor while playing (R31). */
  heartbeat(): void;
  /** A new player was attached, or the one there is going away. */
  attached(): void;
  detached(): void;
  /** The role is being swapped for the other (R55): timers stop, answers still to come change nothing here. */
  retire(): void;
}
