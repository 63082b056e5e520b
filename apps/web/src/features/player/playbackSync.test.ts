import {
  ClockOffsetEstimator,
  type CurrentVideo,
  HOST_REPORT_THRESHOLD_SECONDS,
  type PlayerKind,
  RATE_CHANGE_STALL_SECONDS,
  SYNC_DEADBAND_SECONDS,
  YOUTUBE_HOST_RECHECK_MS,
  YOUTUBE_RATE_SETTLE_MS,
  YOUTUBE_SEEK_SETTLE_MS,
} from '@xemchung/protocol';
import { describe, expect, it } from 'vitest';
import { PlaybackSync } from './playbackSync.ts';
import type { HostReport, PlayerAdapter, PlayerEvent, ReportOutcome, SyncReference } from './types.ts';

/** A player whose clock the test moves; it records what the controller asked of it. */
class FakePlayer implements PlayerAdapter {
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

const VIDEO = 'm_aaaaaaaaaaaaaaaaaaaaaa';
const T0 = 1_800_000_000_000;

function setup(options: { isHost?: boolean; kind?: PlayerKind; serverNow?: () => number } = {}) {
  let serverNow = T0;
  let hidden = false;
  const browserPauses: boolean[] = [];
  let localNow = 1000;
  let reference: SyncReference | null = {
    version: 5,
    video: { id: VIDEO, index: 0, playing: true, current_time: 10, updated_at: T0, rate: 1 },
  };
  const reports: HostReport[] = [];
  const ends: string[] = [];
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
    isController: options.isHost ?? false,
    reference: () => reference,
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

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The rates the controller set, to the micro-unit (nudges are sums of floating-point offsets). */
const rates = (room: { player: FakePlayer }) => room.player.rateCalls.map((rate) => Number(rate.toFixed(6)));

describe('PlaybackSync as a follower (R30)', () => {
  it('lands where the room is when it joins late, and plays', async () => {
    const room = setup();
    room.elapse(7000); // the room has been playing for 7 s since its reference
    room.event('ready');
    expect(room.player.seeks).toEqual([17]);
    expect(room.player.playCalls).toBe(1);
    await flush();
    expect(room.player.paused()).toBe(false);
  });

  it('does nothing inside the dead band and restores the room rate', async () => {
    const room = setup();
    room.event('ready');
    await flush();
    room.event('seeked');
    room.player.time = 10 + SYNC_DEADBAND_SECONDS / 2;
    room.player.playbackRate = 1.1;
    room.sync.tick();
    expect(room.player.playbackRate).toBe(1);
    expect(room.player.seeks).toEqual([10]);
  });

  it('nudges its rate for a small error, then returns to the room rate once caught up', async () => {
    const room = setup();
    room.event('ready');
    await flush();
    room.event('seeked');
    room.player.time -= 0.08; // 80 ms behind
    room.sync.tick();
    expect(room.player.playbackRate).toBeGreaterThan(1);
    expect(room.player.seeks).toHaveLength(1);
    for (let tick = 0; tick < 6; tick++) {
      room.elapse(250);
      room.sync.tick();
    }
    const error = 10 + 1.5 - room.player.time;
    expect(Math.abs(error)).toBeLessThan(SYNC_DEADBAND_SECONDS);
    expect(room.player.playbackRate).toBe(1);
  });

  it('R94: ends a nudge on a timer once what is left closes before the next tick; hidden, per tick', async () => {
    const room = setup();
    room.event('ready');
    await flush();
    room.event('seeked');
    room.player.time += 0.03; // 30 ms ahead: the stretch's start does most of it, a short timed hold the rest
    room.sync.tick();
    expect(rates(room)).toEqual([0.925]);
    expect(room.pendingTimers()).toBe(1);
    room.elapse(100);
    expect(rates(room)).toEqual([0.925]);
    room.elapse(10);
    expect(rates(room)).toEqual([0.925, 1]);

    const hidden = setup();
    hidden.event('ready');
    await flush();
    hidden.event('seeked');
    hidden.setHidden(true);
    hidden.player.time += 0.03;
    hidden.sync.tick();
    expect(rates(hidden)).toEqual([0.925]);
    expect(hidden.pendingTimers()).toBe(0); // a hidden page's timers are throttled: the next tick decides
  });

  it('R94: carries a nudge under way into the dead band at the rate it has, and ends it on a timer', async () => {
    const room = setup();
    room.event('ready');
    await flush();
    room.event('seeked');
    room.player.time -= 0.06; // 60 ms behind: R29's rate, 1.15, held past the next tick
    room.sync.tick();
    expect(rates(room)).toEqual([1.15]);
    expect(room.pendingTimers()).toBe(0);
    room.elapse(250);
    room.sync.tick(); // 22.5 ms behind: the same rate, no change to pay for, ended on a timer
    expect(rates(room)).toEqual([1.15]);
    expect(room.pendingTimers()).toBe(1);
    room.elapse(250);
    expect(rates(room)).toEqual([1.15, 1]);
  });

  it('seeks for a large error, aiming ahead by the seek time it measured on a running player', async () => {
    const room = setup();
    room.event('ready');
    await flush();
    room.elapse(400); // the seek before the start took long: it includes the start, so it is not timed
    room.event('seeked');
    room.player.time = 30; // far off, while playing
    room.sync.tick();
    expect(room.player.seeks.at(-1)).toBeCloseTo(10.4, 5);
    room.player.isPaused = true; // a seek stalls the player for 120 ms
    room.elapse(120);
    room.player.isPaused = false;
    room.event('seeked');
    room.player.time = 50;
    room.sync.tick();
    expect(room.player.seeks.at(-1)).toBeCloseTo(10.52 + 0.12, 5);
  });

  it('waits for a seek to finish before judging again', async () => {
    const room = setup();
    room.event('ready');
    await flush();
    room.player.time = 50;
    room.sync.tick();
    expect(room.player.seeks).toHaveLength(1); // the first seek is still in flight
    room.event('seeked');
    room.sync.tick();
    expect(room.player.seeks).toHaveLength(2);
  });

  it('pauses with the room and stands exactly on its position', async () => {
    const room = setup();
    room.event('ready');
    await flush();
    room.event('seeked');
    room.elapse(2000);
    room.setReference(6, { playing: false, current_time: 11.95 });
    expect(room.player.paused()).toBe(true);
    expect(room.player.seeks.at(-1)).toBe(11.95);
  });

  it('follows a rate change of the room', async () => {
    const room = setup();
    room.event('ready');
    await flush();
    room.event('seeked');
    room.setReference(6, { current_time: 10, rate: 1.5 });
    expect(room.player.playbackRate).toBe(1.5);
  });

  it('asks to be muted when the browser refuses to start with sound, and retries on the next tick', async () => {
    const room = setup();
    room.player.refusePlay = true;
    room.event('ready');
    await flush();
    expect(room.refused()).toBe(1);
    room.player.refusePlay = false;
    room.event('seeked');
    room.sync.tick();
    await flush();
    expect(room.player.paused()).toBe(false);
  });

  it('does not restart a video it has finished while the room is at its end too', async () => {
    const room = setup();
    room.player.length = 12;
    room.event('ready');
    await flush();
    room.event('seeked');
    room.elapse(2000);
    room.player.isPaused = true; // ended
    room.sync.tick();
    expect(room.player.playCalls).toBe(1);
  });

  /** A YouTube follower that joined (one seek, settled) and plays in step with the room. */
  async function youtubeFollower() {
    const room = setup({ kind: 'youtube' });
    room.event('ready');
    await flush();
    room.elapse(YOUTUBE_SEEK_SETTLE_MS);
    return room;
  }

  it('holds a fixed YouTube rate for as long as the gap takes, through ticks, then the room rate (R80, R81)', async () => {
    const room = await youtubeFollower();
    const expected = room.player.time;
    room.player.time -= 0.1;
    room.sync.tick();
    expect(room.player.playbackRate).toBe(1.25);
    // Held for the gap plus the two changes' stalls: (0.1 + 0.021) / 0.25 = 0.484 s.
    room.elapse(250);
    room.sync.tick(); // a tick does not cut the nudge short
    expect(room.player.playbackRate).toBe(1.25);
    room.elapse(233);
    expect(room.player.playbackRate).toBe(1.25);
    room.elapse(1);
    expect(room.player.playbackRate).toBe(1);
    expect(room.player.time).toBeCloseTo(expected + 0.484, 9);
    expect(room.player.seeks).toHaveLength(1);
    // Past its threshold it seeks.
    room.player.time -= 0.6;
    room.sync.tick();
    expect(room.player.seeks).toHaveLength(2);
  });

  it('sends the end of a nudge even while YouTube still reports the rate it leaves (R81)', async () => {
    const room = await youtubeFollower();
    room.player.time += 0.1;
    room.sync.tick();
    expect(room.player.rateCalls).toEqual([0.75]);
    // getPlaybackRate() is the player's last report: the change has not come back yet.
    room.player.playbackRate = 1;
    room.elapse(400);
    expect(room.player.rateCalls).toEqual([0.75, 1]);
  });

  it('ends a YouTube nudge early when the room changes under it (R81)', async () => {
    const room = await youtubeFollower();
    room.player.time -= 0.3;
    room.sync.tick();
    expect(room.player.playbackRate).toBe(1.5);
    room.setReference(6, { playing: false, current_time: room.player.time });
    expect(room.player.playbackRate).toBe(1);
    expect(room.player.isPaused).toBe(true);
    expect(room.pendingTimers()).toBe(0);
  });

  it("times a YouTube seek to the player's next state, aims the next one ahead by it, judges at once (R81)", async () => {
    const room = await youtubeFollower();
    room.elapse(10_000); // out of the storm window of the join's seek
    room.player.time -= 1;
    room.sync.tick();
    expect(room.player.seeks).toHaveLength(2);
    const target = room.player.seeks[1] as number;
    room.elapse(400);
    room.player.time = target + 0.25; // stood still for 0.15 s of the 0.4, landed on a coarse boundary
    room.event('seeked'); // the adapter's stand-in: the first PLAYING after its seek
    // Judged at once: 0.15 s behind is nudged, not left for the next tick.
    expect(room.player.playbackRate).toBe(1.25);
    room.elapse(10_000);
    room.player.time -= 2;
    const expected = room.player.time + 2;
    room.sync.tick();
    expect(room.player.seeks).toHaveLength(3);
    expect(room.player.seeks[2]).toBeCloseTo(expected + 0.4, 9);
  });

  it('makes at most two corrective YouTube seeks in 10 s, but follows the room at once (R82)', async () => {
    const room = await youtubeFollower(); // the join's seek is the first
    room.player.time -= 1;
    room.sync.tick();
    expect(room.player.seeks).toHaveLength(2);
    room.elapse(YOUTUBE_SEEK_SETTLE_MS);
    room.player.time -= 1;
    room.sync.tick();
    room.elapse(250);
    room.sync.tick();
    expect(room.player.seeks).toHaveLength(2);
    room.setReference(6, { playing: true, current_time: 60 });
    expect(room.player.seeks).toEqual([10, expect.any(Number), 60]);
    room.elapse(10_000 - YOUTUBE_SEEK_SETTLE_MS);
    room.player.time -= 1;
    room.sync.tick();
    expect(room.player.seeks).toHaveLength(4);
  });

  it('leaves a paused YouTube player within 250 ms where it is (R80)', async () => {
    const room = await youtubeFollower();
    room.setReference(6, { playing: false, current_time: 20 });
    expect(room.player.isPaused).toBe(true);
    expect(room.player.seeks).toHaveLength(2);
    room.player.time = 20.2;
    room.elapse(10_000); // settled, and out of the storm window (R82)
    room.sync.tick();
    expect(room.player.seeks).toHaveLength(2);
    room.player.time = 20.3;
    room.sync.tick();
    expect(room.player.seeks).toHaveLength(3);
  });

  it("waits for the host's re-anchor after the room's rate changes, but still seeks far off (R92)", async () => {
    const room = await youtubeFollower();
    room.setReference(6, { playing: true, current_time: room.player.time, rate: 1.5 });
    expect(room.player.rateCalls).toEqual([1.5]);
    // Its media clock ran at the old rate a moment, as the host's did: 65 ms behind the anchor, with the host.
    room.player.time -= 0.065;
    room.elapse(250);
    room.sync.tick();
    room.elapse(250);
    room.sync.tick();
    expect(room.player.rateCalls).toEqual([1.5]);
    // The host's re-anchor: the follower was in step with it all along.
    room.setReference(7, { playing: true, current_time: room.player.time, rate: 1.5 });
    room.elapse(YOUTUBE_RATE_SETTLE_MS);
    room.sync.tick();
    expect(room.player.rateCalls).toEqual([1.5]);
    // A gap with no re-anchor is nudged once the new rate has settled.
    room.player.time -= 0.065;
    room.sync.tick();
    expect(room.player.rateCalls).toEqual([1.5, 1.75]);
  });

  it('seeks while the new rate settles when it is far off (R92)', async () => {
    const room = await youtubeFollower();
    room.elapse(10_000); // out of the storm window of the join's seek (R82)
    room.setReference(6, { playing: true, current_time: room.player.time, rate: 1.5 });
    room.player.time -= 0.6;
    room.elapse(250);
    room.sync.tick();
    expect(room.player.seeks).toHaveLength(2);
  });

  it('never nudges as a YouTube host: its player is the reference (R81)', async () => {
    const room = setup({ isHost: true, kind: 'youtube' });
    room.player.time = 10;
    room.player.isPaused = false;
    room.event('ready');
    await flush();
    room.player.time -= 0.05;
    room.sync.tick();
    expect(room.player.rateCalls).toEqual([]);
    expect(room.reports).toEqual([]);
  });

  it('mutes and starts again on the next check when the browser blocks a start with sound (R33)', async () => {
    const room = setup({ kind: 'youtube' });
    room.event('ready');
    await flush();
    expect(room.player.playCalls).toBe(1);
    // The YouTube player accepts playVideo() and tells afterwards that the browser blocked it.
    room.player.isPaused = true;
    room.event('blocked');
    expect(room.refused()).toBe(1);
    room.elapse(YOUTUBE_SEEK_SETTLE_MS); // the IFrame player settles after the seek it joined with
    room.sync.tick();
    expect(room.player.playCalls).toBe(2);
  });

  it.each(['media', 'youtube'] as const)(
    'starts over from 0 when the room loops the %s item it has finished: same id, a newer updated_at (R63, R10)',
    async (kind) => {
      const room = setup({ kind });
      room.player.length = 12;
      room.event('ready');
      await flush();
      room.event('seeked');
      room.elapse(2000); // plays to the end, where the player stops by itself
      room.player.time = 12;
      room.player.isPaused = true;
      room.event('pause');
      room.event('ended');
      room.elapse(YOUTUBE_SEEK_SETTLE_MS);
      room.sync.tick();
      const plays = room.player.playCalls;
      // The host's player ended too; with the loop on 'one' the server selects the same item again.
      room.setReference(6, { playing: true, current_time: 0 });
      expect(room.player.seeks.at(-1)).toBeCloseTo(0, 1);
      expect(room.player.playCalls).toBe(plays + 1);
      await flush();
      expect(room.player.paused()).toBe(false);
      room.event('seeked');
      room.event('playing');
      room.elapse(1000);
      room.sync.tick();
      expect(room.player.time).toBeCloseTo(room.expected(), 1);
      expect(room.expected()).toBeCloseTo(1, 1);
      expect(room.reports).toEqual([]);
    },
  );

  it('starts the looped item once a YouTube seek from the end lands, though it still reads the end meanwhile (R63, R81)', async () => {
    const room = setup({ kind: 'youtube' });
    room.player.length = 12;
    room.event('ready');
    await flush();
    room.event('seeked');
    room.elapse(2000);
    room.player.time = 12;
    room.player.isPaused = true;
    room.event('ended');
    room.elapse(YOUTUBE_SEEK_SETTLE_MS);
    // seekTo is asynchronous: getCurrentTime() reads the end until the player's next state.
    const targets: number[] = [];
    room.player.seek = (seconds) => targets.push(seconds);
    room.setReference(6, { playing: true, current_time: 0 });
    expect(targets).toEqual([0]);
    room.elapse(300);
    room.player.time = 0;
    room.event('seeked'); // PAUSED at 0, where the seek landed
    await flush();
    expect(room.player.paused()).toBe(false);
    room.elapse(1000);
    room.sync.tick();
    // Started as the seek landed, 0.3 s behind the room: a nudge's worth, no second seek.
    expect(room.expected() - room.player.time).toBeLessThan(0.5);
    expect(targets).toEqual([0]);
  });

  it('sends nothing to the room, whatever its player does', async () => {
    const room = setup();
    room.event('ready');
    await flush();
    room.player.isPaused = true;
    room.event('pause');
    room.event('ended');
    room.event('error');
    room.sync.heartbeat();
    expect(room.reports).toEqual([]);
    expect(room.ends).toEqual([]);
  });
});

describe('PlaybackSync as the host (R31, R32)', () => {
  /** A host whose player plays at 10 s, in step with the room (version 5). */
  async function playingHost(kind: PlayerKind = 'media') {
    const room = setup({ isHost: true, kind });
    room.setReference(5, { playing: true, current_time: 10 });
    room.player.time = 10;
    room.player.isPaused = false;
    room.event('ready');
    await flush();
    return room;
  }

  it('reports a pause by the user, and does not apply states older than its report', async () => {
    const room = await playingHost();
    room.elapse(1000);
    room.player.pause();
    room.event('pause');
    expect(room.reports).toEqual([{ id: VIDEO, playing: false, position: 11, rate: 1 }]);
    // A heartbeat state from before the pause arrives meanwhile: it must not restart the player.
    room.setReference(6, { playing: true, current_time: 10.9 });
    expect(room.player.paused()).toBe(true);
    await room.answerReport(7);
    room.sync.tick();
    expect(room.player.paused()).toBe(true);
    room.setReference(7, { playing: false, current_time: 11 });
    expect(room.player.paused()).toBe(true);
    expect(room.reports).toHaveLength(1);
  });

  it('goes back to the room when the room refuses its report', async () => {
    const room = await playingHost();
    room.player.pause();
    room.event('pause');
    await room.answerReport('refused');
    expect(room.player.paused()).toBe(false);
  });

  it('keeps a pause made while the room could not hear it, and reports it once the room hears again (R27)', async () => {
    const room = await playingHost();
    room.elapse(1000);
    room.player.pause();
    room.event('pause');
    await room.answerReport('unheard');
    expect(room.player.paused()).toBe(true);
    // Ticks while the connection is down: each tries again, none undoes the pause.
    room.sync.tick();
    await room.answerReport('unheard');
    room.sync.tick();
    await room.answerReport('unheard');
    expect(room.player.paused()).toBe(true);
    expect(room.reports).toHaveLength(3);
    expect(room.reports.at(-1)).toMatchObject({ playing: false, position: 11 });
    // Back: the re-join's snapshot (still playing) does not restart it; it is reported again and heard.
    room.setReference(5, { playing: true, current_time: 10, updated_at: T0 });
    expect(room.player.paused()).toBe(true);
    expect(room.reports).toHaveLength(4);
    await room.answerReport(8);
    room.setReference(8, { playing: false, current_time: 11 });
    room.sync.tick();
    expect(room.player.paused()).toBe(true);
    expect(room.reports).toHaveLength(4);
  });

  it('reports a seek and a rate change by the user, but not its own nudges', async () => {
    const room = await playingHost();
    room.player.time = 40;
    room.event('seeked');
    expect(room.reports.at(-1)).toMatchObject({ playing: true, position: 40 });
    await room.answerReport(6);
    room.setReference(6, { current_time: 40 });
    room.player.time = 40 - 0.06; // a small drift: nudged, not reported
    room.sync.tick();
    expect(room.player.playbackRate).toBeGreaterThan(1);
    room.event('ratechange');
    expect(room.reports).toHaveLength(1);
    room.player.playbackRate = 1.5; // the user's choice
    room.event('ratechange');
    expect(room.reports.at(-1)).toMatchObject({ rate: 1.5 });
  });

  it('sends at most one report at a time and then the latest state', async () => {
    const room = await playingHost();
    room.player.time = 20;
    room.event('seeked');
    room.player.time = 30;
    room.event('seeked');
    room.player.time = 35;
    room.event('seeked');
    expect(room.reports).toHaveLength(1);
    await room.answerReport(6);
    expect(room.reports).toHaveLength(2);
    expect(room.reports[1]).toMatchObject({ position: 35 });
  });

  it('reports when its own player drifts away (a stall), beyond the report threshold', async () => {
    const room = await playingHost();
    room.elapse(1000);
    room.player.time -= HOST_REPORT_THRESHOLD_SECONDS + 0.2; // stood still for a while
    room.sync.tick();
    expect(room.reports).toHaveLength(1);
  });

  it('as a YouTube host, re-anchors the room beyond the dead band once its player has played a moment (R83)', async () => {
    const room = await playingHost('youtube');
    // A seek in YouTube's own controls landed 60 ms short of where the room thinks: under the report threshold.
    room.player.time -= 0.06;
    room.event('playing');
    expect(room.reports).toEqual([]);
    room.elapse(YOUTUBE_HOST_RECHECK_MS - 1);
    expect(room.reports).toEqual([]);
    room.elapse(1);
    expect(room.reports).toHaveLength(1);
    expect(room.reports[0]?.position).toBeCloseTo(10 - 0.06 + YOUTUBE_HOST_RECHECK_MS / 1000, 9);
    // In step (inside the dead band), the re-check sends nothing.
    await room.answerReport(6);
    room.setReference(6, { playing: true, current_time: room.player.time });
    room.event('playing');
    room.elapse(YOUTUBE_HOST_RECHECK_MS);
    expect(room.reports).toHaveLength(1);
  });

  it("as a YouTube host, re-anchors the room once its player runs at the user's new rate (R92)", async () => {
    const room = await playingHost('youtube');
    room.player.playbackRate = 1.5; // the user's choice in YouTube's menu
    room.event('ratechange');
    expect(room.reports).toEqual([{ id: VIDEO, playing: true, position: 10, rate: 1.5 }]);
    await room.answerReport(6);
    room.setReference(6, { playing: true, current_time: 10, rate: 1.5 });
    // Its media clock ran at the old rate for a moment: 65 ms behind the anchor it just sent, under R31's threshold.
    room.player.time -= 0.065;
    room.elapse(YOUTUBE_HOST_RECHECK_MS - 1);
    expect(room.reports).toHaveLength(1);
    room.elapse(1);
    expect(room.reports).toHaveLength(2);
    expect(room.reports[1]?.position).toBeCloseTo(room.player.time, 9);
    expect(room.reports[1]?.position).toBeLessThan(room.expected() - 0.05);
  });

  it('does not re-check after a rate change it made to follow the room (R92)', async () => {
    const room = await playingHost('youtube');
    room.setReference(6, { playing: true, current_time: 10, rate: 1.5 }); // another controller's change
    expect(room.player.rateCalls).toEqual([1.5]);
    room.event('ratechange');
    room.player.time -= 0.065;
    room.elapse(YOUTUBE_HOST_RECHECK_MS);
    expect(room.reports).toEqual([]);
  });

  it('as an HTML5 host, keeps the report threshold after it starts playing (R31)', async () => {
    const room = await playingHost();
    room.player.time -= 0.06;
    room.event('playing');
    room.elapse(YOUTUBE_HOST_RECHECK_MS);
    expect(room.reports).toEqual([]);
  });

  it('re-anchors the room on its player every heartbeat while playing', async () => {
    const room = await playingHost();
    room.elapse(5000);
    room.sync.heartbeat();
    // R93: made against the room's version 5, so the room refuses it if it moved on meanwhile.
    expect(room.reports).toEqual([{ id: VIDEO, playing: true, position: 15, rate: 1, version: 5 }]);
  });

  it("names no version on a user's change, and a heartbeat adds nothing while a report is out (R93)", async () => {
    const room = await playingHost();
    room.player.pause();
    room.event('pause');
    room.sync.heartbeat();
    expect(room.reports).toEqual([{ id: VIDEO, playing: false, position: 10, rate: 1 }]);
    await room.answerReport(6);
    expect(room.reports).toHaveLength(1);
  });

  it('goes back to the room when its stale re-anchor is refused (another tab paused meanwhile, R93)', async () => {
    const room = await playingHost();
    room.elapse(5000);
    room.sync.heartbeat();
    expect(room.reports[0]).toMatchObject({ playing: true, version: 5 });
    // The other tab's pause committed first (version 6); the room refuses the heartbeat made against 5.
    room.setReference(6, { playing: false, current_time: 15 });
    await room.answerReport('refused');
    expect(room.player.paused()).toBe(true);
    expect(room.reports).toHaveLength(1);
  });

  it('learns how late the server stamps its reports and reports where its player will be by then', async () => {
    const room = await playingHost();
    const sentAt = T0;
    room.sync.heartbeat();
    expect(room.reports[0]?.position).toBe(10);
    await room.answerReport(6);
    room.setReference(6, { playing: true, current_time: 10, updated_at: sentAt + 40 });
    room.elapse(5000);
    room.sync.heartbeat();
    expect(room.reports[1]?.position).toBeCloseTo(15 + 0.04, 6);
  });

  it('starts a freshly selected video from 0 and lets the room follow it', async () => {
    const room = setup({ isHost: true });
    room.setReference(5, { playing: true, current_time: 0 });
    room.elapse(900); // loading took 0.9 s
    room.event('ready');
    expect(room.player.seeks).toEqual([]);
    await flush();
    room.event('play');
    room.event('playing');
    expect(room.reports).toEqual([{ id: VIDEO, playing: true, position: 0, rate: 1 }]);
  });

  it('takes control in place when made co-host: no rewind of a freshly started video, then drives (R55)', async () => {
    // A follower that joined a video the host started from 0 a moment ago, and follows it.
    const room = setup();
    room.setReference(5, { playing: true, current_time: 0 });
    room.elapse(1200);
    room.event('ready');
    await flush();
    room.event('play');
    room.event('playing');
    room.elapse(1500);
    room.sync.setController(true);
    room.sync.tick();
    room.setReference(6, { playing: true, current_time: 2.7 });
    // Still in step: nothing to report, and above all not its own start as the room's position.
    expect(room.reports).toEqual([]);
    room.player.pause();
    room.event('pause');
    expect(room.reports).toEqual([{ id: VIDEO, playing: false, position: 2.7, rate: 1 }]);
    room.sync.setController(false);
    await room.answerReport(7);
    room.player.play();
    room.event('play');
    expect(room.reports).toHaveLength(1);
  });

  it('follows a change made elsewhere (its other tab) without reporting it back', async () => {
    const room = await playingHost();
    room.setReference(6, { playing: true, current_time: 80 });
    expect(room.player.time).toBe(80);
    room.event('seeked');
    expect(room.reports).toEqual([]);
    room.setReference(7, { playing: false, current_time: 81 });
    room.event('pause');
    room.event('seeked');
    expect(room.player.paused()).toBe(true);
    expect(room.reports).toEqual([]);
  });

  it('does not report the pause it made to follow the room, when the room plays again before it lands (R91)', async () => {
    const room = await playingHost();
    // An embedded player's pause lands a while after it is asked for (YouTube's postMessage, a busy page).
    let pauseAsked = 0;
    room.player.pause = () => {
      pauseAsked += 1;
    };
    room.elapse(1000);
    room.setReference(6, { playing: false, current_time: 11 }); // a co-host pauses
    expect(pauseAsked).toBe(1);
    room.elapse(200);
    room.setReference(7, { playing: true, current_time: 11 }); // and plays again
    room.elapse(300);
    room.player.isPaused = true; // the pause lands now
    room.event('pause');
    expect(room.reports).toEqual([]);
    expect(room.player.paused()).toBe(false); // back with the room, which plays
    // A pause by the user afterwards is the user's, and reported.
    room.elapse(1000);
    room.player.isPaused = true;
    room.event('pause');
    expect(room.reports).toHaveLength(1);
    expect(room.reports[0]?.playing).toBe(false);
  });

  it('reports the user’s pause when the pause it made for the room never produced an event (R91)', async () => {
    const room = await playingHost();
    room.player.pause = () => {}; // asked, but the player never pauses nor says so
    room.setReference(6, { playing: false, current_time: 10 });
    room.setReference(7, { playing: true, current_time: 10 });
    room.elapse(3000);
    room.player.isPaused = true; // the user pauses, long after
    room.event('pause');
    expect(room.reports.map((report) => report.playing)).toEqual([false]);
  });

  it('plays its item again from 0 when the room loops it after the end it sent (R63, R32)', async () => {
    // A host that started the freshly selected item itself, in step with the room.
    const room = setup({ isHost: true });
    room.player.length = 12;
    room.setReference(5, { playing: true, current_time: 0 });
    room.event('ready');
    await flush();
    room.event('play');
    room.event('playing');
    expect(room.reports).toEqual([]);
    room.elapse(12_000);
    room.player.time = 12;
    room.player.isPaused = true;
    room.event('pause');
    room.event('ended');
    expect(room.ends).toEqual([VIDEO]);
    await flush();
    const plays = room.player.playCalls;
    room.setReference(6, { playing: true, current_time: 0 }); // the server's select of the same item (loop 'one')
    expect(room.player.seeks.at(-1)).toBeCloseTo(0, 1);
    expect(room.player.playCalls).toBe(plays + 1);
    await flush();
    room.event('seeked');
    room.event('play');
    room.event('playing');
    expect(room.player.paused()).toBe(false);
    // Its own start of the room's state is not a change to report, and the end is not sent twice.
    expect(room.reports).toEqual([]);
    expect(room.ends).toEqual([VIDEO]);
    // The next end of the same item moves the room on again.
    room.player.time = 12;
    room.player.isPaused = true;
    room.event('ended');
    expect(room.ends).toEqual([VIDEO, VIDEO]);
  });

  it('R106: a pause by the user that a check sees before its event is reported, not undone', async () => {
    // A slowed tab: the media element is paused at once, its 'pause' event comes a task later, after a tick.
    const room = await playingHost();
    room.elapse(1000);
    const plays = room.player.playCalls;
    room.player.pause();
    room.sync.tick();
    expect(room.player.playCalls).toBe(plays);
    expect(room.player.paused()).toBe(true);
    expect(room.reports).toEqual([{ id: VIDEO, playing: false, position: 11, rate: 1 }]);
    room.event('pause'); // the event, late: already reported
    await room.answerReport(6);
    room.setReference(6, { playing: false, current_time: 11 });
    expect(room.reports).toHaveLength(1);
    expect(room.player.paused()).toBe(true);
  });

  it('R106: so is one that a new state (the other tab’s heartbeat) meets before its event', async () => {
    const room = await playingHost();
    room.elapse(1000);
    room.player.pause();
    room.setReference(6, { playing: true, current_time: 11 });
    expect(room.player.paused()).toBe(true);
    expect(room.reports.map((report) => report.playing)).toEqual([false]);
  });

  it('R106: a play by the user that a check sees before its event is reported, not paused again', async () => {
    const room = await playingHost();
    room.setReference(6, { playing: false, current_time: 10 }); // the other tab paused
    room.player.isPaused = true;
    room.event('pause'); // the pause it made for the room (R91)
    room.elapse(3000);
    void room.player.play(); // the user's play; its 'play' event comes after the next tick
    room.sync.tick();
    expect(room.player.paused()).toBe(false);
    expect(room.reports).toEqual([{ id: VIDEO, playing: true, position: 10, rate: 1 }]);
  });

  it('R106: a stall’s re-anchor names the room it saw, and follows the pause that refused it', async () => {
    const room = await playingHost();
    room.elapse(1000);
    room.player.time -= 0.3; // stood still 300 ms
    room.event('waiting');
    room.event('playing');
    expect(room.reports).toEqual([{ id: VIDEO, playing: true, position: 10.7, rate: 1, version: 5 }]);
    // The other tab's pause committed first; the room refuses the re-anchor made against 5 (R93).
    room.setReference(6, { playing: false, current_time: 11 });
    await room.answerReport('refused');
    expect(room.player.paused()).toBe(true);
    expect(room.reports).toHaveLength(1);
  });

  it('R106: a re-anchor queued behind a refused heartbeat is dropped, not sent as "playing"', async () => {
    const room = await playingHost();
    room.elapse(5000);
    room.sync.heartbeat();
    room.player.time -= 0.3; // a stall while the heartbeat is out
    room.event('playing');
    room.setReference(6, { playing: false, current_time: 15 }); // the other tab's pause, committed first
    await room.answerReport('refused');
    expect(room.reports).toHaveLength(1);
    expect(room.player.paused()).toBe(true);
    room.sync.tick();
    expect(room.reports).toHaveLength(1);
  });

  it('R106: what was queued behind a report is judged against what that report committed, and names it', async () => {
    const room = await playingHost();
    room.player.time = 40;
    room.event('seeked'); // the user's seek: a change, no version
    room.player.time = 39.7; // then a 300 ms stall while it is out
    room.event('playing');
    await room.answerReport(6);
    expect(room.reports).toEqual([
      { id: VIDEO, playing: true, position: 40, rate: 1 },
      { id: VIDEO, playing: true, position: 39.7, rate: 1, version: 6 },
    ]);
    // A pause made while a pause is out is the same pause: not sent twice (another tab may play meanwhile).
    await room.answerReport(7);
    room.setReference(7, { playing: true, current_time: 39.7 });
    room.player.pause();
    room.event('pause');
    room.event('pause');
    await room.answerReport(8);
    expect(room.reports).toHaveLength(3);
  });

  it('R106: an embedded player’s late play while the pause it was asked for has not landed is not reported', async () => {
    const room = await playingHost('youtube');
    let pauseAsked = 0;
    room.player.pause = () => {
      pauseAsked += 1; // YouTube's pause lands later, by postMessage
    };
    room.event('waiting');
    room.setReference(6, { playing: false, current_time: 10 }); // the other tab pauses
    expect(pauseAsked).toBe(1);
    room.event('play'); // the buffering it was in ends first
    room.event('playing');
    room.elapse(YOUTUBE_HOST_RECHECK_MS); // R83's re-check finds it "playing" against the paused room
    room.sync.tick();
    expect(room.reports).toEqual([]);
    room.player.isPaused = true;
    room.event('pause'); // the pause lands
    expect(room.reports).toEqual([]);
    expect(room.player.paused()).toBe(true);
  });

  it('moves the room on when its video ends or cannot play, once', async () => {
    const room = await playingHost();
    room.event('ended');
    room.event('ended');
    expect(room.ends).toEqual([VIDEO]);

    const lost = await playingHost();
    lost.endHeard(false);
    lost.player.time = 120;
    lost.player.isPaused = true;
    lost.event('ended');
    await flush();
    lost.endHeard(true);
    lost.sync.tick();
    expect(lost.ends).toEqual([VIDEO, VIDEO]); // told again once the room could hear it
    await flush();
    lost.sync.tick();
    expect(lost.ends).toHaveLength(2);

    const broken = setup({ isHost: true });
    broken.sync.detach(); // the YouTube API never loaded: no player at all
    broken.endHeard(false);
    broken.event('error');
    await flush();
    expect(broken.ends).toEqual([VIDEO]);
    broken.sync.tick(); // not heard: told again on the next tick, without a player or a duration
    await flush();
    expect(broken.ends).toEqual([VIDEO, VIDEO]);
    broken.endHeard(true);
    broken.sync.tick();
    await flush();
    broken.sync.tick();
    await flush();
    expect(broken.ends).toEqual([VIDEO, VIDEO, VIDEO]);
  });
});

describe('PlaybackSync in a hidden tab and on bad input (R85–R89)', () => {
  /** A follower playing in step: joined, seeked, started. */
  async function playingFollower(options: Parameters<typeof setup>[0] = {}) {
    const room = setup(options);
    room.event('ready');
    await flush();
    room.event('seeked');
    return room;
  }

  /** Ticks every `everyMs` for `forMs`, finishing each seek as a media element does; returns the seeks made. */
  function run(room: ReturnType<typeof setup>, forMs: number, everyMs: number, drift = 0): number {
    const before = room.player.seeks.length;
    for (let at = 0; at < forMs; at += everyMs) {
      room.elapse(everyMs);
      room.player.time += (everyMs / 1000) * drift;
      room.sync.tick();
      if (room.player.seeks.length > before) room.event('seeked');
    }
    return room.player.seeks.length - before;
  }

  it('R87: hidden 30 s with ticks throttled to 1 s, then shown: back within 100 ms at once, no seek storm', async () => {
    const room = await playingFollower();
    room.setHidden(true);
    // The browser runs the player 2 % slow while hidden (its video track suspended) and ticks once a second.
    const hiddenSeeks = run(room, 30_000, 1000, -0.02);
    room.player.time -= 0.6; // and it resumes the video track behind on showing the page
    const seeksBeforeShowing = room.player.seeks.length;
    room.setHidden(false);
    room.event('seeked');
    expect(Math.abs(room.expected() - room.player.time)).toBeLessThan(0.1); // the check on showing, not a tick later
    run(room, 10_000, 250);
    expect(room.player.seeks.length - seeksBeforeShowing).toBeLessThanOrEqual(2);
    expect(hiddenSeeks).toBeLessThanOrEqual(2);
    expect(Math.abs(room.expected() - room.player.time)).toBeLessThan(SYNC_DEADBAND_SECONDS);
    expect(room.browserPauses).toEqual([]);
  });

  it('R87: the check on showing nudges as after a normal tick, not as slowly as the 30 s gap would', async () => {
    const room = await playingFollower();
    room.sync.tick();
    room.setHidden(true);
    room.elapse(30_000); // a frozen page: no tick at all while hidden
    room.player.time -= 0.08;
    room.setHidden(false);
    // error / 0.4 s, not error / 45 s (1.5 × a 30 s interval).
    expect(room.player.playbackRate).toBeCloseTo(1 + 0.08 / 0.4, 2);
  });

  it('R88: a player the browser paused while hidden is left alone, says so, and one tap resumes it in step', async () => {
    const room = await playingFollower();
    room.setHidden(true);
    run(room, 5000, 1000);
    room.player.isPaused = true; // the browser pauses the background video
    room.event('pause');
    expect(room.browserPauses).toEqual([true]);
    const playCalls = room.player.playCalls;
    expect(run(room, 25_000, 1000)).toBe(0);
    room.setHidden(false);
    expect(run(room, 2000, 250)).toBe(0);
    expect(room.player.playCalls).toBe(playCalls); // no play() behind the viewer's back, hidden or not
    expect(room.reports).toEqual([]);
    room.sync.resumeAfterBrowserPause(); // the tap
    expect(room.player.playCalls).toBe(playCalls + 1);
    expect(room.player.seeks.at(-1)).toBeCloseTo(room.expected(), 3);
    room.event('seeked');
    await flush();
    room.event('playing');
    expect(room.browserPauses).toEqual([true, false]);
    expect(run(room, 10_000, 250)).toBe(0);
    expect(Math.abs(room.expected() - room.player.time)).toBeLessThan(0.1);
  });

  it('R88: the tap lands on the room’s position, not ahead by the lead its slow running seeks taught it', async () => {
    const room = await playingFollower();
    // A busy machine: a seek of the running player stalls it 450 ms, so later running seeks aim 450 ms ahead.
    room.player.time -= 1;
    room.sync.tick();
    room.player.isPaused = true;
    room.elapse(450);
    room.player.isPaused = false;
    room.event('seeked');
    room.setHidden(true);
    room.player.isPaused = true;
    room.event('pause');
    room.elapse(5000);
    room.setHidden(false);
    room.sync.resumeAfterBrowserPause();
    expect(room.player.seeks.at(-1)).toBeCloseTo(room.expected(), 3); // a paused player's seek is quick
    room.event('seeked'); // at once
    await flush();
    room.event('playing');
    expect(run(room, 10_000, 250)).toBe(0);
  });

  it('R88: a check that comes before the browser’s pause event does not restart the player either', async () => {
    const room = await playingFollower();
    room.sync.tick();
    room.setHidden(true);
    room.player.isPaused = true; // paused; its 'pause' event is still queued
    const playCalls = room.player.playCalls;
    room.elapse(250);
    room.sync.tick();
    expect(room.player.playCalls).toBe(playCalls);
    expect(room.browserPauses).toEqual([true]);
    room.event('pause');
    expect(room.browserPauses).toEqual([true]);
  });

  it('R88: a pause of the room meanwhile leaves nothing to resume', async () => {
    const room = await playingFollower();
    room.setHidden(true);
    room.player.isPaused = true;
    room.event('pause');
    room.setReference(6, { playing: false, current_time: 10.5 });
    expect(room.browserPauses).toEqual([true, false]);
    expect(room.player.seeks.at(-1)).toBe(10.5);
  });

  it('R88: only a hidden follower counts a pause as the browser’s; the room’s own pause and the end are not', async () => {
    const shown = await playingFollower();
    shown.player.isPaused = true;
    shown.event('pause');
    expect(shown.browserPauses).toEqual([]);
    const ended = await playingFollower();
    ended.player.length = 10.001;
    ended.setHidden(true);
    ended.player.isPaused = true;
    ended.event('pause');
    expect(ended.browserPauses).toEqual([]);
    const host = setup({ isHost: true });
    host.event('ready');
    host.setHidden(true);
    host.event('pause');
    expect(host.browserPauses).toEqual([]);
  });

  it('R85: the wall clock set 5 minutes forward then 3 back mid-play moves nothing (monotonic clock, re-estimate)', async () => {
    const local = { t: 0, wallShift: 0 };
    let server = T0;
    const estimator = new ClockOffsetEstimator({ now: () => local.t, wallNow: () => local.t + local.wallShift });
    const pingOnce = (upMs: number, downMs: number) => {
      const sentAt = estimator.localNow();
      estimator.record(sentAt, server + upMs, sentAt + upMs + downMs);
    };
    pingOnce(2, 2);
    estimator.checkJump();
    const room = await playingFollower({ serverNow: () => estimator.serverNow() });
    const seeksBefore = room.player.seeks.length;
    let seeks = 0;
    for (let step = 0; step < 40; step++) {
      local.t += 250;
      server += 250;
      room.elapse(250);
      if (step === 8) local.wallShift = 5 * 60_000;
      if (step === 24) local.wallShift = -3 * 60_000;
      // The page checks the wall clock every second and re-estimates with a few pings when it jumped.
      if (step % 4 === 0 && estimator.checkJump()) for (let i = 0; i < 3; i++) pingOnce(3, 4);
      room.sync.tick();
      seeks = room.player.seeks.length - seeksBefore;
    }
    expect(seeks).toBe(0);
    expect(Math.abs(room.expected() - room.player.time)).toBeLessThan(SYNC_DEADBAND_SECONDS);
  });

  it('R86: ping answers held back 3 s on the way back never move the player', async () => {
    const local = { t: 0 };
    let server = T0;
    const estimator = new ClockOffsetEstimator({ now: () => local.t });
    estimator.record(0, server + 2, 4); // one fast answer at the join
    const room = await playingFollower({ serverNow: () => estimator.serverNow() });
    const seeksBefore = room.player.seeks.length;
    for (let step = 0; step < 40; step++) {
      local.t += 250;
      server += 250;
      room.elapse(250);
      // Every second a ping comes back 3 s late: taken at face value it would put the clock 1.5 s behind.
      if (step % 4 === 0) estimator.record(local.t - 3005, server - 3000, local.t);
      room.sync.tick();
    }
    expect(room.player.seeks.length - seeksBefore).toBe(0);
    expect(Math.abs(room.expected() - room.player.time)).toBeLessThan(SYNC_DEADBAND_SECONDS);
  });

  it('R89: a new player starts even though the one before never finished starting (it never loaded)', async () => {
    const room = setup();
    room.player.play = () => {
      room.player.playCalls += 1;
      return new Promise<void>(() => {}); // no data ever comes: play() never settles
    };
    room.event('ready');
    room.sync.tick();
    expect(room.player.playCalls).toBe(1);
    room.elapse(15_000); // the page says it cannot load (R89); the viewer taps to retry
    const retry = new FakePlayer();
    room.sync.attach(retry); // the viewer's retry mounts a fresh element
    room.sync.handle('ready');
    expect(retry.playCalls).toBe(1);
    expect(room.reports).toEqual([]);
    expect(room.ends).toEqual([]);
  });
});
