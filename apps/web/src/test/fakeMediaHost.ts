import { vi } from 'vitest';

/** What another site holds at a URL: a media file, or one so slow that it never answers. Others are 404. */
export type RemoteFile = 'media' | 'slow';

/**
 * A stand-in for the sites direct media links point at, at the browser's edge (jsdom loads no media): a media
 * element given a listed file's URL fires `loadedmetadata`, any other URL fires `error` (a 404), and a 'slow'
 * one never answers; `fetch` of an absolute http(s) URL answers a listed file with 200 (an HLS playlist) and
 * anything else with 404. Same-origin requests go on to the fetch installed before (fakeSearchApi.ts).
 */
export function installFakeMediaHost(files: Record<string, RemoteFile>) {
  /** Every URL a media element or fetch asked for, in order. */
  const requests: string[] = [];
  vi.spyOn(HTMLMediaElement.prototype, 'src', 'set').mockImplementation(function (this: HTMLMediaElement, url) {
    this.setAttribute('src', url);
    requests.push(url);
    const file = files[url];
    if (file === 'slow') return;
    setTimeout(() => this.dispatchEvent(new Event(file === 'media' ? 'loadedmetadata' : 'error')), 0);
  });
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
  const sameOrigin = globalThis.fetch;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      if (!/^https?:\/\//.test(url)) return sameOrigin(input, init);
      requests.push(url);
      const file = files[url];
      if (file === 'slow') {
        return new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        });
      }
      return file ? new Response('#EXTM3U\n') : new Response('Not found', { status: 404 });
    }),
  );
  return {
    requests,
    uninstall() {
      vi.restoreAllMocks();
      vi.unstubAllGlobals();
    },
  };
}
