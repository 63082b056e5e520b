import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';

export const SCREENSHOT_DIR = 'e2e/artifacts/screenshots';

/** Full-page screenshot kept as a run artifact (e2e/artifacts/screenshots/<name>.png) for people to look at. */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: true });
}
