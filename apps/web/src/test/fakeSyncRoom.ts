import {
  type CurrentVideo,
  type PlayerKind,
  RATE_CHANGE_STALL_SECONDS,
  YOUTUBE_SEEK_SETTLE_MS,
} from '@xemchung/protocol';
import { PlaybackSync } from '../features/player/sync/playbackSync.ts';
import type { ReportOutcome } from '../features/player/sync/reportState.ts';
import type { ControllerReport, SyncReference } from '../features/player/sync/syncDeps.ts';
import type { PlayerAdapter, PlayerEvent } from '../features/player/types.ts';

/** A player whose clock the test moves; it records what the controller asked of it. */
export class FakePlayer implements PlayerAdapter {
  time = 0;
  isPaused = true;
  playbackRate = 1;
  isMuted = true;
  length: number | null = 120;
  seeks: number[] = [];
  playCalls = 0;
  refusePlay = false;
  readonly kind: PlayerKind;
  /** YouTube's fixed rates (getAvailablePlaybackRates); HTML5 media takes any. */
  availableRates?: () => readonly number[];
  /** HTML5 media's readiness to play from where it stands (R122); absent: the player does not tell. */
  canPlay?: () => boolean;
  /** HTML5 media: whether it has the media at a position buffered (R132); absent: the player does not tell. */
  buffersAt?: (seconds: number) => boolean;
  /** Every rate the controller set, in order. */
  rateCalls: number[] = [];

  constructor(kind: PlayerKind = 'media') {
    this.kind = kind;
    if (kind === 'youtube') this.availableRates = () => [0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2];
  }

  currentTime = () => this.time;
  duration = () => this.length;
  paused = () => this.isPaused;
  rate = () => this.playbackRate;
  muted = () => this.isMuted;
  setMuted = (muted: boolean) => {
    this.isMuted = muted;
  };
  play = () => {
    this.playCalls += 1;
    if (this.refusePlay) return Promise.reject(new DOMException('no sound without a gesture', 'NotAllowedError'));
    this.isPaused = false;
    return Promise.resolve();
  };
  pause = () => {
    this.isPaused = true;
  };
  seek = (seconds: number) => {
    this.seeks.push(seconds);
    this.time = seconds;
  };
  setRate = (rate: number) => {
    this.rateCalls.push(rate);
    this.playbackRate = rate;
    // Chromium's player stands still a moment at each rate change; only the YouTube controller plans for it
    // (the HTML5 one re-judges every tick).
    if (this.kind === 'youtube') this.time -= RATE_CHANGE_STALL_SECONDS;
  };

  /** Plays on for `ms` of wall time. */
  advance(ms: number) {
    if (!this.isPaused) this.time += (ms / 1000) * this.playbackRate;
  }
}

export const VIDEO = 'm_aaaaaaaaaaaaaaaaaaaaaa';
export const T0 = 1_800_000_000_000;

export interface SyncRoomOptions {
  /** Whether the sync starts as a controller (the host or a co-host). */
  isController?: boolean;
  kind?: PlayerKind;
  serverNow?: () => number;
  /** When the page joined the room (server ms); a minute before T0 unless said. */
  joinedAt?: number | null;
}

/**
 * One player's sync against a room the test plays: the server and local clocks, the player and the timers move
 * only when the test says so, and the controller's reports wait for the test's answer.
 */
