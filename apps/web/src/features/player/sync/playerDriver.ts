import {
  type CurrentVideo,
  decideCorrection,
  expectedPosition,
  PLAYBACK_RATE_MAX,
  PLAYBACK_RATE_MIN,
  READY_GATE_CLOCK_SLACK_MS,
  SYNC_TICK_MS,
  type SyncDecision,
} from '@xemchung/protocol';
import { SeekTracker } from '../syncMeasures.ts';
import type { PlayerAdapter } from '../types.ts';
import type { PlaybackSyncDeps, SyncReference } from './syncDeps.ts';
import type { Check } from './syncRole.ts';

/** Closer than this to the end counts as at the end: play() there would restart the video (s). */
const END_EPSILON_SECONDS = 0.05;
/** Rates closer than this are the same rate. */
export const RATE_EPSILON = 1e-3;

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** A nudge decided by R29 (or R80 for YouTube): a rate, held for `seconds` when the nudge is timed. */
export type Nudge = Extract<SyncDecision, { action: 'nudge' }>;

/**
 * One player and how it is moved onto the room's timeline (ADR 034): seeks aimed ahead by their measured stall,
 * rates and timed nudges, starts. It keeps what both roles need to know of the player, so a change of role
 * (R55) carries on with the same player and the same measures: whether it has started once, what it was doing
 * when last looked at, and whether the browser paused it in a hidden tab (R88).
 */
export class PlayerDriver {
  private readonly deps: PlaybackSyncDeps;
  /** The player, once it exists (the YouTube one takes a while) and until it goes away. */
  player: PlayerAdapter | null = null;
  /** Whether the player can be positioned and played ('ready'). */
  ready = false;
  /** A play() is under way. */
  starting = false;
  readonly seeks = new SeekTracker();
  /** Whether this player has started or reported once; before that, a controller starts a fresh video from 0. */
  startedOnce = false;
  /**
   * Whether the player was playing when a check last looked at it or moved it (a check, a play or pause event),
   * null before the first look. A controller's check that finds it changed since, away from the room, meets the
   * user's play or pause before its event (R106).
   */
  lastSeenPlaying: boolean | null = null;
  /**
   * The browser paused the player while the page was hidden (R88). It is not restarted behind the viewer's back
   * (no play() or seek fights the browser); one tap brings it back.
   */
  private browserPaused = false;
  /** When (server ms) the player was attached: a player there before the room's start saw the item begin. */
  attachedAt = Number.NEGATIVE_INFINITY;
  /** R122: the start (its `updated_at`) this player is held for, once seen well ahead of the clock. */
  private heldStart: number | null = null;
  /** R122: whether the player has played since it was last held; until it has, its pause is the hold's. */
  private playedSinceHold = true;
  /** The rate this sync last set, to tell its own rate changes from the user's. */
  private appliedRate: number | null = null;
  /** Ends a timed nudge under way early (a YouTube follower's fixed rate, R81; an HTML5 nudge closing its gap, R94). */
  private endNudge: (() => void) | null = null;

  constructor(deps: PlaybackSyncDeps) {
    this.deps = deps;
  }

  attach(player: PlayerAdapter): void {
    this.player = player;
    this.attachedAt = this.deps.serverNow();
    this.ready = false;
    // A start the previous player never finished (R89: it never loaded) must not hold back this one's.
    this.starting = false;
    this.lastSeenPlaying = null;
  }

  /** The player is going away; promises still in flight find nothing to act on. */
  detach(): void {
    this.cancelNudge();
    this.player = null;
    this.ready = false;
  }

  /**
   * The room's state, if it is about this player's video. A start that waits (R122) is a room paused where it
   * will start, until its clock begins: every role holds its player there.
   */
  reference(): SyncReference | null {
    const reference = this.deps.reference();
    if (!reference || reference.video.id !== this.deps.videoId) return null;
    const video = reference.video;
    const ahead = video.updated_at - this.deps.serverNow();
    if (!video.playing || ahead <= 0) return reference;
    // Held once seen well ahead, until it comes; an ordinary commit that reads a little ahead is not a start.
    if (ahead > READY_GATE_CLOCK_SLACK_MS && this.heldStart !== video.updated_at) {
      this.heldStart = video.updated_at;
      this.playedSinceHold = false;
    }
    if (this.heldStart !== video.updated_at) return reference;
    return { ...reference, video: { ...video, playing: false }, startsAt: video.updated_at };
  }

  /**
   * Whether the room has held a start of this item for this player (R122). Its starts are then the room's, on the
   * room's clock: a controller no longer plays a fresh item from 0 for the room to follow.
   */
  get heldOnce(): boolean {
    return this.heldStart !== null;
  }

  /**
   * R122: the player stands paused only because the room holds the start `video` is (or was, while its own start is
   * still to come): a paused player then says nothing of its user, whose seek moves the start rather than pausing.
   */
  standsHeld(player: PlayerAdapter, video: CurrentVideo): boolean {
    return player.paused() && !this.playedSinceHold && this.heldStart === video.updated_at;
  }

  /** The player plays ('playing'): a hold before it is over. */
  played(): void {
    this.playedSinceHold = true;
  }

  /** Where the room is in the media now (s). */
  expected(player: PlayerAdapter, video: CurrentVideo): number {
    return expectedPosition(video, this.deps.serverNow(), player.duration());
  }

  /** Whether the room's position has reached the end of the media. */
  roomAtEnd(player: PlayerAdapter, video: CurrentVideo): boolean {
    const duration = player.duration();
    return duration !== null && this.expected(player, video) >= duration - END_EPSILON_SECONDS;
  }

