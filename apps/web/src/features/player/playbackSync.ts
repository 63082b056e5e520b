import {
  type CurrentVideo,
  decideCorrection,
  expectedPosition,
  HOST_REPORT_THRESHOLD_SECONDS,
  PLAYBACK_RATE_MAX,
  PLAYBACK_RATE_MIN,
  SYNC_DEADBAND_SECONDS,
  SYNC_TICK_MS,
  YOUTUBE_HOST_RECHECK_MS,
  YOUTUBE_RATE_SETTLE_MS,
} from '@xemchung/protocol';
import { SeekTracker, StampDelay } from './syncMeasures.ts';
import type { PlaybackSyncDeps, PlayerAdapter, PlayerEvent, ReportOutcome, SyncReference } from './types.ts';

/** How long after a controller pauses its player for the room the 'pause' that comes of it is taken as that (R91). */
const OWN_PAUSE_SETTLE_MS = 2000;

/** A fresh video the host has just loaded starts from 0 rather than skipping what loading took (s). */
const HOST_START_GRACE_SECONDS = 5;
/** Closer than this to the end counts as at the end: play() there would restart the video (s). */
const END_EPSILON_SECONDS = 0.05;
const RATE_EPSILON = 1e-3;

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/**
 * Keeps one player on the room's timeline (docs/room-rules.md R29–R33, ADR 006).
 *
 * Followers follow: on every new state and every tick they match play/pause and rate, then correct the position
 * error (expected − actual) by `decideCorrection`: nothing, a brief playbackRate nudge, or a seek that aims ahead
 * by the measured seek latency.
 *
 * A controller — the host or a co-host (R55) — drives ("the host" below): changes on its player (a user's play, pause, seek or rate change, a stall) that leave it away
 * from the room's state are reported, at most one report in flight; while one is, incoming states are older than
 * the host's intention and are not applied. The host still follows new states from elsewhere (its other tab, a
 * reload, a late join), and nudges small drifts so two host tabs stay together.
 */
export class PlaybackSync {
  private readonly deps: PlaybackSyncDeps;
  /** Drives (host or co-host) or follows; changes in place when control is granted or revoked (R55). */
  private controller: boolean;
  private player: PlayerAdapter | null = null;
  private ready = false;
  private starting = false;
  private readonly seeks = new SeekTracker();
  /** Host: how late the server stamps its reports, so it can report where its player will be by then. */
  private readonly stampDelay = new StampDelay();
  /** The rate this controller last set, to tell its own rate changes from the user's. */
  private appliedRate: number | null = null;
  private lastTickAt: number | null = null;
  private reporting = false;
  /**
   * Host: what came up while a report was out, sent once it is answered (R31): the user's change (named against
   * nothing) or a re-anchor of its player (named against the room it saw, R106).
   */
  private queued: 'change' | 'reanchor' | null = null;
  /** After a report, states older than its commit describe the room before the host's intention. */
  private awaitVersion = 0;
  private endSent = false;
  /** The player failed (or never loaded): the host tells the room on every tick until it hears (R32). */
  private failed = false;
  /**
   * Host: a report that never reached the room; its state is reported again once the room hears, a change as one,
   * a re-anchor against the room version it was made on (R106).
   */
  private unheard: { basis: number | undefined } | null = null;
  /**
   * Whether the player was playing when this sync last looked at it or moved it (a check, a play or pause event).
   * A controller's check that finds it changed since, away from the room, meets the user's play or pause before
   * its event (a busy page runs a tick or a state first): reported, not undone (R106).
   */
  private playerPlaying: boolean | null = null;
  /** Whether this player has started or reported once; before that, a host starts a fresh video from 0. */
  private startedOnce = false;
  /**
   * Host: set while its player carries out the room's state (a seek, a start), until it plays. The events
   * that come of it are not the user's and are not reported; the tick nudges what the seek left over.
   */
  private quiet = false;
  /**
   * Follower: the browser paused its player while the page was hidden (R88). It is not restarted behind the
   * viewer's back (no play() or seek fights the browser); one tap (`resumeAfterBrowserPause`) brings it back.
   */
  private browserPaused = false;
  /**
   * Controller: when it last paused its player to follow a paused room (local ms), or null (R91). A 'pause' within
   * OWN_PAUSE_SETTLE_MS of that is the room's, not the user's, and is not reported: the room may be playing again by
   * the time an embedded player's pause lands, and reporting it would pause the room once more. Bounded in time, so
   * a pause that never produced an event cannot swallow the user's next one.
   */
  private pausedForRoomAt: number | null = null;
  /** Whether the player was playing at the last check: a follower's player that stops between two is not ours. */
  private wasPlaying = false;
  /** A timed nudge under way (a YouTube follower's fixed rate, R81; an HTML5 nudge closing its gap, R94): ends it early. */
  private endNudge: (() => void) | null = null;
  /** A YouTube host's pending re-check after its player started playing (R83) or its rate changed (R92). */
  private cancelRecheck: (() => void) | null = null;
  /** The room's rate at the last check, and when a change of it was seen (local ms): a YouTube follower waits (R92). */
  private roomRate: number | null = null;
  private roomRateChangedAt: number | null = null;

