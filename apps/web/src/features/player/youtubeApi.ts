/** The parts of the YouTube IFrame Player API we use (developers.google.com/youtube/iframe_api_reference). */
export interface YouTubePlayer {
  playVideo(): void;
  pauseVideo(): void;
  seekTo(seconds: number, allowSeekAhead: boolean): void;
  getCurrentTime(): number;
  getDuration(): number;
  getPlayerState(): number;
  getPlaybackRate(): number;
  setPlaybackRate(rate: number): void;
  /** The rates this video plays at; setPlaybackRate rounds any other to one of them. */
  getAvailablePlaybackRates(): number[];
  mute(): void;
  unMute(): void;
  isMuted(): boolean;
  /** 0–100. */
  getVolume(): number;
  setVolume(volume: number): void;
  destroy(): void;
}

export interface YouTubePlayerOptions {
  videoId: string;
  width?: string | number;
  height?: string | number;
  playerVars?: Record<string, string | number>;
  events?: {
    onReady?: () => void;
    onStateChange?: (event: { data: number }) => void;
    onPlaybackRateChange?: () => void;
    onError?: () => void;
    /** The browser blocked autoplay or scripted playback (with sound), since the API's 2023-11-20 revision. */
    onAutoplayBlocked?: () => void;
  };
}

export interface YouTubeNamespace {
  Player: new (element: HTMLElement, options: YouTubePlayerOptions) => YouTubePlayer;
}

/** The player states of the API (YT.PlayerState). */
export const YT_STATE = { ENDED: 0, PLAYING: 1, PAUSED: 2, BUFFERING: 3 } as const;

const API_URL = 'https://www.youtube.com/iframe_api';
/** A blocked or unreachable youtube.com must not leave the player loading forever (ms). */
export const YOUTUBE_API_TIMEOUT_MS = 15_000;

type YouTubeWindow = Window & { YT?: Partial<YouTubeNamespace>; onYouTubeIframeAPIReady?: () => void };

let loading: Promise<YouTubeNamespace> | null = null;

/**
 * Loads the IFrame Player API script once, on first use. Rejects when the script cannot be fetched (youtube.com
 * blocked or offline) or has not called back within YOUTUBE_API_TIMEOUT_MS; a later call tries again. The
 * global callback is the API's own contract (`onYouTubeIframeAPIReady`); one set by someone else still runs.
 */
export function loadYouTubeApi(): Promise<YouTubeNamespace> {
  const win = window as YouTubeWindow;
  if (win.YT?.Player) return Promise.resolve(win.YT as YouTubeNamespace);
  loading ??= new Promise<YouTubeNamespace>((resolve, reject) => {
    const script = document.createElement('script');
    const previous = win.onYouTubeIframeAPIReady;
    const fail = (reason: string) => {
      clearTimeout(timer);
      script.remove();
      win.onYouTubeIframeAPIReady = previous;
      loading = null;
      reject(new Error(reason));
    };
    const timer = setTimeout(() => fail('YouTube API timed out'), YOUTUBE_API_TIMEOUT_MS);
    win.onYouTubeIframeAPIReady = () => {
      clearTimeout(timer);
      previous?.();
      if (win.YT?.Player) resolve(win.YT as YouTubeNamespace);
      else fail('YouTube API incomplete');
    };
    script.src = API_URL;
    script.async = true;
    script.onerror = () => fail('YouTube API unreachable');
    document.head.append(script);
  });
  return loading;
}
