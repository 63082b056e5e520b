import { expect, type Locator, type Page } from '@playwright/test';
import { CLIPS } from './support/media';
import { joinRoom, openRoomAsHost, pasteLink } from './support/room';
import { test } from './support/test';

/**
 * Focus never falls to the page (docs/product.md#keyboard-screen-readers-and-contrast): the host, by keyboard,
 * does each thing that takes away or disables the control it was on, and after each the focus is somewhere a
 * keyboard user can go on from.
 */

const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
};

const TEXTS = {
  vi: {
    chatTab: /^Trò chuyện/,
    viewersTab: /^Người xem/,
    playlistTab: /^Danh sách phát/,
    viewers: 'Người xem',
    menu: /^Thao tác với/,
    kick: 'Mời ra khỏi phòng',
    ban: 'Chặn',
    yes: 'Có',
    no: 'Không',
    settings: 'Cài đặt phòng',
    unban: /^Bỏ chặn /,
    noBans: 'Chưa chặn ai.',
    unkick: /^Cho .+ vào lại$/,
    noKicks: 'Không có ai đang bị mời ra.',
    chatBox: 'Tin nhắn',
    send: 'Gửi',
    log: 'Tin nhắn trong phòng',
    deleteMessage: /^Xóa tin nhắn/,
    deleted: 'Tin nhắn đã bị xóa',
    clearWatched: 'Xóa video đã xem',
    clearQueue: 'Xóa hàng chờ',
  },
  en: {
    chatTab: /^Chat/,
    viewersTab: /^Viewers/,
    playlistTab: /^Playlist/,
    viewers: 'Viewers',
    menu: /^Actions for/,
    kick: 'Ask to leave',
    ban: 'Ban',
    yes: 'Yes',
    no: 'No',
    settings: 'Room settings',
    unban: /^Unban /,
    noBans: 'Nobody is banned.',
    unkick: /^Let .+ back in$/,
    noKicks: 'Nobody is asked to leave right now.',
    chatBox: 'Message',
    send: 'Send',
    log: 'Messages in the room',
    deleteMessage: /^Delete the message/,
    deleted: 'Message deleted',
    clearWatched: 'Delete watched videos',
    clearQueue: 'Clear the queue',
  },
} as const;

