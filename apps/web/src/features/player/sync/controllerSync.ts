import { type CurrentVideo, SYNC_DEADBAND_SECONDS, YOUTUBE_CONTROLLER_RECHECK_MS } from '@xemchung/protocol';
import type { StampDelay } from '../syncMeasures.ts';
import type { PlayerAdapter } from '../types.ts';
import { ControllerReports } from './controllerReports.ts';
import { type PlayerDriver, RATE_EPSILON } from './playerDriver.ts';
import type { CheckReason, PlaybackSyncDeps, SyncReference } from './syncDeps.ts';
import type { Check, SyncRole } from './syncRole.ts';

/** How long after a controller pauses its player for the room the 'pause' that comes of it is taken as that (R91). */
const OWN_PAUSE_SETTLE_MS = 2000;
/** A fresh video the controller has just loaded starts from 0 rather than skipping what loading took (s). */
const FRESH_START_GRACE_SECONDS = 5;
/** …if its player was attached at most this long (ms) after the item began. */
const FRESH_START_ATTACH_MS = 1000;

/**
 * A controller — the host or a co-host (R55) — drives: what the user does to its player (a play, pause, seek or
 * rate change) and what the player does by itself (a stall, a drift) that leave it away from the room's state are
 * reported (controllerReports.ts). It still follows new states from elsewhere (another controller, its other
 * tab, a reload, a late join) and nudges small drifts, so two controllers' players stay together; while its own
 * report is out, states older than its intention are not applied. Its player's end moves the room on (R32).
 */
export class ControllerSync implements SyncRole {
  private readonly driver: PlayerDriver;
  private readonly deps: PlaybackSyncDeps;
  private readonly checkNow: (reason: CheckReason) => void;
  private readonly reports: ControllerReports;
  /** An end the room has been told of (and heard, or is hearing): sent once (R32). */
  private endSent = false;
  /**
   * Set while its player carries out the room's state (a seek, a start), until it plays. The events that come of
   * it are not the user's and are not reported; the tick nudges what the seek left over.
   */
  private quiet = false;
  /**
   * When it last paused its player to follow a paused room (local ms), or null (R91). A 'pause' within
   * OWN_PAUSE_SETTLE_MS of that is the room's, not the user's, and is not reported: the room may be playing again by
   * the time an embedded player's pause lands, and reporting it would pause the room once more. Bounded in time, so
   * a pause that never produced an event cannot swallow the user's next one.
   */
  private pausedForRoomAt: number | null = null;
  /** A YouTube player's pending re-check after it started playing (R83) or its rate changed (R92). */
  private cancelRecheck: (() => void) | null = null;

  /** `checkNow` runs a check of the room's state now; `stamps` is the stamp delay the page's sync has measured. */
  constructor(
    driver: PlayerDriver,
    deps: PlaybackSyncDeps,
    checkNow: (reason: CheckReason) => void,
    stamps: StampDelay,
  ) {
    this.driver = driver;
    this.deps = deps;
    this.checkNow = checkNow;
    this.reports = new ControllerReports(driver, deps, checkNow, stamps);
  }

  /** Every check starts here: nothing is applied while its report is out or older than its commit (R31). */
  admit(reference: SyncReference): boolean {
    return this.reports.admit(reference);
  }

