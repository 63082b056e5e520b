import type { CDPSession } from '@playwright/test';

/** The player's message when the browser paused a hidden follower's video (R88); its button resumes it. */
export const BROWSER_PAUSED = 'Trình duyệt đã tạm dừng video khi thẻ bị ẩn. Chạm để tiếp tục.';

/**
 * Chromium lets a hidden tab's timers run about once a second: for `ms`, the page's scripts are paused by the
 * debugger for 950 ms of every second (its media plays on, as a hidden tab's does). Used by e2e/hidden-tab.spec.ts
 * and `npm run bench:sync:hidden`.
 */
export async function throttle(cdp: CDPSession, ms: number): Promise<void> {
  const sleep = (wait: number) => new Promise((resolve) => setTimeout(resolve, wait));
  await cdp.send('Debugger.enable');
  const end = Date.now() + ms;
  while (Date.now() < end) {
    await cdp.send('Debugger.pause');
    await sleep(950);
    await cdp.send('Debugger.resume');
    await sleep(50);
  }
  await cdp.send('Debugger.disable');
}
