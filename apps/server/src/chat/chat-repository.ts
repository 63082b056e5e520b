import {
  ADD_POLICIES,
  type AddPolicy,
  CHAT_PAGE_SIZE,
  type ChatMessage,
  DEFAULT_ROOM_SETTINGS,
  type Person,
  type RoomSettings,
  shownDisplayName,
} from '@xemchung/protocol';
import type { Db } from '../db/database.ts';
import { RoomBusyError } from '../db/room-busy-error.ts';
import type { ChatMessageRow } from '../db/schema.ts';
import type { WalEraser } from '../db/wal-erase.ts';

/** The little of a room that decides who may chat (R50, R54), read fresh for every message. */
export interface ChatRoomRoles {
  host: string;
  cohosts: string[];
  settings: Pick<RoomSettings, 'addPolicy' | 'guestChat' | 'skipVoting'>;
}

/** How many seqs a message tries before giving up; each loss means another node committed one meanwhile. */
const APPEND_ATTEMPTS = 10;

function toMessage(row: ChatMessageRow): ChatMessage {
  return {
    seq: row.seq,
    sender: {
      key: row.sender_key,
      uid: row.sender_uid,
      // As the name rule shows it (R96): a message keeps the name its sender had, even from before the rule.
      name: row.sender_name === null ? null : shownDisplayName(row.sender_name),
      photoURL: row.sender_photo_url,
      guestTag: row.sender_guest_tag,
    },
    text: row.text,
    createdAt: row.created_at,
    deleted: row.deleted === 1,
  };
}

const isAddPolicy = (value: string): value is AddPolicy => (ADD_POLICIES as readonly string[]).includes(value);

/** Two messages took the same (room_id, seq): PostgreSQL unique_violation, SQLite SQLITE_CONSTRAINT_PRIMARYKEY. */
function isSeqTaken(error: unknown): boolean {
  const { code, errcode } = error as { code?: unknown; errcode?: unknown };
  return code === '23505' || errcode === 1555;
}

/** The room was deleted under the message: PostgreSQL foreign_key_violation, SQLite SQLITE_CONSTRAINT_FOREIGNKEY. */
function isRoomGone(error: unknown): boolean {
  const { code, errcode } = error as { code?: unknown; errcode?: unknown };
  return code === '23503' || errcode === 787;
}

/** Chat messages in SQL (docs/decisions/014-chat.md); the only code that knows the table. */
export class ChatRepository {
  private readonly db: Db;
  private readonly eraser: Pick<WalEraser, 'erase'>;

  /** `eraser` takes a deleted message's text off the disk (R98); without one, only the row is emptied. */
  constructor(db: Db, eraser: Pick<WalEraser, 'erase'> = { erase: async () => {} }) {
    this.db = db;
    this.eraser = eraser;
  }

  /** Who hosts the room, who shares control, and its settings; null when the room does not exist. */
  async roles(roomId: string): Promise<ChatRoomRoles | null> {
    const row = await this.db
      .selectFrom('rooms')
      .select(['host_uid', 'cohosts', 'add_policy', 'guest_chat', 'skip_voting'])
      .where('id', '=', roomId)
      .executeTakeFirst();
    if (!row) return null;
    return {
      host: row.host_uid,
      cohosts: JSON.parse(row.cohosts) as string[],
      settings: {
        addPolicy: isAddPolicy(row.add_policy) ? row.add_policy : DEFAULT_ROOM_SETTINGS.addPolicy,
        guestChat: row.guest_chat === 1,
        skipVoting: row.skip_voting === 1,
      },
    };
  }

  /**
   * Stores a message as the room's next seq (one past the highest) and returns it; null when the room is gone.
   * Within a node the room's queue runs one append at a time; another node may take the same seq first, and then
   * the primary key refuses ours and we take the next one. Each append is its own statement, so seq order is
   * commit order.
   */
  async append(roomId: string, sender: Person, text: string, now: number): Promise<ChatMessage | null> {
    for (let attempt = 1; attempt <= APPEND_ATTEMPTS; attempt++) {
      try {
        const row = await this.db
          .insertInto('chat_messages')
          .values((eb) => ({
            room_id: roomId,
            seq: eb
              .selectFrom('chat_messages')
              .select(eb(eb.fn.coalesce(eb.fn.max('seq'), eb.lit(0)), '+', eb.lit(1)).as('next'))
              .where('room_id', '=', roomId),
            sender_key: sender.key,
            sender_uid: sender.uid,
            sender_name: sender.name,
            sender_guest_tag: sender.guestTag,
            sender_photo_url: sender.photoURL,
            text,
            created_at: now,
            deleted: 0,
          }))
          .returningAll()
          .executeTakeFirstOrThrow();
        return toMessage(row);
      } catch (error) {
        if (isRoomGone(error)) return null;
        if (!isSeqTaken(error)) throw error;
      }
    }
    throw new RoomBusyError(roomId, APPEND_ATTEMPTS);
  }

  /**
   * Deletes a message for everyone: the row stays as a placeholder, its text is erased, on disk too before this
   * returns (R98). 'deleted' when this call deleted it, 'already' when it was deleted before, 'missing' when the
   * room has no such message.
   */
  async delete(roomId: string, seq: number): Promise<'deleted' | 'already' | 'missing'> {
    const updated = await this.db
      .updateTable('chat_messages')
      .set({ deleted: 1, text: '' })
      .where('room_id', '=', roomId)
      .where('seq', '=', seq)
      .where('deleted', '=', 0)
      .executeTakeFirst();
    if (updated.numUpdatedRows > 0n) {
      await this.eraser.erase();
      return 'deleted';
    }
    const found = await this.db
      .selectFrom('chat_messages')
      .select('seq')
      .where('room_id', '=', roomId)
      .where('seq', '=', seq)
      .executeTakeFirst();
    return found ? 'already' : 'missing';
  }

  /** Up to CHAT_PAGE_SIZE messages before `before` (the latest without it), oldest first, read by the key. */
  async page(roomId: string, before?: number): Promise<{ messages: ChatMessage[]; hasMore: boolean }> {
    let query = this.db.selectFrom('chat_messages').selectAll().where('room_id', '=', roomId);
    if (before !== undefined) query = query.where('seq', '<', before);
    const rows = await query
      .orderBy('seq', 'desc')
      .limit(CHAT_PAGE_SIZE + 1)
      .execute();
    const hasMore = rows.length > CHAT_PAGE_SIZE;
    return { messages: rows.slice(0, CHAT_PAGE_SIZE).reverse().map(toMessage), hasMore };
  }
}
