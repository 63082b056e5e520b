import {
  ADD_POLICIES,
  type AddPolicy,
  CALL_POLICIES,
  type CallMember,
  type CallPolicy,
  DEFAULT_CURRENT_VIDEO,
  DEFAULT_ROOM_SETTINGS,
  LOOP_MODES,
  type LoopMode,
  type OwnFile,
  type RoomSettings,
  type RoomSnapshot,
  type RoomSummary,
  type ScreenShare,
  type SubtitleTrack,
  type Video,
  type VideoSource,
} from '@xemchung/protocol';
import { videoSourceSchema } from '@xemchung/protocol/schemas';
import DataLoader from 'dataloader';
import type { Db } from '../db/database.ts';
import type { PlaylistItemRow, RoomRow } from '../db/schema.ts';
import { newRoomId } from './room-id.ts';
import type { Adder, RoomState } from './room-state.ts';

/** A room as the store commits it: the state machine's state and the version it was committed as. */
export type StoredRoom = RoomState & { version: number };

/** Rooms read by one query at most; a 500-item playlist makes 500 rows, so this bounds a batch's result. */
const LOAD_BATCH_MAX = 100;

function toVideo(row: PlaylistItemRow): Video {
  return {
    id: row.video_id,
    title: row.title,
    thumbnail: row.thumbnail,
    visited: row.visited === 1,
    // An unknown name (a newer server's source, read by an older one) plays as YouTube did before there were others.
    source: isVideoSource(row.source) ? row.source : 'youtube',
    mediaUrl: row.media_url,
    ...(row.own_file === null ? {} : { file: JSON.parse(row.own_file) as OwnFile }),
    ...(row.subtitles === null ? {} : { subtitles: JSON.parse(row.subtitles) as SubtitleTrack[] }),
    ...(row.subtitle_shift_ms === 0 ? {} : { subtitleShiftMs: row.subtitle_shift_ms }),
  };
}

/** Read for every playlist row of every room load: a list lookup, not a schema parse. */
const isVideoSource = (value: string): value is VideoSource =>
  (videoSourceSchema.options as readonly string[]).includes(value);
const isAddPolicy = (value: string): value is AddPolicy => (ADD_POLICIES as readonly string[]).includes(value);

function toSettings(room: RoomRow): RoomSettings {
  return {
    addPolicy: isAddPolicy(room.add_policy) ? room.add_policy : DEFAULT_ROOM_SETTINGS.addPolicy,
    guestChat: room.guest_chat === 1,
    perPersonCap: room.per_person_cap,
    skipVoting: room.skip_voting === 1,
    readyGateSeconds: room.ready_gate_seconds,
    callPolicy: isCallPolicy(room.call_policy) ? room.call_policy : DEFAULT_ROOM_SETTINGS.callPolicy,
  };
}

const isCallPolicy = (stored: string): stored is CallPolicy => (CALL_POLICIES as readonly string[]).includes(stored);

/** R63: a stored loop mode; anything else (a column written by a later version) reads as off. */
function toLoopMode(stored: string): LoopMode {
  return (LOOP_MODES as readonly string[]).includes(stored) ? (stored as LoopMode) : 'off';
}

/** The room-row columns that hold who shares control, the host's settings, the loop mode and the skip votes. */
export function socialColumns(
  room: Pick<RoomSnapshot, 'cohosts' | 'settings' | 'loop' | 'skipVotes' | 'readyWait' | 'share' | 'call'> &
    Pick<RoomState, 'voterAddresses'>,
) {
  // Only the addresses of votes that stand: a select or a skip empties the votes and leaves the map as it was.
  const voterAddresses: Record<string, string> = {};
  for (const key of room.skipVotes) {
    const address = room.voterAddresses?.[key];
    if (address !== undefined) voterAddresses[key] = address;
  }
  return {
    cohosts: JSON.stringify(room.cohosts),
    add_policy: room.settings.addPolicy,
    guest_chat: room.settings.guestChat ? 1 : 0,
    per_person_cap: room.settings.perPersonCap,
    loop_mode: room.loop,
    skip_voting: room.settings.skipVoting ? 1 : 0,
    skip_votes: JSON.stringify(room.skipVotes),
    skip_vote_addresses: JSON.stringify(voterAddresses),
    ready_gate_seconds: room.settings.readyGateSeconds,
    ready_wait: JSON.stringify(room.readyWait),
    screen_share: room.share ? JSON.stringify(room.share) : null,
    call_policy: room.settings.callPolicy,
    call_members: JSON.stringify(room.call),
  } as const;
}

export function toSnapshot(room: RoomRow, items: PlaylistItemRow[]): RoomSnapshot {
  return {
    id: room.id,
    host: room.host_uid,
    name: room.name,
    playlist: items.map(toVideo),
    current_video: {
      id: room.current_id,
      index: room.current_index,
      playing: room.playing === 1,
      current_time: room.current_time,
      updated_at: room.updated_at,
      rate: room.playback_rate,
    },
    cohosts: JSON.parse(room.cohosts) as string[],
    settings: toSettings(room),
    loop: toLoopMode(room.loop_mode),
    skipVotes: JSON.parse(room.skip_votes) as string[],
    readyWait: JSON.parse(room.ready_wait) as string[],
    share: room.screen_share === null ? null : (JSON.parse(room.screen_share) as ScreenShare),
    call: JSON.parse(room.call_members) as CallMember[],
    version: room.version,
  };
}

