// The conditions `npm run bench:sync` measures the follower under (issue #15). One entry per scenario: a name (the
// summary line is `sync[<name>] …`), the follower's network (through bench/sync/delay-proxy.ts; the host always
// reaches the app directly), how the follower's page is set up, what the host plays and the goals. A new
// condition is a new entry here; run.ts does the rest.
import type { BrowserContext, BrowserContextOptions, CDPSession, Page } from '@playwright/test';
import { oembedTitle } from '../../apps/server/test/fake-youtube.ts';
import { FAKE_SDK_MEDIA, routeFakePlayers } from '../../e2e/support/fake-players.ts';
import { startMediaServer } from '../../e2e/support/media-server.ts';
import { CLIP_NAME, ensureClip } from './clip.ts';
import type { NetworkProfile } from './delay-proxy.ts';
import { routeFakeYouTube, YOUTUBE_LIKE } from './fake-youtube/index.ts';
import { ensureFilm, FILM_NAME } from './p2p-file/film.ts';
import { ensureReadyClip } from './ready/ready-clip.ts';
import { readyItem, startMediaFile } from './ready/throttled-media.ts';
import { BENCH_SOURCES, type BenchSource } from './sources.ts';

/** The media element the sampler watches and the host acts on, for a direct link. */
export const MEDIA_PLAYER = '[data-testid="media-player"]';

export interface BenchPorts {
  /** The app server's port (SYNC_BENCH_PORT). */
  app: number;
  /** Free for the scenario's source: SYNC_BENCH_PORT + 1000. */
  media: number;
}

export interface StartedSource {
  /** What the host pastes into the search box. */
  link: string;
  /** The playlist item's title: its play button is named `Phát <title>`. */
  title: string;
  /** Sets up each page's browser context before it opens the room (an embedded player's fake SDK). */
  prepareContext?: (context: BrowserContext, page: 'host' | 'follower') => Promise<void>;
  close(): Promise<void>;
}

/** What the host plays: by default the direct clip from a local media server (a CDN stands in for it). */
export interface Source {
  name: string;
  /** The media element the sampler watches and the host acts on (MEDIA_PLAYER unless said). */
  player?: string;
  /** Whether the player changes speed: the script's rate steps are skipped where it cannot. */
  rates?: boolean;
  /**
   * Does what the host's controls would (returns the common-clock time of it); by default on the media element,
   * as the native controls or the controls inside an embedded site's iframe would.
   */
  hostAct?: (page: Page, act: HostActKind, value: number) => Promise<number>;
  /**
   * The link is a file on disk that the host shares from its device (R117), fetched by the followers from the
   * host's browser over WebRTC (R119): run by p2p-file/run-own-file.ts, each follower in its own Chromium.
   */
  fromDevice?: boolean;
  /** `seed`: the run's, for whatever the source draws at random (the fake YouTube's seeks), so a run replays. */
  start(ports: BenchPorts, seed?: number): Promise<StartedSource>;
}

export type HostActKind = 'pause' | 'play' | 'seek' | 'rate';

export interface FollowerSetup {
  /** The follower's browser context: viewport, touch, device scale… (the host has 1280×720). */
  context?: BrowserContextOptions;
  /** CDP Emulation.setCPUThrottlingRate for the follower's page: 4 is a mid-range phone against this CPU. */
  cpuThrottlingRate?: number;
  /** Anything more, after the page exists and before it opens the room (an init script, more CDP). */
  prepare?: (page: Page, cdp: CDPSession) => Promise<void>;
}

export interface Goals {
  /** Steady-state |follower − host| p95 (displayed frames). */
  p95Ms: number;
  /** Worst time to get under SYNC_GOAL_MS and stay there after a host action. */
  convergeMs: number;
  /** Upper bounds on a scenario's own numbers, by their summary-line names (p2p-file's first_frame_ms…). */
  limits?: Record<string, number>;
}

export interface Scenario {
  name: string;
  /** One line for the report and the README table. */
  description: string;
  /** The follower's link to the app; null: loopback, no proxy. */
  network: NetworkProfile | null;
  follower: FollowerSetup;
  source: Source;
  goals: Goals;
  /** How many followers: one (in the host's Chromium) unless the source is shared from a device or `ready`. */
  followers?: number;
  /** The `ready` scenario's two slow followers (issue #27 item 5): run by ready/run-ready.ts. */
  ready?: ReadySetup;
}

