import { mkdirSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { CLIPS } from './support/media';
import { joinRoom, mediaState, openRoomAsHost, pasteLink } from './support/room';
import { test } from './support/test';

const POLL = { timeout: 15_000 };
const SHOTS = '/tmp/shots-vote';
const voteButton = (page: Page) => page.getByRole('button', { name: /^Bỏ qua/ });

test('three viewers: a guest and a member vote, the room skips; the host turns voting off and the button goes (R64–R69)', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const host = await openRoomAsHost(browser);
  const member = await joinRoom(browser, host.url(), { signedIn: true });
  const guest = await joinRoom(browser, host.url(), { signedIn: false, viewport: { width: 390, height: 844 } });
  const everyone = [host, member, guest];

  await test.step('clip A plays, clip B waits; everyone sees "Bỏ qua 0/3"', async () => {
    await pasteLink(host, CLIPS.a.url);
    await pasteLink(host, CLIPS.b.url);
    await host.getByRole('button', { name: `Phát ${CLIPS.a.title}` }).click();
    await expect.poll(async () => (await mediaState(guest))?.src, POLL).toBe(CLIPS.a.url);
    for (const page of everyone) {
      await expect(voteButton(page)).toHaveText('Bỏ qua 0/3', POLL);
      await expect(voteButton(page)).toHaveAttribute('aria-pressed', 'false');
    }
  });

  await test.step('the guest votes: pressed for the guest, 1/3 for everyone, said politely', async () => {
    await voteButton(guest).click();
    await expect(voteButton(guest)).toHaveAttribute('aria-pressed', 'true');
    for (const page of everyone) await expect(voteButton(page)).toHaveText('Bỏ qua 1/3', POLL);
    await expect(voteButton(member)).toHaveAttribute('aria-pressed', 'false');
    await expect(member.getByRole('status').filter({ hasText: 'muốn bỏ qua' })).toHaveText(
      '1 trên 3 người muốn bỏ qua video này, cần 2 phiếu.',
    );
    mkdirSync(SHOTS, { recursive: true });
    await guest.screenshot({ path: `${SHOTS}/phone-guest-voted.png` });
    await member.screenshot({ path: `${SHOTS}/desktop-member.png` });
  });

  await test.step('the member votes too: two of three, the room moves on to clip B and the count starts over', async () => {
    await voteButton(member).click();
    for (const page of everyone) {
      await expect.poll(async () => (await mediaState(page))?.src, POLL).toBe(CLIPS.b.url);
      await expect(voteButton(page)).toHaveText('Bỏ qua 0/3', POLL);
    }
    await expect(voteButton(guest)).toHaveAttribute('aria-pressed', 'false');
    await host.screenshot({ path: `${SHOTS}/desktop-host-after-skip.png` });
  });

  await test.step('the host turns voting off: the button goes for everyone', async () => {
    await host.getByRole('button', { name: 'Cài đặt phòng' }).click();
    const dialog = host.getByRole('dialog', { name: 'Cài đặt phòng' });
    await dialog.getByRole('checkbox', { name: 'Cho phép người xem bỏ phiếu bỏ qua video' }).uncheck();
    await dialog.getByRole('button', { name: 'Lưu' }).click();
    await expect(dialog).toBeHidden();
    for (const page of everyone) await expect(voteButton(page)).toHaveCount(0, POLL);
    // Clip B plays on: turning voting off changes nothing else.
    expect((await mediaState(guest))?.src).toBe(CLIPS.b.url);
    await guest.screenshot({ path: `${SHOTS}/phone-guest-voting-off.png` });
  });
});
