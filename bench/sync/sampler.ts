import type { ClockSample, EventSample, FrameSample, PageSamples } from './analysis.ts';

declare global {
  interface Window {
    __syncSamples?: PageSamples;
  }
}

/**
 * Runs inside a page (Playwright serialises it: no closures over module scope). Records, for the media element
 * matching `selector` (whichever element that is at the moment), every frame it presents
 * (requestVideoFrameCallback: mediaTime and expectedDisplayTime) and, on every animation frame, its
 * currentTime, paused flag and playbackRate, and its media events (what the player did: seeks, rate nudges).
 * Times go on the common clock `performance.timeOrigin + now`.
 */
export function installSampler(selector: string): void {
  const samples: PageSamples = { frames: [], clocks: [], events: [] };
  window.__syncSamples = samples;
  for (const type of ['play', 'pause', 'seeking', 'seeked', 'ratechange', 'waiting', 'playing']) {
    document.addEventListener(
      type,
      (event) => {
        const media = event.target as HTMLMediaElement;
        if (!media.matches?.(selector)) return;
        const sample: EventSample = [
          performance.timeOrigin + performance.now(),
          type,
          media.currentTime,
          media.playbackRate,
        ];
        samples.events.push(sample);
      },
      true,
    );
  }
  let watched: HTMLVideoElement | null = null;
  const onFrame = (video: HTMLVideoElement) => (_now: number, metadata: VideoFrameCallbackMetadata) => {
    if (video !== watched) return;
    const frame: FrameSample = [performance.timeOrigin + metadata.expectedDisplayTime, metadata.mediaTime];
    samples.frames.push(frame);
    video.requestVideoFrameCallback(onFrame(video));
  };
  const tick = () => {
    const video = document.querySelector<HTMLVideoElement>(selector);
    if (video && video !== watched) {
      watched = video;
      // An <audio> (the SoundCloud fake's) has no frames to watch; its clock samples below still run.
      if ('requestVideoFrameCallback' in video) video.requestVideoFrameCallback(onFrame(video));
    }
    if (video) {
      const clock: ClockSample = [
        performance.timeOrigin + performance.now(),
        video.currentTime,
        video.paused ? 1 : 0,
        video.playbackRate,
      ];
      samples.clocks.push(clock);
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/** Runs inside a page: the common clock minus Date.now(), to check that both pages share one clock. */
export function clockSkew(): number {
  return performance.timeOrigin + performance.now() - Date.now();
}
