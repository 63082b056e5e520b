import { expect } from '@playwright/test';
import { expectNoAxeViolations } from './support/accessibility';
import { chatBox, openChat, say } from './support/chat';
import { joinRoom, openRoomAsHost } from './support/room';
import { saveScreenshot } from './support/screenshots';
import { test } from './support/test';

/** The room's screens and dialogs on a phone (touch) and a desktop, kept as artefacts for people to look at (#28). */
const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
};

for (const [name, options] of Object.entries(VIEWPORTS)) {
  test(`the room's chat and dialogs on a ${name}, whole on screen and without axe violations`, async ({ browser }) => {
    test.setTimeout(90_000);
    const host = await openRoomAsHost(browser, options);
    await joinRoom(browser, host.url(), { signedIn: true, ...options });
    await openChat(host);
    await say(host, 'Chào cả phòng, 5 phút nữa mình bắt đầu nhé!');
    await saveScreenshot(host, `room-chat-${name}`);
    // Done typing: on a phone the panel's header (share, settings) comes back once the box lets go of the focus.
    await chatBox(host).blur();

    const dialogs = [
      ['share', 'Chia sẻ link phòng', () => host.getByRole('button', { name: 'Chia sẻ link phòng' }).click()],
      ['settings', 'Cài đặt phòng', () => host.getByRole('button', { name: 'Cài đặt phòng' }).click()],
      [
        'confirm-kick',
        null,
        async () => {
          await host.getByRole('tab', { name: /^Người xem/ }).click();
          await host.getByRole('button', { name: /^Thao tác với/ }).click();
          await host.getByRole('menuitem', { name: 'Mời ra khỏi phòng' }).click();
        },
      ],
    ] as const;
    for (const [id, title, open] of dialogs) {
      await open();
      const dialog = title ? host.getByRole('dialog', { name: title }) : host.getByRole('alertdialog');
      await expect(dialog).toBeInViewport({ ratio: 1 });
      await expectNoAxeViolations(host, `${id} on a ${name}`);
      await saveScreenshot(host, `room-dialog-${id}-${name}`);
      await host.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
    }
  });
}
