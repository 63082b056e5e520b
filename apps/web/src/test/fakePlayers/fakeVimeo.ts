import type { FakeSdkOptions } from './options.ts';

/**
 * A local Vimeo Player SDK (player.js) for tests and the sync bench, speaking the documented API
 * (developer.vimeo.com/player/sdk/reference): `new Vimeo.Player(element, {url, …})`, promise-returning methods,
 * `on(event, callback)` with `{seconds, duration, percent}`. It puts the player frame in the element at its real
 * origin (https://player.vimeo.com/video/<id>, hidden; e2e/support/fake-players.ts serves a blank page there), so
 * the page's CSP is tried on it as on the real one, but plays `options.mediaUrl` in a real
 * <video data-fake-sdk="vimeo"> beside it (the bench samples that element), and
 * talks to it as through postMessage: a command reaches the media `delayMs / 2` after the call, its answer and
 * every event come back `delayMs / 2` later carrying the values of when they were sent, and a seek lands when the
 * media has really seeked. Self-contained (no imports at run time): e2e and the bench serve its source as the
 * script at the real SDK URL (e2e/support/fake-players.ts); web tests call it directly.
 */
export function installFakeVimeo(options: FakeSdkOptions): void {
  type Data = Record<string, unknown>;
  const half = () => new Promise<void>((resolve) => setTimeout(resolve, options.delayMs / 2));
  const makeMedia = (): HTMLVideoElement => {
    const custom = (window as unknown as { __fakePlayerMedia?: (kind: string) => HTMLVideoElement }).__fakePlayerMedia;
    const media = custom ? custom('video') : document.createElement('video');
    media.setAttribute('data-fake-sdk', 'vimeo');
    media.setAttribute('playsinline', '');
    media.preload = 'auto';
    media.style.width = '100%';
    media.style.height = '100%';
    media.src = options.mediaUrl;
    return media;
  };

  /** The player frame the real SDK makes, at its origin; nothing waits for it (the fake plays its own media). */
  const makeFrame = (page: string): HTMLIFrameElement => {
    const frame = document.createElement('iframe');
    frame.src = `https://player.vimeo.com/video/${/\d+/.exec(page)?.[0] ?? ''}`;
    frame.title = 'Vimeo';
    frame.hidden = true;
    return frame;
  };

  class Player {
    private readonly frame: HTMLIFrameElement;
    private readonly media: HTMLVideoElement;
    private readonly listeners = new Map<string, ((data: Data) => void)[]>();
    private readonly loaded: Promise<void>;
    private destroyed = false;

    constructor(element: HTMLElement, embed: { url?: string; id?: number; muted?: boolean; controls?: boolean }) {
      const page = String(embed.url ?? embed.id ?? '');
      this.media = makeMedia();
      this.media.muted = embed.muted === true;
      this.media.controls = embed.controls !== false;
      this.media.setAttribute('data-video', page);
      this.frame = makeFrame(page);
      element.append(this.frame, this.media);
      const time = (): Data => {
        const duration = Number.isFinite(this.media.duration) ? this.media.duration : 0;
        const seconds = this.media.currentTime;
        return { seconds, duration, percent: duration > 0 ? seconds / duration : 0 };
      };
      const forward = (native: string, event: string, data: () => Data = time) =>
        this.media.addEventListener(native, () => this.emit(event, data()));
      forward('play', 'play');
      forward('playing', 'playing');
      forward('pause', 'pause');
      forward('timeupdate', 'timeupdate');
      forward('seeking', 'seeking');
      forward('seeked', 'seeked');
      forward('ended', 'ended');
      forward('waiting', 'bufferstart');
      forward('ratechange', 'playbackratechange', () => ({ playbackRate: this.media.playbackRate }));
      forward('volumechange', 'volumechange', () => ({ volume: this.media.muted ? 0 : this.media.volume }));
      forward('error', 'error', () => ({ name: 'NotFoundError', message: 'The video could not be loaded.' }));
      // `ready()` resolves once the player has loaded the video's metadata; a video that cannot load never is.
      this.loaded = new Promise<void>((resolve) => {
        if (this.media.readyState >= 1) resolve();
        else this.media.addEventListener('loadedmetadata', () => resolve(), { once: true });
      }).then(half);
      if (/\/(404|403)\d*$/.test(page)) {
        setTimeout(() => this.emit('error', { name: 'PrivacyError', message: 'private' }), options.delayMs);
      }
    }

    private emit(event: string, data: Data) {
      if (this.destroyed) return;
      setTimeout(() => {
        for (const listener of this.listeners.get(event) ?? []) listener(data);
      }, options.delayMs / 2);
    }

    /** A command: reaches the media after half the delay, answers after the other half. */
    private async call<T>(act: () => T | Promise<T>): Promise<T> {
      await this.loaded;
      await half();
      const result = await act();
      await half();
      return result;
    }

    on(event: string, listener: (data: Data) => void) {
      this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    }
    off(event: string, listener?: (data: Data) => void) {
      this.listeners.set(event, listener ? (this.listeners.get(event) ?? []).filter((l) => l !== listener) : []);
    }
    ready() {
      return this.loaded;
    }
    play() {
      return this.call(() =>
        this.media.play().catch((error: unknown) => {
          // The SDK passes the browser's refusal on as an Error of the same name.
          throw Object.assign(new Error((error as Error).message), { name: (error as Error).name });
        }),
      );
    }
    pause() {
      return this.call(() => this.media.pause());
    }
    /** Resolves with the position once the media has really seeked there. */
    setCurrentTime(seconds: number) {
      return this.call(
        () =>
          new Promise<number>((resolve) => {
            this.media.addEventListener('seeked', () => resolve(this.media.currentTime), { once: true });
            this.media.currentTime = seconds;
          }),
      );
    }
    getCurrentTime() {
      return this.call(() => this.media.currentTime);
    }
    getDuration() {
      return this.call(() => (Number.isFinite(this.media.duration) ? this.media.duration : 0));
    }
    getPaused() {
      return this.call(() => this.media.paused);
    }
    /** Speeds outside 0.5–2 are refused, as the SDK does: a RangeError, also sent as an `error` event naming the method. */
    setPlaybackRate(rate: number) {
      return this.call(() => {
        if (rate < 0.5 || rate > 2) {
          const message = 'Playback rate must be between 0.5 and 2.';
          this.emit('error', { name: 'RangeError', message, method: 'setPlaybackRate' });
          throw new RangeError(message);
        }
        this.media.playbackRate = rate;
        return rate;
      });
    }
    setMuted(muted: boolean) {
      return this.call(() => {
        this.media.muted = muted;
        return muted;
      });
    }
    getMuted() {
      return this.call(() => this.media.muted);
    }
    getVolume() {
      return this.call(() => this.media.volume);
    }
    setVolume(volume: number) {
      return this.call(() => {
        this.media.volume = Math.min(1, Math.max(0, volume));
        return this.media.volume;
      });
    }
    destroy() {
      this.destroyed = true;
      this.media.pause();
      this.media.remove();
      this.frame.remove();
      return Promise.resolve();
    }
  }

  (window as unknown as { Vimeo: unknown }).Vimeo = { Player };
}