  /** Whether the player stands at the end of the media. */
  playerAtEnd(player: PlayerAdapter): boolean {
    const duration = player.duration();
    return duration !== null && player.currentTime() >= duration - END_EPSILON_SECONDS;
  }

  noteSeen(): void {
    this.lastSeenPlaying = this.player ? !this.player.paused() : null;
  }

  setBrowserPaused(paused: boolean): void {
    if (paused === this.browserPaused) return;
    this.browserPaused = paused;
    this.deps.onBrowserPause(paused);
  }

  /**
   * R88: whether the player waits for the viewer's tap while the room plays on. A pause of the room or a player
   * that started again by itself leaves nothing to resume.
   */
  heldByBrowser(video: CurrentVideo, playing: boolean): boolean {
    if (!this.browserPaused) return false;
    if (video.playing && !playing) return true;
    this.setBrowserPaused(false);
    return false;
  }

  /**
   * R29's decision for the player against the room, with the room's position it was made on; null while a timed
   * nudge runs its course (R81, R94), which only a new room state ends early. `startingNow`: the player is about
   * to start (seeks only, no nudge).
   */
  decide(check: Check, startingNow: boolean): { decision: SyncDecision; expected: number } | null {
    const { player, video, reason } = check;
    if (this.endNudge) {
      if (reason === 'tick') return null;
      this.cancelNudge();
    }
    const expected = this.expected(player, video);
    const decision = decideCorrection(expected - player.currentTime(), player.kind, {
      playing: video.playing,
      roomRate: video.rate,
      // A start is judged as after a normal tick (its nudge is not taken anyway).
      intervalSeconds: (startingNow ? undefined : check.interval) ?? SYNC_TICK_MS / 1000,
      rates: player.availableRates?.(),
      // R94: a visible page times the end of its HTML5 nudges; a hidden one's timers are throttled.
      timed: !startingNow && !this.deps.hidden(),
      nudgeRate: this.ownNudgeRate(player, video),
    });
    return { decision, expected };
  }

  /** Moves the player to the room's position `expected`, at the room's rate. */
  seek(player: PlayerAdapter, video: CurrentVideo, expected: number): void {
    // A running player stands still for as long as the seek takes: aim that far ahead. Only such seeks are timed,
    // and only they aim ahead: one before a start includes the start, and a paused player's seek is quick, so a
    // lead learnt on running seeks would land it that far ahead (R88's tap after a long stall: a seek per tick).
    const running = video.playing && !player.paused() && !this.starting;
    // R132: a seek into what the player has buffered stands still far less than one waiting for the network.
    const buffered = running && (player.buffersAt?.(expected) ?? false);
    const lead = running ? this.seeks.lead(video.rate, buffered) : 0;
    const duration = player.duration();
    const target = Math.max(0, duration === null ? expected + lead : Math.min(duration, expected + lead));
    this.cancelNudge();
    this.seeks.started(this.deps.now(), running, player.kind, buffered);
    this.setRate(player, video.rate);
    player.seek(target);
  }

  /** A nudge: per tick (recomputed at the next check) or held for its time (R81, R94). */
  nudge(player: PlayerAdapter, nudge: Nudge): void {
    if (nudge.seconds === undefined) this.setRate(player, nudge.rate);
    else this.holdRate(player, nudge.rate, nudge.seconds);
  }

  setRate(player: PlayerAdapter, rate: number): void {
    // YouTube's getPlaybackRate() is the player's last report: just after a nudge it may still read the rate
    // being left, so a change from the rate this sync last set is always sent (R81).
    const unsent =
      player.kind === 'youtube' && this.appliedRate !== null && Math.abs(this.appliedRate - rate) > RATE_EPSILON;
    this.appliedRate = rate;
    if (unsent || Math.abs(player.rate() - rate) > RATE_EPSILON) player.setRate(rate);
  }

  /** Starts the player (unless a start is under way); a refusal without a gesture asks the page to mute it (R33). */
  start(player: PlayerAdapter): void {
    if (this.starting) return;
    this.starting = true;
    this.startedOnce = true;
    player.play().then(
      () => {
        this.starting = false;
      },
      (error: unknown) => {
        this.starting = false;
        if (this.player === player && error instanceof DOMException && error.name === 'NotAllowedError') {
          this.deps.onPlayRefused();
        }
      },
    );
  }

  /** The player's rate, unless it is this sync's own nudge (then the room's), within the room's bounds. */
  userRate(player: PlayerAdapter, video: CurrentVideo): number {
    const rate = player.rate();
    return this.setByUs(rate) ? video.rate : clamp(rate, PLAYBACK_RATE_MIN, PLAYBACK_RATE_MAX);
  }

  private holdRate(player: PlayerAdapter, rate: number, seconds: number) {
    this.setRate(player, rate);
    this.endNudge = this.deps.later(seconds * 1000, () => {
      this.endNudge = null;
      const video = this.reference()?.video;
      if (this.player === player && video) this.setRate(player, video.rate);
    });
  }

  private cancelNudge() {
    this.endNudge?.();
    this.endNudge = null;
  }

  /** The rate of a nudge of this sync's under way (its player runs at the rate it set, not the room's). */
  private ownNudgeRate(player: PlayerAdapter, video: CurrentVideo): number | undefined {
    const rate = player.rate();
    return this.setByUs(rate) && Math.abs(rate - video.rate) > RATE_EPSILON ? rate : undefined;
  }

  /** Whether the player's rate is the one this sync last set (its own nudge or the room's rate). */
  private setByUs(rate: number): boolean {
    return this.appliedRate !== null && Math.abs(rate - this.appliedRate) <= RATE_EPSILON;
  }
}
