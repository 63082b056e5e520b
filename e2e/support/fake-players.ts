import type { BrowserContext, Page, Route } from '@playwright/test';
import { DAILYMOTION_SDK_URL } from '../../apps/web/src/features/player/dailymotionApi.ts';
import { SOUNDCLOUD_SDK_URL } from '../../apps/web/src/features/player/soundcloudApi.ts';
import { VIMEO_SDK_URL } from '../../apps/web/src/features/player/vimeoApi.ts';
import { installFakeDailymotion } from '../../apps/web/src/test/fakePlayers/fakeDailymotion.ts';
import { installFakeSoundCloud } from '../../apps/web/src/test/fakePlayers/fakeSoundCloud.ts';
import { installFakeVimeo } from '../../apps/web/src/test/fakePlayers/fakeVimeo.ts';
import type { FakeSdkOptions } from '../../apps/web/src/test/fakePlayers/options.ts';

/** The real <video>/<audio> a fake player SDK plays inside the player's container. */
export const FAKE_SDK_MEDIA = '[data-fake-sdk]';

/** How long the fakes' messages take by default (ms): a postMessage round trip across a busy page, about. */
export const FAKE_SDK_DELAY_MS = 30;

/** The script a fake SDK is served as: its self-contained installer called with `options`. */
const script = (install: (options: FakeSdkOptions) => void, options: FakeSdkOptions) =>
  `(${install.toString()})(${JSON.stringify(options)});`;

/**
 * Serves the fake Vimeo, Dailymotion and SoundCloud SDKs (apps/web/src/test/fakePlayers) at the real SDKs' URLs
 * for every page of `target`, so the app loads them as it would the real ones, under its real CSP. Used by the
 * e2e specs and the sync bench alike.
 */
export async function routeFakePlayers(
  target: Page | BrowserContext,
  options: Partial<FakeSdkOptions> & { mediaUrl: string },
): Promise<void> {
  const full: FakeSdkOptions = { delayMs: FAKE_SDK_DELAY_MS, ...options };
  await target.route(VIMEO_SDK_URL, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: script(installFakeVimeo, full) }),
  );
  await target.route(DAILYMOTION_SDK_URL, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: script(installFakeDailymotion, full) }),
  );
  await target.route(SOUNDCLOUD_SDK_URL, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: script(installFakeSoundCloud, full) }),
  );
  // The players' own pages, which the fakes hide and play beside (the SoundCloud widget's frame is the app's, the
  // others the fake SDKs'): an empty page instead of the real one, loaded at the real origin under the app's CSP.
  const blank = (route: Route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title>' });
  await target.route(/^https:\/\/w\.soundcloud\.com\/player\/\?/, blank);
  await target.route(/^https:\/\/player\.vimeo\.com\/video\//, blank);
  await target.route(/^https:\/\/geo\.dailymotion\.com\/player\.html\?/, blank);
}
