import { CLOCK_RESAMPLE_MS } from '@xemchung/protocol';
import type { RoomClient } from './roomClient.ts';

/** How often the wall clock is compared with the monotonic one (ms, R85): cheap, and a jump is seen within it. */
export const CLOCK_JUMP_CHECK_MS = 1000;

/** The page's visibility, as `document` gives it (injectable for tests). */
export type VisibilitySource = Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;

/**
 * Keeps the room client's clock estimate fresh while the page shows the room: one more sample every
 * CLOCK_RESAMPLE_MS (R20); a full re-estimate when the wall clock jumped, set by hand or after a sleep (R85); and one
 * ping the moment a hidden tab is shown again (R87), since its throttled timers may have skipped samples. Pings
 * go out only while `connected()`; the connection's own re-estimate is the caller's. Returns the clean-up.
 */
export function keepClock(
  client: Pick<RoomClient, 'clock' | 'ping' | 'syncClock'>,
  connected: () => boolean,
  page: VisibilitySource = document,
): () => void {
  let estimating = false;
  const reestimate = () => {
    if (estimating) return;
    estimating = true;
    void client.syncClock().finally(() => {
      estimating = false;
    });
  };
  client.clock.checkJump(); // the reference the next checks compare with
  const resample = setInterval(() => {
    if (connected()) void client.ping();
  }, CLOCK_RESAMPLE_MS);
  const jumpCheck = setInterval(() => {
    if (client.clock.checkJump() && connected()) reestimate();
  }, CLOCK_JUMP_CHECK_MS);
  const onVisibility = () => {
    if (page.visibilityState === 'visible' && connected()) void client.ping();
  };
  page.addEventListener('visibilitychange', onVisibility);
  return () => {
    clearInterval(resample);
    clearInterval(jumpCheck);
    page.removeEventListener('visibilitychange', onVisibility);
  };
}
