import type { MediaFormat } from '@xemchung/protocol';

/** The MIME type a browser with built-in HLS (Safari, recent Chromium) answers to. */
const HLS_MIME = 'application/vnd.apple.mpegurl';

/**
 * Points `element` at `url`, and returns how to let go of it. HLS plays natively where the browser can;
 * elsewhere hls.js (its light build) is loaded on first use, as a chunk of its own. `onFatal` is called when
 * the stream cannot be played at all (hls.js missing support or a fatal error), like a media element 'error'.
 */
export async function attachSource(
  element: HTMLMediaElement,
  url: string,
  format: MediaFormat,
  onFatal: () => void,
): Promise<() => void> {
  const release = () => {
    element.removeAttribute('src');
    element.load();
  };
  if (format !== 'hls' || element.canPlayType(HLS_MIME) !== '') {
    element.src = url;
    return release;
  }
  const { default: Hls } = await import('hls.js/light');
  if (!Hls.isSupported()) {
    onFatal();
    return () => {};
  }
  const hls = new Hls();
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (data.fatal) onFatal();
  });
  hls.loadSource(url);
  hls.attachMedia(element);
  return () => hls.destroy();
}
