import { type Browser, expect, type Page } from '@playwright/test';
import { allowGuestChat, chatBox, chatLog, openChat, roomIdOf, say, seedChat } from './support/chat';
import { joinRoom, openRoomAsHost } from './support/room';
import { saveScreenshot } from './support/screenshots';
import { test } from './support/test';

const GUESTS_CLOSED = 'Chủ phòng chỉ cho người đã đăng nhập gửi tin nhắn. Hãy đăng nhập để cùng trò chuyện.';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** A host's room with a guest in it; both on a phone when `phone`. */
async function hostAndGuest(browser: Browser, phone = false): Promise<{ host: Page; guest: Page }> {
  const options = phone ? PHONE : { viewport: { width: 1280, height: 800 } };
  const host = await openRoomAsHost(browser, options);
  await openChat(host);
  const guest = await joinRoom(browser, host.url(), { signedIn: false, ...options });
  await openChat(guest);
  return { host, guest };
}

test('R54: a guest reads but cannot write while the host keeps the chat to signed-in viewers', async ({ browser }) => {
  const { host, guest } = await hostAndGuest(browser);
  await expect(guest.getByText(GUESTS_CLOSED)).toBeVisible();
  await expect(chatBox(guest)).toHaveCount(0);
  await expect(guest.getByRole('button', { name: 'Gửi' })).toHaveCount(0);

  await say(host, 'Chào cả phòng! Tối nay xem phim ma nhé 👻');
  await expect(chatLog(guest).getByText('Chào cả phòng! Tối nay xem phim ma nhé 👻')).toBeVisible();
  await expect(chatLog(guest).getByText('Chủ Phòng', { exact: true })).toBeVisible();
  await expect(guest.getByText(GUESTS_CLOSED)).toBeVisible();
});

test('R54: host and guest chat both ways once guests may write; links open safely; the host deletes for everyone', async ({
  browser,
}) => {
  const { host, guest } = await hostAndGuest(browser);
  await say(host, 'Link phim: https://example.com/phim-ma?tap=1. Xem trước đi!');
  const link = chatLog(guest).getByRole('link', { name: 'https://example.com/phim-ma?tap=1' });
  await expect(link).toHaveAttribute('href', 'https://example.com/phim-ma?tap=1');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');

  // The host lets guests write; the guest's page learns it at once.
  await allowGuestChat(host);
  await expect(guest.getByText(GUESTS_CLOSED)).toHaveCount(0);

  await say(guest, 'Cảm ơn chủ phòng, mình vào rồi <b>nè</b>');
  const fromGuest = chatLog(host).getByRole('listitem').filter({ hasText: 'mình vào rồi' });
  await expect(fromGuest).toContainText(/Khách [0-9A-Z]{4}/);
  // Text only: markup arrives as the characters typed.
  await expect(fromGuest).toContainText('Cảm ơn chủ phòng, mình vào rồi <b>nè</b>');
  await expect(fromGuest.getByRole('time')).toHaveText(/^\d{2}:\d{2}$/);
  await say(host, 'Chào bạn!');
  await expect(chatLog(guest).getByText('Chào bạn!')).toBeVisible();
  await saveScreenshot(host, 'chat-desktop-host');
  await saveScreenshot(guest, 'chat-desktop-guest');

  // Only the host and co-hosts get delete buttons (R50); deleting asks first, then is gone for everyone.
  await expect(chatLog(guest).getByRole('button', { name: /^Xóa tin nhắn/ })).toHaveCount(0);
  await fromGuest.hover();
  await host.getByRole('button', { name: /^Xóa tin nhắn của Khách/ }).click();
  await host.getByRole('button', { name: 'Có' }).click();
  for (const page of [host, guest]) {
    await expect(chatLog(page).getByText('Tin nhắn đã bị xóa')).toBeVisible();
    await expect(chatLog(page).getByText('mình vào rồi')).toHaveCount(0);
  }
});