/** Which followers (0-based) are slow and how, for a start that waits for the players (R122). */
export interface ReadySetup {
  /** This follower fetches the media through one link of `mediaRate` × the clip's bitrate. */
  throttledFollower: number;
  mediaRate: number;
  /** This follower's page runs on a CPU slowed `cpuThrottlingRate`× (CDP Emulation.setCPUThrottlingRate). */
  slowFollower: number;
  cpuThrottlingRate: number;
}

export const directClip: Source = {
  name: 'direct mp4',
  async start(ports) {
    const media = await startMediaServer(ensureClip(), ports.media);
    return {
      link: `http://127.0.0.1:${ports.media}/${CLIP_NAME}`,
      title: CLIP_NAME.replace(/\.mp4$/, ''),
      close: () => media.close(),
    };
  },
};

/**
 * The `ready` scenario's items (issue #27 item 5): its ~1 Mbit/s clip (ready/ready-clip.ts) under the links
 * ready-1.mp4, ready-2.mp4…, so each item is fetched anew; the runner queues three and throttles one follower's.
 */
const readyClips: Source = {
  name: 'direct mp4, three items',
  async start(ports) {
    const media = await startMediaFile(ensureReadyClip(), ports.media);
    return { ...readyItem(ports.media, 1), close: () => media.close() };
  },
};

/** A ~200 MB film on the host's disk (p2p-file/film.ts), shared with 'Chia sẻ tệp từ máy' (issue #22 item 4). */
const ownFile: Source = {
  name: 'own file',
  fromDevice: true,
  async start() {
    return { link: ensureFilm(), title: FILM_NAME, close: async () => {} };
  },
};

/**
 * An embedded site's player (issue #14 item 3): the page loads the site's fake SDK (apps/web/src/test/fakePlayers,
 * served at the real SDK URL), which plays the bench clip in a real media element with postMessage-like delays;
 * the title comes from the fake oEmbed the app is pointed at (run.ts).
 */
function embedded(bench: BenchSource): Source {
  return {
    name: bench.name,
    player: FAKE_SDK_MEDIA,
    rates: bench.rates,
    async start(ports) {
      const clip = await directClip.start(ports);
      const mediaUrl = clip.link;
      return {
        ...clip,
        link: bench.link,
        title: bench.title,
        prepareContext: (c) => routeFakePlayers(c, { mediaUrl }),
      };
    },
  };
}

/** The YouTube video the host pastes; the fake oEmbed names it oembedTitle(id). */
const YOUTUBE_BENCH_ID = 'ytSyncBench';

/**
 * YouTube's player on both pages (issue #15 item 4): the app's real YouTubePlayer runs against a local fake of the
 * IFrame Player API (bench/sync/fake-youtube/) that drives a real <video> of the clip with YouTube's coarse
 * controls: asynchronous seeks landing 150–600 ms later on a 0.5 s grid, fixed rates, time updated every 250 ms.
 * The host acts through the player's API (seekTo, pauseVideo…), as a user of YouTube's own controls would. The
 * fake's draws are seeded by the run's seed, the host's and the follower's each their own (2 × seed, 2 × seed + 1).
 */
const youtube: Source = {
  name: 'youtube',
  player: 'video[data-fake-youtube]',
  hostAct: (page, act, value) =>
    page.evaluate(
      ({ act, value }) => {
        const player = window.__fakeYouTube?.players[0] as
          | {
              getCurrentTime(): number;
              pauseVideo(): void;
              playVideo(): void;
              seekTo(seconds: number, allowSeekAhead: boolean): void;
              setPlaybackRate(rate: number): void;
            }
          | undefined;
        if (!player) throw new Error('the host has no YouTube player');
        const at = performance.timeOrigin + performance.now();
        if (act === 'pause') player.pauseVideo();
        else if (act === 'play') player.playVideo();
        else if (act === 'seek') player.seekTo(Math.max(0, player.getCurrentTime() + value), true);
        else player.setPlaybackRate(value);
        return at;
      },
      { act, value },
    ),
  async start(ports, seed = 15) {
    const clip = await directClip.start(ports);
    const mediaUrl = clip.link;
    return {
      ...clip,
      link: `https://www.youtube.com/watch?v=${YOUTUBE_BENCH_ID}`,
      title: oembedTitle(YOUTUBE_BENCH_ID),
      prepareContext: (context, page) =>
        routeFakeYouTube(context, { ...YOUTUBE_LIKE, mediaUrl, seed: 2 * seed + (page === 'host' ? 0 : 1) }),
    };
  },
};

