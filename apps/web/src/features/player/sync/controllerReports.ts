import { CONTROLLER_REPORT_THRESHOLD_SECONDS, type CurrentVideo } from '@xemchung/protocol';
import type { StampDelay } from '../syncMeasures.ts';
import type { PlayerAdapter } from '../types.ts';
import { type PlayerDriver, RATE_EPSILON } from './playerDriver.ts';
import {
  answered,
  holdsBack,
  IDLE,
  type QueuedReport,
  queue,
  type ReportBasis,
  type ReportOutcome,
  type ReportState,
  sent,
  stateSeen,
} from './reportState.ts';
import type { CheckReason, PlaybackSyncDeps, SyncReference } from './syncDeps.ts';

/**
 * How long after a start reported at the room's paused position the controller leaves its player's reading alone
 * (R116): Chromium's currentTime jumps up to 83 ms ahead at play() and stands still until the media catches up.
 */
const RESUME_JUMP_SETTLE_MS = 150;

/**
 * A controller's reports of its player (R31, R93, R106): the user's change names no version and stands whatever
 * committed meanwhile; a re-anchor (a stall, a drift, the heartbeat, where a start landed) says only where the
 * player is, against the room version it saw, so the room refuses it once it moved on. At most one is out; what
 * comes up meanwhile is sent as one report once it is answered. Positions are reported for the moment the server
 * will stamp them (the measured stamp delay, ADR 034). A start from the room's pause is reported where it paused
 * (R116).
 */
export class ControllerReports {
  private readonly driver: PlayerDriver;
  private readonly deps: PlaybackSyncDeps;
  private readonly checkNow: (reason: CheckReason) => void;
  /** How late the server stamps reports: kept by the page's sync across roles, as the room's states teach it. */
  private readonly stampDelay: StampDelay;
  private state: ReportState = IDLE;
  /** The role was swapped for a follower's: an answer still to come sends nothing more. */
  private retired = false;
  /** When it last reported a start at the room's paused position (local ms), or null (R116). */
  private resumedAt: number | null = null;

  constructor(
    driver: PlayerDriver,
    deps: PlaybackSyncDeps,
    checkNow: (reason: CheckReason) => void,
    stamps: StampDelay,
  ) {
    this.driver = driver;
    this.deps = deps;
    this.checkNow = checkNow;
    this.stampDelay = stamps;
  }

  /** Whether a report is out. */
  get out(): boolean {
    return this.state.kind === 'inFlight';
  }

  retire(): void {
    this.retired = true;
  }

  /**
   * Whether a check may apply the room's state: not while a report is out or the state predates its commit (R31).
   * A report the room never heard is sent again instead while the player still differs (R31, R106).
   */
  admit(reference: SyncReference): boolean {
    this.state = stateSeen(this.state, reference.version);
    if (holdsBack(this.state, reference.version)) return false;
    if (this.state.kind === 'unheard') {
      // What the controller did while the room could not hear it stands: report it rather than undo it. A
      // re-anchor goes again against the room it was made on, so the room refuses it if it changed meanwhile.
      const basis = this.state.basis;
      if (basis === undefined ? this.differs() : this.reanchorDue()) {
        this.send(basis);
        return false;
      }
      this.state = IDLE;
    }
    return true;
  }

  /** Reports the user's change of the player when it leaves the room's state; whether it did. */
  reportIfChanged(): boolean {
    if (!this.driver.ready || !this.differs()) return false;
    this.send(undefined);
    return true;
  }

  /**
   * R116: a start was just reported at the room's paused position and the player, playing with the room, reads
   * ahead of it by no more than the jump Chromium makes at play(): its currentTime says nothing yet about the frame
   * it shows, and it is neither corrected nor reported. A room that moved elsewhere meanwhile is followed.
   */
  readsResumeJump(): boolean {
    const player = this.driver.player;
    const video = this.driver.reference()?.video;
    if (this.resumedAt === null || !player || !video?.playing || player.paused()) return false;
    if (this.deps.now() - this.resumedAt >= RESUME_JUMP_SETTLE_MS) return false;
    const ahead = player.currentTime() - this.driver.expected(player, video);
    return ahead >= 0 && ahead <= CONTROLLER_REPORT_THRESHOLD_SECONDS;
  }

  /** Re-anchors the room on the player, named against the room it saw (R93, R106); whether it did. */
  reanchor(threshold = CONTROLLER_REPORT_THRESHOLD_SECONDS): boolean {
    const reference = this.driver.reference();
    if (!this.driver.ready || !reference || this.readsResumeJump() || !this.reanchorDue(threshold)) return false;
    this.send(reference.version);
    return true;
  }

