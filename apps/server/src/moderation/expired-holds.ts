import type { Db } from '../db/database.ts';

// What the cleanup deletes of moderation once it has run out (retention/cleanup.ts): kicks (R58) and the address
// holds of kicks and bans (R104), at most `limit` rows a call, with the same SQL on both databases.

/** Deletes at most `limit` address holds of bans that have run out (R38, R104). */
export async function deleteExpiredBanAddresses(db: Db, now: number, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('room_ban_addresses')
    .where(({ eb, refTuple, selectFrom }) =>
      eb(
        refTuple('room_id', 'uid', 'address'),
        'in',
        selectFrom('room_ban_addresses')
          .select(['room_id', 'uid', 'address'])
          .where('expires_at', '<=', now)
          .limit(limit)
          .$asTuple('room_id', 'uid', 'address'),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes at most `limit` address holds of kicks that have run out (R38, R104). */
export async function deleteExpiredKickAddresses(db: Db, now: number, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('room_kick_addresses')
    .where(({ eb, refTuple, selectFrom }) =>
      eb(
        refTuple('room_id', 'person', 'address'),
        'in',
        selectFrom('room_kick_addresses')
          .select(['room_id', 'person', 'address'])
          .where('expires_at', '<=', now)
          .limit(limit)
          .$asTuple('room_id', 'person', 'address'),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
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