const DESKTOP: FollowerSetup = { context: { viewport: { width: 1280, height: 720 } } };
const WIFI: NetworkProfile = { up: { delayMs: 20, jitterMs: 10 }, down: { delayMs: 20, jitterMs: 10 } };

/** Issue #15's goals: converge within 500 ms after play, pause and seek everywhere. */
const goals = (p95Ms: number): Goals => ({ p95Ms, convergeMs: 500 });

export const SCENARIOS: Scenario[] = [
  {
    name: 'lan',
    description: 'loopback, no proxy (the #4 benchmark)',
    network: null,
    follower: DESKTOP,
    source: directClip,
    goals: goals(20),
  },
  {
    name: 'wifi',
    description: '20 ± 10 ms each way',
    network: WIFI,
    follower: DESKTOP,
    source: directClip,
    goals: goals(20),
  },
  {
    name: '4g',
    description: '50 ± 25 ms each way, a 300 ms stall every 20 s',
    network: {
      up: { delayMs: 50, jitterMs: 25 },
      down: { delayMs: 50, jitterMs: 25 },
      stall: { everyMs: 20_000, durationMs: 300 },
    },
    follower: DESKTOP,
    source: directClip,
    goals: goals(30),
  },
  {
    name: 'asym',
    description: '10 ms up, 90 ms down (a round-trip clock estimate is 40 ms off)',
    network: { up: { delayMs: 10 }, down: { delayMs: 90 } },
    follower: DESKTOP,
    source: directClip,
    // No round-trip estimate can see the asymmetry: judged with its 40 ms removed (report.ts).
    goals: goals(20),
  },
  {
    name: 'phone',
    description: 'wifi, CPU throttled 4×, a 390×844 touch screen at 3× density',
    network: WIFI,
    follower: {
      context: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
      cpuThrottlingRate: 4,
    },
    source: directClip,
    goals: goals(30),
  },
  {
    name: 'youtube',
    description: "loopback, YouTube's player on both pages (a fake IFrame API with YouTube's coarse controls)",
    network: null,
    follower: DESKTOP,
    source: youtube,
    // Issue #15's goal for YouTube: p95 ≤ 50 ms, back under 50 ms within 1.5 s of an action.
    goals: { p95Ms: 50, convergeMs: 1500 },
  },
  {
    name: 'p2p-file',
    description: "a 200 MB film shared from the host's device, 3 followers on wifi, WebRTC relayed at wifi's delay",
    network: WIFI,
    follower: DESKTOP,
    source: ownFile,
    followers: 3,
    // Issue #22: as direct links, plus the first frame, a seek to bytes nobody holds, and the server's share.
    goals: {
      ...goals(20),
      limits: { first_frame_ms: 3000, seek_ready_ms: 2000, server_bytes_per_viewer_min: 50_000 },
    },
  },
  {
    name: 'ready',
    description:
      'wifi, 3 followers in their own Chromium: one fetches the media at 1.5× its bitrate, one has a 4× slower CPU',
    network: WIFI,
    follower: DESKTOP,
    source: readyClips,
    followers: 3,
    ready: { throttledFollower: 0, mediaRate: 1.5, slowFollower: 1, cpuThrottlingRate: 4 },
    // Issue #27 item 5: wifi's goals once the room plays, and the viewers starting within 100 ms of each other
    // when all were ready within the bound; the wait's own limit is the bound, set at run time (report-ready.ts).
    goals: { ...goals(20), limits: { start_spread_ms: 100 } },
  },
  ...Object.values(BENCH_SOURCES).map(
    (bench): Scenario => ({
      name: bench.name,
      description: `loopback, the ${bench.name} player (fake SDK on a real media element)`,
      network: null,
      follower: DESKTOP,
      source: embedded(bench),
      // No goal was set for embedded players (issue #14 asks for their p95): issue #4's, for comparison.
      goals: { p95Ms: 50, convergeMs: 1000 },
    }),
  ),
];

/**
 * The error a follower keeps whatever it does, from a route whose two directions differ: a round-trip estimate
 * assumes the server answered half-way, so the follower's server clock is off by (up − down) / 2, and with it
 * the position it aims for (negative: the follower runs behind). Zero on a symmetric route.
 */
export function routeBiasMs(network: NetworkProfile | null): number {
  return network ? (network.up.delayMs - network.down.delayMs) / 2 : 0;
}