/** What has the focus: 'body' when it fell to the page. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'body';
    return `${active.tagName.toLowerCase()} '${(active.getAttribute('aria-label') ?? active.textContent ?? '').trim().slice(0, 50)}'`;
  });

async function expectFocusKept(page: Page, after: string): Promise<void> {
  await expect.poll(() => focused(page), { message: `focus after ${after}` }).not.toBe('body');
}

/** Focuses `control` and presses `key` on it, as the keyboard does. */
async function press(control: Locator, key = 'Enter'): Promise<void> {
  await control.focus();
  await control.press(key);
}

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  for (const [language, text] of Object.entries(TEXTS)) {
    test(`focus stays on the page's controls on a ${viewportName} in ${language}: control granted, kick and ban confirmed, cancelled or escaped, unban, kick lifted, chat sent with the button, a message deleted, watched and queue cleared`, async ({
      browser,
    }) => {
      test.setTimeout(150_000);
      const host = await openRoomAsHost(browser, viewport);
      for (let i = 0; i < 2; i++) await joinRoom(browser, host.url(), { signedIn: true, ...viewport });
      await joinRoom(browser, host.url(), { signedIn: false, ...viewport });
      for (const clip of [CLIPS.a, CLIPS.b, CLIPS.hls]) await pasteLink(host, clip.url);
      if (language === 'en') {
        await host.evaluate(() => localStorage.setItem('xemchung:language', 'en'));
        await host.reload();
      }
      const tabs = {
        playlist: host.getByRole('tab', { name: text.playlistTab }),
        chat: host.getByRole('tab', { name: text.chatTab }),
        viewers: host.getByRole('tab', { name: text.viewersTab }),
      };
      await expect(tabs.viewers).toBeVisible();
      const rows = host.getByRole('list', { name: text.viewers }).getByRole('listitem');
      const menuOf = (row: Locator) => row.getByRole('button', { name: text.menu });
      const menu = host.getByRole('menu');
      const dialog = host.getByRole('alertdialog');
      const box = host.getByRole('textbox', { name: text.chatBox, exact: true });

      await test.step('control granted from the menu: the focus is back on the ⋮ of the row, moved or not', async () => {
        await press(tabs.viewers);
        await expect(rows).toHaveCount(4);
        await press(menuOf(rows.nth(1)));
        await expect(menu.getByRole('menuitem').first()).toBeFocused();
        await host.keyboard.press('Enter');
        await expect(menu).toHaveCount(0);
        await expectFocusKept(host, 'granting control');
        await expect(menuOf(rows.nth(1))).toBeFocused();
      });

      await test.step('kick and ban cancelled with the no button or Escape: back on the ⋮', async () => {
        for (const [row, item, answer] of [
          [rows.last(), text.kick, 'no'],
          [rows.last(), text.kick, 'Escape'],
          [rows.nth(2), text.ban, 'no'],
          [rows.nth(2), text.ban, 'Escape'],
        ] as const) {
          await press(menuOf(row));
          await press(menu.getByRole('menuitem', { name: item, exact: true }));
          await expect(dialog).toBeVisible();
          if (answer === 'no') await press(dialog.getByRole('button', { name: text.no }));
          else await host.keyboard.press('Escape');
          await expect(dialog).toHaveCount(0);
          await expectFocusKept(host, `${item} answered ${answer}`);
          await expect(menuOf(row)).toBeFocused();
        }
      });

      await test.step('ban and kick confirmed: the row goes, the focus stays in the list of viewers', async () => {
        for (const [row, item] of [
          [rows.nth(2), text.ban],
          [rows.last(), text.kick],
        ] as const) {
          const before = await rows.count();
          await press(menuOf(row));
          await press(menu.getByRole('menuitem', { name: item, exact: true }));
          await press(dialog.getByRole('button', { name: text.yes }));
          await expect(rows).toHaveCount(before - 1);
          await expectFocusKept(host, `${item} confirmed`);
          expect(await host.getByRole('tabpanel').evaluate((panel) => panel.contains(document.activeElement))).toBe(
            true,
          );
        }
      });

      await test.step('unban and a kick lifted in the settings: the focus stays in the dialog, and Tab goes on inside it', async () => {
        await press(host.getByRole('button', { name: text.settings }));
        const settings = host.getByRole('dialog', { name: text.settings });
        const inSettings = () => settings.evaluate((element) => element.contains(document.activeElement));
        await press(settings.getByRole('button', { name: text.unkick }));
        await expect(settings).toContainText(text.noKicks);
        await expectFocusKept(host, 'letting the kicked guest back in');
        expect(await inSettings()).toBe(true);
        await press(settings.getByRole('button', { name: text.unban }));
        await expect(settings).toContainText(text.noBans);
        await expectFocusKept(host, 'unbanning');
        for (let i = 0; i < 3; i++) {
          expect(await inSettings()).toBe(true);
          await host.keyboard.press('Tab');
        }
        await host.keyboard.press('Escape');
        await expect(settings).toHaveCount(0);
      });

      await test.step('a message sent with the send button: the focus is back in the box', async () => {
        await press(tabs.chat);
        await box.fill('Gửi bằng nút');
        await press(host.getByRole('button', { name: text.send, exact: true }));
        await expect(box).toHaveValue('');
        await expect(box).toBeFocused();
      });

      await test.step('a message deleted: the focus goes to the list of messages', async () => {
        await box.fill('Tin sẽ bị xóa');
        await box.press('Enter');
        await expect(box).toHaveValue('');
        await press(host.getByRole('button', { name: text.deleteMessage }).last());
        await press(dialog.getByRole('button', { name: text.yes }));
        await expect(host.getByRole('log', { name: text.log })).toContainText(text.deleted);
        await expectFocusKept(host, 'deleting a message');
      });

      await test.step('watched videos and the queue cleared: the focus stays on the button', async () => {
        await press(tabs.playlist);
        await press(host.getByRole('button', { name: new RegExp(CLIPS.a.title) }).first());
        await press(host.getByRole('button', { name: new RegExp(CLIPS.b.title) }).first());
        for (const name of [text.clearWatched, text.clearQueue]) {
          const button = host.getByRole('button', { name, exact: true });
          await expect(button).not.toHaveAttribute('aria-disabled', 'true');
          await press(button);
          await press(dialog.getByRole('button', { name: text.yes }));
          await expect(button).toHaveAttribute('aria-disabled', 'true');
          await expectFocusKept(host, name);
          await expect(button).toBeFocused();
        }
      });
    });
  }
}
