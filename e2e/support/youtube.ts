import { embedOembedEnv } from '../../apps/server/test/fake-embed-oembed.ts';
import { FAKE_YOUTUBE_KEY } from '../../apps/server/test/fake-youtube.ts';

export {
  oembedTitle,
  SEARCH_FIXTURE_RESULTS,
} from '../../apps/server/test/fake-youtube.ts';

/** The fake YouTube server's port: E2E_PORT + 2000 (media is + 1000), as playwright.config.ts starts it. */
export const fakeYouTubePort = (appPort: number) => appPort + 2000;

/** The app's environment that points search and oEmbed at the fake (apps/server/test/fake-youtube.ts). */
export function fakeYouTubeEnv(appPort: number): Record<string, string> {
  const base = `http://127.0.0.1:${fakeYouTubePort(appPort)}`;
  return {
    YOUTUBE_API_KEY: FAKE_YOUTUBE_KEY,
    YOUTUBE_API_BASE_URL: `${base}/youtube/v3`,
    YOUTUBE_OEMBED_URL: `${base}/oembed`,
    ...embedOembedEnv(base),
  };
}

/** The playlists the fake serves (apps/server/test/fixture-playlists.ts): a small one, 5,000 videos, a private one. */
export { FIXTURE_LISTS, SMALL_LIST_VIDEOS } from '../../apps/server/test/fixture-playlists.ts';
