import { DatabaseSync } from 'node:sqlite';
import { expect, type Page } from '@playwright/test';

/** The e2e server's SQLite file (playwright.config.ts: one data folder per port). */
const DATABASE = `.data-e2e-${Number(process.env.E2E_PORT ?? 3179)}/xemchung.sqlite`;

/** The host lets guests write in the chat, through the room settings dialog (R56); every page learns it at once. */
export async function allowGuestChat(host: Page): Promise<void> {
  await host.getByRole('button', { name: 'Cài đặt phòng' }).click();
  const dialog = host.getByRole('dialog', { name: 'Cài đặt phòng' });
  await dialog.getByRole('checkbox', { name: 'Cho phép khách trò chuyện' }).check();
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(dialog).toBeHidden();
}

/** Writes `count` earlier messages of a guest 'Khách SEED' into the room's history, numbered 'Tin 1'… */
export function seedChat(roomId: string, count: number): void {
  const database = new DatabaseSync(DATABASE, { timeout: 5000 });
  try {
    const insert = database.prepare(
      `insert into chat_messages (room_id, seq, sender_key, sender_uid, sender_name, sender_guest_tag,
         sender_photo_url, text, created_at, deleted) values (?, ?, 'g:SEED000000', null, null, 'SEED000000', null, ?, ?, 0)`,
    );
    const start = Date.now() - count * 60_000;
    for (let seq = 1; seq <= count; seq++) insert.run(roomId, seq, `Tin ${seq}`, start + seq * 60_000);
  } finally {
    database.close();
  }
}

/** The room id of a room page's URL. */
export const roomIdOf = (page: Page) => new URL(page.url()).pathname.split('/').pop() ?? '';

/** Opens the side panel's 'Trò chuyện' tab, as a user does before reading or writing (R54). */
export async function openChat(page: Page): Promise<void> {
  const tab = page.getByRole('tab', { name: /^Trò chuyện/ });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}

/** The message box 'Tin nhắn'. */
export const chatBox = (page: Page) => page.getByRole('textbox', { name: 'Tin nhắn' });

/** The message list 'Tin nhắn trong phòng'. */
export const chatLog = (page: Page) => page.getByRole('log', { name: 'Tin nhắn trong phòng' });

/** Writes a message and sends it with Enter, as a user does, and waits until the box is empty again (stored). */
export async function say(page: Page, text: string): Promise<void> {
  await chatBox(page).fill(text);
  await chatBox(page).press('Enter');
  await expect(chatBox(page)).toHaveValue('');
}
