import { expect, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/accessibility';
import { allowGuestChat, chatBox, chatLog, openChat, roomIdOf, say, seedChat } from './support/chat';
import { personKeyOf, secondTab } from './support/moderation';
import { joinRoom, openRoomAsHost } from './support/room';
import { saveScreenshot } from './support/screenshots';
import { test } from './support/test';

/** A phone held upright, with touch (docs/product.md#room-page: the room on a phone). */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
/**
 * The same phone with its on-screen keyboard up: the page's viewport says `interactive-widget=resizes-content`, so
 * the keyboard shrinks the layout viewport as a smaller window would.
 */
const KEYBOARD_UP = { width: 390, height: 520 };

/** Whether the whole of `locator` is inside the window. */
async function wholeOnScreen(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const size = page.viewportSize();
  return !!box && !!size && box.y >= -1 && box.y + box.height <= size.height + 1 && box.height > 0;
}

/** Whether the message `text` is inside the visible part of the message list. */
async function inView(page: Page, text: string): Promise<boolean> {
  const box = await chatLog(page).boundingBox();
  const line = await chatLog(page).getByText(text, { exact: true }).boundingBox();
  return !!box && !!line && line.y >= box.y - 1 && line.y + line.height <= box.y + box.height + 1 && box.height > 40;
}

/** How far the page itself can scroll: 0 when the room fits the window and only its lists scroll. */
const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollHeight - document.documentElement.clientHeight);

/**
 * A finger swiping down over `locator` `times` times (the content follows it: a list scrolls up), as touch input
 * through Chromium's compositor, which scrolls what is under the finger or, when that cannot scroll, the page.
 */
async function swipeDown(page: Page, locator: Locator, times: number): Promise<void> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('nothing to swipe on');
  const x = Math.round(box.x + box.width / 2);
  const from = Math.round(box.y + 20);
  const distance = Math.round(box.height * 0.8);
  const cdp = await page.context().newCDPSession(page);
  for (let swipe = 0; swipe < times; swipe++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: from }] });
    for (let step = 1; step <= 10; step++) {
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [{ x, y: from + (distance * step) / 10 }],
      });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  }
  await cdp.detach();
}

const player = (page: Page) => page.getByRole('region', { name: 'Trình phát video' });

test('on a phone the player stays on screen and the chat scrolls inside the side panel: newest first with the box visible, keyboard up too, older on swiping up, and "Có tin nhắn mới" (R54)', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const host = await openRoomAsHost(browser, PHONE);
  await allowGuestChat(host);
  await openChat(host);
  seedChat(roomIdOf(host), 120);
  const guest = await joinRoom(browser, host.url(), { signedIn: false, ...PHONE });
  await openChat(guest);
  const messages = chatLog(guest).getByRole('listitem');
  await expect(messages).toHaveCount(50);

  await test.step('the room fits the screen: the player on top, the newest message and the box below it', async () => {
    expect(await pageOverflow(guest)).toBeLessThanOrEqual(1);
    expect(await wholeOnScreen(guest, player(guest))).toBe(true);
    expect(await wholeOnScreen(guest, chatBox(guest))).toBe(true);
    await expect.poll(() => inView(guest, 'Tin 120')).toBe(true);
    await saveScreenshot(guest, 'phone-chat-open');
  });

  await test.step('swiping down over the messages scrolls the list, not the page, and loads older ones', async () => {
    await expect(async () => {
      await swipeDown(guest, chatLog(guest), 2);
      expect(await messages.count()).toBeGreaterThanOrEqual(101);
    }).toPass({ timeout: 15_000 });
    await expect(messages.first()).toContainText(/Tin (21|1)$/);
    expect(await wholeOnScreen(guest, player(guest))).toBe(true);
    expect(await guest.evaluate(() => window.scrollY)).toBe(0);
  });

  await test.step('a new message while reading older ones: "Có tin nhắn mới" takes the reader down', async () => {
    await say(host, 'Tin mới trên điện thoại');
    const below = guest.getByRole('button', { name: /Có tin nhắn mới/ });
    await expect(below).toBeVisible();
    await below.tap();
    await expect.poll(() => inView(guest, 'Tin mới trên điện thoại')).toBe(true);
  });

  await test.step('with the keyboard up, the player and the box stay on screen and the newest message shows', async () => {
    await chatBox(guest).tap();
    await guest.setViewportSize(KEYBOARD_UP);
    await expect.poll(() => wholeOnScreen(guest, chatBox(guest))).toBe(true);
    expect(await wholeOnScreen(guest, player(guest))).toBe(true);
    await expect.poll(() => inView(guest, 'Tin mới trên điện thoại')).toBe(true);
    await chatBox(guest).fill('Đang gõ với bàn phím');
    await saveScreenshot(guest, 'phone-chat-keyboard-up');
    await chatBox(guest).press('Enter');
    await expect(chatBox(guest)).toHaveValue('');
    await expect.poll(() => inView(guest, 'Đang gõ với bàn phím')).toBe(true);
  });
});

test('on a phone the host taps one delete button per message: each whole, apart from the others and named for its message; the tabs say what their numbers count; a kicked guest reads a heading', async ({
  browser,
  baseURL,
}) => {
  const host = await openRoomAsHost(browser, PHONE);
  seedChat(roomIdOf(host), 6);
  const guest = await joinRoom(browser, host.url(), { signedIn: false, ...PHONE });
  await host.reload();
  await openChat(host);
  const deletes = chatLog(host).getByRole('button', { name: /^Xóa tin nhắn của Khách SEED/ });
  await expect(deletes).toHaveCount(6);
  const names = await deletes.evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')));
  expect(new Set(names).size, names.join('\n')).toBe(6);
  expect(names[0]).toMatch(/ lúc [\d/ ]*\d{2}:\d{2}: Tin 1$/);
  const boxes = await deletes.evaluateAll((buttons) =>
    buttons.map((button) => {
      const { y, height, width } = button.getBoundingClientRect();
      return { y, height, width };
    }),
  );
  for (const [index, box] of boxes.entries()) {
    expect(Math.min(box.width, box.height), `delete button ${index + 1} is a 44 px target`).toBeGreaterThanOrEqual(44);
    const next = boxes[index + 1];
    if (next)
      expect(next.y, `delete buttons ${index + 1} and ${index + 2} apart`).toBeGreaterThanOrEqual(box.y + box.height);
  }
  await expectNoAxeViolations(host, 'the chat of a phone with delete buttons');
  await expect(host.getByRole('tab', { name: 'Người xem, 2 người đang xem' })).toBeVisible();
  await saveScreenshot(host, 'phone-chat-host-delete-buttons');

  const tab = await secondTab(host, baseURL as string);
  expect(await tab.request('moderation:kick', { key: await personKeyOf(guest) })).toMatchObject({ ok: true });
  tab.close();
  await expect(guest.getByRole('heading', { level: 1, name: 'Bạn không còn ở trong phòng này' })).toBeVisible();
  await expectNoAxeViolations(guest, 'the kicked screen on a phone');
  await saveScreenshot(guest, 'phone-kicked');
});
