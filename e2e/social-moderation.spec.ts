import { expect, type Page } from '@playwright/test';
import { CLIPS } from './support/media';
import { personKeyOf, secondTab, uidOf } from './support/moderation';
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

/** How close followers must be to the co-host, in seconds (precision is bench:sync's business). */
const FOLLOW_TOLERANCE = 0.3;
const POLL = { timeout: 15_000 };
const KICKED = 'Bạn đã bị mời ra khỏi phòng. Bạn có thể vào lại sau 10 phút.';
const BANNED = 'Bạn đã bị chặn khỏi phòng này.';

const paused = async (page: Page) => (await mediaState(page))?.paused;

test('a co-host drives like the host: its pause reaches everyone, and it keeps the room going after the host leaves (R55)', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const host = await openRoomAsHost(browser);
  const cohost = await joinRoom(browser, host.url(), { signedIn: true });
  const guest = await joinRoom(browser, host.url(), { signedIn: false });
  await pasteLink(host, CLIPS.a.url);
  await pasteLink(host, CLIPS.b.url);
  await host.getByRole('button', { name: `Phát ${CLIPS.a.title}` }).click();
  for (const page of [cohost, guest]) await expect.poll(() => paused(page), POLL).toBe(false);

  await test.step("the host gives control: the co-host's page changes at once", async () => {
    const tab = await secondTab(host, baseURL as string);
    expect(await tab.request('cohost:grant', { uid: await uidOf(cohost) })).toMatchObject({ ok: true });
    tab.close();
    await expect(cohost.getByText('Bạn đang cùng chủ phòng điều khiển')).toBeVisible();
    await expect.poll(async () => (await mediaState(cohost))?.controls, POLL).toBe(true);
    await expect(cohost.getByRole('button', { name: `Phát ${CLIPS.b.title}` })).toBeVisible();
    await expect(cohost.getByRole('button', { name: 'Xóa hàng chờ' })).toHaveCount(0);
    await expect(cohost.getByRole('button', { name: 'Cài đặt phòng' })).toHaveCount(0);
    expect((await mediaState(guest))?.controls).toBe(false);
  });

  await test.step('the co-host pauses: host and guest stop where it stopped', async () => {
    await expect.poll(() => paused(cohost), POLL).toBe(false);
    await hostControls(cohost).pause();
    for (const page of [host, guest]) {
      await expect.poll(() => paused(page), POLL).toBe(true);
      await expect.poll(() => positionGap(cohost, page), POLL).toBeLessThan(0.05);
    }
  });

  await test.step('the host plays again and leaves: the room plays on, and the co-host drives it', async () => {
    await hostControls(host).play();
    await expect.poll(() => paused(guest), POLL).toBe(false);
    await host.context().close();
    await hostControls(cohost).seek(40);
    await expect.poll(async () => (await mediaState(guest))?.currentTime, POLL).toBeGreaterThan(39.9);
    await expect.poll(() => positionGap(cohost, guest), POLL).toBeLessThan(FOLLOW_TOLERANCE);
    await cohost.getByRole('button', { name: `Phát ${CLIPS.b.title}` }).click();
    await expect.poll(async () => (await mediaState(guest))?.src, POLL).toBe(CLIPS.b.url);
    await expect.poll(() => positionGap(cohost, guest), POLL).toBeLessThan(FOLLOW_TOLERANCE);
  });
});

