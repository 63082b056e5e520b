import { duckVolume } from './duckVolume.ts';
import type { PlayerAdapter, PlayerEvent, PlayerEventListener } from './types.ts';

/** The media element's events, as player events. */
const EVENTS: ReadonlyArray<[keyof HTMLMediaElementEventMap, PlayerEvent]> = [
  ['loadedmetadata', 'ready'],
  ['canplay', 'canplay'],
  ['play', 'play'],
  ['playing', 'playing'],
  ['pause', 'pause'],
  ['seeked', 'seeked'],
  ['ratechange', 'ratechange'],
  ['waiting', 'waiting'],
  ['ended', 'ended'],
  ['error', 'error'],
  ['volumechange', 'volume'],
];

/** The player interface over an HTML5 <video>/<audio> element; `detach()` stops reporting its events. */
export function attachMediaElement(
  element: HTMLMediaElement,
  listener: PlayerEventListener,
): { adapter: PlayerAdapter; detach: () => void } {
  const handlers = EVENTS.map(([name, event]) => {
    const handler = () => listener(event);
    element.addEventListener(name, handler);
    return [name, handler] as const;
  });
  if (element.readyState >= HTMLMediaElement.HAVE_METADATA) queueMicrotask(() => listener('ready'));

  const adapter: PlayerAdapter = {
    kind: 'media',
    currentTime: () => element.currentTime,
    duration: () => (Number.isFinite(element.duration) && element.duration > 0 ? element.duration : null),
    paused: () => element.paused,
    rate: () => element.playbackRate,
    play: () => element.play(),
    pause: () => element.pause(),
    seek: (seconds) => {
      element.currentTime = seconds;
    },
    setRate: (rate) => {
      element.playbackRate = rate;
    },
    canPlay: () => element.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA,
    buffersAt: (seconds) => buffersAt(element.buffered, seconds, element.duration),
    muted: () => element.muted,
    setMuted: (muted) => {
      element.muted = muted;
    },
    duck: duckVolume(
      () => element.volume,
      (volume) => {
        element.volume = volume;
      },
    ),
  };
  return {
    adapter,
    detach: () => {
      for (const [name, handler] of handlers) element.removeEventListener(name, handler);
    },
  };
}

/** How much media past a seek's target must be buffered for it to count as a buffered seek (s): more than its lead. */
const BUFFERED_AHEAD_SECONDS = 1;

/** Whether `ranges` hold the media from `seconds` to a second past it, or to the end of the media (R132). */
export function buffersAt(ranges: TimeRanges, seconds: number, duration = Number.NaN): boolean {
  const until = Number.isFinite(duration)
    ? Math.min(duration, seconds + BUFFERED_AHEAD_SECONDS)
    : seconds + BUFFERED_AHEAD_SECONDS;
  for (let index = 0; index < ranges.length; index++) {
    if (ranges.start(index) <= seconds && ranges.end(index) >= until) return true;
  }
  return false;
}