export function syncRoom(options: SyncRoomOptions = {}) {
  let serverNow = T0;
  let hidden = false;
  const browserPauses: boolean[] = [];
  let localNow = 1000;
  let reference: SyncReference | null = {
    version: 5,
    video: { id: VIDEO, index: 0, playing: true, current_time: 10, updated_at: T0, rate: 1 },
  };
  const reports: ControllerReport[] = [];
  const ends: string[] = [];
  /** Every `playback:ready` the sync sent (R122), as `id@startsAt`. */
  const readies: string[] = [];
  let refused = 0;
  let endHeard = true;
  let answerReport: (outcome: ReportOutcome) => void = () => {};
  let timers: { at: number; run: () => void }[] = [];
  const player = new FakePlayer(options.kind);
  const step = (ms: number) => {
    serverNow += ms;
    localNow += ms;
    player.advance(ms);
  };
  const sync = new PlaybackSync({
    videoId: VIDEO,
    isController: options.isController ?? false,
    reference: () => reference,
    joinedAt: () => (options.joinedAt === undefined ? T0 - 60_000 : options.joinedAt),
    serverNow: options.serverNow ?? (() => serverNow),
    now: () => localNow,
    later: (ms, run) => {
      const timer = { at: localNow + ms, run };
      timers.push(timer);
      return () => {
        timers = timers.filter((other) => other !== timer);
      };
    },
    oneWayDelayMs: () => 0,
    report: (report) => {
      reports.push(report);
      return new Promise((resolve) => {
        answerReport = resolve;
      });
    },
    ended: async (id) => {
      ends.push(id);
      return endHeard;
    },
    ready: async (id, startsAt) => {
      readies.push(`${id}@${startsAt}`);
      return true;
    },
    onPlayRefused: () => {
      refused += 1;
    },
    hidden: () => hidden,
    onBrowserPause: (paused) => {
      browserPauses.push(paused);
    },
  });
  sync.attach(player);
  return {
    sync,
    player,
    reports,
    ends,
    readies,
    /** The test's server clock now (ms). */
    serverNow: () => serverNow,
    refused: () => refused,
    /** What the sync told the page about a pause by the browser (R88), in order. */
    browserPauses,
    /** The page is hidden or shown (a background tab); showing it tells the sync as the page's listener does. */
    setHidden(value: boolean) {
      hidden = value;
      if (!value) sync.shown();
    },
    /** The room's position on the test's server clock (s). */
    expected() {
      const video = reference?.video;
      if (!video) return 0;
      return video.current_time + (video.playing ? ((serverNow - video.updated_at) / 1000) * video.rate : 0);
    },
    /** Whether the room hears the next `playback:ended` (false: the socket is down). */
    endHeard(heard: boolean) {
      endHeard = heard;
    },
    /** Wall time passes for the server, the local clock and the player alike; timers fire on time. */
    elapse(ms: number) {
      const end = localNow + ms;
      for (;;) {
        const next = timers.filter((timer) => timer.at <= end).sort((a, b) => a.at - b.at)[0];
        if (!next) break;
        step(next.at - localNow);
        timers = timers.filter((timer) => timer !== next);
        next.run();
      }
      step(end - localNow);
    },
    /** The page is busy for `ms`: the clocks and the player move on, and its timers wait for the next elapse. */
    busy(ms: number) {
      step(ms);
    },
    /** Timers still waiting. */
    pendingTimers: () => timers.length,
    setReference(version: number, video: Partial<CurrentVideo>) {
      const current = reference?.video ?? {
        id: VIDEO,
        index: 0,
        playing: true,
        current_time: 0,
        updated_at: 0,
        rate: 1,
      };
      reference = { version, video: { ...current, ...video, updated_at: video.updated_at ?? serverNow } };
      sync.onState();
    },
    answerReport: async (outcome: ReportOutcome) => {
      answerReport(outcome);
      await Promise.resolve();
      await Promise.resolve();
    },
    event(event: PlayerEvent) {
      sync.handle(event);
    },
  };
}

/** Lets the promises the sync is waiting on settle (a play(), an answer to an end). */
export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The rates the sync set, to the micro-unit (nudges are sums of floating-point offsets). */
export const rates = (room: { player: FakePlayer }) => room.player.rateCalls.map((rate) => Number(rate.toFixed(6)));

export type SyncRoom = ReturnType<typeof syncRoom>;

/** A YouTube follower that joined (one seek, settled) and plays in step with the room. */
export async function youtubeFollower() {
  const room = syncRoom({ kind: 'youtube' });
  room.event('ready');
  await flush();
  room.elapse(YOUTUBE_SEEK_SETTLE_MS);
  return room;
}

/** A follower playing in step: joined, seeked, started. */
export async function playingFollower(options: SyncRoomOptions = {}) {
  const room = syncRoom(options);
  room.event('ready');
  await flush();
  room.event('seeked');
  return room;
}

/** A controller whose player plays at 10 s, in step with the room (version 5). */
export async function playingController(kind: PlayerKind = 'media') {
  const room = syncRoom({ isController: true, kind });
  room.setReference(5, { playing: true, current_time: 10 });
  room.player.time = 10;
  room.player.isPaused = false;
  room.event('ready');
  await flush();
  return room;
}