test('a kicked guest is out and stays out, a banned viewer until unbanned, and the host sets who may add (R56–R59)', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const host = await openRoomAsHost(browser);
  const roomUrl = host.url();
  const guest = await joinRoom(browser, roomUrl, { signedIn: false });
  const member = await joinRoom(browser, roomUrl, { signedIn: true });
  await pasteLink(host, CLIPS.a.url);
  await host.getByRole('button', { name: `Phát ${CLIPS.a.title}` }).click();
  await expect.poll(() => paused(guest), POLL).toBe(false);

  await test.step('the host lets only signed-in viewers add, and caps them at one waiting video', async () => {
    await host.getByRole('button', { name: 'Cài đặt phòng' }).click();
    const dialog = host.getByRole('dialog', { name: 'Cài đặt phòng' });
    await dialog.getByRole('radio', { name: 'Người đã đăng nhập' }).check();
    await dialog.getByRole('spinbutton', { name: 'Số video đang chờ tối đa của mỗi người' }).fill('1');
    await dialog.getByRole('button', { name: 'Lưu' }).click();
    await expect(dialog).toBeHidden();
    // The guest loses the search box and reads why; a forged add from its socket is refused all the same.
    await expect(playlist(guest)).toContainText('Chủ phòng chỉ cho phép người đã đăng nhập thêm video');
    await expect(guest.getByRole('combobox', { name: 'Tìm video hoặc dán link' })).toHaveCount(0);
    const forged = await secondTab(guest, baseURL as string);
    const video = { id: 'dQw4w9WgXcQ', title: 'x', thumbnail: '', source: 'youtube', mediaUrl: null };
    expect(await forged.request('playlist:add', { video })).toMatchObject({
      ok: false,
      error: { code: 'adding_restricted' },
    });
    forged.close();
    await pasteLink(member, CLIPS.b.url);
    await expect(playlist(host).getByRole('listitem')).toHaveCount(2);
    await pasteLink(member, CLIPS.hls.url);
    await expect(member.getByRole('alert').filter({ hasText: 'Bạn đã thêm đủ' })).toHaveText(
      'Bạn đã thêm đủ 1 video đang chờ',
    );
  });

  await test.step("'Xóa hàng chờ' asks first, then leaves only the video playing", async () => {
    await host.getByRole('button', { name: 'Xóa hàng chờ' }).click();
    const confirm = host.getByRole('alertdialog');
    await expect(confirm).toContainText('Bạn có chắc muốn xóa tất cả video trong hàng chờ?');
    await confirm.getByRole('button', { name: 'Có' }).click();
    for (const page of [host, member]) await expect(playlist(page).getByRole('listitem')).toHaveCount(1);
    expect(await paused(guest)).toBe(false);
  });

  await test.step('the host kicks the guest: out at once, and out again in a new tab or with cleared cookies', async () => {
    const tab = await secondTab(host, baseURL as string);
    expect(await tab.request('moderation:kick', { key: await personKeyOf(guest) })).toMatchObject({ ok: true });
    tab.close();
    await expect(guest.getByRole('alert')).toHaveText(KICKED);
    await expect(guest.locator(PLAYER)).toHaveCount(0);
    const newTab = await guest.context().newPage();
    await newTab.goto(roomUrl);
    await expect(newTab.getByRole('alert')).toHaveText(KICKED);
    await guest.context().clearCookies();
    await newTab.reload();
    await expect(newTab.getByRole('alert')).toHaveText(KICKED);
    // A signed-in viewer behind the same address is not the kicked guest.
    expect(await paused(member)).toBe(false);
  });

  await test.step('the host bans the member until unbanning them in the settings', async () => {
    const tab = await secondTab(host, baseURL as string);
    expect(await tab.request('moderation:ban', { uid: await uidOf(member) })).toMatchObject({ ok: true });
    tab.close();
    await expect(member.getByRole('alert')).toHaveText(BANNED);
    await member.reload();
    await expect(member.getByRole('alert')).toHaveText(BANNED);

    await host.getByRole('button', { name: 'Cài đặt phòng' }).click();
    const bans = host.getByRole('dialog', { name: 'Cài đặt phòng' }).getByRole('region', { name: 'Người bị chặn' });
    await bans.getByRole('button', { name: 'Bỏ chặn Người Xem' }).click();
    await expect(bans).toContainText('Chưa chặn ai.');
    await member.reload();
    await expect(member.getByText('Bạn đang xem theo chủ phòng')).toBeVisible();
    await expect.poll(() => paused(member), POLL).toBe(false);
  });
});

