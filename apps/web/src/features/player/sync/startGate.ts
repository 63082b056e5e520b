import type { PlayerAdapter } from '../types.ts';
import type { PlayerDriver } from './playerDriver.ts';
import type { CheckReason, PlaybackSyncDeps } from './syncDeps.ts';

/** How near (s) where the room will start a held player must stand for its start to count as ready (R122). */
const READY_POSITION_SECONDS = 0.5;

/**
 * R122: while the room's start waits, this page tells the room once when its player can play there — held,
 * not seeking, at the start's position, with data to play from (HTML5 media) — and checks the room again the
 * moment the start's clock begins, rather than at the next tick.
 */
export class StartGate {
  private readonly driver: PlayerDriver;
  private readonly deps: PlaybackSyncDeps;
  private readonly checkNow: (reason: CheckReason) => void;
  /** The start (`id@startsAt`) this page has said it is ready for. */
  private readyFor: string | null = null;
  /** The start a check is set for, and how to cancel it. */
  private scheduledFor: number | null = null;
  private cancelScheduled: (() => void) | null = null;

  constructor(driver: PlayerDriver, deps: PlaybackSyncDeps, checkNow: (reason: CheckReason) => void) {
    this.driver = driver;
    this.deps = deps;
    this.checkNow = checkNow;
  }

  /** After a check or a player event: sets the check at the start, and says ready once when the player is. */
  check(): void {
    const reference = this.driver.reference();
    const player = this.driver.player;
    const startsAt = reference?.startsAt;
    if (!reference || !player || startsAt === undefined) return;
    this.schedule(startsAt);
    // Not waited for (never listed, or ready from another tab): nothing to say.
    if (reference.awaited === false) return;
    const start = `${reference.video.id}@${startsAt}`;
    if (this.readyFor === start || !this.readyAt(player, reference.video.current_time)) return;
    this.readyFor = start;
    void this.deps.ready(reference.video.id, startsAt).then((heard) => {
      // Never got there (the connection down): said again at a later check, if the start still waits.
      if (!heard && this.readyFor === start) this.readyFor = null;
    });
  }

  /** The player is going away. */
  detach(): void {
    this.cancelScheduled?.();
    this.cancelScheduled = null;
    this.scheduledFor = null;
  }

  private readyAt(player: PlayerAdapter, target: number): boolean {
    if (!this.driver.ready || !player.paused() || this.driver.seeks.inFlight || this.driver.starting) return false;
    if (Math.abs(player.currentTime() - target) > READY_POSITION_SECONDS) return false;
    return player.canPlay?.() ?? true;
  }

  private schedule(startsAt: number): void {
    if (this.scheduledFor === startsAt) return;
    this.cancelScheduled?.();
    this.scheduledFor = startsAt;
    const wait = Math.max(0, startsAt - this.deps.serverNow());
    this.cancelScheduled = this.deps.later(wait, () => {
      this.scheduledFor = null;
      this.cancelScheduled = null;
      this.checkNow('state');
    });
  }
}
