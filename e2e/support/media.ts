/** The test media server's origin: E2E_PORT + 1000, as playwright.config.ts starts it. */
export const MEDIA_ORIGIN = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3179) + 1000}`;

/** Clips in e2e/fixtures/media: 60 s each, every frame labelled with its letter, timestamp and frame number. */
export const CLIPS = {
  a: { url: `${MEDIA_ORIGIN}/clip-a.mp4`, title: 'clip-a', duration: 60 },
  b: { url: `${MEDIA_ORIGIN}/clip-b.webm`, title: 'clip-b', duration: 60 },
} as const;
