import type { ProtocolError, RoomSnapshot } from '@xemchung/protocol';
import { type CompiledQuery, createQueryId, type Transaction } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/database.ts';
import { RoomBusyError } from '../db/room-busy-error.ts';
import type { Database } from '../db/schema.ts';
import { diffPlaylist, subtitleColumns } from './playlist-diff.ts';
import { type StoredRoom, socialColumns, toStoredRoom } from './room-repository.ts';
import { publicRoom, type RoomState, type Transition } from './room-state.ts';

/** Decides a command on the room's committed state, read at `version`. */
export type Decide = (room: RoomState, version: number) => Transition;

/** What happened to one command; `room` is as clients see it. */
export type ApplyResult =
  /** Committed as `room.version`. */
  | { kind: 'committed'; room: RoomSnapshot }
  /** Valid, but there was nothing to change: no commit, same version. */
  | { kind: 'unchanged'; room: RoomSnapshot }
  /** Refused by the rules; nothing written. */
  | { kind: 'refused'; error: ProtocolError; room: RoomSnapshot }
  | { kind: 'not_found' };

class VersionConflict extends Error {}

export interface RoomStoreOptions {
  /** Attempts before giving up with RoomBusyError. */
  maxAttempts?: number;
  /** Random pause before retry n: up to backoffMs × 2^(n−1), capped at 250 ms (exponential backoff with jitter). */
  backoffMs?: number;
  /** Recently used rooms whose last committed state is kept in memory, and their playlist items in all. */
  cachedRooms?: number;
  cachedItems?: number;
}

/**
 * Commits room commands: one transaction per command, with optimistic concurrency on `rooms.version`
 * (docs/room-rules.md R17). Any writer — another command, another server node — that commits first makes our
 * conditional update match no row; we roll back and decide again on the fresh state.
 *
 * The hot path is the host's playback reports, which change only the room row. For those the store keeps the
 * last committed state of recently used rooms and commits with a single conditional UPDATE, without reading:
 * if the version still matches, nobody committed since, so the remembered state was the committed one; if not,
 * the room is read afresh as above. Correctness never rests on the memory being current — every write is
 * conditional on the version, and refusals and no-ops are only ever decided on a fresh read
 * (docs/decisions/011-benchmark-method.md).
 */
export class RoomStore {
  private readonly db: Db;
  private readonly maxAttempts: number;
  private readonly backoffMs: number;
  private readonly committed: CommittedRooms;
  private readonly rowUpdate: CompiledQuery;

  constructor(db: Db, options: RoomStoreOptions = {}) {
    this.db = db;
    this.rowUpdate = compileRoomRowUpdate(db);
    this.maxAttempts = options.maxAttempts ?? 10;
    this.backoffMs = options.backoffMs ?? 5;
    this.committed = new CommittedRooms(options.cachedRooms ?? 10_000, options.cachedItems ?? 100_000);
  }

  /** Runs `decide` (pure) on the room's committed state and commits the state it returns. */
  async apply(roomId: string, decide: Decide): Promise<ApplyResult> {
    try {
      const quick = await this.applyToRoomRow(roomId, decide);
      if (quick) return quick;
      const result = await this.applyInTransaction(roomId, decide);
      if (result.kind === 'not_found') {
        this.committed.forget(roomId);
        return result;
      }
      this.committed.remember(result.stored);
      const { stored, ...rest } = result;
      const { version, ...state } = stored;
      return { ...rest, room: publicRoom(state, version) };
    } catch (error) {
      // The outcome may be unknown (the connection died after COMMIT): read afresh next time.
      this.committed.forget(roomId);
      throw error;
    }
  }

