import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** How long an uploaded file waits to be attached to an item before the cleanup deletes it (R111). */
export const SUBTITLE_UNATTACHED_MS = 60 * 60 * 1000;

/** An uploaded file's id: 128 random bits, so holding it is what lets its uploader attach it (R111). */
const newSubtitleId = () => randomBytes(16).toString('base64url');

/** What an item's track keeps of a file (R111). */
export interface SubtitleFileInfo {
  id: string;
  cues: number;
}

/** Saves a file's cues, written as WebVTT (R110), for the room; attaching it to an item is a room command. */
export async function saveSubtitleFile(
  db: Db,
  roomId: string,
  vtt: string,
  cues: number,
  now: number,
): Promise<string> {
  const id = newSubtitleId();
  await db.insertInto('subtitle_files').values({ id, room_id: roomId, vtt, cues, created_at: now }).execute();
  return id;
}

export async function subtitleFileInfo(db: Db, roomId: string, id: string): Promise<SubtitleFileInfo | null> {
  const row = await db
    .selectFrom('subtitle_files')
    .select(['id', 'cues'])
    .where('room_id', '=', roomId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

export async function subtitleVtt(db: Db, roomId: string, id: string): Promise<string | null> {
  const row = await db
    .selectFrom('subtitle_files')
    .select('vtt')
    .where('room_id', '=', roomId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.vtt ?? null;
}

/**
 * Deletes, `limit` at most, the files uploaded before `before` that no playlist item of their room names: never
 * attached, or their item or track removed since (R111). An item names a file in its `subtitles` JSON as `"id":"…"`;
 * a LIKE that matches more than that only keeps a file longer, never deletes one in use.
 */
export async function deleteUnattachedSubtitles(db: Db, before: number, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('subtitle_files')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('subtitle_files as f')
        .select('f.id')
        .where('f.created_at', '<', before)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('playlist_items as p')
                .select(sql`1`.as('one'))
                .whereRef('p.room_id', '=', 'f.room_id')
                .where(sql<boolean>`p.subtitles like '%"' || f.id || '"%'`),
            ),
          ),
        )
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
