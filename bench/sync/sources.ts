// `npm run bench:sync -- vimeo dailymotion soundcloud` (scenarios.ts): the same measurement with an embedded player
// (issue #14 item 3). The page loads the fake SDK of that site (apps/web/src/test/fakePlayers, served at the real
// SDK URL by e2e/support/fake-players.ts), which plays the bench clip in a real media element inside the player's
// container with postMessage-like delays; the sampler watches that element, the host acts on it as it would on
// the controls inside the site's iframe.
import type { EmbedSource } from '@xemchung/protocol';

export interface BenchSource {
  name: EmbedSource;
  /** The link the host pastes, and the title the fake oEmbed gives it (apps/server/test/fake-embed-oembed.ts). */
  link: string;
  title: string;
  /** Whether the site's player changes speed (the script's rate steps are skipped where it cannot). */
  rates: boolean;
}

export const BENCH_SOURCES: Readonly<Record<EmbedSource, BenchSource>> = {
  vimeo: { name: 'vimeo', link: 'https://vimeo.com/76979871', title: 'vimeo 76979871 & co', rates: true },
  dailymotion: {
    name: 'dailymotion',
    link: 'https://www.dailymotion.com/video/x8abc12',
    title: 'dailymotion video x8abc12 & co',
    rates: false,
  },
  soundcloud: {
    name: 'soundcloud',
    link: 'https://soundcloud.com/forss/flickermood',
    title: 'soundcloud forss flickermood & co',
    rates: false,
  },
};
