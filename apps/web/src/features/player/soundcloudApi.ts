import { loadSdkScript } from './sdkScript.ts';

/** What the widget sends with its playback events (developers.soundcloud.com/docs/api/html5-widget#events). */
export interface SoundCloudProgress {
  /** Milliseconds. */
  currentPosition: number;
  relativePosition?: number;
}

/** The parts of the HTML5 Widget API we use (developers.soundcloud.com/docs/api/html5-widget#methods). */
export interface SoundCloudWidget {
  bind(event: string, listener: (data?: SoundCloudProgress) => void): void;
  unbind(event: string): void;
  play(): void;
  pause(): void;
  /** Milliseconds. */
  seekTo(milliseconds: number): void;
  /** 0 to 100. */
  setVolume(volume: number): void;
  getDuration(callback: (milliseconds: number) => void): void;
  getVolume(callback: (volume: number) => void): void;
}

export interface SoundCloudNamespace {
  Widget: ((iframe: HTMLIFrameElement) => SoundCloudWidget) & { Events: Record<string, string> };
}

/** The Widget API script; the widget itself is an iframe from the same origin, the one our CSP allows (R78). */
export const SOUNDCLOUD_SDK_URL = 'https://w.soundcloud.com/player/api.js';

/** The widget's iframe address for a track's permalink, without its own play button covering ours. */
export function soundcloudWidgetUrl(pageUrl: string, controls: boolean): string {
  const params = new URLSearchParams({
    url: pageUrl,
    auto_play: 'false',
    visual: 'true',
    show_comments: 'false',
    sharing: 'false',
    buying: 'false',
    download: 'false',
    show_playcount: 'false',
    hide_related: 'true',
    single_active: 'false',
    ...(controls ? {} : { show_user: 'false' }),
  });
  return `https://w.soundcloud.com/player/?${params}`;
}

type SoundCloudWindow = Window & { SC?: Partial<SoundCloudNamespace> };

export const loadSoundCloudSdk = () =>
  loadSdkScript(SOUNDCLOUD_SDK_URL, () => {
    const sc = (window as SoundCloudWindow).SC;
    return sc?.Widget ? (sc as SoundCloudNamespace) : undefined;
  });
