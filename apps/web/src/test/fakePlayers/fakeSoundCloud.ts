import type { FakeSdkOptions } from './options.ts';

/**
 * A local SoundCloud HTML5 Widget API (api.js) for tests and the sync bench, speaking the documented API
 * (developers.soundcloud.com/docs/api/html5-widget): `SC.Widget(iframe)`, `SC.Widget.Events`, `bind(event,
 * listener)`, fire-and-forget commands with times in milliseconds, getters answering through callbacks. Instead
 * of the widget in w.soundcloud.com's iframe it plays `options.mediaUrl` in a real <audio data-fake-sdk="soundcloud">
 * beside the (hidden) iframe, with the message delays of the other fakes (fakeVimeo.ts); PLAY_PROGRESS comes with
 * the media's timeupdate, SEEK when the media has really seeked. Self-contained, served at the real script URL by
 * e2e/support/fake-players.ts.
 */
export function installFakeSoundCloud(options: FakeSdkOptions): void {
  const Events: Record<string, string> = {
    READY: 'ready',
    PLAY: 'play',
    PAUSE: 'pause',
    FINISH: 'finish',
    SEEK: 'seek',
    PLAY_PROGRESS: 'playProgress',
    LOAD_PROGRESS: 'loadProgress',
    ERROR: 'error',
  };
  type Progress = { currentPosition: number; relativePosition: number; loadedProgress: number };
  const widgets = new WeakMap<HTMLIFrameElement, unknown>();

  function createWidget(frame: HTMLIFrameElement) {
    const page = new URL(frame.src).searchParams.get('url') ?? '';
    const custom = (window as unknown as { __fakePlayerMedia?: (kind: string) => HTMLAudioElement }).__fakePlayerMedia;
    const media = custom ? custom('audio') : document.createElement('audio');
    media.setAttribute('data-fake-sdk', 'soundcloud');
    media.setAttribute('data-track', page);
    media.preload = 'auto';
    media.controls = true;
    media.style.width = '100%';
    media.src = options.mediaUrl;
    frame.style.display = 'none';
    frame.after(media);
    const listeners = new Map<string, ((data?: Progress) => void)[]>();
    const progress = (): Progress => {
      const duration = Number.isFinite(media.duration) ? media.duration : 0;
      return {
        currentPosition: media.currentTime * 1000,
        relativePosition: duration > 0 ? media.currentTime / duration : 0,
        loadedProgress: 1,
      };
    };
    const emit = (event: string, data?: Progress) =>
      setTimeout(() => {
        for (const listener of listeners.get(event) ?? []) listener(data);
      }, options.delayMs / 2);
    const forward = (native: string, event: string) => media.addEventListener(native, () => emit(event, progress()));
    forward('play', Events.PLAY as string);
    forward('pause', Events.PAUSE as string);
    forward('ended', Events.FINISH as string);
    forward('seeked', Events.SEEK as string);
    forward('timeupdate', Events.PLAY_PROGRESS as string);
    media.addEventListener('error', () => emit(Events.ERROR as string));
    const send = (act: () => void) => setTimeout(act, options.delayMs / 2);
    const answer = <T>(read: () => T, callback: (value: T) => void) =>
      send(() => {
        const value = read();
        setTimeout(() => callback(value), options.delayMs / 2);
      });
    const whenLoaded = new Promise<void>((resolve) => {
      if (media.readyState >= 1) resolve();
      else media.addEventListener('loadedmetadata', () => resolve(), { once: true });
    });
    void whenLoaded.then(() => {
      if (/(401|403|404)$/.test(page)) emit(Events.ERROR as string);
      else emit(Events.READY as string);
    });
    return {
      bind(event: string, listener: (data?: Progress) => void) {
        listeners.set(event, [...(listeners.get(event) ?? []), listener]);
      },
      unbind(event: string) {
        listeners.delete(event);
      },
      play: () => send(() => void media.play().catch(() => {})),
      pause: () => send(() => media.pause()),
      toggle: () => send(() => (media.paused ? void media.play().catch(() => {}) : media.pause())),
      seekTo: (milliseconds: number) =>
        send(() => {
          media.currentTime = milliseconds / 1000;
        }),
      setVolume: (volume: number) =>
        send(() => {
          media.volume = Math.min(1, Math.max(0, volume / 100));
        }),
      getVolume: (callback: (volume: number) => void) => answer(() => media.volume * 100, callback),
      getDuration: (callback: (milliseconds: number) => void) =>
        answer(() => (Number.isFinite(media.duration) ? media.duration * 1000 : 0), callback),
      getPosition: (callback: (milliseconds: number) => void) => answer(() => media.currentTime * 1000, callback),
      isPaused: (callback: (paused: boolean) => void) => answer(() => media.paused, callback),
    };
  }

  const Widget = (frame: HTMLIFrameElement) => {
    let widget = widgets.get(frame);
    if (!widget) {
      widget = createWidget(frame);
      widgets.set(frame, widget);
    }
    return widget;
  };
  (window as unknown as { SC: unknown }).SC = { Widget: Object.assign(Widget, { Events }) };
}
