import { copyFileSync, mkdirSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { joinRoom, openRoomAsHost, pasteLink, playlist } from './support/room';
import { SCREENSHOT_DIR, saveScreenshot } from './support/screenshots';
import { test } from './support/test';
import { FIXTURE_LISTS, SMALL_LIST_VIDEOS } from './support/youtube';

// The fake YouTube server (e2e/support/youtube.ts) serves the fixture playlists over the Data API: a small list
// (three videos with a private and a deleted one between them), 5,000 videos, and a private list.
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const rows = (page: Page) => playlist(page).getByRole('listitem');
const alertLine = (page: Page) => page.getByRole('alert');

/** Saves the screenshot as the other specs do, and a copy where this branch's reviewer looks (/tmp/shots-ytlist). */
async function shoot(page: Page, name: string) {
  await saveScreenshot(page, name);
  mkdirSync('/tmp/shots-ytlist', { recursive: true });
  copyFileSync(`${SCREENSHOT_DIR}/${name}.png`, `/tmp/shots-ytlist/${name}.png`);
}

test('a pasted YouTube playlist joins the room in order for everyone; caps, duplicates and private lists are explained (R70–R74)', async ({
  browser,
}) => {
  const host = await openRoomAsHost(browser, { viewport: DESKTOP });
  const guest = await joinRoom(browser, host.url(), { signedIn: false, viewport: PHONE });

  // A watch link from a playlist page means the playlist: its playable videos, in order, as one change.
  const [first] = SMALL_LIST_VIDEOS;
  await pasteLink(host, `https://www.youtube.com/watch?v=${first?.id}&list=${FIXTURE_LISTS.small}&index=1`);
  await expect(alertLine(host)).toContainText('Đã thêm 3 video từ danh sách phát.');
  for (const page of [host, guest]) {
    await expect(rows(page)).toHaveCount(SMALL_LIST_VIDEOS.length);
    for (const [i, video] of SMALL_LIST_VIDEOS.entries()) await expect(rows(page).nth(i)).toContainText(video.title);
  }
  await expect(host.getByRole('combobox', { name: 'Tìm video hoặc dán link' })).toHaveValue('');
  await shoot(host, 'youtube-playlist-added-desktop');

  // The same list again: every video is already there.
  await pasteLink(host, `https://www.youtube.com/playlist?list=${FIXTURE_LISTS.small}`);
  await expect(alertLine(host)).toContainText('Video đã có trong playlist');

  // A private list: said in Vietnamese, nothing changes.
  await pasteLink(host, `https://www.youtube.com/playlist?list=${FIXTURE_LISTS.private}`);
  await expect(alertLine(host)).toContainText('Danh sách phát không tồn tại hoặc đang ở chế độ riêng tư.');
  await expect(rows(host)).toHaveCount(SMALL_LIST_VIDEOS.length);

  // A guest pastes a 5,000-video list from a phone: only their 10 waiting videos go in, and the message says why.
  await pasteLink(guest, `https://music.youtube.com/playlist?list=${FIXTURE_LISTS.huge}`);
  await expect(alertLine(guest)).toContainText(
    'Đã thêm 10 video; bạn đã đạt giới hạn 10 video đang chờ nên các video còn lại không được thêm.',
  );
  for (const page of [host, guest]) await expect(rows(page)).toHaveCount(SMALL_LIST_VIDEOS.length + 10);
  await expect(rows(guest).nth(SMALL_LIST_VIDEOS.length)).toContainText('Video số 1');
  await shoot(guest, 'youtube-playlist-cap-phone');
});
