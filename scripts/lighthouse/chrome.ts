import * as chromeLauncher from 'chrome-launcher';
import { chromiumLaunch } from '../../playwright.config.ts';

/**
 * Debian's Chromium for Lighthouse, started by chrome-launcher (its own throwaway profile and a debugging port)
 * with the e2e suite's flags (playwright.config.ts) and headless: no sandbox as root, no GPU, and none of the
 * browser's own background traffic (component updates, sync, QUIC), so a run reaches nothing beyond 127.0.0.1.
 */
export function launchChrome(): Promise<chromeLauncher.LaunchedChrome> {
  return chromeLauncher.launch({
    chromePath: chromiumLaunch.executablePath,
    chromeFlags: [...chromiumLaunch.args, '--headless'],
    logLevel: 'silent',
  });
}
