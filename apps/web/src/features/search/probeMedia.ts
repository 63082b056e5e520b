import type { MediaFormat } from '@xemchung/protocol';

/** How long a direct link may take to show its metadata before it counts as one that cannot be played. */
export const MEDIA_PROBE_TIMEOUT_MS = 10_000;

/** The MIME type a browser with built-in HLS answers to (as in features/player/attachSource.ts). */
const HLS_MIME = 'application/vnd.apple.mpegurl';

/** What a probe found: the browser can load it, it cannot (a 404, not media), or it did not answer in time. */
export type ProbeResult = 'playable' | 'unplayable' | 'timeout';

/**
 * Whether the browser can play a direct media link, asked the way the player will load it (R42). A media
 * element that loads metadata only (`preload="metadata"`: the first bytes, or a range request for the index)
 * needs no CORS and fails on a 404 or a file that is not media. An HLS playlist where the browser has no
 * built-in HLS is played through hls.js, which fetches it with CORS: so it is probed with a CORS fetch.
 */
export async function probeMedia(
  url: string,
  format: MediaFormat,
  timeoutMs = MEDIA_PROBE_TIMEOUT_MS,
): Promise<ProbeResult> {
  const element = document.createElement('video');
  if (format === 'hls' && element.canPlayType(HLS_MIME) === '') return probeByFetch(url, timeoutMs);
  return new Promise<ProbeResult>((resolve) => {
    const settle = (result: ProbeResult) => {
      clearTimeout(timer);
      element.onloadedmetadata = null;
      element.onerror = null;
      // Stops the download: a detached element otherwise goes on buffering.
      element.removeAttribute('src');
      element.load();
      resolve(result);
    };
    const timer = setTimeout(() => settle('timeout'), timeoutMs);
    element.onloadedmetadata = () => settle('playable');
    element.onerror = () => settle('unplayable');
    element.preload = 'metadata';
    element.muted = true;
    element.src = url;
  });
}

async function probeByFetch(url: string, timeoutMs: number): Promise<ProbeResult> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  try {
    const response = await fetch(url, { signal: controller.signal, credentials: 'omit' });
    await response.body?.cancel();
    return response.ok ? 'playable' : 'unplayable';
  } catch {
    return timedOut ? 'timeout' : 'unplayable';
  } finally {
    clearTimeout(timer);
  }
}
