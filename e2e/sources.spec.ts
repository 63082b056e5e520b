import { mkdirSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { FAKE_SDK_MEDIA, routeFakePlayers } from './support/fake-players';
import { CLIPS } from './support/media';
import { joinRoom, openRoomAsHost, pasteLink, playlist } from './support/room';
import { test } from './support/test';

/** Embedded players are corrected by seeks beyond 0.5 s (R76); in one browser they settle well inside this. */
const FOLLOW_TOLERANCE = 0.6;
const POLL = { timeout: 20_000 };

interface EmbedState {
  currentTime: number;
  paused: boolean;
  at: number;
}

/** The media element inside the page's fake embedded player (of `source` if given), or null. */
const embedState = (page: Page, source?: string) =>
  page.evaluate(
    (selector) => {
      const media = document.querySelector<HTMLMediaElement>(selector);
      if (!media) return null;
      return { currentTime: media.currentTime, paused: media.paused, at: performance.timeOrigin + performance.now() };
    },
    source ? `[data-fake-sdk="${source}"]` : FAKE_SDK_MEDIA,
  ) as Promise<EmbedState | null>;

/** The follower's position minus the host's, brought to one instant. */
async function gap(host: Page, follower: Page): Promise<number> {
  const [a, b] = await Promise.all([embedState(host), embedState(follower)]);
  if (!a || !b) return Number.POSITIVE_INFINITY;
  const hostThen = a.paused ? a.currentTime : a.currentTime + (b.at - a.at) / 1000;
  return Math.abs(b.currentTime - hostThen);
}

/** What the host does with the controls inside its player's frame: on the fake, its media element. */
const hostMedia = (host: Page, act: (media: HTMLMediaElement, value: number) => void, value = 0) =>
  host.locator(FAKE_SDK_MEDIA).evaluate(act, value);

/** `frame`: where the player's frame is (the SDK's own for Vimeo and Dailymotion, the app's for SoundCloud). */
const SOURCES = [
  {
    source: 'vimeo',
    link: 'https://player.vimeo.com/video/76979871?h=0a1b2c3d4e',
    title: 'vimeo 76979871 0a1b2c3d4e & co',
    frame: 'https://player.vimeo.com/video/76979871',
  },
  {
    source: 'dailymotion',
    link: 'https://dai.ly/x8abc12',
    title: 'dailymotion video x8abc12 & co',
    frame: 'https://geo.dailymotion.com/player.html?video=x8abc12',
  },
  {
    source: 'soundcloud',
    link: 'https://m.soundcloud.com/Forss/Flickermood?si=abc',
    title: 'soundcloud forss flickermood & co',
    frame: 'https://w.soundcloud.com/player/?',
  },
] as const;

/** The title of the page loaded in the player's frame at `url`: the blank one the e2e route serves, unless refused. */
const frameTitle = (page: Page, url: string) =>
  page
    .frames()
    .find((frame) => frame.url().startsWith(url))
    ?.title();

for (const { source, link, title, frame } of SOURCES) {
  test(`R75 R76 R77 a ${source} link is added with its oEmbed title and the follower plays it in step`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const host = await openRoomAsHost(browser);
    await routeFakePlayers(host.context(), { mediaUrl: CLIPS.a.url });
    const follower = await joinRoom(browser, host.url(), { signedIn: false });
    await routeFakePlayers(follower.context(), { mediaUrl: CLIPS.a.url });
    const errors: string[] = [];
    for (const page of [host, follower]) {
      page.on('pageerror', (error) => errors.push(error.message));
      // R78: the SDK and the player frame load under the app's real CSP, which would log any refusal.
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) errors.push(message.text());
      });
    }

    await pasteLink(host, link);
    await expect(playlist(follower).getByRole('listitem').filter({ hasText: title })).toBeVisible();
    await host.getByRole('button', { name: `Phát ${title}` }).click();
    await expect.poll(async () => (await embedState(follower))?.paused, POLL).toBe(false);
    await expect.poll(() => gap(host, follower), POLL).toBeLessThan(FOLLOW_TOLERANCE);
    // R78: the player's frame loaded at its real origin, under the CSP the console listener above watches.
    for (const page of [host, follower]) await expect.poll(() => frameTitle(page, frame), POLL).toBe('player');

    await hostMedia(
      host,
      (media, seconds) => {
        media.currentTime = seconds;
      },
      35,
    );
    await expect.poll(async () => (await embedState(follower))?.currentTime ?? 0, POLL).toBeGreaterThan(34);
    await expect.poll(() => gap(host, follower), POLL).toBeLessThan(FOLLOW_TOLERANCE);
    await hostMedia(host, (media) => media.pause());
    await expect.poll(async () => (await embedState(follower))?.paused, POLL).toBe(true);
    await expect.poll(() => gap(host, follower), POLL).toBeLessThan(FOLLOW_TOLERANCE);
    expect(errors).toEqual([]);
  });
}

/** Where the screenshots of the players go, for people to look at (not compared by the test). */
const SHOTS = '/tmp/shots-sources';

test('R75 screenshots: a Vimeo and a SoundCloud item playing, at phone and desktop size', async ({ browser }) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const sizes = {
    phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    desktop: { viewport: { width: 1280, height: 800 } },
  };
  for (const [size, options] of Object.entries(sizes)) {
    const host = await openRoomAsHost(browser, options);
    await routeFakePlayers(host.context(), { mediaUrl: CLIPS.a.url });
    for (const { source, link, title } of SOURCES.filter((entry) => entry.source !== 'dailymotion')) {
      await pasteLink(host, link);
      await host.getByRole('button', { name: `Phát ${title}` }).click();
      await expect.poll(async () => (await embedState(host, source))?.paused, POLL).toBe(false);
      await expect.poll(async () => (await embedState(host, source))?.currentTime ?? 0, POLL).toBeGreaterThan(1);
      await host.screenshot({ path: `${SHOTS}/${source}-${size}.png` });
    }
    await host.context().close();
  }
});
