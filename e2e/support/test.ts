import { test as base } from '@playwright/test';

/**
 * Playwright's `test`, closing at the start of each test the browser contexts earlier tests opened with
 * `browser.newContext()` (the worker's browser outlives them; Playwright closes only its own `context`). Left
 * open, every room of every earlier test went on playing its video in the one Chromium: 38 pages by the suite's
 * end, enough on 2 cores to keep a follower from starting in time. Closed at the next test's start rather than at
 * the end of their own, so a failing test's screenshots and trace still see its pages.
 */
export const test = base.extend<{ closeEarlierContexts: undefined }>({
  closeEarlierContexts: [
    async ({ browser }, use) => {
      await Promise.all(browser.contexts().map((context) => context.close()));
      await use(undefined);
    },
    { auto: true },
  ],
});
