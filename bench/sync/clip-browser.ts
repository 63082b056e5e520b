// One Chromium on bench:sync's media server, for the one-page measurements of the media clock
// (rate-change-cost.ts, rate-change-steps.ts, resume-jump.ts): each page opens on the server's origin, where
// `/${CLIP_NAME}` is the bench clip. Uses the media port of bench:sync (SYNC_BENCH_PORT + 1000).
import { chromium, type Page } from '@playwright/test';
import { startMediaServer } from '../../e2e/support/media-server.ts';
import { chromiumLaunch } from '../../playwright.config.ts';
import { ensureClip } from './clip.ts';

const MEDIA_PORT = Number(process.env.SYNC_BENCH_PORT ?? 3290) + 1000;

export async function openClipBrowser(): Promise<{ newPage(): Promise<Page>; close(): Promise<void> }> {
  const media = await startMediaServer(ensureClip(), MEDIA_PORT);
  const browser = await chromium.launch(chromiumLaunch);
  return {
    async newPage() {
      const page = await browser.newPage();
      await page.goto(`http://127.0.0.1:${MEDIA_PORT}/healthz`);
      return page;
    },
    async close() {
      await browser.close();
      await media.close();
    },
  };
}