  /**
   * The read-free path: decided on the remembered state, committed only if it changes the room row alone and the
   * version still matches. Null when it does not apply; the caller then takes the transaction.
   */
  private async applyToRoomRow(roomId: string, decide: Decide): Promise<ApplyResult | null> {
    const remembered = this.committed.get(roomId);
    if (!remembered) return null;
    const { version, ...state } = remembered;
    const outcome = decide(state, version);
    if ('error' in outcome || outcome.state === state || !onlyRoomRowChanged(state, outcome.state)) return null;
    if (!(await updateRoomRow(this.db, this.rowUpdate, roomId, outcome.state, version))) {
      this.committed.forget(roomId);
      return null;
    }
    this.committed.remember({ ...outcome.state, version: version + 1 });
    return { kind: 'committed', room: publicRoom(outcome.state, version + 1) };
  }

  private async applyInTransaction(roomId: string, decide: Decide): Promise<Attempt> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.db.transaction().execute((trx) => this.attempt(trx, roomId, decide));
      } catch (error) {
        if (!(error instanceof VersionConflict)) throw error;
        if (attempt >= this.maxAttempts) throw new RoomBusyError(roomId, attempt);
        const ceiling = Math.min(250, this.backoffMs * 2 ** (attempt - 1));
        await new Promise((resolve) => setTimeout(resolve, Math.random() * ceiling));
      }
    }
  }

  private async attempt(trx: Transaction<Database>, roomId: string, decide: Decide): Promise<Attempt> {
    const row = await trx.selectFrom('rooms').selectAll().where('id', '=', roomId).executeTakeFirst();
    if (!row) return { kind: 'not_found' };
    const items = await trx
      .selectFrom('playlist_items')
      .selectAll()
      .where('room_id', '=', roomId)
      .orderBy('position')
      .execute();
    const stored = toStoredRoom(row, items);
    const { version, ...state } = stored;
    const outcome = decide(state, version);
    if ('error' in outcome) return { kind: 'refused', error: outcome.error, stored };
    if (outcome.state === state) return { kind: 'unchanged', stored };

    // The conditional update comes first: it takes the row lock, so the playlist writes below can never
    // interleave with another writer's, and it tells us whether anyone committed since we read.
    if (!(await updateRoomRow(trx, this.rowUpdate, roomId, outcome.state, version))) throw new VersionConflict();

    if (!onlyPlaybackOrPlaylist(state, outcome.state)) {
      await trx.updateTable('rooms').set(socialColumns(outcome.state)).where('id', '=', roomId).execute();
    }
    const writes = diffPlaylist(items, outcome.state.playlist);
    if (writes.deletes.length > 0) {
      await trx
        .deleteFrom('playlist_items')
        .where('room_id', '=', roomId)
        .where('video_id', 'in', writes.deletes)
        .execute();
    }
    if (writes.inserts.length > 0) {
      const adders = outcome.state.adders;
      await trx
        .insertInto('playlist_items')
        .values(
          writes.inserts.map(({ video, position }) => ({
            room_id: roomId,
            video_id: video.id,
            position,
            title: video.title,
            thumbnail: video.thumbnail,
            visited: video.visited ? 1 : 0,
            source: video.source,
            media_url: video.mediaUrl,
            added_by: adders[video.id]?.key ?? null,
            added_from: adders[video.id]?.address ?? null,
            own_file: video.file ? JSON.stringify(video.file) : null,
            ...subtitleColumns(video),
          })),
        )
        .execute();
    }
    for (const update of writes.updates) {
      await trx
        .updateTable('playlist_items')
        .set({
          position: update.position,
          visited: update.visited,
          subtitles: update.subtitles,
          subtitle_shift_ms: update.subtitle_shift_ms,
        })
        .where('room_id', '=', roomId)
        .where('video_id', '=', update.video_id)
        .execute();
    }
    return { kind: 'committed', stored: { ...outcome.state, version: version + 1 } };
  }
}

/** One transaction's outcome, with the room as the store keeps it. */
type Attempt =
  | { kind: 'committed' | 'unchanged'; stored: StoredRoom }
  | { kind: 'refused'; error: ProtocolError; stored: StoredRoom }
  | { kind: 'not_found' };