  /**
   * Reports the player's state against `basis` (see ReportBasis). While a report is out it is queued, and judged
   * once that one is answered.
   */
  send(basis: ReportBasis): void {
    if (this.state.kind === 'inFlight') {
      this.state = queue(this.state, basis);
      return;
    }
    const driver = this.driver;
    const reference = driver.reference();
    const player = driver.player;
    if (!reference || !player) return;
    // R122: a player held for the room's start is reported as what the room is about to do: start.
    const playing = !player.paused() || driver.standsHeld(player, reference.video);
    const rate = driver.userRate(player, reference.video);
    // The server stamps the report a little later; where the player will be by then is what it should store.
    const delay = this.stampDelay.valueOr(this.deps.oneWayDelayMs());
    const transit = playing ? (delay / 1000) * rate : 0;
    const sentAt = this.deps.serverNow();
    this.state = sent(this.state, basis);
    driver.startedOnce = true;
    const position = Math.max(0, this.startingFrom(player, reference.video, playing) + transit);
    // The room as this report leaves it, once committed (its state comes after the answer).
    const committed: CurrentVideo = {
      ...reference.video,
      playing,
      current_time: position,
      rate,
      updated_at: sentAt + delay,
    };
    const report = { id: this.deps.videoId, playing, position, rate, version: basis };
    void this.deps.report(report).then((outcome) => {
      if (this.state.kind !== 'inFlight') return;
      const queued = this.retired ? null : this.state.queued;
      this.state = answered(this.state, outcome);
      if (typeof outcome === 'number') this.stampDelay.committed(outcome, sentAt);
      if (driver.player !== player || this.state.kind === 'unheard') return;
      if (queued !== null && this.sendQueued(queued, outcome, committed)) return;
      this.checkNow('state');
    });
  }

  /**
   * R31, R106: what came up while a report was out. Committed, that report is the room now: the queued state is
   * judged against it (the same pause twice is one pause), and a re-anchor names its version. Refused, the room
   * moved on: the user's change still stands, a re-anchor of the player is dropped and the player follows the room.
   */
  private sendQueued(queued: QueuedReport, outcome: ReportOutcome, committed: CurrentVideo): boolean {
    if (typeof outcome === 'number') {
      const due = queued === 'change' ? this.differs(undefined, committed) : this.reanchorDue(undefined, committed);
      if (due) this.send(queued === 'change' ? undefined : outcome);
      return due;
    }
    if (queued === 'reanchor' || !this.differs()) return false;
    this.send(undefined);
    return true;
  }

  /**
   * Where the player is, for a report. R116: a start from the room's pause, the player within the report threshold
   * of where the room paused (no seek of the user's since: that was reported), starts from the frame it paused on,
   * whatever currentTime reads: reported there, the controller and its followers start from the same frame.
   */
  private startingFrom(player: PlayerAdapter, room: CurrentVideo, playing: boolean): number {
    const current = player.currentTime();
    if (!playing || room.playing) return current;
    const paused = this.driver.expected(player, room);
    if (Math.abs(current - paused) > CONTROLLER_REPORT_THRESHOLD_SECONDS) return current;
    this.resumedAt = this.deps.now();
    return paused;
  }

  /**
   * R106: a re-anchor says where the player is, never whether it plays. Playing where the room is paused, the
   * player has yet to follow the room (an embedded player's pause on its way) or the user played (reported as a
   * change by its own event): a "still playing" from it would undo another controller's pause.
   */
  private reanchorDue(
    threshold = CONTROLLER_REPORT_THRESHOLD_SECONDS,
    video = this.driver.reference()?.video,
  ): boolean {
    const player = this.driver.player;
    if (!player || !video || player.paused() === video.playing) return false;
    return this.differs(threshold, video);
  }

  /** Whether the player is away from `video` (the room's, or what its own report just committed). */
  private differs(threshold = CONTROLLER_REPORT_THRESHOLD_SECONDS, video = this.driver.reference()?.video): boolean {
    const driver = this.driver;
    const player = driver.player;
    if (!video || !player) return false;
    const playing = !player.paused();
    if (!playing && driver.playerAtEnd(player)) return false; // the pause that comes with the end
    // R122: a player held for the room's start differs only by where it stands.
    if (playing !== video.playing && !driver.standsHeld(player, video)) return true;
    if (Math.abs(driver.userRate(player, video) - video.rate) > RATE_EPSILON) return true;
    return Math.abs(driver.expected(player, video) - player.currentTime()) > threshold;
  }
}
