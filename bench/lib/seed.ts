import { randomBytes } from 'node:crypto';
import { userKey } from '@xemchung/protocol';
import { SESSION_COOKIE, SessionStore } from '../../apps/server/src/auth/sessions.ts';
import type { Db } from '../../apps/server/src/db/database.ts';
import { RoomRepository } from '../../apps/server/src/rooms/room-repository.ts';
import { applyRoomCommand } from '../../apps/server/src/rooms/room-state.ts';
import { RoomStore } from '../../apps/server/src/rooms/room-store.ts';

/** A room ready for a benchmark: a signed-in host and one current video the host can report playback of. */
export interface SeededRoom {
  id: string;
  /** `xc_session=<token>` of the room's host. */
  hostCookie: string;
  videoId: string;
  /** `xc_session=<token>` of signed-in viewers who chat in the room (with `chatters`; empty otherwise). */
  chatterCookies: string[];
}

/**
 * Creates `count` rooms the way a signed-in user would leave them, through the server's own repository code
 * (as apps/server/test/room-clients.ts does): a users row and a server-side session per host, the room, and a
 * first video added and selected by the host through the room state machine and store. Sign-in itself (OIDC) is measured
 * elsewhere; a benchmark only needs the session it leaves behind. `chatters(room)` signed-in viewers get a session too.
 */
export async function seedRooms(
  db: Db,
  count: number,
  chatters: (room: number) => number = () => 0,
): Promise<SeededRoom[]> {
  const sessions = new SessionStore(db);
  const repository = new RoomRepository(db);
  const store = new RoomStore(db);
  const rooms: SeededRoom[] = [];
  for (let index = 0; index < count; index++) {
    const { uid, cookie } = await signedInUser(db, sessions, `Chủ phòng ${index}`);
    const room = await repository.create(uid, `Phòng đo tải ${index}`);
    const videoId = randomBytes(8).toString('base64url'); // 11 characters, a valid YouTube id
    const video = { id: videoId, title: `Video ${index}`, thumbnail: '', source: 'youtube' as const, mediaUrl: null };
    for (const command of [
      { type: 'playlist:add', video },
      { type: 'playlist:select', id: videoId },
    ] as const) {
      const result = await store.apply(room.id, (state) =>
        applyRoomCommand(state, command, { uid, key: userKey(uid), address: 'bench' }, Date.now()),
      );
      if (result.kind !== 'committed') throw new Error(`seeding room ${room.id}: ${command.type} ${result.kind}`);
    }
    const chatterCookies: string[] = [];
    for (let chatter = 0; chatter < chatters(index); chatter++) {
      chatterCookies.push((await signedInUser(db, sessions, `Người xem ${index}.${chatter}`)).cookie);
    }
    rooms.push({ id: room.id, hostCookie: cookie, videoId, chatterCookies });
  }
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