  /** Matches the room's play/pause and rate, then corrects the position, unless the user's change is seen (R106). */
  follow(check: Check): void {
    const { player, video, reason } = check;
    const driver = this.driver;
    const playing = !player.paused();
    if (this.changedByUser(player, video)) {
      // R106: the user played or paused and the event has not come yet: that is the user's change, not a drift
      // from the room to undo (undone here, its late event would find nothing to report and the change was lost).
      this.reports.send(undefined);
      return;
    }
    // R88: a player the browser paused while this viewer followed still waits for the viewer's tap.
    if (driver.heldByBrowser(video, playing)) return;
    // An end the room did not hear (the socket was down): tell it again.
    if (video.playing && !playing && driver.playerAtEnd(player)) this.ended();
    if (video.playing && !playing && !driver.roomAtEnd(player, video)) {
      if (driver.starting) return;
      // A tick only retries a refused start; where it starts is the controller's to report ('playing'). A start the
      // room held is on the room's clock (R122), which a busy page's tick may be the first to see has begun.
      if (reason === 'state' || driver.heldOnce) this.correct(check, true);
      // Still at the end of the media (the room is too, give or take): play() would restart it from 0.
      if (driver.playerAtEnd(player)) return;
      // Its first start of a fresh video is its own (reported when it plays); later ones follow the room, as does
      // every start the room held (R122).
      if (driver.startedOnce || driver.heldOnce) this.quiet = true;
      driver.start(player);
      return;
    }
    if (!video.playing && playing) {
      this.pausedForRoomAt = this.deps.now();
      // R106: a start for the room that has not played yet ('playing' clears its quiet) ends here; left quiet, the
      // user's next play would go unreported and the next check would pause it again. A seek for the room still on
      // its way keeps it, for its 'seeked'.
      if (!this.driver.seeks.inFlight) this.quiet = false;
      player.pause();
    }
    this.correct(check, false);
  }

  seeked(): void {
    if (this.quiet && !this.driver.starting) this.quiet = false;
    else this.reports.reportIfChanged();
  }

  playing(): void {
    this.endSent = false;
    // A start or the end of a stall: where the player runs is a re-anchor, not the user's change (R106).
    if (this.quiet) this.quiet = false;
    else this.reports.reanchor();
    this.recheckLater();
  }

  play(): void {
    // R106: an embedded player's late 'play' (a stall ending) while the pause it was asked for is on its way.
    if (!this.quiet && !this.ownPausePending()) this.reports.reportIfChanged();
  }

  pause(seen: boolean): void {
    if (this.ownPausePending()) {
      // R91: the room's own pause; the player goes where the room is now, which may be playing again. A seek made
      // with it is the room's too (R122: a start's hold is a pause and a seek): its 'seeked' is not reported, even
      // when the start has come by then and a paused player reads as the user's change.
      this.pausedForRoomAt = null;
      this.checkNow('state');
      return;
    }
    this.quiet = false;
    this.pausedForRoomAt = null;
    // R106: a pause a check has already seen (and reported, or made for the room) is not reported twice.
    if (!seen) this.reports.reportIfChanged();
  }

  rateChanged(): void {
    // A rate this sync set (a nudge, its end, the room's rate) is not the user's change: where the player runs then
    // is the tick's re-anchor to tell, against the room it saw (R106). Reported as a change, a tab that has not yet
    // heard another's pause would play the room again (issue #27 item 0: a slowed tab's nudge ending did).
    const player = this.driver.player;
    const video = this.driver.reference()?.video;
    if (!player || !video || Math.abs(this.driver.userRate(player, video) - video.rate) <= RATE_EPSILON) return;
    // R92: the media clock takes a moment to run at the user's new rate; the room is re-anchored once it does.
    if (this.reports.reportIfChanged()) this.recheckLater();
  }

  /** R32: its player moves the room on; an unplayable video must not stall it. Sent once, again if unheard. */
  ended(): void {
    if (this.endSent) return;
    this.endSent = true;
    void this.deps.ended(this.deps.videoId).then((heard) => {
      if (!heard) this.endSent = false;
    });
  }

  /** The periodic re-anchor while playing (R31): named against the room it saw (R93). */
  heartbeat(): void {
    const driver = this.driver;
    const reference = driver.reference();
    const player = driver.player;
    if (!driver.ready || !player || !reference?.video.playing || player.paused()) return;
    if (driver.seeks.inFlight || driver.roomAtEnd(player, reference.video)) return;
    // A heartbeat while a report is out has nothing to add: that report re-anchors the room. Nor does one while
    // the jump of a start from the pause plays out (R116): it would re-anchor the room on the jump.
    if (!this.reports.out && !this.reports.readsResumeJump()) this.reports.send(reference.version);
  }

