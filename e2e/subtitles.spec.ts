import { expect, type Page } from '@playwright/test';
import { CLIPS } from './support/media';
import { hostControls, joinRoom, openRoomAsHost, PLAYER, pasteLink, playlist } from './support/room';
import { saveScreenshot } from './support/screenshots';
import { test } from './support/test';

const POLL = { timeout: 20_000 };
const FIXTURES = 'packages/protocol/fixtures/subtitles';

/** The text of the cue the page's player shows now ('' when none), as the browser draws it. */
const activeCue = (page: Page) =>
  page.locator(PLAYER).evaluate((media: HTMLVideoElement) => {
    const shown = [...media.textTracks].find((track) => track.mode === 'showing');
    const cue = shown?.activeCues?.[0] as VTTCue | undefined;
    return cue?.text ?? '';
  });

/** Parks the host's player (and so the room) at `seconds`, paused. */
async function pauseAt(host: Page, seconds: number) {
  await hostControls(host).pause();
  await hostControls(host).seek(seconds);
}

/** Waits until `page`'s player is paused at `seconds` (the room's pause and seek reached it). */
async function parkedAt(page: Page, seconds: number) {
  await expect
    .poll(
      () =>
        page
          .locator(PLAYER)
          .evaluate((media: HTMLVideoElement, at) => media.paused && Math.abs(media.currentTime - at) < 0.1, seconds),
      POLL,
    )
    .toBe(true);
}

test('R109–R112: the host adds a Windows-1258 Vietnamese SRT; a guest sees it in step, a late joiner too, and the shift moves it for everyone', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const host = await openRoomAsHost(browser);
  const guest = await joinRoom(browser, host.url(), { signedIn: false });
  await pasteLink(host, CLIPS.a.url);
  await expect(playlist(guest).getByRole('listitem').filter({ hasText: CLIPS.a.title })).toBeVisible();
  await host.getByRole('button', { name: `Phát ${CLIPS.a.title}` }).click();

  await host.getByRole('button', { name: 'Phụ đề' }).click();
  const dialog = host.getByRole('dialog', { name: 'Phụ đề' });
  await dialog.getByLabel('Tệp phụ đề (.srt hoặc .vtt)').setInputFiles(`${FIXTURES}/vi-windows-1258.srt`);
  await expect(dialog.getByLabel('Tên phụ đề')).toHaveValue('Tiếng Việt');
  await dialog.getByRole('button', { name: 'Thêm phụ đề này' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Đã thêm phụ đề Tiếng Việt (6 dòng).');
  await expect(dialog.getByRole('radio', { name: 'Tiếng Việt' })).toBeChecked();

  // A broken file says what it skipped.
  await dialog.getByLabel('Tệp phụ đề (.srt hoặc .vtt)').setInputFiles(`${FIXTURES}/broken.srt`);
  await dialog.getByLabel('Tên phụ đề').fill('Bản lỗi');
  await dialog.getByRole('button', { name: 'Thêm phụ đề này' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Đã thêm phụ đề Bản lỗi (3 dòng). Bỏ qua 3 dòng phụ đề lỗi');
  // And a file that is not subtitles is refused with a Vietnamese message.
  await dialog.getByLabel('Tệp phụ đề (.srt hoặc .vtt)').setInputFiles({
    name: 'anh.srt',
    mimeType: 'application/x-subrip',
    buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
  });
  await dialog.getByRole('button', { name: 'Thêm phụ đề này' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Tệp này không phải phụ đề SRT hoặc WebVTT.');
  await saveScreenshot(host, 'subtitles-dialog-desktop');
  await dialog.getByRole('button', { name: 'Đóng' }).click();

  // At 2.5 s the first cue shows on every screen, in the media's own time.
  await pauseAt(host, 2.5);
  await expect.poll(() => activeCue(guest), POLL).toBe('Phụ đề tiếng Việt');
  await expect.poll(() => activeCue(host), POLL).toBe('Phụ đề tiếng Việt');

  // A late joiner gets the track with the room.
  const late = await joinRoom(browser, host.url(), { signedIn: false });
  await expect.poll(() => activeCue(late), POLL).toBe('Phụ đề tiếng Việt');

  // The host shifts the subtitles 0.5 s later for everyone.
  await host.getByRole('button', { name: 'Phụ đề' }).click();
  for (let i = 0; i < 5; i++) await dialog.getByRole('button', { name: 'Muộn 0,1 giây' }).click();
  await expect(dialog.getByText('+0,5 giây')).toBeVisible();
  await dialog.getByRole('button', { name: 'Đóng' }).click();
  // Unshifted, the first line ends at 4.0 s; moved 0.5 s later it still shows at 4.2 s.
  await pauseAt(host, 4.2);
  await parkedAt(guest, 4.2);
  await expect.poll(() => activeCue(guest), POLL).toBe('Phụ đề tiếng Việt');
  await pauseAt(host, 5.2);
  await parkedAt(guest, 5.2);
  await expect.poll(() => activeCue(guest), POLL).toBe('<i>Anh đã đợi em suốt mười năm.</i>');

  // The guest turns subtitles off for themself only; the choice stays after a reload.
  await guest.getByRole('button', { name: 'Phụ đề' }).click();
  const guestDialog = guest.getByRole('dialog', { name: 'Phụ đề' });
  await guestDialog.getByText('Tắt', { exact: true }).click();
  await guestDialog.getByText('Lớn', { exact: true }).click();
  await guestDialog.getByRole('button', { name: 'Đóng' }).click();
  await expect.poll(() => activeCue(guest), POLL).toBe('');
  await expect.poll(() => activeCue(host), POLL).toBe('<i>Anh đã đợi em suốt mười năm.</i>');
  await guest.reload();
  await expect(guest.locator(PLAYER)).toHaveAttribute('data-cue-size', 'large');
  await guest.getByRole('button', { name: 'Phụ đề' }).click();
  await expect(guestDialog.getByRole('radio', { name: 'Tắt' })).toBeChecked();
  await guestDialog.getByText('Tiếng Việt', { exact: true }).click();
  await guestDialog.getByRole('button', { name: 'Đóng' }).click();
  await expect.poll(() => activeCue(guest), POLL).toBe('<i>Anh đã đợi em suốt mười năm.</i>');
  await saveScreenshot(guest, 'subtitles-guest-desktop');
});

test('R112: subtitles on a phone, in the player and in its dialog', async ({ browser }) => {
  test.setTimeout(90_000);
  const host = await openRoomAsHost(browser);
  await pasteLink(host, CLIPS.a.url);
  await host.getByRole('button', { name: `Phát ${CLIPS.a.title}` }).click();
  await host.getByRole('button', { name: 'Phụ đề' }).click();
  const dialog = host.getByRole('dialog', { name: 'Phụ đề' });
  await dialog.getByLabel('Tệp phụ đề (.srt hoặc .vtt)').setInputFiles(`${FIXTURES}/vi-utf-16.srt`);
  await dialog.getByRole('button', { name: 'Thêm phụ đề này' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Đã thêm phụ đề Tiếng Việt (6 dòng).');
  await dialog.getByRole('button', { name: 'Đóng' }).click();

  const phone = await joinRoom(browser, host.url(), {
    signedIn: false,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  await pauseAt(host, 2);
  await expect.poll(() => activeCue(phone), POLL).toBe('Phụ đề tiếng Việt');
  await saveScreenshot(phone, 'subtitles-phone');
  await phone.getByRole('button', { name: 'Phụ đề' }).click();
  await saveScreenshot(phone, 'subtitles-dialog-phone');
});
