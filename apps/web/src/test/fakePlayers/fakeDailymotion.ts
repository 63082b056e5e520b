import type { FakeSdkOptions } from './options.ts';

/**
 * A local Dailymotion Player Library Script for tests and the sync bench, speaking the documented Web SDK
 * (developers.dailymotion.com/reference/web-sdk-player-methods, -events, -states): `dailymotion.createPlayer(id,
 * {video, params})` resolving with a player, fire-and-forget commands, `getState()` as a promise, and
 * `on(dailymotion.events.X, callback(state))`. It puts the player frame in the container at its real origin
 * (https://geo.dailymotion.com/player.html?video=<id>, hidden; e2e/support/fake-players.ts serves a blank page
 * there), so the page's CSP is tried on it as on the real one, but plays `options.mediaUrl` in a real
 * <video data-fake-sdk="dailymotion"> beside it, with the same message
 * delays as the Vimeo fake (fakeVimeo.ts); a seek's VIDEO_SEEKEND comes when the media has really seeked.
 * Self-contained, served at the real script URL by e2e/support/fake-players.ts.
 */
export function installFakeDailymotion(options: FakeSdkOptions): void {
  const names = [
    'PLAYER_CRITICALPATHREADY',
    'PLAYER_ERROR',
    'PLAYER_VOLUMECHANGE',
    'VIDEO_PLAY',
    'VIDEO_PLAYING',
    'VIDEO_PAUSE',
    'VIDEO_END',
    'VIDEO_TIMECHANGE',
    'VIDEO_SEEKSTART',
    'VIDEO_SEEKEND',
    'VIDEO_BUFFERING',
    'VIDEO_DURATIONCHANGE',
  ];
  const events: Record<string, string> = {};
  for (const name of names) events[name] = name.toLowerCase();
  const half = () => new Promise<void>((resolve) => setTimeout(resolve, options.delayMs / 2));
  type State = {
    videoTime: number;
    videoDuration: number;
    playerIsPlaying: boolean;
    playerIsMuted: boolean;
    playerVolume: number;
  };

  class Player {
    private readonly media: HTMLVideoElement;
    private readonly frame: HTMLIFrameElement;
    private readonly listeners = new Map<string, ((state: State) => void)[]>();

    constructor(media: HTMLVideoElement, frame: HTMLIFrameElement) {
      this.media = media;
      this.frame = frame;
      const forward = (native: string, name: string) =>
        media.addEventListener(native, () => this.emit(events[name] as string));
      forward('play', 'VIDEO_PLAY');
      forward('playing', 'VIDEO_PLAYING');
      forward('pause', 'VIDEO_PAUSE');
      forward('ended', 'VIDEO_END');
      forward('timeupdate', 'VIDEO_TIMECHANGE');
      forward('seeking', 'VIDEO_SEEKSTART');
      forward('seeked', 'VIDEO_SEEKEND');
      forward('waiting', 'VIDEO_BUFFERING');
      forward('durationchange', 'VIDEO_DURATIONCHANGE');
      forward('volumechange', 'PLAYER_VOLUMECHANGE');
      forward('error', 'PLAYER_ERROR');
    }

    private state(): State {
      const duration = Number.isFinite(this.media.duration) ? this.media.duration : 0;
      return {
        videoTime: this.media.currentTime,
        videoDuration: duration,
        playerIsPlaying: !this.media.paused,
        playerIsMuted: this.media.muted,
        playerVolume: this.media.volume,
      };
    }

    emit(event: string) {
      const state = this.state();
      setTimeout(() => {
        for (const listener of this.listeners.get(event) ?? []) listener(state);
      }, options.delayMs / 2);
    }

    private send(act: () => void) {
      void half().then(act);
    }

    on(event: string, listener: (state: State) => void) {
      this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    }
    off(event: string) {
      this.listeners.delete(event);
    }
    play() {
      this.send(() => {
        void this.media.play().catch(() => {});
      });
    }
    pause() {
      this.send(() => this.media.pause());
    }
    seek(seconds: number) {
      this.send(() => {
        this.media.currentTime = seconds;
      });
    }
    setMute(muted: boolean) {
      this.send(() => {
        this.media.muted = muted;
      });
    }
    setVolume(volume: number) {
      this.send(() => {
        this.media.volume = Math.min(1, Math.max(0, volume));
      });
    }
    async getState() {
      await half();
      const state = this.state();
      await half();
      return state;
    }
    destroy() {
      this.media.pause();
      this.media.remove();
      this.frame.remove();
    }
  }

  (window as unknown as { dailymotion: unknown }).dailymotion = {
    events,
    async createPlayer(
      containerId: string,
      embed: { video: string; params?: { mute?: boolean; controls?: boolean } },
    ): Promise<Player> {
      const container = document.getElementById(containerId);
      if (!container) throw new Error(`no element with id ${containerId}`);
      const custom = (window as unknown as { __fakePlayerMedia?: (kind: string) => HTMLVideoElement })
        .__fakePlayerMedia;
      const media = custom ? custom('video') : document.createElement('video');
      media.setAttribute('data-fake-sdk', 'dailymotion');
      media.setAttribute('data-video', embed.video);
      media.setAttribute('playsinline', '');
      media.preload = 'auto';
      media.style.width = '100%';
      media.style.height = '100%';
      media.muted = embed.params?.mute === true;
      media.controls = embed.params?.controls !== false;
      media.src = options.mediaUrl;
      // The player frame the real library makes, at its origin; nothing waits for it (the fake plays its own media).
      const frame = document.createElement('iframe');
      frame.src = `https://geo.dailymotion.com/player.html?video=${encodeURIComponent(embed.video)}`;
      frame.title = 'Dailymotion';
      frame.hidden = true;
      container.append(frame, media);
      const player = new Player(media, frame);
      await new Promise<void>((resolve) => {
        if (media.readyState >= 1) resolve();
        else media.addEventListener('loadedmetadata', () => resolve(), { once: true });
      });
      await half();
      if (embed.video.includes('404') || embed.video.includes('403')) player.emit(events.PLAYER_ERROR as string);
      return player;
    },
  };
}
