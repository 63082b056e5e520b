import {
  BAN_ADDRESS_DURATION_MS,
  BANS_LIST_MAX,
  type BanEntry,
  KICK_DURATION_MS,
  KICKS_LIST_MAX,
  type KickEntry,
  type RemovalReason,
  shownDisplayName,
} from '@xemchung/protocol';
import DataLoader from 'dataloader';
import type { Actor } from '../commands/actor.ts';
import type { Db } from '../db/database.ts';

/** Joins checked by one query at most. */
const CHECK_BATCH_MAX = 100;

/** The kick subject of a hashed client address: the Socket.IO room a guest's kick puts out (R58). */
export const addressSubject = (addressKey: string) => `a:${addressKey}`;

const USER_KEY_PREFIX = 'u:';
const GUEST_KEY_PREFIX = 'g:';

/**
 * What a kick or ban puts out at once, and so the Socket.IO subject rooms a socket joins (viewer-exits.ts): the
 * person, and for a guest its address too, so every guest tab from a kicked guest's address goes (R58). A
 * signed-in viewer already in the room behind that address stays; R104 keeps only newcomers out.
 */
export function exitSubjectsOf(actor: Actor): string[] {
  return actor.uid === null ? [actor.key, addressSubject(actor.address)] : [actor.key];
}

/**
 * What a kick of the person `key`, in the room from `addresses`, puts out at once (R58): the person, and for a guest
 * the guests of those addresses. A member's kick binds their addresses for newcomers only (R104).
 */
export function kickedSubjects(key: string, addresses: readonly string[]): string[] {
  return key.startsWith(GUEST_KEY_PREFIX) ? [key, ...new Set(addresses.map(addressSubject))] : [key];
}

/**
 * Whether an address binding made at `boundAt` keeps `actor` out (R104): a guest is a cookie the client chooses
 * and an account first seen after the binding may have been made to get round it, so both are kept out; an
 * account we knew before (a family member, a flatmate on the same network) is not.
 */
function boundByAddress(actor: Actor, boundAt: number, firstSeen: ReadonlyMap<string, number>): boolean {
  if (actor.uid === null) return true;
  const seen = firstSeen.get(actor.uid);
  return seen === undefined || seen >= boundAt;
}

interface Check {
  roomId: string;
  actor: Actor;
}