  attached(): void {
    this.pausedForRoomAt = null;
  }

  detached(): void {
    this.cancelRecheck?.();
    this.cancelRecheck = null;
  }

  retire(): void {
    this.detached();
    this.reports.retire();
  }

  /** Corrects the position error; `startingNow` when the player is about to start (seeks only, no nudge). */
  private correct(check: Check, startingNow: boolean): void {
    const { player, video, reason } = check;
    const driver = this.driver;
    // R116: its start was reported where it paused; until currentTime's jump has played out it reads ahead of that.
    if (this.reports.readsResumeJump()) return;
    const decided = driver.decide(check, startingNow);
    if (!decided) return;
    const { decision, expected } = decided;
    if (decision.action === 'seek') {
      // Its player drifted by itself (a stall, a seek in the YouTube player): the room follows it, unless the room
      // moved on meanwhile (R106). A player about to start goes where the room is.
      if (reason === 'tick' && !startingNow) this.reports.reanchor();
      else if (!this.isFreshStart(video, expected)) {
        this.quiet = true;
        driver.seek(player, video, expected);
      }
      return;
    }
    if (decision.action === 'nudge' && !startingNow && player.kind === 'media') {
      driver.nudge(player, decision);
      return;
    }
    // R81: never a YouTube nudge: its player is the room's reference.
    driver.setRate(player, video.rate);
  }

  /**
   * A video just selected: the controller plays it from the start and its report re-anchors the room. Only a player
   * whose page was in the room before the item began and was attached by its start, give or take a second: another
   * tab of the host's opened after the item began — seconds or a moment later — joins where the room is instead of
   * taking everyone back to the beginning (R106). Only where the room did not hold the start (R122: the gate off,
   * or nobody to wait for).
   */
  private isFreshStart(video: CurrentVideo, expected: number): boolean {
    // R122: a start the room held for everyone to load begins on the room's clock, this player's included.
    if (this.driver.heldOnce || this.driver.attachedAt > video.updated_at + FRESH_START_ATTACH_MS) return false;
    const joinedAt = this.deps.joinedAt();
    if (joinedAt === null || joinedAt > video.updated_at) return false;
    return (
      video.playing && video.current_time === 0 && expected < FRESH_START_GRACE_SECONDS && !this.driver.startedOnce
    );
  }

  /**
   * R83, R92: a YouTube controller looks at its player again once it has been playing (or playing at the user's
   * new rate) a moment, and re-anchors the room on it beyond the dead band.
   */
  private recheckLater() {
    const driver = this.driver;
    const player = driver.player;
    if (player?.kind !== 'youtube') return;
    this.cancelRecheck?.();
    this.cancelRecheck = this.deps.later(YOUTUBE_CONTROLLER_RECHECK_MS, () => {
      this.cancelRecheck = null;
      if (driver.player !== player || !driver.ready || player.paused() || this.reports.out) return;
      // A re-anchor like the heartbeat's (R93): refused if the room moved on since (another tab's pause).
      this.reports.reanchor(SYNC_DEADBAND_SECONDS);
    });
  }

  /** R106: the player plays or pauses unlike the room and unlike when last seen, and not at the end. */
  private changedByUser(player: PlayerAdapter, video: CurrentVideo): boolean {
    const playing = !player.paused();
    const seen = this.driver.lastSeenPlaying;
    if (seen === null || playing === seen || playing === video.playing) return false;
    return playing || !this.driver.playerAtEnd(player);
  }

  /** R91: a pause this controller asked for, to follow the room, has not landed yet. */
  private ownPausePending(): boolean {
    return this.pausedForRoomAt !== null && this.deps.now() - this.pausedForRoomAt < OWN_PAUSE_SETTLE_MS;
  }
}
