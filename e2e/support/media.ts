/** The test media server's origin: E2E_PORT + 1000, as playwright.config.ts starts it. */
export const MEDIA_ORIGIN = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3179) + 1000}`;

/**
 * Clips in e2e/fixtures/media: 60 s each, every frame labelled with its letter, timestamp and frame number. `hls`
 * is clip A remuxed into six 10 s fMP4 segments (`ffmpeg -i clip-a.mp4 -c copy -f hls -hls_time 10
 * -hls_playlist_type vod -hls_segment_type fmp4 -hls_fmp4_init_filename clip-hls-init.mp4
 * -hls_segment_filename hls/clip-hls-%d.m4s hls/clip-hls.m3u8`).
 */
export const CLIPS = {
  a: { url: `${MEDIA_ORIGIN}/clip-a.mp4`, title: 'clip-a', duration: 60 },
  b: { url: `${MEDIA_ORIGIN}/clip-b.webm`, title: 'clip-b', duration: 60 },
  hls: { url: `${MEDIA_ORIGIN}/hls/clip-hls.m3u8`, title: 'clip-hls', duration: 60 },
} as const;