/**
 * Kicks and bans in SQL (R58, R59), the only code that knows their tables. A kick is a row per person key with an
 * expiry, and a row per address it binds (R104) with the same expiry, named by that person so lifting the kick
 * lifts exactly those (R107); a ban a row per user, until deleted, and its addresses for a day. Every join asks
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

  /**
   * Keeps the person `key` out of the room until KICK_DURATION_MS from now, and `addresses` (hashed) as long, as
   * holds of this kick (R104). A second kick starts the time again.
   */
  async kick(roomId: string, key: string, addresses: readonly string[] = []): Promise<number> {
    const until = this.now() + KICK_DURATION_MS;
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('room_kicks')
        .values({ room_id: roomId, subject: key, expires_at: until })
        .onConflict((conflict) =>
          conflict.columns(['room_id', 'subject']).doUpdateSet((eb) => ({ expires_at: eb.ref('excluded.expires_at') })),
        )
        .execute();
      if (addresses.length === 0) return;
      await trx
        .insertInto('room_kick_addresses')
        .values(
          [...new Set(addresses)].map((address) => ({ room_id: roomId, person: key, address, expires_at: until })),
        )
        .onConflict((conflict) =>
          conflict
            .columns(['room_id', 'person', 'address'])
            .doUpdateSet((eb) => ({ expires_at: eb.ref('excluded.expires_at') })),
        )
        .execute();
    });
    return until;
  }

  /** Lifts the kick of the person `key` before its time, with the holds on the addresses it bound, no others (R107). */
  async unkick(roomId: string, key: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('room_kicks').where('room_id', '=', roomId).where('subject', '=', key).execute();
      await trx.deleteFrom('room_kick_addresses').where('room_id', '=', roomId).where('person', '=', key).execute();
    });
  }

  /**
   * The room's kicks still running, newest first, each as the room names its person (R51, R96): a signed-in user by
   * their name and picture now, a guest by its tag (the public guest id of its key).
   */
  async kicks(roomId: string): Promise<KickEntry[]> {
    const rows = await this.db
      .selectFrom('room_kicks')
      .select(['subject', 'expires_at'])
      .where('room_id', '=', roomId)
      .where('expires_at', '>', this.now())
      .orderBy('expires_at', 'desc')
      .orderBy('subject')
      .limit(KICKS_LIST_MAX)
      .execute();
    const uids = rows.flatMap(({ subject }) =>
      subject.startsWith(USER_KEY_PREFIX) ? [subject.slice(USER_KEY_PREFIX.length)] : [],
    );
    const users =
      uids.length === 0
        ? []
        : await this.db
            .selectFrom('users')
            .select(['uid', 'display_name', 'photo_url'])
            .where('uid', 'in', uids)
            .execute();
    const byUid = new Map(users.map((user) => [user.uid, user]));
    return rows.map(({ subject, expires_at }) => {
      const until = Number(expires_at);
      if (subject.startsWith(GUEST_KEY_PREFIX)) {
        const guestTag = subject.slice(GUEST_KEY_PREFIX.length);
        return { key: subject, uid: null, name: null, photoURL: null, guestTag, until };
      }
      const uid = subject.slice(USER_KEY_PREFIX.length);
      const user = byUid.get(uid);
      return {
        key: subject,
        uid,
        name: shownDisplayName(user?.display_name ?? ''),
        photoURL: user?.photo_url ?? null,
        guestTag: null,
        until,
      };
    });
  }

  /** Bans `uid` until unbanned, and `addresses` (hashed) for BAN_ADDRESS_DURATION_MS from now (R104). */
  async ban(roomId: string, uid: string, addresses: readonly string[] = []): Promise<void> {
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('room_bans')
        .values({ room_id: roomId, uid, created_at: now })
        .onConflict((conflict) => conflict.columns(['room_id', 'uid']).doNothing())
        .execute();
      if (addresses.length === 0) return;
      await trx
        .insertInto('room_ban_addresses')
        .values(
          [...new Set(addresses)].map((address) => ({
            room_id: roomId,
            uid,
            address,
            created_at: now,
            expires_at: now + BAN_ADDRESS_DURATION_MS,
          })),
        )
        .onConflict((conflict) =>
          conflict.columns(['room_id', 'uid', 'address']).doUpdateSet((eb) => ({
            created_at: eb.ref('excluded.created_at'),
            expires_at: eb.ref('excluded.expires_at'),
          })),
        )
        .execute();
    });
  }

  /** Lifts the ban of `uid` and, with it, the hold on the addresses it bound (R104). */
  async unban(roomId: string, uid: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('room_bans').where('room_id', '=', roomId).where('uid', '=', uid).execute();
      await trx.deleteFrom('room_ban_addresses').where('room_id', '=', roomId).where('uid', '=', uid).execute();
    });
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

  /**
   * One query each for the kicks, the kicked addresses, the bans and the banned addresses of a batch of joins; a
   * fifth, for when the accounts were first seen, only when an address binding names a signed-in joiner (R104).
   */
  private async checkMany(batch: readonly Check[]): Promise<Array<RemovalReason | null>> {
    const now = this.now();
    const roomIds = [...new Set(batch.map((check) => check.roomId))];
    const keys = [...new Set(batch.map((check) => check.actor.key))];
    const addresses = [...new Set(batch.map((check) => check.actor.address))];
    const uids = [...new Set(batch.flatMap((check) => (check.actor.uid === null ? [] : [check.actor.uid])))];
    const [kicks, kickedAddresses, bans, bannedAddresses] = await Promise.all([
      this.db
        .selectFrom('room_kicks')
        .select(['room_id', 'subject'])
        .where('room_id', 'in', roomIds)
        .where('subject', 'in', keys)
        .where('expires_at', '>', now)
        .execute(),
      this.db
        .selectFrom('room_kick_addresses')
        .select(['room_id', 'address', 'expires_at'])
        .where('room_id', 'in', roomIds)
        .where('address', 'in', addresses)
        .where('expires_at', '>', now)
        .execute(),
      uids.length === 0
        ? []
        : this.db
            .selectFrom('room_bans')
            .select(['room_id', 'uid'])
            .where('room_id', 'in', roomIds)
            .where('uid', 'in', uids)
            .execute(),
      this.db
        .selectFrom('room_ban_addresses')
        .select(['room_id', 'address', 'created_at'])
        .where('room_id', 'in', roomIds)
        .where('address', 'in', addresses)
        .where('expires_at', '>', now)
        .execute(),
    ]);
    const kicked = new Set(kicks.map((row) => `${row.room_id}\n${row.subject}`));
    // Several kicks may hold one address: it keeps out an account first seen after the earliest of them began.
    const addressKickedAt = new Map<string, number>();
    for (const row of kickedAddresses) {
      const key = `${row.room_id}\n${row.address}`;
      const kickedAt = Number(row.expires_at) - KICK_DURATION_MS;
      addressKickedAt.set(key, Math.min(addressKickedAt.get(key) ?? kickedAt, kickedAt));
    }
    const banned = new Set(bans.map((row) => `${row.room_id}\n${row.uid}`));
    const addressBannedAt = new Map<string, number>();
    for (const row of bannedAddresses) {
      const key = `${row.room_id}\n${row.address}`;
      addressBannedAt.set(key, Math.max(addressBannedAt.get(key) ?? 0, Number(row.created_at)));
    }
    const addressHits = batch.filter(
      ({ roomId, actor }) =>
        actor.uid !== null &&
        (addressKickedAt.has(`${roomId}\n${actor.address}`) || addressBannedAt.has(`${roomId}\n${actor.address}`)),
    );
    const firstSeen = await this.firstSeen(addressHits.flatMap(({ actor }) => (actor.uid === null ? [] : [actor.uid])));
    return batch.map(({ roomId, actor }) => {
      if (actor.uid !== null && banned.has(`${roomId}\n${actor.uid}`)) return 'banned';
      if (kicked.has(`${roomId}\n${actor.key}`)) return 'kicked';
      const bannedAt = addressBannedAt.get(`${roomId}\n${actor.address}`);
      if (bannedAt !== undefined && boundByAddress(actor, bannedAt, firstSeen)) return 'banned';
      const kickAt = addressKickedAt.get(`${roomId}\n${actor.address}`);
      return kickAt !== undefined && boundByAddress(actor, kickAt, firstSeen) ? 'kicked' : null;
    });
  }

  /** When each of `uids` was first seen here (their users row), for R104's address bindings. */
  private async firstSeen(uids: readonly string[]): Promise<Map<string, number>> {
    if (uids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('users')
      .select(['uid', 'created_at'])
      .where('uid', 'in', [...new Set(uids)])
      .execute();
    return new Map(rows.map((row) => [row.uid, Number(row.created_at)]));
  }
}
