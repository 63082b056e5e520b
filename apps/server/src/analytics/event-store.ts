import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.ts';

/** An event as stored in the `events` table and forwarded to PostHog. */
export interface RecordedEvent {
  id: string;
  name: string;
  properties: Record<string, unknown>;
  userUid: string | null;
  createdAt: number;
}

/** First-party analytics: every accepted event is a row in `events`, whatever happens downstream. */
export class EventStore {
  private readonly db: Db;
  private readonly now: () => number;

  constructor(db: Db, now: () => number = Date.now) {
    this.db = db;
    this.now = now;
  }

  async record(name: string, properties: Record<string, unknown>, userUid: string | null): Promise<RecordedEvent> {
    const event: RecordedEvent = { id: randomUUID(), name, properties, userUid, createdAt: this.now() };
    await this.db
      .insertInto('events')
      .values({
        id: event.id,
        name: event.name,
        properties: JSON.stringify(event.properties),
        user_uid: event.userUid,
        created_at: event.createdAt,
      })
      .execute();
    return event;
  }
}

/**
 * Deletes at most `limit` events recorded before `cutoff` (ANALYTICS_RETENTION_DAYS ago); returns how many.
 * retention/cleanup.ts calls it in batches, inside its transaction.
 */
export async function deleteEventsBefore(db: Db, cutoff: number, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('events')
    .where('id', 'in', (eb) => eb.selectFrom('events').select('id').where('created_at', '<', cutoff).limit(limit))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
