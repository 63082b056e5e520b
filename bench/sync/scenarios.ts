// The conditions `npm run bench:sync` measures the follower under (issue #15). One entry per scenario: a name (the
// summary line is `sync[<name>] …`), the follower's network (through bench/sync/delay-proxy.ts; the host always
// reaches the app directly), how the follower's page is set up, what the host plays and the goals. A new
// condition is a new entry here; run.ts does the rest.
import type { BrowserContext, BrowserContextOptions, CDPSession, Page } from '@playwright/test';
import { FAKE_SDK_MEDIA, routeFakePlayers } from '../../e2e/support/fake-players.ts';
import { startMediaServer } from '../../e2e/support/media-server.ts';
import { CLIP_NAME, ensureClip } from './clip.ts';
import type { NetworkProfile } from './delay-proxy.ts';
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
  prepareContext?: (context: BrowserContext) => Promise<void>;
  close(): Promise<void>;
}

/** What the host plays: by default the direct clip from a local media server (a CDN stands in for it). */
export interface Source {
  name: string;
  /** The media element the sampler watches and the host acts on (MEDIA_PLAYER unless said). */
  player?: string;
  /** Whether the player changes speed: the script's rate steps are skipped where it cannot. */
  rates?: boolean;
  start(ports: BenchPorts): Promise<StartedSource>;
}

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
