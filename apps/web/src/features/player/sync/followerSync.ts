import {
  type CurrentVideo,
  expectedPosition,
  SYNC_DEADBAND_SECONDS,
  SYNC_TICK_MS,
  YOUTUBE_CONTROLLER_RECHECK_MS,
  YOUTUBE_RATE_SETTLE_MS,
  YOUTUBE_SEEK_SETTLE_MS,
} from '@xemchung/protocol';
import { type PlayerDriver, RATE_EPSILON } from './playerDriver.ts';
import type { CheckReason, PlaybackSyncDeps, SyncReference } from './syncDeps.ts';
import type { Check, SyncRole } from './syncRole.ts';

/**
 * A new room state this far (s) from where the one before had the room counts as a controller's seek, not a
 * re-anchor: a stall re-anchored moves the room back by less than a YouTube seek's settling time (R125).
 */
const ROOM_JUMP_SECONDS = 1;

/**
 * A controller's seek (R125): a room state that jumped, or a start the room held for (R122) that has begun. Until
 * when (local ms) this follower waits for the controller's re-anchor once it has seeked for it, the position the state
 * names (where the controller's seek went), and whether this follower has seeked for it.
 */
interface RoomJump {
  until: number;
  position: number;
  seeked: boolean;
}

/**
 * How long after a held start begins a YouTube follower waits for the controller's re-anchor (ms): the controller
 * starts with it and re-checks its player YOUTUBE_CONTROLLER_RECHECK_MS later (R83); a tick more for the message.
 */
const HELD_START_WAIT_MS = YOUTUBE_CONTROLLER_RECHECK_MS + SYNC_TICK_MS;

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
  /** The room's state at the last check, and the jump it made, while it is the room's latest state (R125). */
  private room: { version: number; video: CurrentVideo } | null = null;
  private jump: RoomJump | null = null;
  /** The room holds a start for the players (R122), its clock not begun, and whether this follower seeked for it. */
  private held: { seeked: boolean } | null = null;

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
    const before = this.room;
    if (before && before.version !== reference.version) this.noteJump(before.video, reference.video);
    if (reference.startsAt !== undefined) {
      this.held ??= { seeked: false };
    } else if (this.held) {
      // R125: the start began, every player where its seek landed; the room names where the controller's seek went.
      // A follower that did not seek for it (a play from the pause where it stands) follows the room at once.
      const seeked = this.held.seeked;
      this.held = null;
      const position = reference.video.current_time;
      if (seeked && reference.video.playing) {
        this.jump = { until: this.deps.now() + HELD_START_WAIT_MS, position, seeked: true };
      }
    }
    this.room = { version: reference.version, video: reference.video };
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
    if (this.awaitsReanchor(player)) return;
    const decided = driver.decide(check, startingNow);
    if (!decided) return;
    const { decision, expected } = decided;
    const jump = this.jump;
    if (decision.action === 'seek') {
      // R82: a YouTube player's own corrections make at most two seeks in 10 s; the room's changes are followed.
      if (reason === 'tick' && player.kind === 'youtube' && driver.seeks.storming(this.deps.now())) return;
      // R125: the controller's seek in YouTube's controls was reported at its target while its player still stood
      // there buffering, as this one is about to: the two stalls cancel, so the seek aims at the room's position,
      // not ahead by this player's stall (which the driver adds to a running seek).
      const running = video.playing && !player.paused() && !driver.starting;
      const lead = jump && !jump.seeked && running && player.kind === 'youtube' ? driver.seeks.lead(video.rate) : 0;
      if (jump) jump.seeked = true;
      if (this.held) this.held.seeked = true;
      driver.seek(player, video, expected - lead);
      return;
    }
    // Already where the room jumped to: nothing to wait for.
    if (jump && !jump.seeked) this.jump = null;
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

  /**
   * R125: a YouTube follower that seeked for a controller's seek leaves where it landed alone until the controller
   * re-anchors the room where its own player plays (a state at another position), or for a while (RoomJump.until):
   * until then the room's clock runs from the target while the controller may still stand there buffering, or plays
   * from where its seek landed, off the target, as this player does.
   */
  private awaitsReanchor(player: Check['player']): boolean {
    const jump = this.jump;
    return player.kind === 'youtube' && jump !== null && jump.seeked && this.deps.now() < jump.until;
  }

  /**
   * R125: a new room state that plays ROOM_JUMP_SECONDS or more from where the one before had it now is a
   * controller's seek. One at that seek's own position, stamped later, is the controller re-anchoring while it still
   * stands at its target buffering: the wait for its re-anchor goes on. Any other ends it.
   */
  private noteJump(before: CurrentVideo, after: CurrentVideo): void {
    const now = this.deps.serverNow();
    const sameVideo = before.id === after.id && after.playing;
    if (sameVideo && Math.abs(expectedPosition(after, now) - expectedPosition(before, now)) >= ROOM_JUMP_SECONDS) {
      this.jump = { until: this.deps.now() + YOUTUBE_SEEK_SETTLE_MS, position: after.current_time, seeked: false };
      return;
    }
    const jump = this.jump;
    const standing = jump !== null && sameVideo && Math.abs(after.current_time - jump.position) < SYNC_DEADBAND_SECONDS;
    if (!standing) this.jump = null;
  }

  /** R92: the room's rate changed a moment ago, and the controller's player may not run at it yet. */
  private rateSettling(): boolean {
    const changedAt = this.roomRateChangedAt;
    return changedAt !== null && this.deps.now() - changedAt < YOUTUBE_RATE_SETTLE_MS;
  }
}
