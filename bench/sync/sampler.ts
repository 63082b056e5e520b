import type { ClockSample, EventSample, FrameSample, PageSamples, SocketSample } from './analysis.ts';

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
 * Times go on the common clock `performance.timeOrigin + now`. Also taps the page's WebSocket for its short text
 * frames (clock pings and their answers, sync reports; not the room's states), to tell what the page's clock
 * estimate was (analysis.ts `clockEstimates`).
 */
export function installSampler(selector: string): void {
  const samples: PageSamples = { frames: [], clocks: [], events: [], socket: [] };
  window.__syncSamples = samples;
  const tapped = (direction: 'out' | 'in', data: unknown) => {
    if (typeof data !== 'string' || data.length > 300 || !/^4[23]/.test(data)) return;
    const sample: SocketSample = [performance.timeOrigin + performance.now(), direction, data];
    samples.socket?.push(sample);
  };
  const NativeWebSocket = window.WebSocket;
  const send = NativeWebSocket.prototype.send;
  NativeWebSocket.prototype.send = function (this: WebSocket, data) {
    tapped('out', data);
    send.call(this, data);
  };
  window.WebSocket = class extends NativeWebSocket {
    constructor(...args: ConstructorParameters<typeof WebSocket>) {
      super(...args);
      // Registered before the page's own handler, so the time is when the frame reached the page.
      this.addEventListener('message', (event) => tapped('in', event.data));
    }
  };
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