  constructor(deps: PlaybackSyncDeps) {
    this.deps = deps;
    this.controller = deps.isController;
  }

  /**
   * Control granted or revoked (R55). The same player carries on from where it is, already on the room's timeline:
   * a fresh one would start over and, as a controller, re-anchor the room to its own start (a rewind for everyone,
   * then a tug of war with the other controllers' reports).
   */
  setController(controller: boolean): void {
    if (controller === this.controller) return;
    this.controller = controller;
    this.queued = null;
    this.quiet = false;
    this.pausedForRoomAt = null;
  }

  /** The player this controller drives, once it exists (the YouTube one takes a while). */
  attach(player: PlayerAdapter): void {
    this.player = player;
    this.ready = false;
    // A start the previous player never finished (R89: it never loaded) must not hold back this one's.
    this.starting = false;
    this.wasPlaying = false;
    this.playerPlaying = null;
    this.pausedForRoomAt = null;
  }

  /** The player is going away; promises still in flight find nothing to act on. */
  detach(): void {
    this.cancelNudge();
    this.cancelRecheck?.();
    this.cancelRecheck = null;
    this.player = null;
    this.ready = false;
  }

  /** A player event. 'error' may come without a player (the YouTube API could not load). */
  handle(event: PlayerEvent): void {
    switch (event) {
      case 'ready':
        this.ready = this.player !== null;
        this.sync('state');
        return;
      case 'seeked':
        this.seeks.finished(this.deps.now());
        if (this.quiet && !this.starting) this.quiet = false;
        else this.reportIfChanged();
        // R81: a YouTube follower judges where its seek landed at once, not up to a tick later.
        if (!this.controller && this.player?.kind === 'youtube') this.sync('tick');
        return;
      case 'playing':
        this.starting = false;
        this.endSent = false;
        this.notePlayer();
        this.setBrowserPaused(false);
        // A start or the end of a stall: where the player runs is a re-anchor, not the user's change (R106).
        if (this.quiet) this.quiet = false;
        else this.reanchor();
        this.recheckLater();
        return;
      case 'play':
        this.notePlayer();
        // R106: an embedded player's late 'play' (a stall ending) while the pause it was asked for is on its way.
        if (!this.quiet && !this.ownPausePending()) this.reportIfChanged();
        return;
      case 'pause': {
        this.quiet = false;
        // R106: a pause a check has already seen (and reported, or made for the room) is not reported twice.
        const seen = this.playerPlaying === false;
        this.notePlayer();
        if (this.pausedByBrowser()) {
          this.setBrowserPaused(true);
          return;
        }
        if (this.ownPausePending()) {
          // R91: the room's own pause; the player goes where the room is now, which may be playing again.
          this.pausedForRoomAt = null;
          this.sync('state');
          return;
        }
        this.pausedForRoomAt = null;
        if (!seen) this.reportIfChanged();
        return;
      }
      case 'ratechange':
        // R92: the media clock takes a moment to run at the user's new rate; the room is re-anchored once it does.
        if (this.reportIfChanged()) this.recheckLater();
        return;
      case 'blocked':
        // R33: as when play() is refused: the caller mutes the player and the next tick starts it again.
        this.starting = false;
        this.deps.onPlayRefused();
        return;
      case 'error':
        this.failed = true;
        if (this.controller) this.sendEnded();
        return;
      case 'ended':
        // R32: the host's player moves the room on; an unplayable video must not stall it.
        if (this.controller) this.sendEnded();
        return;
      default:
        return;
    }
  }

