import { expect, type Page } from '@playwright/test';
import { PROTOCOL_VERSION } from '@xemchung/protocol';
import { io } from 'socket.io-client';
import { CLIPS } from './support/media';
import { joinRoom, mediaState, openRoomAsHost, pasteLink, playlist } from './support/room';
import { test } from './support/test';

const POLL = { timeout: 15_000 };
const titles = (page: Page) => playlist(page).getByRole('listitem').allTextContents();
/** The row titles without their status words ('Đang phát', 'Đã xem'). */
const order = async (page: Page) => (await titles(page)).map((text) => text.replace(/ (Đang phát|Đã xem)$/, ''));

/** Adds YouTube items by the host's own socket (its cookie), so the playlist has enough rows with distinct titles. */
async function addAsHost(host: Page, roomUrl: string, names: string[]) {
  const cookie = (await host.context().cookies()).map(({ name, value }) => `${name}=${value}`).join('; ');
  const origin = new URL(roomUrl).origin;
  const socket = io(origin, {
    transports: ['websocket'],
    auth: { protocol: PROTOCOL_VERSION },
    extraHeaders: { origin, cookie },
  });
  try {
    const roomId = new URL(roomUrl).pathname.split('/').at(-1);
    expect(await socket.timeout(10_000).emitWithAck('room:join', { roomId })).toMatchObject({ ok: true });
    for (const [i, title] of names.entries()) {
      const video = { id: `pp${i}`.padEnd(11, 'x'), title, thumbnail: '', source: 'youtube', mediaUrl: null };
      expect(await socket.timeout(10_000).emitWithAck('playlist:add', { video })).toMatchObject({ ok: true });
    }
  } finally {
    socket.disconnect();
  }
}

test('the host reorders with the keyboard and by drag and drop, and the guest sees the new order; shuffle keeps the playing item (R60, R62)', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const host = await openRoomAsHost(browser);
  const guest = await joinRoom(browser, host.url(), { signedIn: false });

  await test.step('a clip plays, three more wait', async () => {
    await pasteLink(host, CLIPS.a.url);
    await host.getByRole('button', { name: `Phát ${CLIPS.a.title}` }).click();
    await addAsHost(host, host.url(), ['Bài Một', 'Bài Hai', 'Bài Ba']);
    for (const page of [host, guest]) {
      await expect.poll(() => order(page), POLL).toEqual([CLIPS.a.title, 'Bài Một', 'Bài Hai', 'Bài Ba']);
    }
    await expect.poll(async () => (await mediaState(guest))?.src, POLL).toBe(CLIPS.a.url);
  });

  await test.step('the host moves Bài Ba up twice with the keyboard; the focus stays on its button', async () => {
    const up = host.getByRole('button', { name: 'Đưa Bài Ba lên trên' });
    await up.focus();
    await host.keyboard.press('Enter');
    await expect.poll(() => order(host), POLL).toEqual([CLIPS.a.title, 'Bài Một', 'Bài Ba', 'Bài Hai']);
    await expect(up).toBeFocused();
    await host.keyboard.press('Enter');
    await expect.poll(() => order(guest), POLL).toEqual([CLIPS.a.title, 'Bài Ba', 'Bài Một', 'Bài Hai']);
    await expect(up).toBeFocused();
    // Screen readers hear where it went.
    await expect(playlist(host).locator('[aria-live="polite"]')).toHaveText('Đã chuyển Bài Ba đến vị trí 2 trên 4.');
    // The guest has no reordering.
    await expect(guest.getByRole('button', { name: /Đưa .* lên trên/ })).toHaveCount(0);
  });

  await test.step('the host moves the playing clip down with the keyboard: it keeps playing for the guest, the focus on its button', async () => {
    const down = host.getByRole('button', { name: `Đưa ${CLIPS.a.title} xuống dưới` });
    await down.press('Enter');
    await expect.poll(() => order(guest), POLL).toEqual(['Bài Ba', CLIPS.a.title, 'Bài Một', 'Bài Hai']);
    // React moves this row's node to reorder the list; the focus stays on the button that moved it.
    await expect(down).toBeFocused();
    await expect(playlist(guest).getByRole('listitem').nth(1)).toHaveAttribute('aria-current', 'true');
    expect((await mediaState(guest))?.src).toBe(CLIPS.a.url);
  });

  await test.step('the host drags Bài Hai onto Bài Một with the mouse: it takes that place for the guest too, and is announced', async () => {
    const row = (title: string) => playlist(host).getByRole('listitem').filter({ hasText: title });
    // The browser's own drag and drop (HTML5 events, docs/decisions/022), not events made up by the test.
    await row('Bài Hai').dragTo(row('Bài Một'));
    await expect.poll(() => order(guest), POLL).toEqual(['Bài Ba', CLIPS.a.title, 'Bài Hai', 'Bài Một']);
    await expect(playlist(host).locator('[aria-live="polite"]')).toHaveText('Đã chuyển Bài Hai đến vị trí 3 trên 4.');
    // The drop marker does not outlive the drop.
    await expect(playlist(host).locator('li[data-drop]')).toHaveCount(0);
    expect((await mediaState(guest))?.src).toBe(CLIPS.a.url);
  });

  await test.step('shuffle: the waiting rows trade places, the playing clip stays where it is and plays on', async () => {
    const before = await order(host);
    await host.getByRole('button', { name: 'Trộn hàng chờ' }).click();
    await expect(playlist(host).locator('[aria-live="polite"]')).toHaveText('Đã trộn thứ tự các video đang chờ.');
    const shuffled = await order(guest);
    expect([...shuffled].sort()).toEqual([...before].sort());
    await expect(playlist(guest).getByRole('listitem').nth(1)).toHaveAttribute('aria-current', 'true');
    expect(shuffled[1]).toBe(CLIPS.a.title);
    await expect.poll(async () => (await mediaState(guest))?.src, POLL).toBe(CLIPS.a.url);
  });

  await test.step('the host sets the loop mode under the player', async () => {
    const loop = host.getByRole('group', { name: 'Lặp lại' });
    await loop.getByRole('button', { name: 'Lặp cả danh sách' }).click();
    await expect(loop.getByRole('button', { name: 'Lặp cả danh sách' })).toHaveAttribute('aria-pressed', 'true');
    await expect(guest.getByRole('group', { name: 'Lặp lại' })).toHaveCount(0);
  });
});