test('the host kicks a guest from its menu, is told its network goes too, and lets it back in from the settings (R107)', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const host = await openRoomAsHost(browser, { viewport: { width: 1280, height: 800 } });
  const roomUrl = host.url();
  const guest = await joinRoom(browser, roomUrl, { signedIn: false });

  await test.step("the kick's question says that guests on the same network go too", async () => {
    await host.getByRole('tab', { name: /^Người xem/ }).click();
    const guestRow = host.getByRole('list', { name: 'Người xem' }).getByRole('listitem').filter({ hasText: 'Khách' });
    await guestRow.getByRole('button', { name: /^Thao tác với Khách / }).click();
    await host.getByRole('menuitem', { name: 'Mời ra khỏi phòng' }).click();
    const confirm = host.getByRole('alertdialog');
    await expect(confirm).toHaveAccessibleName(
      /^Mời Khách \w+ ra khỏi phòng\? Họ và các khách khác dùng cùng mạng sẽ phải rời phòng, và chỉ vào lại được sau 10 phút\.$/,
    );
    await confirm.getByRole('button', { name: 'Có' }).click();
    await expect(guest.getByRole('alert')).toHaveText(KICKED);
  });

  // Every browser of the test comes from one address, so a new guest there is a guest on the kicked one's network.
  const neighbour = await (await browser.newContext()).newPage();
  await test.step('another guest on that network is kept out', async () => {
    await neighbour.goto(roomUrl);
    await expect(neighbour.getByRole('alert')).toHaveText(KICKED);
  });

  await test.step("the host sees the kick in the settings, with the minutes left, and lifts it with 'Cho vào lại'", async () => {
    await host.getByRole('button', { name: 'Cài đặt phòng' }).click();
    const dialog = host.getByRole('dialog', { name: 'Cài đặt phòng' });
    const kicks = dialog.getByRole('region', { name: 'Người bị mời ra' });
    await expect(kicks.getByRole('listitem')).toHaveText(/^Khách \w+còn 10 phútCho vào lại$/);
    for (const [name, viewport] of [
      ['desktop', { width: 1280, height: 800 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      await host.setViewportSize(viewport);
      await kicks.scrollIntoViewIfNeeded();
      const box = await dialog.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= viewport.width, `dialog inside the ${name} screen`).toBe(true);
      await expect(kicks.getByRole('button', { name: /^Cho Khách \w+ vào lại$/ })).toBeInViewport();
      await saveScreenshot(host, `room-settings-kicks-${name}`);
    }
    await kicks.getByRole('button', { name: /^Cho Khách \w+ vào lại$/ }).click();
    await expect(kicks).toContainText('Không có ai đang bị mời ra.');
    // The row went with the focus on its button: the focus is on the section's heading, in the dialog.
    await expect(kicks.getByRole('heading', { name: 'Người bị mời ra' })).toBeFocused();
  });

  await test.step('the guest, and the other guest of its network, come back in at once', async () => {
    for (const page of [guest, neighbour]) {
      await page.reload();
      await expect(page.getByText('Bạn đang xem theo chủ phòng')).toBeVisible();
    }
  });
});

test('the room settings dialog fits a phone and a desktop (R56)', async ({ browser }) => {
  test.setTimeout(90_000);
  const host = await openRoomAsHost(browser, { viewport: { width: 1280, height: 800 } });
  for (const [name, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await host.setViewportSize(viewport);
    await host.getByRole('button', { name: 'Cài đặt phòng' }).click();
    const dialog = host.getByRole('dialog', { name: 'Cài đặt phòng' });
    await expect(dialog.getByRole('region', { name: 'Người bị chặn' })).toContainText('Chưa chặn ai.');
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= viewport.width, `dialog inside the ${name} screen`).toBe(true);
    await expect(dialog.getByRole('button', { name: 'Lưu' })).toBeInViewport();
    await saveScreenshot(host, `room-settings-${name}`);
    await dialog.getByRole('button', { name: 'Đóng' }).click();
  }
});
