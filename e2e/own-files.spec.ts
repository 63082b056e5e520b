import { expect, type Page } from '@playwright/test';
import { CLIPS } from './support/media';
import { hostControls, joinRoom, openRoomAsHost, PLAYER, pasteLink, playlist } from './support/room';
import { saveScreenshot } from './support/screenshots';
import { test } from './support/test';

const POLL = { timeout: 20_000 };
const FILM = 'e2e/fixtures/media/clip-a.mp4';
const OTHER_FILM = 'e2e/fixtures/media/clip-b.webm';
const SUBTITLES = 'packages/protocol/fixtures/subtitles/vi-windows-1258.srt';

/** Where the page's player reads its media from, and where it is. */
const media = (page: Page) =>
  page.locator(PLAYER).evaluate((element: HTMLVideoElement) => ({
    src: element.currentSrc,
    time: element.currentTime,
    paused: element.paused,
    ready: element.readyState,
  }));

const activeCue = (page: Page) =>
  page.locator(PLAYER).evaluate((element: HTMLVideoElement) => {
    const shown = [...element.textTracks].find((track) => track.mode === 'showing');
    return (shown?.activeCues?.[0] as VTTCue | undefined)?.text ?? '';
  });

async function parkedAt(page: Page, seconds: number) {
  await expect
    .poll(async () => {
      const state = await media(page);
      return state.paused && Math.abs(state.time - seconds) < 0.1 && state.ready >= 2;
    }, POLL)
    .toBe(true);
}

test('R117–R120: the host shares a file from disk with Vietnamese subtitles; a guest receives it peer to peer, a member plays their own copy, everyone follows; after the sharer leaves a late joiner gets the bytes from the viewers, and the room moves on', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const host = await openRoomAsHost(browser);

  // A file the browser cannot play is refused before anyone is offered it.
  await host.getByTestId('share-file-input').setInputFiles({
    name: 'ghi-chu.mp4',
    mimeType: 'video/mp4',
    buffer: Buffer.from('không phải video'),
  });
  await expect(host.getByRole('alert')).toContainText('Trình duyệt không phát được tệp này.');

  await host.getByTestId('share-file-input').setInputFiles(FILM);
  await expect(host.getByRole('alert')).toContainText('Đã thêm clip-a.mp4 vào danh sách phát.');
  const item = playlist(host).getByRole('listitem').filter({ hasText: 'clip-a.mp4' });
  await expect(item).toContainText('Chia sẻ từ máy của');
  // A link after it, for the room to move on to when the sharer is gone.
  await pasteLink(host, CLIPS.b.url);
  await host.getByRole('button', { name: 'Phát clip-a.mp4' }).click();
  await expect.poll(async () => (await media(host)).src, POLL).toMatch(/^blob:/);
  await saveScreenshot(host, 'own-file-host-desktop');

  // A guest's player reads the file through the service worker, the bytes coming from the host's browser.
  const guest = await joinRoom(browser, host.url(), { signedIn: false });
  await expect.poll(async () => (await media(guest)).src, POLL).toContain('/own-file/f_');
  await expect.poll(async () => (await media(guest)).time, POLL).toBeGreaterThan(1);
  // Paused from here on, so the 60 s clip does not end (and the room move on) while the others arrive.
  await hostControls(host).pause();

  // A member plays their own copy; a different file is refused.
  const member = await joinRoom(browser, host.url(), { signedIn: true });
  await member.getByTestId('own-copy-input').setInputFiles(OTHER_FILM);
  await expect(member.getByRole('alert')).toHaveText('Tệp này khác tệp đang chia sẻ.');
  await member.getByTestId('own-copy-input').setInputFiles(FILM);
  await expect(member.getByText('Bạn đang xem bản trên máy mình.')).toBeVisible();
  await expect.poll(async () => (await media(member)).src, POLL).toMatch(/^blob:/);

  // Subtitles on the shared file, in step for the guest.
  await host.getByRole('button', { name: 'Phụ đề' }).click();
  const dialog = host.getByRole('dialog', { name: 'Phụ đề' });
  await dialog.getByLabel('Tệp phụ đề (.srt hoặc .vtt)').setInputFiles(SUBTITLES);
  await dialog.getByRole('button', { name: 'Thêm phụ đề này' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Đã thêm phụ đề Tiếng Việt (6 dòng).');
  await dialog.getByRole('button', { name: 'Đóng' }).click();

  // The host seeks while paused: everyone follows, the guest fetching the range it needs.
  await hostControls(host).seek(2.5);
  await parkedAt(guest, 2.5);
  await parkedAt(member, 2.5);
  await expect.poll(() => activeCue(guest), POLL).toBe('Phụ đề tiếng Việt');
  await hostControls(host).seek(41);
  await parkedAt(guest, 41);
  await hostControls(host).play();
  await expect.poll(async () => (await media(guest)).paused, POLL).toBe(false);
  await saveScreenshot(guest, 'own-file-guest-desktop');
  await guest.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(guest, 'own-file-guest-phone');
  await host.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(host, 'own-file-host-phone');
  await host.setViewportSize({ width: 1280, height: 720 });

  // The sharer pauses, then closes the tab: the others are told, keep what they hold, and after 30 s the room
  // moves on to the next item.
  await hostControls(host).pause();
  await hostControls(host).seek(10);
  await parkedAt(guest, 10);
  await host.close();
  await expect(guest.getByRole('status').filter({ hasText: 'Người chia sẻ tệp đã rời phòng.' })).toBeVisible(POLL);
  // Someone arriving now gets the bytes from the viewers who hold them (R119): the guest holds the part at 10 s.
  const late = await joinRoom(browser, guest.url(), { signedIn: false });
  await parkedAt(late, 10);
  await expect.poll(async () => (await media(guest)).src, { timeout: 45_000 }).toBe(CLIPS.b.url);
});