test('R54: sending too fast is refused with a Vietnamese message, and the draft is kept', async ({ browser }) => {
  const host = await openRoomAsHost(browser);
  await openChat(host);
  for (let i = 1; i <= 5; i++) await say(host, `Tin số ${i}`);
  await chatBox(host).fill('Tin số 6');
  await chatBox(host).press('Enter');
  await expect(host.getByRole('alert').filter({ hasText: 'Bạn gửi tin nhắn quá nhanh' })).toHaveText(
    'Bạn gửi tin nhắn quá nhanh, đợi một chút rồi gửi tiếp.',
  );
  await expect(chatBox(host)).toHaveValue('Tin số 6');
  await expect(chatLog(host).getByRole('listitem')).toHaveCount(5);
});

test('R54: the chat on a phone, with the count near the limit', async ({ browser }) => {
  const { host, guest } = await hostAndGuest(browser, true);
  await say(host, 'Mọi người ơi, 5 phút nữa bắt đầu nhé!');
  await say(host, 'Nhớ bật tiếng 🔊 — link dự phòng: https://example.com/xem');
  await chatBox(host).fill('a'.repeat(480));
  await expect(host.getByText('480/500')).toBeVisible();
  await chatBox(host).fill('a'.repeat(501));
  await expect(host.getByRole('button', { name: 'Gửi' })).toBeDisabled();
  await chatBox(host).fill('');
  await expect(chatLog(guest).getByText('5 phút nữa bắt đầu')).toBeVisible();
  for (const page of [host, guest]) await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(host, 'chat-phone-host');
  await saveScreenshot(guest, 'chat-phone-guest');
});

/** Whether the message `text` is inside the visible part of the message list. */
async function inView(page: Page, text: string): Promise<boolean> {
  const box = await chatLog(page).boundingBox();
  const line = await chatLog(page).getByText(text, { exact: true }).boundingBox();
  return !!box && !!line && line.y >= box.y - 1 && line.y + line.height <= box.y + box.height + 1;
}

test('R54: the last 50 on joining, older ones on scrolling up, and new ones followed only at the bottom', async ({
  browser,
}) => {
  const host = await openRoomAsHost(browser);
  await openChat(host);
  seedChat(roomIdOf(host), 120);
  const guest = await joinRoom(browser, host.url(), { signedIn: false });
  await openChat(guest);
  const messages = chatLog(guest).getByRole('listitem');
  await expect(messages).toHaveCount(50);
  await expect(messages.first()).toContainText('Tin 71');
  await expect.poll(() => inView(guest, 'Tin 120')).toBe(true);

  // At the bottom, a new message is followed.
  await say(host, 'Tin mới nhất');
  await expect.poll(() => inView(guest, 'Tin mới nhất')).toBe(true);

  // Scrolling to the top brings the 50 before, and the reader keeps their place.
  await chatLog(guest).evaluate((list) => list.scrollTo(0, 0));
  await expect(messages).toHaveCount(101);
  await expect(messages.first()).toContainText('Tin 21');
  await expect.poll(() => inView(guest, 'Tin 71')).toBe(true);
  await chatLog(guest).evaluate((list) => list.scrollTo(0, 0));
  await expect(messages).toHaveCount(121);
  await expect(chatLog(guest).getByText('Bắt đầu cuộc trò chuyện của phòng.')).toBeVisible();
  await expect.poll(() => inView(guest, 'Tin 21')).toBe(true);

  // Scrolled up, a new message does not pull the reader down; a button says there is more below.
  await say(host, 'Tin khi đang đọc tin cũ');
  await expect(guest.getByRole('button', { name: /Có tin nhắn mới/ })).toBeVisible();
  expect(await inView(guest, 'Tin 21')).toBe(true);
  await guest.getByRole('button', { name: /Có tin nhắn mới/ }).click();
  await expect.poll(() => inView(guest, 'Tin khi đang đọc tin cũ')).toBe(true);
  await saveScreenshot(guest, 'chat-desktop-history');
});
