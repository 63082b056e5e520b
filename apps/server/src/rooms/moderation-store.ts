import {
  BANS_LIST_MAX,
  type BanEntry,
  KICK_DURATION_MS,
  type RemovalReason,
  shownDisplayName,
} from '@xemchung/protocol';
import DataLoader from 'dataloader';
import type { Db } from '../db/database.ts';
import type { Actor } from './room-state.ts';

/** Joins checked by one query at most. */
const CHECK_BATCH_MAX = 100;

/** The kick subject of a hashed client address (a guest's kick binds it too, R58). */
export const addressSubject = (addressKey: string) => `a:${addressKey}`;

/** What a kick of `actor` would bind, and so what a join of `actor` is checked against. */
export function subjectsOf(actor: Actor): string[] {
  return actor.uid === null ? [actor.key, addressSubject(actor.address)] : [actor.key];
}

interface Check {
  roomId: string;
  actor: Actor;
}

/**
 * Kicks and bans in SQL (R58, R59), the only code that knows their tables. A kick is a row per subject (a person
 * key, and for a guest its address) with an expiry; a ban a row per user, until deleted. Every join asks
 * `restriction`, so those questions are batched like room loads: the joins of one round of I/O share a query.
 */
export class ModerationStore {
  private readonly db: Db;
  private readonly now: () => number;
  private readonly checks: DataLoader<Check, RemovalReason | null>;

  constructor(db: Db, now: () => number = Date.now) {
    this.db = db;
    this.now = now;
    this.checks = new DataLoader((batch) => this.checkMany(batch), {
      cache: false,
      batchScheduleFn: (callback) => setImmediate(callback),
      maxBatchSize: CHECK_BATCH_MAX,
    });
  }

  /** Whether `actor` may not join `roomId`: banned (signed-in users only), kicked, or null when free to join. */
  restriction(roomId: string, actor: Actor): Promise<RemovalReason | null> {
    return this.checks.load({ roomId, actor });
  }

  /** Keeps `subjects` out of the room until KICK_DURATION_MS from now (a second kick starts the time again). */
  async kick(roomId: string, subjects: readonly string[]): Promise<number> {
    const until = this.now() + KICK_DURATION_MS;
    await this.db
      .insertInto('room_kicks')
      .values(subjects.map((subject) => ({ room_id: roomId, subject, expires_at: until })))
      .onConflict((conflict) =>
        conflict.columns(['room_id', 'subject']).doUpdateSet((eb) => ({ expires_at: eb.ref('excluded.expires_at') })),
      )
      .execute();
    return until;
  }

  async ban(roomId: string, uid: string): Promise<void> {
    await this.db
      .insertInto('room_bans')
      .values({ room_id: roomId, uid, created_at: this.now() })
      .onConflict((conflict) => conflict.columns(['room_id', 'uid']).doNothing())
      .execute();
  }

  async unban(roomId: string, uid: string): Promise<void> {
    await this.db.deleteFrom('room_bans').where('room_id', '=', roomId).where('uid', '=', uid).execute();
  }

  /** The room's bans, newest first, with the names the host knows them by (as the name rule shows them, R96). */
  async bans(roomId: string): Promise<BanEntry[]> {
    const rows = await this.db
      .selectFrom('room_bans')
      .innerJoin('users', 'users.uid', 'room_bans.uid')
      .select(['room_bans.uid', 'users.display_name', 'users.photo_url', 'room_bans.created_at'])
      .where('room_bans.room_id', '=', roomId)
      .orderBy('room_bans.created_at', 'desc')
      .orderBy('room_bans.uid')
      .limit(BANS_LIST_MAX)
      .execute();
    return rows.map((row) => ({
      uid: row.uid,
      name: shownDisplayName(row.display_name),
      photoURL: row.photo_url,
      bannedAt: Number(row.created_at),
    }));
  }

  /** Whether `uid` is one of our users (only they can be granted control or banned). */
  async userExists(uid: string): Promise<boolean> {
    const row = await this.db.selectFrom('users').select('uid').where('uid', '=', uid).executeTakeFirst();
    return row !== undefined;
  }

  /** One query for the kicks and one for the bans of a batch of joins. */
  private async checkMany(batch: readonly Check[]): Promise<Array<RemovalReason | null>> {
    const roomIds = [...new Set(batch.map((check) => check.roomId))];
    const subjects = [...new Set(batch.flatMap((check) => subjectsOf(check.actor)))];
    const uids = [...new Set(batch.flatMap((check) => (check.actor.uid === null ? [] : [check.actor.uid])))];
    const [kicks, bans] = await Promise.all([
      this.db
        .selectFrom('room_kicks')
        .select(['room_id', 'subject'])
        .where('room_id', 'in', roomIds)
        .where('subject', 'in', subjects)
        .where('expires_at', '>', this.now())
        .execute(),
      uids.length === 0
        ? []
        : this.db
            .selectFrom('room_bans')
            .select(['room_id', 'uid'])
            .where('room_id', 'in', roomIds)
            .where('uid', 'in', uids)
            .execute(),
    ]);
    const kicked = new Set(kicks.map((row) => `${row.room_id}\n${row.subject}`));
    const banned = new Set(bans.map((row) => `${row.room_id}\n${row.uid}`));
    return batch.map(({ roomId, actor }) => {
      if (actor.uid !== null && banned.has(`${roomId}\n${actor.uid}`)) return 'banned';
      return subjectsOf(actor).some((subject) => kicked.has(`${roomId}\n${subject}`)) ? 'kicked' : null;
    });
  }
}

/** Deletes at most `limit` kicks that have run out (R38, R58); the same SQL on both databases. */
export async function deleteExpiredKicks(db: Db, now: number, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('room_kicks')
    .where(({ eb, refTuple, selectFrom }) =>
      eb(
        refTuple('room_id', 'subject'),
        'in',
        selectFrom('room_kicks')
          .select(['room_id', 'subject'])
          .where('expires_at', '<=', now)
          .limit(limit)
          .$asTuple('room_id', 'subject'),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
