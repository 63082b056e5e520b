import { YOUTUBE_RATE_SETTLE_MS } from '@xemchung/protocol';
import { type PlayerDriver, RATE_EPSILON } from './playerDriver.ts';
import type { CheckReason, PlaybackSyncDeps, SyncReference } from './syncDeps.ts';
import type { Check, SyncRole } from './syncRole.ts';

/**
 * A follower keeps its player on the room's timeline and sends the room nothing (R30). On every new state and
 * every tick it matches play/pause and rate, then corrects the position error (expected − actual) by R29: nothing,
 * a nudge of its rate, or a seek that aims ahead by the seek's measured stall. A player the browser paused in a
 * hidden tab waits for the viewer's tap (R88).
 */
export class FollowerSync implements SyncRole {
  private readonly driver: PlayerDriver;
  private readonly deps: PlaybackSyncDeps;
  private readonly checkNow: (reason: CheckReason) => void;
  /** Whether the player was playing at the last check: one that stops between two is not ours (R88). */
  private wasPlaying: boolean;
  /** The room's rate at the last check, and when a change of it was seen (local ms): YouTube waits (R92). */
  private roomRate: number | null = null;
  private roomRateChangedAt: number | null = null;

  /** `checkNow` runs a check of the room's state now; `wasPlaying` carries on what the role before saw. */
  constructor(
    driver: PlayerDriver,
    deps: PlaybackSyncDeps,
    checkNow: (reason: CheckReason) => void,
    wasPlaying = false,
  ) {
    this.driver = driver;
    this.deps = deps;
    this.checkNow = checkNow;
    this.wasPlaying = wasPlaying;
  }

  /** A new player: nothing seen of it yet. */
  attached(): void {
    this.wasPlaying = false;
  }

  /** Every check starts here: the room's state is always followed; a change of its rate is noted (R92). */
  admit(reference: SyncReference): boolean {
    const rate = reference.video.rate;
    if (this.roomRate !== null && Math.abs(rate - this.roomRate) > RATE_EPSILON) {
      this.roomRateChangedAt = this.deps.now();
    }
    this.roomRate = rate;
    return true;
  }

  /** Matches the room's play/pause and rate, then corrects the position (R29, R30). */
  follow(check: Check): void {
    const { player, video } = check;
    const driver = this.driver;
    const playing = !player.paused();
    const wasPlaying = this.wasPlaying;
    this.wasPlaying = playing;
    // R88 also when a check comes between the browser's pause and its 'pause' event (a task later).
    if (!playing && wasPlaying && this.pausedByBrowser()) driver.setBrowserPaused(true);
    if (driver.heldByBrowser(video, playing)) return;
    if (video.playing && !playing && !driver.roomAtEnd(player, video)) {
      if (driver.starting) return;
      this.correct(check, true);
      // Still at the end of the media (the room is too, give or take): play() would restart it from 0.
      if (driver.playerAtEnd(player)) return;
      driver.start(player);
      return;
    }
    if (!video.playing && playing) player.pause();
    this.correct(check, false);
  }

  seeked(): void {
    // R81: a YouTube follower judges where its seek landed at once, not up to a tick later.
    if (this.driver.player?.kind === 'youtube') this.checkNow('tick');
  }

  pause(): void {
    if (this.pausedByBrowser()) this.driver.setBrowserPaused(true);
  }

  // Its player's start, play, rate change and end are not the room's business, and it has no timer of its own (R30).
  playing(): void {}
  play(): void {}
  rateChanged(): void {}
  ended(): void {}
  heartbeat(): void {}
  detached(): void {}
  retire(): void {}

  /** Corrects the position error; `startingNow` when the player is about to start (seeks only, no nudge). */
  private correct(check: Check, startingNow: boolean): void {
    const { player, video, reason } = check;
    const driver = this.driver;
    const decided = driver.decide(check, startingNow);
    if (!decided) return;
    const { decision, expected } = decided;
    if (decision.action === 'seek') {
      // R82: a YouTube player's own corrections make at most two seeks in 10 s; the room's changes are followed.
      if (reason === 'tick' && player.kind === 'youtube' && driver.seeks.storming(this.deps.now())) return;
      driver.seek(player, video, expected);
      return;
    }
    if (decision.action === 'nudge' && !startingNow) {
      // HTML5: R29's nudge, or R94's timed one. YouTube: one of its fixed rates, held for as long as the gap takes
      // (R81), but not while the room's new rate settles, when the controller is about to re-anchor the room (R92).
      if (player.kind === 'media' || (decision.seconds !== undefined && !this.rateSettling())) {
        driver.nudge(player, decision);
        return;
      }
    }
    driver.setRate(player, video.rate);
  }

  /**
   * A player paused while its page is hidden and the room plays, short of the end: nothing of ours pauses it then
   * (a follower pauses only a paused room's player), so the browser did, to save power (R88).
   */
  private pausedByBrowser(): boolean {
    const video = this.driver.reference()?.video;
    const player = this.driver.player;
    if (!this.deps.hidden() || !video?.playing || !player) return false;
    return !this.driver.playerAtEnd(player);
  }

  /** R92: the room's rate changed a moment ago, and the controller's player may not run at it yet. */
  private rateSettling(): boolean {
    const changedAt = this.roomRateChangedAt;
    return changedAt !== null && this.deps.now() - changedAt < YOUTUBE_RATE_SETTLE_MS;
  }
}