/** The room with who added each item (R56), from rows read with every column. */
export function toStoredRoom(room: RoomRow, items: PlaylistItemRow[]): StoredRoom {
  const adders: Record<string, Adder> = {};
  for (const item of items) {
    if (item.added_by !== null) adders[item.video_id] = { key: item.added_by, address: item.added_from };
  }
  const voterAddresses = JSON.parse(room.skip_vote_addresses) as Record<string, string>;
  return { ...toSnapshot(room, items), adders, voterAddresses };
}

/**
 * Creates, lists and loads rooms with their playlist rows. Commands change them only through RoomStore
 * (room-store.ts), the one other server code that reads or writes these tables (db/migrations.ts creates them).
 */
export class RoomRepository {
  private readonly db: Db;
  private readonly now: () => number;
  private readonly loader: DataLoader<string, RoomSnapshot | null>;

  constructor(db: Db, now: () => number = Date.now) {
    this.db = db;
    this.now = now;
    this.loader = new DataLoader((roomIds) => this.loadMany(roomIds), {
      cache: false,
      // After the poll phase, so the joins of a whole round of I/O share one query (DataLoader's default would
      // batch only within one callback).
      batchScheduleFn: (callback) => setImmediate(callback),
      maxBatchSize: LOAD_BATCH_MAX,
    });
  }

  /** A new room: empty playlist, default current_video (docs/product.md#data). */
  async create(hostUid: string, name: string): Promise<RoomSnapshot> {
    const current = DEFAULT_CURRENT_VIDEO;
    const row: RoomRow = {
      id: newRoomId(),
      host_uid: hostUid,
      name,
      current_id: current.id,
      current_index: current.index,
      playing: current.playing ? 1 : 0,
      current_time: current.current_time,
      playback_rate: current.rate,
      updated_at: current.updated_at,
      version: 1,
      created_at: this.now(),
      ...socialColumns({
        cohosts: [],
        settings: DEFAULT_ROOM_SETTINGS,
        loop: 'off',
        skipVotes: [],
        readyWait: [],
        share: null,
        call: [],
      }),
    };
    await this.db.insertInto('rooms').values(row).execute();
    return toSnapshot(row, []);
  }

  /** Oldest first, so the room Home offers, the first one (docs/product.md#roles), is stable. */
  /** How many rooms `hostUid` has (R103's cap). */
  async countByHost(hostUid: string): Promise<number> {
    const row = await this.db
      .selectFrom('rooms')
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
      .where('host_uid', '=', hostUid)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async listByHost(hostUid: string): Promise<RoomSummary[]> {
    const rows = await this.db
      .selectFrom('rooms')
      .select(['id', 'name', 'host_uid'])
      .where('host_uid', '=', hostUid)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ id: row.id, name: row.name, host: row.host_uid }));
  }

  /**
   * The room's committed state as one consistent snapshot. Every join reads it, so loads are batched: those asked
   * for while the event loop works through one round of I/O go to the database together, as one query. A node
   * taking thousands of re-joins after a restart then needs a few dozen round trips instead of thousands, and
   * its connection pool never becomes the queue (bench/README.md, reconnect storm). Nothing is cached: each load
   * reads after it was asked for, so a join still sees every commit made before it entered the room (R18).
   */
  load(roomId: string): Promise<RoomSnapshot | null> {
    return this.loader.load(roomId);
  }

  /** The rooms and their playlists in one query (a left join: one row per item, one row for an empty room). */
  private async loadMany(roomIds: readonly string[]): Promise<Array<RoomSnapshot | null>> {
    const rows = await this.db
      .selectFrom('rooms')
      .leftJoin('playlist_items', 'playlist_items.room_id', 'rooms.id')
      .selectAll('rooms')
      .select([
        'playlist_items.room_id',
        'playlist_items.video_id',
        'playlist_items.position',
        'playlist_items.title',
        'playlist_items.thumbnail',
        'playlist_items.visited',
        'playlist_items.source',
        'playlist_items.media_url',
        'playlist_items.subtitles',
        'playlist_items.subtitle_shift_ms',
        'playlist_items.own_file',
      ])
      .where('rooms.id', 'in', [...new Set(roomIds)])
      .orderBy('rooms.id')
      .orderBy('playlist_items.position')
      .execute();
    const rooms = new Map<string, { room: RoomRow; items: PlaylistItemRow[] }>();
    for (const row of rows) {
      let entry = rooms.get(row.id);
      if (!entry) {
        entry = { room: row, items: [] };
        rooms.set(row.id, entry);
      }
      // A row with an item has its item's columns; the one row of an empty room has none (video_id null).
      if (row.video_id !== null) entry.items.push(row as unknown as PlaylistItemRow);
    }
    return roomIds.map((roomId) => {
      const entry = rooms.get(roomId);
      return entry ? toSnapshot(entry.room, entry.items) : null;
    });
  }
}
