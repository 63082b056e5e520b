import { expect, type Page } from '@playwright/test';
import { PROTOCOL_VERSION, type RoomSnapshot } from '@xemchung/protocol';
import { io } from 'socket.io-client';
import { CLIPS } from './support/media';
import {
  hostControls,
  joinRoom,
  mediaState,
  openRoomAsHost,
  PLAYER,
  pasteLink,
  playlist,
  positionGap,
} from './support/room';
import { saveScreenshot } from './support/screenshots';
import { test } from './support/test';

/**
 * How close the follower must be to the host, in seconds. The e2e tests check that it follows each action;
 * how precisely is measured by `npm run bench:sync` (timing goals are benchmarks, not assertions).
 */
const FOLLOW_TOLERANCE = 0.3;
const POLL = { timeout: 15_000 };

const row = (page: Page, title: string) => playlist(page).getByRole('listitem').filter({ hasText: title });

async function followerState(follower: Page) {
  const state = await mediaState(follower);
  return state && { src: state.src, paused: state.paused };
}

test('the follower sees the videos the host adds, and its player follows play, pause, seek, select, clear and delete', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const host = await openRoomAsHost(browser);
  const follower = await joinRoom(browser, host.url(), { signedIn: true });
  const controls = hostControls(host);

  await test.step('the host pastes two direct links; both see them in order', async () => {
    await pasteLink(host, CLIPS.a.url);
    await expect(row(host, CLIPS.a.title)).toBeVisible();
    await pasteLink(host, CLIPS.b.url);
    for (const page of [host, follower]) {
      await expect(playlist(page).getByRole('listitem')).toHaveText([
        new RegExp(CLIPS.a.title),
        new RegExp(CLIPS.b.title),
      ]);
    }
    // R9: nothing plays until the host picks a video.
    await expect(follower.locator(PLAYER)).toHaveCount(0);
  });

  await test.step('the host selects the first video: it plays for both, the follower in step', async () => {
    await host.getByRole('button', { name: `Phát ${CLIPS.a.title}` }).click();
    await expect(row(follower, CLIPS.a.title)).toHaveAttribute('aria-current', 'true');
    await expect.poll(() => followerState(follower), POLL).toEqual({ src: CLIPS.a.url, paused: false });
    await expect.poll(() => positionGap(host, follower), POLL).toBeLessThan(FOLLOW_TOLERANCE);
  });

  await test.step('pause: the follower stops where the host stopped', async () => {
    await controls.pause();
    await expect.poll(async () => (await mediaState(follower))?.paused, POLL).toBe(true);
    await expect.poll(() => positionGap(host, follower), POLL).toBeLessThan(0.05);
  });

  await test.step('seek while paused: the follower shows the same moment', async () => {
    await controls.seek(20);
    await expect.poll(async () => (await mediaState(follower))?.currentTime, POLL).toBeCloseTo(20, 1);
    expect((await mediaState(follower))?.paused).toBe(true);
  });

  await test.step('play: the follower plays on from there', async () => {
    await controls.play();
    await expect.poll(async () => (await mediaState(follower))?.paused, POLL).toBe(false);
    await expect.poll(() => positionGap(host, follower), POLL).toBeLessThan(FOLLOW_TOLERANCE);
    expect((await mediaState(follower))?.currentTime).toBeGreaterThan(19.9);
  });

  await test.step('seek while playing: the follower jumps with the host', async () => {
    await controls.seek(40);
    await expect.poll(async () => (await mediaState(follower))?.currentTime, POLL).toBeGreaterThan(39.9);
    await expect.poll(() => positionGap(host, follower), POLL).toBeLessThan(FOLLOW_TOLERANCE);
    // R122: both held where the host seeked until both can play there, then playing together.
    await expect.poll(async () => (await mediaState(follower))?.paused, POLL).toBe(false);
    await expect.poll(() => positionGap(host, follower), POLL).toBeLessThan(FOLLOW_TOLERANCE);
  });

  await test.step('the host selects the second video: the follower switches to it from the start', async () => {
    await host.getByRole('button', { name: `Phát ${CLIPS.b.title}` }).click();
    await expect.poll(() => followerState(follower), POLL).toEqual({ src: CLIPS.b.url, paused: false });
    await expect.poll(() => positionGap(host, follower), POLL).toBeLessThan(FOLLOW_TOLERANCE);
    expect((await mediaState(follower))?.currentTime).toBeLessThan(10);
    await expect(row(follower, CLIPS.b.title)).toHaveAttribute('aria-current', 'true');
    await expect(row(follower, CLIPS.a.title)).toContainText('Đã xem');
  });

  await test.step('clear watched, after the confirmation: the first video goes, the second plays on', async () => {
    await host.getByRole('button', { name: 'Xóa video đã xem' }).click();
    const confirm = host.getByRole('alertdialog').filter({ hasText: 'Bạn có chắc muốn xóa tất cả video đã xem?' });
    await confirm.getByRole('button', { name: 'Có' }).click();
    for (const page of [host, follower]) {
      await expect(playlist(page).getByRole('listitem')).toHaveText([new RegExp(CLIPS.b.title)]);
    }
    expect(await followerState(follower)).toEqual({ src: CLIPS.b.url, paused: false });
    await expect.poll(() => positionGap(host, follower), POLL).toBeLessThan(FOLLOW_TOLERANCE);
  });

  await test.step('delete the playing video, after the confirmation: the follower stops playing it', async () => {
    await host.getByRole('button', { name: `Xóa ${CLIPS.b.title}` }).click();
    const confirm = host.getByRole('alertdialog').filter({ hasText: 'Bạn có chắc muốn xóa video này?' });
    await confirm.getByRole('button', { name: 'Có' }).click();
    for (const page of [host, follower]) {
      await expect(playlist(page).getByRole('listitem')).toHaveCount(0);
      await expect(page.locator(PLAYER)).toHaveCount(0);
    }
  });
});

