import { defineConfig, devices } from '@playwright/test';
import { fakeYouTubeEnv, fakeYouTubePort } from './e2e/support/youtube.ts';

const port = Number(process.env.E2E_PORT ?? 3179);
const baseURL = `http://127.0.0.1:${port}`;
/** Test media on another origin, like a user's direct link (e2e/support/media.ts derives the same port). */
const mediaPort = port + 1000;

/** Debian's Chromium, started the way this machine allows (no sandbox as root, no background networking). */
export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--autoplay-policy=no-user-gesture-required',
  ],
};

export default defineConfig({
  testDir: './e2e',
  // Only the browser specs: e2e/support also holds vitest unit tests of the helpers (*.test.ts, tools project).
  testMatch: '**/*.spec.ts',
  outputDir: './e2e/artifacts/results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    headless: true,
    locale: 'vi-VN',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunch,
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunch } }],
  webServer: [
    appServer(port),
    {
      command: `node e2e/support/media-server.ts e2e/fixtures/media ${mediaPort}`,
      url: `http://127.0.0.1:${mediaPort}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // The YouTube Data API and oEmbed wire formats, from the server tests' fake (apps/server/test/fake-youtube.ts).
      command: `node e2e/support/fake-youtube-server.ts ${fakeYouTubePort(port)}`,
      port: fakeYouTubePort(port),
      reuseExistingServer: false,
      timeout: 30_000,
    },
  ],
});

/**
 * The app server on `appPort`, with one data folder per port, so runs on different ports (parallel helpers, CI) never
 * share a database.
 */
function appServer(appPort: number) {
  return {
    // A fresh SQLite database for every run: the suite signs up its own accounts.
    command: `rm -rf .data-e2e-${appPort} && node apps/server/src/main.ts`,
    url: `http://127.0.0.1:${appPort}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(appPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${appPort}`,
      DATA_DIR: `.data-e2e-${appPort}`,
      LOG_LEVEL: 'warn',
      // An operator's own addresses, so the specs see them reach the pages at run time (static-pages.spec.ts).
      SUPPORT_URL: 'https://support.e2e.example/help',
      CONTACT_EMAIL: 'legal@e2e.example',
      // Every spec signs up its own accounts, all from 127.0.0.1: far more than a household's sign-ups (R105).
      SIGNUPS_PER_ADDRESS_PER_HOUR: '100000',
      // And every page's socket too: more, and faster, than R99 lets one address open.
      SOCKETS_PER_ADDRESS: '100000',
      // Search and link lookups go to the fake YouTube below (e2e/support/youtube.ts).
      ...fakeYouTubeEnv(port),
    },
  };
}
