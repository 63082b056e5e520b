import { expect } from '@playwright/test';
import { CLIPS } from './support/media';
import { hostControls, joinRoom, mediaState, openRoomAsHost, pasteLink, playlist, positionGap } from './support/room';
import { test } from './support/test';

const FOLLOW_TOLERANCE = 0.3;
const POLL = { timeout: 20_000 };
/** The lazy chunk of hls.js's light build (apps/web/src/features/player/attachSource.ts). */
const HLS_CHUNK = /\/assets\/hls\.light-[\w-]+\.js$/;

test('an HLS link plays for everyone in step: natively where the browser can, through hls.js elsewhere', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const host = await openRoomAsHost(browser);
  const follower = await joinRoom(browser, host.url(), { signedIn: false });
  // The follower's browser answers like one without built-in HLS (Firefox, older Chromium), so hls.js plays it.
  await follower.addInitScript(() => {
    const canPlayType = HTMLMediaElement.prototype.canPlayType;
    HTMLMediaElement.prototype.canPlayType = function (type: string) {
      return type.toLowerCase().includes('mpegurl') ? '' : canPlayType.call(this, type);
    };
  });
  await follower.reload();
  const chunks = { host: [] as string[], follower: [] as string[] };
  host.on('response', (response) => HLS_CHUNK.test(response.url()) && chunks.host.push(response.url()));
  follower.on('response', (response) => HLS_CHUNK.test(response.url()) && chunks.follower.push(response.url()));

  await pasteLink(host, CLIPS.hls.url);
  await expect(playlist(follower).getByRole('listitem').filter({ hasText: CLIPS.hls.title })).toBeVisible();
  await host.getByRole('button', { name: `Phát ${CLIPS.hls.title}` }).click();
  await expect.poll(async () => (await mediaState(follower))?.paused, POLL).toBe(false);
  await expect.poll(() => positionGap(host, follower, { anySource: true }), POLL).toBeLessThan(FOLLOW_TOLERANCE);

  // hls.js feeds the follower's element through Media Source Extensions (a blob: URL); the host's has the link.
  expect((await mediaState(follower))?.src).toMatch(/^blob:/);
  expect((await mediaState(host))?.src).toBe(CLIPS.hls.url);
  expect(chunks.follower).toHaveLength(1);
  expect(chunks.host).toEqual([]);

  await hostControls(host).seek(35); // into the fourth segment
  await expect.poll(() => positionGap(host, follower, { anySource: true }), POLL).toBeLessThan(FOLLOW_TOLERANCE);
  expect((await mediaState(follower))?.currentTime).toBeGreaterThan(34);
  await hostControls(host).pause();
  await expect.poll(async () => (await mediaState(follower))?.paused, POLL).toBe(true);
});
