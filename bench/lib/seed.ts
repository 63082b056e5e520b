import { randomBytes } from 'node:crypto';
import { userKey } from '@xemchung/protocol';
import { SESSION_COOKIE, SessionStore } from '../../apps/server/src/auth/sessions.ts';
import type { Db } from '../../apps/server/src/db/database.ts';
import { RoomRepository } from '../../apps/server/src/rooms/room-repository.ts';
import { applyRoomCommand } from '../../apps/server/src/rooms/room-state.ts';
import { RoomStore } from '../../apps/server/src/rooms/room-store.ts';

/** A room ready for a benchmark: a signed-in host and a current video (the first of its playlist) the host can report playback of. */
export interface SeededRoom {
  id: string;
  /** `xc_session=<token>` of the room's host. */
  hostCookie: string;
  videoId: string;
  /** `xc_session=<token>` of signed-in viewers who chat in the room (with `chatters`; empty otherwise). */
  chatterCookies: string[];
  /** `xc_session=<token>` of a signed-in viewer who votes (with `voter`; null otherwise). */
  voterCookie: string | null;
}

export interface SeedOptions {
  /** Signed-in viewers of room `index` who get a session too (chatters); none by default. */
  chatters?: (index: number) => number;
  /** Videos in each room's playlist, the first selected; 1 by default. */
  items?: number;
  /** Whether each room also gets a signed-in viewer who votes: guests share their address's vote budget (R100). */
  voter?: boolean;
  /**
   * Rooms seeded at once (1 by default): each room's commands stay in order. On PostgreSQL a few at once save
   * time at 1000 rooms; SQLite's one connection gains nothing from it.
   */
  concurrency?: number;
}

/**
 * Creates `count` rooms the way a signed-in user would leave them, through the server's own repository code
 * (as apps/server/test/room-clients.ts does): a users row and a server-side session per host, the room, and
 * `items` videos added by the host, the first selected, through the room state machine and store. Sign-in itself
 * (OIDC) is measured elsewhere; a benchmark only needs the session it leaves behind.
 */
export async function seedRooms(db: Db, count: number, options: SeedOptions = {}): Promise<SeededRoom[]> {
  const sessions = new SessionStore(db);
  const repository = new RoomRepository(db);
  const store = new RoomStore(db);
  const rooms: SeededRoom[] = new Array(count);
  const seedOne = async (index: number) => {
    const { uid, cookie } = await signedInUser(db, sessions, `Chủ phòng ${index}`);
    const room = await repository.create(uid, `Phòng đo tải ${index}`);
    const videos = Array.from({ length: options.items ?? 1 }, (_, item) => ({
      id: randomBytes(8).toString('base64url'), // 11 characters, a valid YouTube id
      title: item === 0 ? `Video ${index}` : `Video ${index}.${item}`,
      thumbnail: '',
      source: 'youtube' as const,
      mediaUrl: null,
    }));
    const videoId = videos[0]?.id ?? '';
    const commands = [
      ...videos.map((video) => ({ type: 'playlist:add', video }) as const),
      { type: 'playlist:select', id: videoId } as const,
    ];
    // All in one commit: the playlist's rows are written together, so 50 items cost one transaction, not 51.
    const result = await store.apply(room.id, (state) => {
      let transition: ReturnType<typeof applyRoomCommand> = { state };
      for (const command of commands) {
        if ('error' in transition) break;
        transition = applyRoomCommand(
          transition.state,
          command,
          { uid, key: userKey(uid), address: 'bench' },
          Date.now(),
        );
      }
      return transition;
    });
    if (result.kind !== 'committed') throw new Error(`seeding room ${room.id}: ${result.kind}`);
    const chatterCookies: string[] = [];
    for (let chatter = 0; chatter < (options.chatters?.(index) ?? 0); chatter++) {
      chatterCookies.push((await signedInUser(db, sessions, `Người xem ${index}.${chatter}`)).cookie);
    }
    const voterCookie = options.voter ? (await signedInUser(db, sessions, `Người bỏ phiếu ${index}`)).cookie : null;
    rooms[index] = { id: room.id, hostCookie: cookie, videoId, chatterCookies, voterCookie };
  };
  let next = 0;
  const worker = async () => {
    while (next < count) await seedOne(next++);
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 1, count) }, worker));
  return rooms;
}

/** A users row and a server-side session, as apps/server/test/room-clients.ts's seedSignedInUser leaves them. */
async function signedInUser(db: Db, sessions: SessionStore, displayName: string) {
  const uid = randomBytes(12).toString('base64url');
  await db
    .insertInto('users')
    .values({
      uid,
      issuer: 'bench',
      subject: uid,
      email: `${uid}@bench.test`,
      display_name: displayName,
      photo_url: null,
      created_at: Date.now(),
    })
    .execute();
  const { token } = await sessions.create(uid);
  return { uid, cookie: `${SESSION_COOKIE}=${token}` };
}
