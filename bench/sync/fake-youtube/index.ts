// Serves the fake IFrame Player API (./widget.ts) in place of youtube.com's, for one browser context: the
// app's loader fetches https://www.youtube.com/iframe_api, which (as the real one does) adds the widget script.
import type { BrowserContext } from '@playwright/test';
import { seededRandom } from '../delay-proxy.ts';
import { type FakeYouTubeConfig, installFakeYouTube } from './widget.ts';

export type { FakeSeek, FakeYouTubeConfig } from './widget.ts';

const API_URL = 'https://www.youtube.com/iframe_api';
const WIDGET_URL = 'https://www.youtube.com/s/player/fake/www-widgetapi.js';

/** YouTube as the issue describes it: seeks land 150–600 ms later on a 0.5 s grid, state every 250 ms. */
export const YOUTUBE_LIKE: Omit<FakeYouTubeConfig, 'mediaUrl'> = {
  seekLatencyMs: [150, 600],
  seekSnapSeconds: 0.5,
  infoIntervalMs: 250,
  messageDelayMs: [1, 15],
  rates: [0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2],
};

export async function routeFakeYouTube(context: BrowserContext, config: FakeYouTubeConfig): Promise<void> {
  const script = (body: string) => ({ status: 200, contentType: 'text/javascript', body });
  await context.route(API_URL, (route) =>
    route.fulfill(
      script(
        `(() => { const s = document.createElement('script'); s.src = ${JSON.stringify(WIDGET_URL)}; s.async = true; document.head.append(s); })();`,
      ),
    ),
  );
  await context.route(WIDGET_URL, (route) =>
    route.fulfill(script(`(${installFakeYouTube.toString()})(${JSON.stringify(config)}, ${seededRandom.toString()});`)),
  );
}