/** The change touches only what the compiled room-row UPDATE writes: playback, not the playlist or the social columns. */
function onlyRoomRowChanged(before: RoomState, after: RoomState): boolean {
  return after.playlist === before.playlist && onlyPlaybackOrPlaylist(before, after);
}

/** The social columns (who shares control, the settings, the loop mode, the votes, the wait, the share) are untouched. */
function onlyPlaybackOrPlaylist(before: RoomState, after: RoomState): boolean {
  return (
    after.cohosts === before.cohosts &&
    after.settings === before.settings &&
    after.loop === before.loop &&
    after.skipVotes === before.skipVotes &&
    after.readyWait === before.readyWait &&
    after.share === before.share &&
    after.call === before.call
  );
}

/** The values the room-row UPDATE binds, in the order its compiled SQL takes them. */
const ROOM_ROW_PARAMETERS = [
  'current_id',
  'current_index',
  'playing',
  'current_time',
  'playback_rate',
  'updated_at',
  'version',
  'id',
  'expected_version',
] as const;

/**
 * The SQL of the room-row UPDATE in this database's dialect, built and compiled once: it is the same statement for
 * every commit, and building and compiling it through the query builder on every command was the largest item of
 * the commit path in a CPU profile of the fan-out benchmark. Compiled with the parameter names as values, so a
 * change in how Kysely orders them fails here instead of writing a value into the wrong column.
 */
function compileRoomRowUpdate(db: Db): CompiledQuery {
  // Each value stands in as its own name; the cast only serves the builder's column types.
  const named = <T>(name: (typeof ROOM_ROW_PARAMETERS)[number]) => name as unknown as T;
  const compiled = db
    .updateTable('rooms')
    .set({
      current_id: named('current_id'),
      current_index: named('current_index'),
      playing: named('playing'),
      current_time: named('current_time'),
      playback_rate: named('playback_rate'),
      updated_at: named('updated_at'),
      version: named('version'),
    })
    .where('id', '=', named<string>('id'))
    .where('version', '=', named<number>('expected_version'))
    .compile();
  if (compiled.parameters.join() !== ROOM_ROW_PARAMETERS.join()) {
    throw new Error(`Unexpected parameter order in the room-row UPDATE: ${compiled.parameters.join(', ')}`);
  }
  return compiled;
}

/** Writes the room row of `state` as version + 1 if the room is still at `version`; false when it is not. */
async function updateRoomRow(
  db: Db | Transaction<Database>,
  update: CompiledQuery,
  roomId: string,
  state: RoomState,
  version: number,
): Promise<boolean> {
  const next = state.current_video;
  const parameters = [
    next.id,
    next.index,
    next.playing ? 1 : 0,
    next.current_time,
    next.rate,
    next.updated_at,
    version + 1,
    roomId,
    version,
  ];
  // The compiled statement with this commit's values, as a plain object: CompiledQuery.raw freezes four objects per
  // call, which was about 1 % of the server's CPU in the same profile.
  const updated = await db.executeQuery({ query: update.query, sql: update.sql, parameters, queryId: createQueryId() });
  return updated.numAffectedRows === 1n;
}

/**
 * The last committed state of recently used rooms, least recently used dropped first, bounded in rooms and in
 * playlist items (a 500-item playlist weighs a hundred small ones; an empty one counts as one, as lru-cache sizes
 * are positive). Never moves a room back to an older version.
 */
class CommittedRooms {
  private readonly rooms: LRUCache<string, StoredRoom>;

  constructor(maxRooms: number, maxItems: number) {
    this.rooms = new LRUCache({
      max: maxRooms,
      maxSize: maxItems,
      sizeCalculation: (room) => Math.max(1, room.playlist.length),
    });
  }

  get(roomId: string): StoredRoom | undefined {
    return this.rooms.get(roomId);
  }

  remember(room: StoredRoom): void {
    const known = this.rooms.peek(room.id);
    if (known && known.version > room.version) return;
    this.rooms.set(room.id, room);
  }

  forget(roomId: string): void {
    this.rooms.delete(roomId);
  }
}
