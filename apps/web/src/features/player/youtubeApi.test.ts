import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module for each test: it remembers a loaded API for the page's lifetime. */
let api: typeof import('./youtubeApi.ts');
beforeEach(async () => {
  vi.resetModules();
  api = await import('./youtubeApi.ts');
});
const loadYouTubeApi = () => api.loadYouTubeApi();

type YouTubeWindow = Window & { YT?: unknown; onYouTubeIframeAPIReady?: () => void };
const win = window as YouTubeWindow;
const apiScript = () =>
  document.head.querySelector<HTMLScriptElement>('script[src="https://www.youtube.com/iframe_api"]');

afterEach(() => {
  vi.useRealTimers();
  delete win.YT;
  delete win.onYouTubeIframeAPIReady;
  apiScript()?.remove();
});

describe('loadYouTubeApi', () => {
  it('fails gracefully when youtube.com cannot be reached, and tries again on the next call', async () => {
    const first = loadYouTubeApi();
    apiScript()?.dispatchEvent(new Event('error'));
    await expect(first).rejects.toThrow('YouTube API unreachable');
    expect(apiScript()).toBeNull();

    const second = loadYouTubeApi();
    expect(apiScript()).not.toBeNull();
    const Player = vi.fn();
    win.YT = { Player };
    win.onYouTubeIframeAPIReady?.();
    await expect(second).resolves.toEqual({ Player });
  });

  it('loads the script once for every player that asks meanwhile, keeping a callback set by someone else', async () => {
    const theirs = vi.fn();
    win.onYouTubeIframeAPIReady = theirs;
    const one = loadYouTubeApi();
    const two = loadYouTubeApi();
    expect(document.head.querySelectorAll('script[src="https://www.youtube.com/iframe_api"]')).toHaveLength(1);
    win.YT = { Player: vi.fn() };
    win.onYouTubeIframeAPIReady?.();
    await expect(Promise.all([one, two])).resolves.toHaveLength(2);
    expect(theirs).toHaveBeenCalledOnce();
  });

  it('gives up when the script neither loads nor fails in time', async () => {
    vi.useFakeTimers();
    const loading = loadYouTubeApi();
    vi.advanceTimersByTime(api.YOUTUBE_API_TIMEOUT_MS);
    await expect(loading).rejects.toThrow('YouTube API timed out');
  });
});
