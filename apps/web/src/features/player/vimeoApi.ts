import { loadSdkScript } from './sdkScript.ts';

/** The Vimeo Player SDK's data with most events (developer.vimeo.com/player/sdk/reference#events). */
export interface VimeoTimeData {
  seconds: number;
  duration: number;
  percent: number;
}

/**
 * The parts of the Vimeo Player SDK we use (developer.vimeo.com/player/sdk/reference). Every method is a promise
 * answered by the player's iframe over postMessage.
 */
export interface VimeoPlayer {
  ready(): Promise<void>;
  on(
    event: string,
    callback: (data: Partial<VimeoTimeData> & { playbackRate?: number; method?: string; name?: string }) => void,
  ): void;
  play(): Promise<void>;
  pause(): Promise<void>;
  setCurrentTime(seconds: number): Promise<number>;
  getCurrentTime(): Promise<number>;
  getDuration(): Promise<number>;
  setPlaybackRate(rate: number): Promise<number>;
  setMuted(muted: boolean): Promise<boolean>;
  getMuted(): Promise<boolean>;
  /** 0–1. */
  getVolume(): Promise<number>;
  setVolume(volume: number): Promise<number>;
  destroy(): Promise<void>;
}

/** Embed options (developer.vimeo.com/player/sdk/embed). */
export interface VimeoPlayerOptions {
  url: string;
  controls: boolean;
  muted: boolean;
  autoplay: boolean;
  playsinline: boolean;
  dnt: boolean;
  keyboard: boolean;
  width?: number;
}

export interface VimeoNamespace {
  Player: new (element: HTMLElement, options: VimeoPlayerOptions) => VimeoPlayer;
}

/** The SDK's one script; it also embeds the player from player.vimeo.com (both allowed by our CSP, R78). */
export const VIMEO_SDK_URL = 'https://player.vimeo.com/api/player.js';

type VimeoWindow = Window & { Vimeo?: Partial<VimeoNamespace> };

export const loadVimeoSdk = () =>
  loadSdkScript(VIMEO_SDK_URL, () => {
    const vimeo = (window as VimeoWindow).Vimeo;
    return vimeo?.Player ? (vimeo as VimeoNamespace) : undefined;
  });