test('a follower has no controls, its forged commands are refused, a duplicate is refused with the alert, and the share dialog copies the link', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const host = await openRoomAsHost(browser);
  const roomUrl = host.url();
  const follower = await joinRoom(browser, roomUrl, {
    signedIn: true,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  await pasteLink(host, CLIPS.a.url);
  await host.getByRole('button', { name: `Phát ${CLIPS.a.title}` }).click();
  await expect.poll(() => followerState(follower), POLL).toEqual({ src: CLIPS.a.url, paused: false });

  await test.step('the follower sees the playlist read-only and a player without controls', async () => {
    await expect(row(follower, CLIPS.a.title)).toBeVisible();
    await expect(follower.getByRole('button', { name: `Phát ${CLIPS.a.title}` })).toHaveCount(0);
    await expect(follower.getByRole('button', { name: `Xóa ${CLIPS.a.title}` })).toHaveCount(0);
    await expect(follower.getByRole('button', { name: 'Xóa video đã xem' })).toHaveCount(0);
    expect((await mediaState(follower))?.controls).toBe(false);
    expect((await mediaState(host))?.controls).toBe(true);
  });

  await test.step("the follower's own socket sends host commands: each is forbidden and nothing changes", async () => {
    const cookies = await follower.context().cookies();
    const cookie = cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
    const socket = io(baseURL as string, {
      transports: ['websocket'],
      auth: { protocol: PROTOCOL_VERSION },
      extraHeaders: { origin: new URL(baseURL as string).origin, cookie },
    });
    try {
      const roomId = new URL(roomUrl).pathname.split('/').at(-1);
      const joined = (await socket.timeout(10_000).emitWithAck('room:join', { roomId })) as {
        ok: boolean;
        isHost: boolean;
        room: RoomSnapshot;
      };
      expect(joined).toMatchObject({ ok: true, isHost: false });
      const id = joined.room.playlist[0]?.id;
      const forged: [string, object][] = [
        ['playback:update', { id, playing: false, position: 0, rate: 1 }],
        ['playlist:select', { id }],
        ['playlist:remove', { id }],
        ['playlist:clearWatched', {}],
        ['playback:ended', { id }],
      ];
      for (const [event, payload] of forged) {
        const ack = await socket.timeout(10_000).emitWithAck(event, payload);
        expect(ack, event).toMatchObject({ ok: false, error: { code: 'forbidden' } });
      }
      const again = (await socket.timeout(10_000).emitWithAck('room:join', { roomId })) as { room: RoomSnapshot };
      expect(again.room.version).toBe(joined.room.version);
      expect(again.room.playlist).toEqual(joined.room.playlist);
    } finally {
      socket.disconnect();
    }
    await expect(row(host, CLIPS.a.title)).toBeVisible();
    expect(await followerState(follower)).toEqual({ src: CLIPS.a.url, paused: false });
    expect((await mediaState(host))?.paused).toBe(false);
  });

  await test.step('pasting a video already in the playlist shows the alert and adds nothing', async () => {
    await pasteLink(host, CLIPS.a.url);
    await expect(host.getByRole('alert').filter({ hasText: 'Video đã có trong playlist' })).toBeVisible();
    await expect(playlist(host).getByRole('listitem')).toHaveCount(1);
    await expect(playlist(follower).getByRole('listitem')).toHaveCount(1);
  });

  await test.step('the share dialog shows the room link selected and copies it', async () => {
    await follower.getByRole('button', { name: 'Chia sẻ link phòng' }).click();
    const dialog = follower.getByRole('dialog', { name: 'Chia sẻ link phòng' });
    const link = dialog.getByRole('textbox', { name: 'Link phòng' });
    await expect(link).toHaveValue(roomUrl);
    await expect(link).not.toBeEditable();
    await expect(link).toBeFocused();
    expect(
      await link.evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd, input.value.length]),
    ).toEqual([0, roomUrl.length, roomUrl.length]);
    await dialog.getByRole('button', { name: 'Sao chép' }).click();
    await expect(dialog.getByRole('button', { name: 'Đã sao chép' })).toBeVisible();
    expect(await follower.evaluate(() => navigator.clipboard.readText())).toBe(roomUrl);
  });
});

