import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeMediaHost } from '../../test/fakeMediaHost.ts';
import { MEDIA_PROBE_TIMEOUT_MS, probeMedia } from './probeMedia.ts';

const CLIP = 'https://cdn.example.org/clip.mp4';
const MISSING = 'https://cdn.example.org/missing.mp4';
const SLOW = 'https://slow.example.org/clip.webm';
const PLAYLIST = 'https://cdn.example.org/hls/clip.m3u8';

let host: ReturnType<typeof installFakeMediaHost> | undefined;
afterEach(() => {
  host?.uninstall();
  vi.useRealTimers();
});

describe('probeMedia (R42)', () => {
  it('finds a direct link playable once its metadata loads, and lets go of the element', async () => {
    host = installFakeMediaHost({ [CLIP]: 'media' });
    const created = vi.spyOn(document, 'createElement');
    expect(await probeMedia(CLIP, 'mp4')).toBe('playable');
    const element = created.mock.results[0]?.value as HTMLVideoElement;
    expect(element.preload).toBe('metadata');
    expect(element.hasAttribute('src')).toBe(false);
    expect(host.requests).toEqual([CLIP]);
  });

  it('finds a link the media element cannot load unplayable (a 404, not media)', async () => {
    host = installFakeMediaHost({});
    expect(await probeMedia(MISSING, 'mp4')).toBe('unplayable');
  });

  it('gives up on a link that does not answer within the timeout', async () => {
    vi.useFakeTimers();
    host = installFakeMediaHost({ [SLOW]: 'slow' });
    const probe = probeMedia(SLOW, 'webm');
    await vi.advanceTimersByTimeAsync(MEDIA_PROBE_TIMEOUT_MS - 1);
    let result: string | undefined;
    void probe.then((value) => {
      result = value;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(result).toBe('timeout');
  });

  it('fetches an HLS playlist where the browser has no built-in HLS (as hls.js will)', async () => {
    host = installFakeMediaHost({ [PLAYLIST]: 'media' });
    expect(await probeMedia(PLAYLIST, 'hls')).toBe('playable');
    expect(await probeMedia('https://cdn.example.org/hls/missing.m3u8', 'hls')).toBe('unplayable');
    expect(host.requests).toEqual([PLAYLIST, 'https://cdn.example.org/hls/missing.m3u8']);
  });

  it('gives up on an HLS playlist that does not answer within the timeout', async () => {
    host = installFakeMediaHost({ [PLAYLIST]: 'slow' });
    expect(await probeMedia(PLAYLIST, 'hls', 20)).toBe('timeout');
  });
});
