import { StampDelay } from '../syncMeasures.ts';
import type { PlayerAdapter, PlayerEvent } from '../types.ts';
import { ControllerSync } from './controllerSync.ts';
import { FollowerSync } from './followerSync.ts';
import { PlayerDriver } from './playerDriver.ts';
import { StartGate } from './startGate.ts';
import type { CheckReason, PlaybackSyncDeps } from './syncDeps.ts';
import type { SyncRole } from './syncRole.ts';

/**
 * Keeps one player on the room's timeline (docs/room-rules.md R29–R33, R80–R94, R106; ADR 034). The player and
 * how it is moved are the PlayerDriver's; what to do with the room's state is the role's: a follower follows
 * (followerSync.ts), a controller — the host or a co-host — drives and reports (controllerSync.ts). A grant or
 * a revoke (R55) swaps the role and carries on with the driver, its player already on the room's timeline: a fresh
 * sync would start over and, as a controller, re-anchor the room to its own start.
 */
export class PlaybackSync {
  private readonly deps: PlaybackSyncDeps;
  private readonly driver: PlayerDriver;
  /** R122: says when this player is ready for a start that waits, and checks again when the start comes. */
  private readonly gate: StartGate;
  /** How late the server stamps a controller's reports, learnt from the states that answer them (ADR 034). */
  private readonly stampDelay = new StampDelay();
  private role: SyncRole;
  private controller: boolean;
  /** The player failed (or never loaded): a controller tells the room on every tick until it hears (R32). */
  private failed = false;
  private lastTickAt: number | null = null;

  constructor(deps: PlaybackSyncDeps) {
    this.deps = deps;
    this.driver = new PlayerDriver(deps);
    this.gate = new StartGate(this.driver, deps, (reason) => this.check(reason));
    this.controller = deps.isController;
    this.role = this.makeRole();
  }

  /**
   * Control granted or revoked (R55): the other role takes over the same driver. A controller's report still out
   * is still answered; nothing queued behind it is sent, and the room's state is checked again then.
   */
  setController(controller: boolean): void {
    if (controller === this.controller) return;
    this.controller = controller;
    this.role.retire();
    this.role = this.makeRole();
  }

  /** The player to keep in step, once it exists (the YouTube one takes a while). */
  attach(player: PlayerAdapter): void {
    this.driver.attach(player);
    this.role.attached();
  }

  /** The player is going away; promises still in flight find nothing to act on. */
  detach(): void {
    this.role.detached();
    this.gate.detach();
    this.driver.detach();
  }

  /** A player event. 'error' may come without a player (the YouTube API could not load). */
  handle(event: PlayerEvent): void {
    const driver = this.driver;
    switch (event) {
      case 'ready':
        driver.ready = driver.player !== null;
        this.check('state');
        return;
      case 'seeked':
        driver.seeks.finished(this.deps.now());
        this.role.seeked();
        this.gate.check();
        return;
      case 'canplay':
        this.gate.check();
        return;
      case 'playing':
        driver.starting = false;
        driver.played();
        driver.noteSeen();
        driver.setBrowserPaused(false);
        this.role.playing();
        return;
      case 'play':
        driver.noteSeen();
        this.role.play();
        return;
      case 'pause': {
        const seen = driver.lastSeenPlaying === false;
        driver.noteSeen();
        this.role.pause(seen);
        return;
      }
      case 'ratechange':
        this.role.rateChanged();
        return;
      case 'blocked':
        // R33: as when play() is refused: the caller mutes the player and the next tick starts it again.
        driver.starting = false;
        this.deps.onPlayRefused();
        return;
      case 'error':
        this.failed = true;
        this.role.ended();
        return;
      case 'ended':
        this.role.ended();
        return;
      default:
        return;
    }
  }

  /** A new room state arrived. */
  onState(): void {
    const reference = this.deps.reference();
    if (reference) this.stampDelay.observe(reference.version, reference.video.updated_at);
    this.check('state');
  }

  /** The periodic check (every SYNC_TICK_MS). */
  tick(): void {
    // A video that cannot play has no player state to check; the room only needs to hear that it ended.
    if (this.failed) {
      this.role.ended();
      return;
    }
    this.check('tick');
  }

  /**
   * The page is visible again (R87): check at once rather than at the next tick, and as after a normal tick (the
   * gap since the last throttled tick says nothing about how fast to nudge now).
   */
  shown(): void {
    this.lastTickAt = null;
    this.tick();
  }

  /**
   * The viewer's one tap after the browser paused the player (R88): inside the tap, so the browser lets it play,
   * the player goes to the room's position and starts.
   */
  resumeAfterBrowserPause(): void {
    this.driver.setBrowserPaused(false);
    this.check('state');
  }

  /** A controller's periodic re-anchor while playing (CONTROLLER_HEARTBEAT_MS). */
  heartbeat(): void {
    this.role.heartbeat();
  }

  private makeRole(): SyncRole {
    const check = (reason: CheckReason) => this.check(reason);
    if (this.controller) return new ControllerSync(this.driver, this.deps, check, this.stampDelay);
    // A browser's pause between the last check and the next is R88's, whichever role saw the player last.
    return new FollowerSync(this.driver, this.deps, check, this.driver.lastSeenPlaying === true);
  }

  /** Brings the player to the room's state, on a new state or a tick. */
  private check(reason: CheckReason): void {
    const driver = this.driver;
    const player = driver.player;
    if (!driver.ready || !player) return;
    const reference = driver.reference();
    if (!reference || !this.role.admit(reference)) return;
    const now = this.deps.now();
    const interval = reason === 'tick' && this.lastTickAt !== null ? (now - this.lastTickAt) / 1000 : undefined;
    if (reason === 'tick') this.lastTickAt = now;
    if (!driver.seeks.settled(player.kind, now)) return;
    this.role.follow({ player, video: reference.video, reason, interval });
    driver.noteSeen();
    this.gate.check();
  }
}