  /** A new room state arrived. */
  onState(): void {
    const reference = this.deps.reference();
    if (reference) this.stampDelay.observe(reference.version, reference.video.updated_at);
    this.sync('state');
  }

  /** The periodic check (every SYNC_TICK_MS). */
  tick(): void {
    // A video that cannot play has no player state to check; the room only needs to hear that it ended.
    if (this.failed) {
      if (this.controller) this.sendEnded();
      return;
    }
    this.sync('tick');
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
    this.setBrowserPaused(false);
    this.sync('state');
  }

  /** The host's periodic re-anchor while playing (HOST_HEARTBEAT_MS). */
  heartbeat(): void {
    const reference = this.current();
    const player = this.player;
    if (!this.controller || !this.ready || !player || !reference?.video.playing || player.paused()) return;
    if (this.seeks.inFlight || this.atEnd(player, reference.video)) return;
    // A heartbeat while a report is out has nothing to add: that report re-anchors the room.
    if (!this.reporting) this.sendReport(reference.version);
  }

  /**
   * A follower's player paused while its page is hidden and the room plays, short of the end: nothing of ours
   * pauses it then (the sync pauses only a paused room's player), so the browser did, to save power (R88).
   */
  private pausedByBrowser(): boolean {
    const video = this.current()?.video;
    const player = this.player;
    if (this.controller || !this.deps.hidden() || !video?.playing || !player) return false;
    return !this.atEnd(player, video, true);
  }

  private setBrowserPaused(paused: boolean): void {
    if (paused === this.browserPaused) return;
    this.browserPaused = paused;
    this.deps.onBrowserPause(paused);
  }

  /** The reference if it is about this player's video. */
  private current(): SyncReference | null {
    const reference = this.deps.reference();
    return reference && reference.video.id === this.deps.videoId ? reference : null;
  }

  private expected(player: PlayerAdapter, video: CurrentVideo): number {
    return expectedPosition(video, this.deps.serverNow(), player.duration());
  }

  /** Whether the room's position (or, with `ownPosition`, the player's) has reached the end of the media. */
  private atEnd(player: PlayerAdapter, video: CurrentVideo, ownPosition = false): boolean {
    const duration = player.duration();
    const position = ownPosition ? player.currentTime() : this.expected(player, video);
    return duration !== null && position >= duration - END_EPSILON_SECONDS;
  }

  private sync(reason: 'state' | 'tick'): void {
    const player = this.player;
    if (!this.ready || !player) return;
    const reference = this.current();
    if (!reference) return;
    this.noteRoomRate(reference.video.rate);
    const isController = this.controller;
    if (isController && (this.reporting || reference.version < this.awaitVersion)) return;
    if (isController && this.unheard) {
      // What the host did while the room could not hear it stands: report it rather than undo it. A re-anchor
      // goes again against the room it was made on, so the room refuses it if someone changed it meanwhile (R106).
      const basis = this.unheard.basis;
      if (basis === undefined ? this.hostDiffers() : this.reanchorDue()) {
        this.sendReport(basis);
        return;
      }
      this.unheard = null;
    }
    const now = this.deps.now();
    const interval = reason === 'tick' && this.lastTickAt !== null ? (now - this.lastTickAt) / 1000 : undefined;
    if (reason === 'tick') this.lastTickAt = now;
    if (!this.seeks.settled(player.kind, now)) return;
    this.follow(player, reference.video, reason, interval);
    this.notePlayer();
  }

  /** Matches the room's play/pause and rate, then corrects the position (R29, R30); a controller's check of R106. */
  private follow(player: PlayerAdapter, video: CurrentVideo, reason: 'state' | 'tick', interval: number | undefined) {
    const isController = this.controller;
    const playing = !player.paused();
    if (isController && this.changedByUser(player, video)) {
      // R106: the user played or paused and the event has not come yet: that is the user's change, not a drift
      // from the room to undo (undone here, its late event would find nothing to report and the change was lost).
      this.sendReport(undefined);
      return;
    }
    const wasPlaying = this.wasPlaying;
    this.wasPlaying = playing;
    // R88 also when a check comes between the browser's pause and its 'pause' event (a task later).
    if (!playing && wasPlaying && this.pausedByBrowser()) this.setBrowserPaused(true);
    if (this.browserPaused) {
      // R88: waits for the viewer's tap while the room plays on; a pause of the room or a player that started
      // again by itself leaves nothing to resume.
      if (video.playing && !playing) return;
      this.setBrowserPaused(false);
    }
    // An end the room did not hear (the socket was down): tell it again.
    if (isController && video.playing && !playing && this.atEnd(player, video, true)) this.sendEnded();
    if (video.playing && !playing && !this.atEnd(player, video)) {
      if (this.starting) return;
      // A host's tick only retries a refused start; where it starts is the host's to report ('playing').
      if (!isController || reason === 'state') this.correct(player, video, reason, undefined, true);
      // Still at the end of the media (the room is too, give or take): play() would restart it from 0.
      if (this.atEnd(player, video, true)) return;
      this.startPlayback(player);
      return;
    }
    if (!video.playing && playing) {
      if (isController) this.pausedForRoomAt = this.deps.now();
      player.pause();
    }
    this.correct(player, video, reason, interval, false);
  }

