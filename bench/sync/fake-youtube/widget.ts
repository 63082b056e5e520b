// A local stand-in for YouTube's IFrame Player API (www-widgetapi.js and the player behind it), so the app's real
// YouTubePlayer code runs unchanged on a real <video> of the bench clip (issue #15 item 4). Like the real API:
// - two sides joined by an ordered, delayed message channel, as the page and the youtube.com iframe are by
//   postMessage: commands (playVideo, seekTo, ...) reach the player late, and what the page knows of the player
//   (state, time, rate) is the last `infoDelivery` it received;
// - the player sends an `infoDelivery` every ~250 ms and with every state or rate change; the page's
//   getCurrentTime() is the real widget script's: the delivered time plus, while PLAYING, the wall time since the
//   player stamped it (`currentTimeLastUpdated_`, Date.now() in the iframe) × the rate, at most 1 s;
// - a seek goes BUFFERING, stands still 150–600 ms and lands on a keyframe-ish boundary (the nearest 0.5 s);
// - its draws (a seek's stall, a message's hop) come from `config.seed`: a run with the same seed replays its seeks;
// - only the rates of getAvailablePlaybackRates(); another is rounded toward 1 to the nearest available one;
// - a refused start (autoplay policy) raises onAutoplayBlocked.
// Runs inside the page (Playwright serialises it: no closures over module scope, no imports).

/** What a run of the fake is like; every time is in milliseconds. */
export interface FakeYouTubeConfig {
  /** The media every video id plays. */
  mediaUrl: string;
  /** A seek's stall, drawn uniformly from [min, max]. */
  seekLatencyMs: [number, number];
  /** Seeks land on the nearest multiple of this (s). */
  seekSnapSeconds: number;
  /** How often the player delivers its state to the page. */
  infoIntervalMs: number;
  /** One postMessage hop, drawn uniformly from [min, max], each way (delivery stays in order). */
  messageDelayMs: [number, number];
  /** getAvailablePlaybackRates(). */
  rates: number[];
  /** Seeds every draw of this page's players (a run with the same seed replays them); absent: a random one. */
  seed?: number;
}

/** A seeded generator of numbers in [0, 1): the bench's own (delay-proxy.ts), passed in as source text. */
export type SeededRandom = (seed: number) => () => number;

/** A seek the fake carried out: asked at `at` (common clock) for `target`, landed on `landed` after `stallMs`. */
export type FakeSeek = Record<'at' | 'target' | 'landed' | 'stallMs', number>;

declare global {
  interface Window {
    /** The fake's players (for the bench to act on as YouTube's own controls would), its seeks, its seed. */
    __fakeYouTube?: { seed: number; players: unknown[]; seeks: FakeSeek[] };
  }
}

