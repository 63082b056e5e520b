import { loadSdkScript } from './sdkScript.ts';

/** The parts of the Player state we read (developers.dailymotion.com/reference/web-sdk-player-states). */
export interface DailymotionState {
  videoTime: number;
  videoDuration: number;
  playerIsPlaying: boolean;
  playerIsMuted: boolean | null;
  /** 0–1. */
  playerVolume: number;
}

/** The parts of a Player we use (developers.dailymotion.com/reference/web-sdk-player-methods). */
export interface DailymotionPlayer {
  on(event: string, callback: (state: DailymotionState) => void): void;
  play(): void;
  pause(): void;
  seek(seconds: number): void;
  setMute(muted: boolean): void;
  /** 0–1. */
  setVolume(volume: number): void;
  getState(): Promise<DailymotionState>;
  destroy?(): void;
}

export interface DailymotionNamespace {
  /** Embeds a Player in the element with that id; resolves once it exists. */
  createPlayer(
    containerId: string,
    options: { video: string; params: Record<string, string | number | boolean> },
  ): Promise<DailymotionPlayer>;
  /** The event names, e.g. events.VIDEO_TIMECHANGE === 'video_timechange'. */
  events: Record<string, string>;
  destroy?(containerId: string): void;
}

/**
 * The Player Library Script (developers.dailymotion.com/docs/player-library-script). Dailymotion also serves one per
 * Player configuration (`/libs/player/<player id>.js`); both come from geo.dailymotion.com, which also serves the
 * player frame, the one origin our CSP allows for it (R78).
 */
export const DAILYMOTION_SDK_URL = 'https://geo.dailymotion.com/libs/player.js';

type DailymotionWindow = Window & { dailymotion?: Partial<DailymotionNamespace> };

export const loadDailymotionSdk = () =>
  loadSdkScript(DAILYMOTION_SDK_URL, () => {
    const sdk = (window as DailymotionWindow).dailymotion;
    return sdk?.createPlayer ? (sdk as DailymotionNamespace) : undefined;
  });

/** The video id of a canonical page URL (https://www.dailymotion.com/video/<id>). */
export const dailymotionVideoId = (pageUrl: string) => new URL(pageUrl).pathname.split('/').at(-1) ?? '';
