// `npm run bench:sync [-- <scenario>… --runs N --table --seed S]` — how closely a follower's player tracks the host's
// (issue #4 item 8, issue #15; bench/README.md). Starts the built app on its own port with a fresh database, then
// for each run of each scenario (bench/sync/scenarios.ts): the scenario's source, the delaying proxy for the
// follower's network, and one Chromium with two contexts: the host (signed up through the real popup, direct to
// the app) and a guest follower set up as the scenario says. The host plays, pauses, seeks twice and changes the
// rate on its media element, as the native controls would; both pages record what their player shows; the
// numbers come from bench/sync/analysis.ts. Runs go round the scenarios (lan, wifi, …, lan, wifi, …) so a change
// in the machine's load spreads over all of them. A scenario whose source is shared from the host's device
// (p2p-file) has its own runner, with three followers in their own Chromiums: bench/sync/p2p-file/; so has `ready`
// (issue #27 item 5: do the viewers start together, one with slow media and one with a slow CPU): bench/sync/ready/.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type Browser, chromium, type Page } from '@playwright/test';
import { startFakeYouTube } from '../../apps/server/test/fake-youtube.ts';
import { newAccount, signUpThroughPopup } from '../../e2e/support/accounts.ts';
import { chromiumLaunch } from '../../playwright.config.ts';
import { describeMachine } from '../lib/machine.ts';
import type { PageSamples } from './analysis.ts';
import { type DelayProxy, startDelayProxy } from './delay-proxy.ts';
import { writeMedianTable } from './median-table.ts';
import { reportOwnFile } from './p2p-file/report-own-file.ts';
import { runOwnFile } from './p2p-file/run-own-file.ts';
import { reportReady } from './ready/report-ready.ts';
import { runReady } from './ready/run-ready.ts';
import { type Recording, report, type ScenarioResult } from './report.ts';
import {
  actOnMedia,
  BASE_URL,
  commonNow,
  MEDIA_PORT,
  PLAYER,
  PORT,
  playScript,
  sleep,
  untilPlaying,
} from './room-pages.ts';
import { clockSkew, installSampler } from './sampler.ts';
import { type BenchPorts, routeBiasMs, SCENARIOS, type Scenario, type StartedSource } from './scenarios.ts';

/** The web build the app serves (a copy of it): WEB_DIST_DIR, as for the e2e run, so a run can use its own build. */
const WEB_DIST = process.env.WEB_DIST_DIR ?? 'apps/web/dist';
const PORTS: BenchPorts = { app: PORT, media: MEDIA_PORT };
/** The fake YouTube and embedded sites' oEmbed server the app is pointed at (the embedded sources' titles). */
const OEMBED_PORT = PORT + 2000;

export async function waitForReady(url: string, server: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    if (server.exitCode !== null) throw new Error(`the app server exited with ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${url} did not answer within 30 s`);
}

/**
 * The app on its own port with a fresh database, serving a copy of the build: the server lists the built files
 * when it starts, so a rebuild during the run (another terminal) would otherwise break the pages it serves.
 */
export function startApp(workDir: string, env: Record<string, string> = {}): ChildProcess {
  const webDist = join(workDir, 'web');
  cpSync(WEB_DIST, webDist, { recursive: true });
  return spawn(process.execPath, ['apps/server/src/main.ts'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: BASE_URL,
      DATA_DIR: join(workDir, 'data'),
      WEB_DIST_DIR: webDist,
      LOG_LEVEL: 'warn',
      // One address signs up a host per scenario and opens every page: far more than a household does (R99, R105).
      SIGNUPS_PER_ADDRESS_PER_HOUR: '100000',
      SOCKETS_PER_ADDRESS: '100000',
      ...env,
    },
  });
}

export async function openRoom(
  browser: Browser,
  scenario: Scenario,
  source: StartedSource,
  proxy: DelayProxy | null,
): Promise<{ host: Page; follower: Page }> {
  const player = scenario.source.player ?? PLAYER;
  const hostContext = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  await source.prepareContext?.(hostContext, 'host');
  const host = await hostContext.newPage();
  await host.addInitScript(installSampler, player);
  host.on('pageerror', (error) => console.error(`host page error: ${error.message}`));
  await host.goto(BASE_URL);
  await signUpThroughPopup(host, newAccount('Chủ Phòng Đo'));
  await host.getByLabel('Tên phòng').fill('Đo đồng bộ');
  await host.getByRole('button', { name: 'Tạo phòng' }).click();
  await host.waitForURL(/\/room\/[A-Za-z0-9_-]+$/);
  const search = host.getByRole('combobox', { name: 'Tìm video hoặc dán link' });
  await search.fill(source.link);
  await search.press('Enter');
  // R9: nothing plays until the host picks the video from the playlist.
  await host.getByRole('button', { name: `Phát ${source.title}` }).click();

  // The follower keeps the app's origin (the server takes sockets from PUBLIC_URL's only): its bytes go through
  // the proxy as SOCKS5, which Playwright applies to loopback too.
  const followerContext = await browser.newContext({
    ...scenario.follower.context,
    ...(proxy ? { proxy: { server: `socks5://127.0.0.1:${proxy.port}` } } : {}),
  });
  await source.prepareContext?.(followerContext, 'follower');
  const follower = await followerContext.newPage();
  const cdp = await followerContext.newCDPSession(follower);
  if (scenario.follower.cpuThrottlingRate) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: scenario.follower.cpuThrottlingRate });
  }
  await scenario.follower.prepare?.(follower, cdp);
  await follower.addInitScript(installSampler, player);
  follower.on('pageerror', (error) => console.error(`follower page error: ${error.message}`));
  await follower.goto(host.url());
  return { host, follower };
}