test('a follower joining late starts where the host is, and the room page looks right on phone and desktop', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const desktop = { width: 1366, height: 768 };
  const host = await openRoomAsHost(browser, { viewport: desktop });
  await pasteLink(host, CLIPS.a.url);
  await pasteLink(host, CLIPS.b.url);
  await expect(playlist(host).getByRole('listitem')).toHaveCount(2);
  await host.getByRole('button', { name: `Phát ${CLIPS.a.title}` }).click();
  await expect.poll(async () => (await mediaState(host))?.paused, POLL).toBe(false);
  await hostControls(host).seek(30);
  await expect.poll(async () => (await mediaState(host))?.currentTime, POLL).toBeGreaterThan(32);

  // A guest opens the link while the host is past 32 s: its player must start there, not at 0 and then jump.
  const lateContext = await browser.newContext({ viewport: desktop });
  await lateContext.addInitScript((selector) => {
    document.addEventListener(
      'playing',
      (event) => {
        const media = event.target as HTMLMediaElement;
        if (media.matches(selector)) (window as { firstPlayingAt?: number }).firstPlayingAt ??= media.currentTime;
      },
      true,
    );
  }, PLAYER);
  const late = await lateContext.newPage();
  await late.goto(host.url());
  await expect(late.getByText('Bạn đang xem theo chủ phòng')).toBeVisible();
  await expect.poll(() => followerState(late), POLL).toEqual({ src: CLIPS.a.url, paused: false });
  await expect.poll(() => positionGap(host, late), POLL).toBeLessThan(FOLLOW_TOLERANCE);
  expect(await late.evaluate(() => (window as { firstPlayingAt?: number }).firstPlayingAt)).toBeGreaterThan(30);

  for (const [name, viewport] of [
    ['desktop', desktop],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    for (const [role, page] of [
      ['host', host],
      ['follower', late],
    ] as const) {
      await page.setViewportSize(viewport);
      await expect(page.locator(PLAYER)).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${role} on ${name} scrolls sideways`).toBeLessThanOrEqual(0);
      await saveScreenshot(page, `room-${role}-${name}`);
    }
  }
});
