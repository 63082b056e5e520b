import { DEFAULT_CURRENT_VIDEO, type RoomSnapshot, type RoomSummary, type Video } from '@xemchung/protocol';
import type { Db } from '../db/database.ts';
import type { PlaylistItemRow, RoomRow } from '../db/schema.ts';
import { newRoomId } from './room-id.ts';

function toVideo(row: PlaylistItemRow): Video {
  return {
    id: row.video_id,
    title: row.title,
    thumbnail: row.thumbnail,
    visited: row.visited === 1,
    source: row.source === 'media' ? 'media' : 'youtube',
    mediaUrl: row.media_url,
  };
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
    version: room.version,
  };
}

/** Rooms and their playlist rows in SQL; the only code that knows the tables. */
export class RoomRepository {
  private readonly db: Db;
  private readonly now: () => number;

  constructor(db: Db, now: () => number = Date.now) {
    this.db = db;
    this.now = now;
  }

  /** Spec §4 Room creation: empty playlist, default current_video. */
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
    };
    await this.db.insertInto('rooms').values(row).execute();
    return toSnapshot(row, []);
  }

  /** Oldest first, so "the first room found for the user" (spec §6) is stable. */
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

  async load(roomId: string): Promise<RoomSnapshot | null> {
    const room = await this.db.selectFrom('rooms').selectAll().where('id', '=', roomId).executeTakeFirst();
    if (!room) return null;
    const items = await this.db
      .selectFrom('playlist_items')
      .selectAll()
      .where('room_id', '=', roomId)
      .orderBy('position')
      .execute();
    return toSnapshot(room, items);
  }
}
