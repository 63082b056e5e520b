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
}

/**
 * Creates `count` rooms the way a signed-in user would leave them, through the server's own repository code
 * (as apps/server/test/room-clients.ts does): a users row and a server-side session per host, the room, and a
 * first video added and selected by the host through the room state machine and store. Sign-in itself (OIDC) is measured
 * elsewhere; a benchmark only needs the session it leaves behind.
 */
export async function seedRooms(db: Db, count: number): Promise<SeededRoom[]> {
  const sessions = new SessionStore(db);
  const repository = new RoomRepository(db);
  const store = new RoomStore(db);
  const rooms: SeededRoom[] = [];
  for (let index = 0; index < count; index++) {
    const uid = randomBytes(12).toString('base64url');
    await db
      .insertInto('users')
      .values({
        uid,
        issuer: 'bench',
        subject: uid,
        email: `${uid}@bench.test`,
        display_name: `Chủ phòng ${index}`,
        photo_url: null,
        created_at: Date.now(),
      })
      .execute();
    const { token } = await sessions.create(uid);
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
    rooms.push({ id: room.id, hostCookie: `${SESSION_COOKIE}=${token}`, videoId });
  }
  return rooms;
}
