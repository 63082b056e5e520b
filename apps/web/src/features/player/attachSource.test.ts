import { describe, expect, it, vi } from 'vitest';
import { attachSource } from './attachSource.ts';

const video = (nativeHls: boolean) => {
  const element = document.createElement('video');
  vi.spyOn(element, 'canPlayType').mockImplementation((type) => (type.includes('mpegurl') && nativeHls ? 'maybe' : ''));
  return element;
};

describe('attachSource', () => {
  it('plays a direct file by its URL, and lets go of it', async () => {
    const element = video(false);
    const onFatal = vi.fn();
    const release = await attachSource(element, 'http://127.0.0.1:9/clip.mp4', 'mp4', onFatal);
    expect(element.src).toBe('http://127.0.0.1:9/clip.mp4');
    release();
    expect(element.hasAttribute('src')).toBe(false);
    expect(onFatal).not.toHaveBeenCalled();
  });

  it('hands HLS to the browser where it plays it natively', async () => {
    const element = video(true);
    await attachSource(element, 'http://127.0.0.1:9/live/index.m3u8', 'hls', vi.fn());
    expect(element.src).toBe('http://127.0.0.1:9/live/index.m3u8');
  });

  it('loads hls.js elsewhere, and reports a fatal error where it cannot play either (no MediaSource)', async () => {
    const element = video(false);
    const onFatal = vi.fn();
    await attachSource(element, 'http://127.0.0.1:9/live/index.m3u8', 'hls', onFatal);
    expect(onFatal).toHaveBeenCalledOnce();
    expect(element.hasAttribute('src')).toBe(false);
  });
});
