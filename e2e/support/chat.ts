import { DatabaseSync } from 'node:sqlite';
import { expect, type Page } from '@playwright/test';

/** The e2e server's SQLite file (playwright.config.ts: one data folder per port). */
const DATABASE = `.data-e2e-${Number(process.env.E2E_PORT ?? 3179)}/xemchung.sqlite`;

/**
 * Lets guests write in the room, straight in the database: the host's control for it belongs to the moderation
 * settings (R56), built beside the chat. The chat reads the room's settings on every message, so this holds at
 * once; pages learn it with the room's next committed change.
 * TODO(merge): replace with the host turning guest chat on in the room's settings.
 */
export function allowGuestChat(roomId: string): void {
  const database = new DatabaseSync(DATABASE, { timeout: 5000 });
  try {
    database.prepare('update rooms set guest_chat = 1 where id = ?').run(roomId);
  } finally {
    database.close();
  }
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