/** One run of one scenario: its recording (also written to bench/results/sync-<scenario>.json). */
async function runScenario(scenario: Scenario, run: number, firstSeed: number): Promise<Recording> {
  // Each run of `--runs N` (1-based) draws its own delays and fake seeks: seed, seed + 1… (`--seed`, 15 by default,
  // the proxy's old seed); `--seed S --runs 1` replays the run that printed seed=S.
  const seed = firstSeed + run - 1;
  const source = await scenario.source.start(PORTS, seed);
  const proxy = scenario.network ? await startDelayProxy({ targetPort: PORT, profile: scenario.network, seed }) : null;
  let browser: Browser | null = null;
  try {
    browser = await chromium.launch(chromiumLaunch);
    const { host, follower } = await openRoom(browser, scenario, source, proxy);
    const player = scenario.source.player ?? PLAYER;
    await Promise.all([untilPlaying(host, player), untilPlaying(follower, player)]);
    const skews = await Promise.all([host.evaluate(clockSkew), follower.evaluate(clockSkew)]);

    const start = await commonNow(host);
    const { actions } = await playScript(
      start,
      (act, value) => scenario.source.hostAct?.(host, act, value) ?? actOnMedia(host, player, act, value),
      scenario.source.rates !== false,
    );
    const end = await commonNow(host);

    const collect = (page: Page) => page.evaluate(() => window.__syncSamples as PageSamples);
    const [hostSamples, followerSamples] = await Promise.all([collect(host), collect(follower)]);
    // The fake YouTube's seeks, their stalls drawn from the run's seed: what a seek's convergence came from.
    const seeksOf = (page: Page) => page.evaluate(() => window.__fakeYouTube?.seeks);
    const [hostSeeks, followerSeeks] = await Promise.all([seeksOf(host), seeksOf(follower)]);
    const recording: Recording = {
      scenario: scenario.name,
      description: scenario.description,
      goals: scenario.goals,
      biasMs: routeBiasMs(scenario.network),
      stalls: proxy?.stalls().filter((stall) => stall.to >= start && stall.from <= end) ?? [],
      seed,
      start,
      end,
      actions,
      skews,
      machine: describeMachine(),
      host: hostSamples,
      follower: followerSamples,
      fakeSeeks: hostSeeks && followerSeeks ? { host: hostSeeks, follower: followerSeeks } : undefined,
    };
    mkdirSync('bench/results', { recursive: true });
    writeFileSync(`bench/results/sync-${scenario.name}.json`, JSON.stringify(recording));
    return recording;
  } finally {
    await browser?.close();
    await proxy?.close();
    await source.close();
  }
}

function parseCommandLine() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      runs: { type: 'string', default: '1' },
      table: { type: 'boolean', default: false },
      seed: { type: 'string', default: process.env.SYNC_BENCH_SEED ?? '15' },
    },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a whole number ≥ 1, not ${values.runs}`);
  const seed = Number(values.seed);
  if (!Number.isInteger(seed) || seed < 0) throw new Error(`--seed must be a whole number ≥ 0, not ${values.seed}`);
  const unknown = positionals.filter((name) => !SCENARIOS.some((scenario) => scenario.name === name));
  if (unknown.length > 0) {
    throw new Error(`unknown scenario ${unknown.join(', ')}; known: ${SCENARIOS.map((s) => s.name).join(', ')}`);
  }
  const scenarios = positionals.length > 0 ? SCENARIOS.filter((s) => positionals.includes(s.name)) : SCENARIOS;
  return { runs, table: values.table, scenarios, seed };
}

async function main(): Promise<void> {
  const { runs, table, scenarios, seed } = parseCommandLine();
  if (!existsSync(join(WEB_DIST, 'index.html'))) throw new Error(`${WEB_DIST} is missing: run \`npm run build\``);
  const workDir = mkdtempSync(join(tmpdir(), 'xemchung-bench-sync-'));
  const oembed = await startFakeYouTube({ port: OEMBED_PORT });
  const app = startApp(workDir, oembed.env);
  // A run is long: Ctrl-C must not leave the server holding the port (Playwright closes its browser itself).
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.kill('SIGTERM');
      process.exit(130);
    });
  }
  const results = new Map<string, ScenarioResult[]>(scenarios.map((scenario) => [scenario.name, []]));
  const machineAtStart = describeMachine();
  const reports: string[] = [];
  try {
    await waitForReady(`${BASE_URL}/readyz`, app);
    for (let run = 1; run <= runs; run++) {
      for (const scenario of scenarios) {
        console.error(`bench:sync ${scenario.name}, run ${run} of ${runs}…`);
        const result = scenario.ready
          ? reportReady(await runReady(scenario, seed + run - 1), { run, runs })
          : scenario.source.fromDevice
            ? reportOwnFile(await runOwnFile(scenario, seed + run - 1), { run, runs })
            : report(await runScenario(scenario, run, seed), { run, runs });
        results.get(scenario.name)?.push(result);
        reports.push(result.text);
      }
    }
  } finally {
    // Wait for the server to be gone: whatever it logs on its way out must come before the report.
    if (app.exitCode === null) {
      const exited = once(app, 'exit');
      app.kill('SIGTERM');
      await exited;
    }
    await oembed.close();
    rmSync(workDir, { recursive: true, force: true });
  }
  // The reports last, after every other output: the final lines are the summaries scripts read.
  console.log(reports.join('\n\n'));
  if (runs > 1 || table) {
    console.log(
      `\n${writeMedianTable(scenarios, results, { machineAtStart, machineAtEnd: describeMachine(), runs, write: table })}`,
    );
  }
}

if (import.meta.main) await main();