export function installFakeYouTube(config: FakeYouTubeConfig, seededRandom: SeededRandom): void {
  const STATE = { UNSTARTED: -1, ENDED: 0, PLAYING: 1, PAUSED: 2, BUFFERING: 3 };
  const seed = config.seed ?? Math.floor(Math.random() * 2 ** 31);
  const registry = { seed, players: [] as unknown[], seeks: [] as FakeSeek[] };
  window.__fakeYouTube = registry;
  // Each purpose of each player draws from its own sequence: how many messages a channel sent (which depends on
  // timing) does not shift the stall the n-th seek draws.
  let streams = 0;
  const draws = () => {
    const random = seededRandom(seed * 64 + streams++);
    return ([low, high]: [number, number]) => low + random() * (high - low);
  };

  /**
   * One direction of the postMessage channel: each message after a random delay, never before an earlier one. Two
   * timers due at the same millisecond may fire in either order, so a timer delivers the queue up to its message.
   */
  const channel = () => {
    const between = draws();
    let lastAt = 0;
    const queue: (() => void)[] = [];
    const timers = new Set<ReturnType<typeof setTimeout>>();
    return {
      send(deliver: () => void) {
        const at = Math.max(performance.now() + between(config.messageDelayMs), lastAt);
        lastAt = at;
        queue.push(deliver);
        const timer = setTimeout(() => {
          timers.delete(timer);
          const upTo = queue.indexOf(deliver);
          for (const message of queue.splice(0, upTo + 1)) message();
        }, at - performance.now());
        timers.add(timer);
      },
      close() {
        for (const timer of timers) clearTimeout(timer);
        queue.length = 0;
      },
    };
  };

  interface Info {
    playerState: number;
    currentTime: number;
    currentTimeLastUpdated_: number;
    playbackRate: number;
    duration: number;
    muted: boolean;
  }

  interface Options {
    videoId: string;
    playerVars?: Record<string, string | number>;
    events?: Record<string, ((event: { data?: unknown; target: unknown }) => void) | undefined>;
  }

  class Player {
    private readonly video: HTMLVideoElement;
    private readonly toPlayer = channel();
    private readonly toPage = channel();
    private readonly seekStall = draws();
    private readonly events: Options['events'];
    /** The page's view of the player: the last infoDelivery. */
    private playerInfo: Info = {
      playerState: STATE.UNSTARTED,
      currentTime: 0,
      currentTimeLastUpdated_: Date.now() / 1000,
      playbackRate: 1,
      duration: 0,
      muted: true,
    };
    // The player's side (inside the iframe):
    private state = STATE.UNSTARTED;
    private wantsPlay = false;
    private seeking: { target: number; timer: ReturnType<typeof setTimeout> } | null = null;
    private readonly infoTimer: ReturnType<typeof setInterval>;
    private destroyed = false;

    constructor(element: HTMLElement, options: Options) {
      this.events = options.events ?? {};
      const video = document.createElement('video');
      video.dataset.fakeYoutube = options.videoId;
      video.playsInline = true;
      video.preload = 'auto';
      video.muted = options.playerVars?.mute === 1;
      video.style.width = '100%';
      video.style.height = '100%';
      video.src = config.mediaUrl;
      element.replaceWith(video);
      this.video = video;
      video.addEventListener('loadedmetadata', () => {
        this.deliverInfo();
        this.emit('onReady', undefined);
      });
      video.addEventListener('playing', () => {
        if (!this.seeking) this.setState(STATE.PLAYING);
      });
      video.addEventListener('waiting', () => {
        if (!this.seeking) this.setState(STATE.BUFFERING);
      });
      video.addEventListener('pause', () => {
        if (!this.seeking && !video.ended) this.setState(STATE.PAUSED);
      });
      video.addEventListener('ended', () => this.setState(STATE.ENDED));
      video.addEventListener('error', () => this.emit('onError', 5));
      this.infoTimer = setInterval(() => this.deliverInfo(), config.infoIntervalMs);
      registry.players.push(this);
    }

    // The page's side: getters read the last delivery; commands travel to the player.

    getCurrentTime(): number {
      // The real widget script's formula (www-widgetapi.js).
      let time = this.playerInfo.currentTime;
      if (this.playerInfo.playerState === STATE.PLAYING) {
        const ahead = (Date.now() / 1000 - this.playerInfo.currentTimeLastUpdated_) * this.playerInfo.playbackRate;
        if (ahead > 0) time += Math.min(ahead, 1);
      }
      return time;
    }
    getDuration = () => this.playerInfo.duration;
    getPlayerState = () => this.playerInfo.playerState;
    getPlaybackRate = () => this.playerInfo.playbackRate;
    getAvailablePlaybackRates = () => [...config.rates];
    isMuted = () => this.playerInfo.muted;
    /** 0–100, as the real player: the volume of the page's own media (R128 lowers it under the call's voices). */
    getVolume = () => Math.round(this.video.volume * 100);
    setVolume = (volume: number) =>
      this.command(() => {
        this.video.volume = Math.min(1, Math.max(0, volume / 100));
      });
    playVideo = () => this.command(() => this.play());
    pauseVideo = () => this.command(() => this.pause());
    seekTo = (seconds: number, _allowSeekAhead: boolean) => this.command(() => this.seek(seconds));
    setPlaybackRate = (rate: number) => this.command(() => this.applyRate(rate));
    mute = () => this.command(() => this.setMuted(true));
    unMute = () => this.command(() => this.setMuted(false));
    destroy = () => {
      this.destroyed = true;
      clearInterval(this.infoTimer);
      if (this.seeking) clearTimeout(this.seeking.timer);
      this.toPlayer.close();
      this.toPage.close();
      this.video.pause();
      this.video.removeAttribute('src');
      this.video.remove();
      registry.players.splice(registry.players.indexOf(this), 1);
    };

    private command(run: () => void) {
      this.toPlayer.send(() => {
        if (!this.destroyed) run();
      });
    }

    private emit(name: string, data: unknown) {
      this.toPage.send(() => {
        if (!this.destroyed) this.events?.[name]?.({ data, target: this });
      });
    }

    // The player's side.

    /** Sends the player's state as the page will see it; stamped now, delivered a hop later. */
    private deliverInfo() {
      const video = this.video;
      const info: Info = {
        playerState: this.state,
        currentTime: this.seeking ? this.seeking.target : video.currentTime,
        currentTimeLastUpdated_: Date.now() / 1000,
        playbackRate: video.playbackRate,
        duration: Number.isFinite(video.duration) ? video.duration : 0,
        muted: video.muted,
      };
      this.toPage.send(() => {
        this.playerInfo = info;
      });
    }

    private setState(state: number) {
      if (state === this.state) return;
      this.state = state;
      this.deliverInfo();
      this.emit('onStateChange', state);
    }

    private play() {
      this.wantsPlay = true;
      if (this.seeking) return;
      this.video.play().catch((error: unknown) => {
        if (error instanceof DOMException && error.name === 'NotAllowedError') {
          this.wantsPlay = false;
          this.emit('onAutoplayBlocked', undefined);
        }
      });
    }

    private pause() {
      this.wantsPlay = false;
      if (!this.seeking) this.video.pause();
    }

    private seek(seconds: number) {
      const video = this.video;
      const duration = Number.isFinite(video.duration) ? video.duration : seconds;
      const target = Math.min(Math.max(0, seconds), duration);
      if (this.seeking) clearTimeout(this.seeking.timer);
      const issuedAt = performance.timeOrigin + performance.now();
      const stallMs = this.seekStall(config.seekLatencyMs);
      const timer = setTimeout(() => {
        const landed = Math.min(duration, Math.round(target / config.seekSnapSeconds) * config.seekSnapSeconds);
        registry.seeks.push({ at: issuedAt, target, landed, stallMs });
        video.addEventListener(
          'seeked',
          () => {
            if (this.seeking?.timer !== timer) return;
            this.seeking = null;
            if (this.wantsPlay) {
              // 'playing' moves the state to PLAYING.
              void video.play().catch(() => this.setState(STATE.PAUSED));
            } else this.setState(STATE.PAUSED);
          },
          { once: true },
        );
        video.currentTime = landed;
      }, stallMs);
      this.seeking = { target, timer };
      // The player stands still while it fetches the new position.
      video.pause();
      this.setState(STATE.BUFFERING);
    }

    private applyRate(suggested: number) {
      const rates = config.rates;
      // An unavailable rate goes to the nearest available one on the way to 1.
      const candidates = rates.filter((rate) =>
        suggested >= 1 ? rate >= 1 && rate <= suggested : rate <= 1 && rate >= suggested,
      );
      const rate = candidates.reduce(
        (best, rate) => (Math.abs(rate - suggested) < Math.abs(best - suggested) ? rate : best),
        1,
      );
      if (rate === this.video.playbackRate) return;
      this.video.playbackRate = rate;
      this.deliverInfo();
      this.emit('onPlaybackRateChange', rate);
    }

    private setMuted(muted: boolean) {
      this.video.muted = muted;
      this.deliverInfo();
    }
  }

  const win = window as Window & { YT?: unknown; onYouTubeIframeAPIReady?: () => void };
  win.YT = { Player, PlayerState: STATE, loaded: 1 };
  win.onYouTubeIframeAPIReady?.();
}