  /** Corrects the position error; `startingNow` when the player is about to start (seeks only, no nudge). */
  private correct(
    player: PlayerAdapter,
    video: CurrentVideo,
    reason: 'state' | 'tick',
    interval: number | undefined,
    startingNow: boolean,
  ) {
    const isController = this.controller;
    // R81, R94: a timed nudge runs its course unless the room's state changes under it.
    if (this.endNudge) {
      if (reason === 'tick') return;
      this.cancelNudge();
    }
    const expected = this.expected(player, video);
    const error = expected - player.currentTime();
    const decision = decideCorrection(error, player.kind, {
      playing: video.playing,
      roomRate: video.rate,
      intervalSeconds: interval ?? SYNC_TICK_MS / 1000,
      rates: player.availableRates?.(),
      // R94: a visible page times the end of its HTML5 nudges; a hidden one's timers are throttled.
      timed: !startingNow && !this.deps.hidden(),
      nudgeRate: this.ownNudgeRate(player, video),
    });
    if (decision.action === 'seek') {
      if (isController && reason === 'tick') {
        // The host drifted by itself (a stall, a seek in the YouTube player): the room follows the host, unless
        // it moved on meanwhile (R106).
        this.reanchor();
        return;
      }
      if (isController && this.isFreshStart(video, expected)) return;
      // R82: a YouTube player's own corrections make at most two seeks in 10 s; the room's changes are followed.
      if (reason === 'tick' && player.kind === 'youtube' && this.seeks.storming(this.deps.now())) return;
      this.seek(player, video, expected);
      return;
    }
    if (decision.action === 'nudge' && !startingNow && player.kind === 'media') {
      if (decision.seconds === undefined) this.setRate(player, decision.rate);
      else this.holdRate(player, decision.rate, decision.seconds);
      return;
    }
    // R81: YouTube's fixed rates, held for as long as the gap takes to close; the host's player is the reference.
    // R92: not while the room's new rate settles, when the host is about to re-anchor the room.
    if (
      decision.action === 'nudge' &&
      !startingNow &&
      decision.seconds !== undefined &&
      !isController &&
      !this.rateSettling()
    ) {
      this.holdRate(player, decision.rate, decision.seconds);
      return;
    }
    this.setRate(player, video.rate);
  }

  private holdRate(player: PlayerAdapter, rate: number, seconds: number) {
    this.setRate(player, rate);
    this.endNudge = this.deps.later(seconds * 1000, () => {
      this.endNudge = null;
      const video = this.current()?.video;
      if (this.player === player && video) this.setRate(player, video.rate);
    });
  }

  /** The rate of a nudge of this controller's under way (its player runs at the rate it set, not the room's). */
  private ownNudgeRate(player: PlayerAdapter, video: CurrentVideo): number | undefined {
    const rate = player.rate();
    return this.setByUs(rate) && Math.abs(rate - video.rate) > RATE_EPSILON ? rate : undefined;
  }

  /** Whether the player's rate is the one this controller last set (its own nudge or the room's rate). */
  private setByUs(rate: number): boolean {
    return this.appliedRate !== null && Math.abs(rate - this.appliedRate) <= RATE_EPSILON;
  }

  private noteRoomRate(rate: number) {
    if (this.roomRate !== null && Math.abs(rate - this.roomRate) > RATE_EPSILON) {
      this.roomRateChangedAt = this.deps.now();
    }
    this.roomRate = rate;
  }

  /** R92: the room's rate changed a moment ago, and the host's player may not run at it yet. */
  private rateSettling(): boolean {
    const changedAt = this.roomRateChangedAt;
    return changedAt !== null && this.deps.now() - changedAt < YOUTUBE_RATE_SETTLE_MS;
  }

  private cancelNudge() {
    this.endNudge?.();
    this.endNudge = null;
  }

  /** A video just selected: the host plays it from the start and its report re-anchors the room. */
  private isFreshStart(video: CurrentVideo, expected: number): boolean {
    return video.playing && video.current_time === 0 && expected < HOST_START_GRACE_SECONDS && !this.startedOnce;
  }

  private seek(player: PlayerAdapter, video: CurrentVideo, expected: number) {
    // A running player stands still for as long as the seek takes: aim that far ahead. Only such seeks are timed,
    // and only they aim ahead: one before a start includes the start, and a paused player's seek is quick, so a
    // lead learnt on running seeks would land it that far ahead (R88's tap after a long stall: a seek per tick).
    const running = video.playing && !player.paused() && !this.starting;
    const lead = running ? this.seeks.lead(video.rate) : 0;
    const duration = player.duration();
    const target = Math.max(0, duration === null ? expected + lead : Math.min(duration, expected + lead));
    this.cancelNudge();
    this.seeks.started(this.deps.now(), running, player.kind);
    if (this.controller) this.quiet = true;
    this.setRate(player, video.rate);
    player.seek(target);
  }

  private setRate(player: PlayerAdapter, rate: number) {
    // YouTube's getPlaybackRate() is the player's last report: just after a nudge it may still read the rate
    // being left, so a change from the rate this controller last set is always sent (R81).
    const unsent =
      player.kind === 'youtube' && this.appliedRate !== null && Math.abs(this.appliedRate - rate) > RATE_EPSILON;
    this.appliedRate = rate;
    if (unsent || Math.abs(player.rate() - rate) > RATE_EPSILON) player.setRate(rate);
  }

  private startPlayback(player: PlayerAdapter) {
    if (this.starting) return;
    this.starting = true;
    // A host's first start of a fresh video is its own (reported when it plays); later ones follow the room.
    if (this.controller && this.startedOnce) this.quiet = true;
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

  private sendEnded() {
    if (this.endSent) return;
    this.endSent = true;
    void this.deps.ended(this.deps.videoId).then((heard) => {
      if (!heard) this.endSent = false;
    });
  }

  /**
   * R83, R92: a YouTube host looks at its player again once it has been playing (or playing at the user's new rate)
   * a moment, and re-anchors the room on it beyond the dead band.
   */
  private recheckLater() {
    const player = this.player;
    if (!this.controller || player?.kind !== 'youtube') return;
    this.cancelRecheck?.();
    this.cancelRecheck = this.deps.later(YOUTUBE_HOST_RECHECK_MS, () => {
      this.cancelRecheck = null;
      if (this.player !== player || !this.controller || !this.ready || player.paused() || this.reporting) return;
      // A re-anchor like the heartbeat's (R93): refused if the room moved on since (another tab's pause).
      this.reanchor(SYNC_DEADBAND_SECONDS);
    });
  }

  /** Host: reports the user's change of its player when it leaves the room's state; whether it did. */
  private reportIfChanged(): boolean {
    if (!this.controller || !this.ready || !this.hostDiffers()) return false;
    this.sendReport(undefined);
    return true;
  }

  /**
   * Host: re-anchors the room on its player (a stall, a drift, where a start landed), named against the room it
   * saw (R93, R106); whether it did.
   */
  private reanchor(threshold = HOST_REPORT_THRESHOLD_SECONDS): boolean {
    const reference = this.current();
    if (!this.controller || !this.ready || !reference || !this.reanchorDue(threshold)) return false;
    this.sendReport(reference.version);
    return true;
  }

  /**
   * R106: a re-anchor says where the player is, never whether it plays. Playing where the room is paused, the
   * player has yet to follow the room (an embedded player's pause on its way) or the user played (reported as a
   * change by its own event): a "still playing" from it would undo another controller's pause.
   */
  private reanchorDue(threshold = HOST_REPORT_THRESHOLD_SECONDS, video = this.current()?.video): boolean {
    const player = this.player;
    if (!player || !video || player.paused() === video.playing) return false;
    return this.hostDiffers(threshold, video);
  }

  /** R106: the player plays or pauses unlike the room and unlike when this sync last saw it, and not at the end. */
  private changedByUser(player: PlayerAdapter, video: CurrentVideo): boolean {
    const playing = !player.paused();
    if (this.playerPlaying === null || playing === this.playerPlaying || playing === video.playing) return false;
    return playing || !this.atEnd(player, video, true);
  }

  private notePlayer() {
    this.playerPlaying = this.player ? !this.player.paused() : null;
  }

  /** R91: a pause this controller asked for, to follow the room, has not landed yet. */
  private ownPausePending(): boolean {
    return this.pausedForRoomAt !== null && this.deps.now() - this.pausedForRoomAt < OWN_PAUSE_SETTLE_MS;
  }

  /** Whether the player is away from `video` (the room's, or what the host's own report just committed). */
  private hostDiffers(threshold = HOST_REPORT_THRESHOLD_SECONDS, video = this.current()?.video): boolean {
    const player = this.player;
    if (!video || !player) return false;
    const playing = !player.paused();
    if (!playing && this.atEnd(player, video, true)) return false; // the pause that comes with the end
    if (playing !== video.playing) return true;
    if (Math.abs(this.userRate(player, video) - video.rate) > RATE_EPSILON) return true;
    return Math.abs(this.expected(player, video) - player.currentTime()) > threshold;
  }

  /** The player's rate, unless it is this controller's own nudge (then the room's). */
  private userRate(player: PlayerAdapter, video: CurrentVideo): number {
    const rate = player.rate();
    return this.setByUs(rate) ? video.rate : clamp(rate, PLAYBACK_RATE_MIN, PLAYBACK_RATE_MAX);
  }

  /**
   * Reports the player's state: the user's change with `basedOn` undefined (it stands whatever committed
   * meanwhile, R93), a re-anchor with the room version it was made against (refused once the room moved on, R106).
   * While a report is out it is queued, and judged once that one is answered.
   */
  private sendReport(basedOn: number | undefined) {
    if (this.reporting) {
      this.queued = basedOn === undefined || this.queued === 'change' ? 'change' : 'reanchor';
      return;
    }
    const reference = this.current();
    const player = this.player;
    if (!reference || !player) return;
    const playing = !player.paused();
    const rate = this.userRate(player, reference.video);
    // The server stamps the report a little later; where the player will be by then is what it should store.
    const delay = this.stampDelay.valueOr(this.deps.oneWayDelayMs());
    const transit = playing ? (delay / 1000) * rate : 0;
    const sentAt = this.deps.serverNow();
    this.reporting = true;
    this.startedOnce = true;
    const position = Math.max(0, player.currentTime() + transit);
    // The room as this report leaves it, once committed (its state comes after the answer).
    const committed: CurrentVideo = {
      ...reference.video,
      playing,
      current_time: position,
      rate,
      updated_at: sentAt + delay,
    };
    void this.deps.report({ id: this.deps.videoId, playing, position, rate, version: basedOn }).then((outcome) => {
      this.reporting = false;
      const queued = this.queued;
      this.queued = null;
      this.unheard =
        outcome === 'unheard' ? { basis: queued === 'change' || basedOn === undefined ? undefined : basedOn } : null;
      if (typeof outcome === 'number') {
        this.awaitVersion = Math.max(this.awaitVersion, outcome);
        this.stampDelay.committed(outcome, sentAt);
      }
      if (this.player !== player || this.unheard) return;
      if (queued !== null && this.sendQueued(queued, outcome, committed)) return;
      this.sync('state');
    });
  }

  /**
   * R31, R106: what came up while a report was out. Committed, that report is the room now: the queued state is
   * judged against it (the same pause twice is one pause), and a re-anchor names its version. Refused, the room
   * moved on: the user's change still stands, a re-anchor of the player is dropped and the player follows the room.
   */
  private sendQueued(queued: 'change' | 'reanchor', outcome: ReportOutcome, committed: CurrentVideo): boolean {
    if (typeof outcome === 'number') {
      const due = queued === 'change' ? this.hostDiffers(undefined, committed) : this.reanchorDue(undefined, committed);
      if (due) this.sendReport(queued === 'change' ? undefined : outcome);
      return due;
    }
    if (queued === 'reanchor' || !this.hostDiffers()) return false;
    this.sendReport(undefined);
    return true;
  }
}
