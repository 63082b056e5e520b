import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionStore } from '../src/auth/sessions.ts';
import { type CleanupOptions, runCleanup } from '../src/retention/cleanup.ts';
import { RoomRepository } from '../src/rooms/room-repository.ts';
import { DATABASE_KINDS, startServer, TEST_DATABASE_URL, type TestServer } from './harness.ts';
import { signedInUser } from './room-clients.ts';
import { suiteServer } from './suite-server.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const RETENTION_MS = 180 * DAY_MS;

async function seedSessions(server: TestServer, uid: string, expiresAt: number[]): Promise<string[]> {
  const ids = expiresAt.map(() => randomUUID());
  await server.app.db
    .insertInto('sessions')
    .values(ids.map((id, index) => ({ id_hash: id, user_uid: uid, created_at: 0, expires_at: expiresAt[index] ?? 0 })))
    .execute();
  return ids;
}

async function seedEvents(server: TestServer, createdAt: number[]): Promise<string[]> {
  const ids = createdAt.map(() => randomUUID());
  await server.app.db
    .insertInto('events')
    .values(
      ids.map((id, index) => ({
        id,
        name: 'Search videos',
        properties: '{}',
        user_uid: null,
        created_at: createdAt[index] ?? 0,
      })),
    )
    .execute();
  return ids;
}

async function seedOidcPayloads(server: TestServer, expiresAt: Array<number | null>): Promise<string[]> {
  const ids = expiresAt.map(() => randomUUID());
  await server.app.db
    .insertInto('oidc_payloads')
    .values(
      ids.map((id, index) => ({
        model: 'Interaction',
        id,
        payload: '{}',
        grant_id: null,
        user_code: null,
        uid: null,
        expires_at: expiresAt[index] ?? null,
      })),
    )
    .execute();
  return ids;
}

/** Kicks from a new room of `hostUid`, one subject per expiry, each with a hold on an address (R58, R104). */
async function seedKicks(server: TestServer, hostUid: string, expiresAt: number[]): Promise<string[]> {
  const room = await new RoomRepository(server.app.db).create(hostUid, 'Phòng');
  const subjects = expiresAt.map(() => `g:${randomUUID().slice(0, 10)}`);
  await server.app.db
    .insertInto('room_kicks')
    .values(subjects.map((subject, index) => ({ room_id: room.id, subject, expires_at: expiresAt[index] ?? 0 })))
    .execute();
  await server.app.db
    .insertInto('room_kick_addresses')
    .values(
      subjects.map((person, index) => ({
        room_id: room.id,
        person,
        address: `address-of-${person}`,
        expires_at: expiresAt[index] ?? 0,
      })),
    )
    .execute();
  return subjects;
}

describe.each(DATABASE_KINDS)('cleanup of expired data on %s', (kind) => {
  const server = suiteServer(kind);
  // One clock for the whole suite, so what one test keeps alive stays alive in the next.
  const now = Date.now();
  const options: CleanupOptions = { kind, analyticsRetentionMs: RETENTION_MS, now: () => now };
  const leftOf = (ids: string[], stored: string[]) => ids.filter((id) => stored.includes(id));

  it('R38: deletes expired sessions, sign-in records, kicks (R58) with their address holds (R104) and events past the retention, in batches; keeps the rest', async () => {
    const db = server.app.db;
    const user = await signedInUser(server, 'Người dọn');
    const expiredSessions = await seedSessions(server, user.uid, [now - DAY_MS, now - 1, now, now - 2, now - 3]);
    const liveSessions = await seedSessions(server, user.uid, [now + 1, now + DAY_MS]);
    const oldEvents = await seedEvents(server, [now - RETENTION_MS - 1, now - RETENTION_MS - DAY_MS, 0]);
    const recentEvents = await seedEvents(server, [now - RETENTION_MS, now - DAY_MS, now]);
    const expiredPayloads = await seedOidcPayloads(server, [now - 1, now - DAY_MS]);
    const keptPayloads = await seedOidcPayloads(server, [now + 60_000, null]);
    const expiredKicks = await seedKicks(server, user.uid, [now - 1, now, now - DAY_MS]);
    const liveKicks = await seedKicks(server, user.uid, [now + 1]);

    // Batches of 2: several transactions per table, the last one short.
    const result = await runCleanup(db, { ...options, batchSize: 2 });

    expect(result).toEqual({
      deleted: { sessions: 5, oidcPayloads: 2, events: 3, kicks: 6, subtitles: 0 },
      yielded: false,
    });
    const kickSubjects = (await db.selectFrom('room_kicks').select('subject').execute()).map((row) => row.subject);
    expect(leftOf(liveKicks, kickSubjects)).toEqual(liveKicks);
    expect(leftOf(expiredKicks, kickSubjects)).toEqual([]);
    const holders = (await db.selectFrom('room_kick_addresses').select('person').execute()).map((row) => row.person);
    expect(leftOf(liveKicks, holders)).toEqual(liveKicks);
    expect(leftOf(expiredKicks, holders)).toEqual([]);
    const sessionIds = (await db.selectFrom('sessions').select('id_hash').execute()).map((row) => row.id_hash);
    expect(leftOf(liveSessions, sessionIds)).toEqual(liveSessions);
    expect(leftOf(expiredSessions, sessionIds)).toEqual([]);
    const eventIds = (await db.selectFrom('events').select('id').execute()).map((row) => row.id);
    expect(leftOf(recentEvents, eventIds)).toEqual(recentEvents);
    expect(leftOf(oldEvents, eventIds)).toEqual([]);
    const payloadIds = (await db.selectFrom('oidc_payloads').select('id').execute()).map((row) => row.id);
    expect(leftOf(keptPayloads, payloadIds)).toEqual(keptPayloads);
    expect(leftOf(expiredPayloads, payloadIds)).toEqual([]);
    // The session the user signed in with is still good.
    const token = user.cookie.split('=')[1];
    expect((await new SessionStore(db).resolve(token))?.uid).toBe(user.uid);

    expect(await runCleanup(db, options)).toEqual({
      deleted: { sessions: 0, oidcPayloads: 0, events: 0, kicks: 0, subtitles: 0 },
      yielded: false,
    });
  });

  it('R38: stops between batches when the server shuts down', async () => {
    const db = server.app.db;
    const user = await signedInUser(server, 'Người dừng');
    await seedSessions(server, user.uid, [now - 1, now - 2, now - 3]);
    let batches = 0;
    const result = await runCleanup(db, { ...options, batchSize: 1, stopping: () => ++batches > 2 });
    expect(result).toEqual({
      deleted: { sessions: 2, oidcPayloads: 0, events: 0, kicks: 0, subtitles: 0 },
      yielded: false,
    });
    expect(await runCleanup(db, options)).toMatchObject({ deleted: { sessions: 1 } });
  });
});

describe.runIf(DATABASE_KINDS.includes('postgres'))('cleanup on several PostgreSQL nodes', () => {
  const server = suiteServer('postgres');
  let otherDeployment: TestServer;
  let other: pg.Client;

  beforeAll(async () => {
    otherDeployment = await startServer('postgres');
    other = new pg.Client({
      connectionString: TEST_DATABASE_URL,
      options: `-c search_path=${server.pgSchema}`,
    });
    await other.connect();
  });
  afterAll(async () => {
    await other?.end();
    await otherDeployment?.close();
  });

  it('R38: two cleanups at once do not both run; the one that finds the lock taken gives way', async () => {
    const db = server.app.db;
    const now = Date.now();
    const user = await signedInUser(server, 'Hai nút');
    const expired = await seedSessions(server, user.uid, [now - 1, now - 2, now - 3]);
    await seedSessions(otherDeployment, (await signedInUser(otherDeployment, 'Nơi khác')).uid, [now - 1]);
    const options: CleanupOptions = { kind: 'postgres', analyticsRetentionMs: RETENTION_MS, now: () => now };

    // A row lock makes the first cleanup's delete wait, with its advisory lock held, until this commits.
    await other.query('begin');
    await other.query('select 1 from sessions where id_hash = $1 for update', [expired[0]]);
    const first = runCleanup(db, options);
    const lockHeld = async () => {
      const { rows } = await other.query(
        `select 1 from pg_locks where locktype = 'advisory' and granted and objid = 'sessions'::regclass::oid`,
      );
      return rows.length > 0;
    };
    for (let tries = 0; !(await lockHeld()); tries++) {
      if (tries > 500) throw new Error('the first cleanup never took the lock');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }

    expect(await runCleanup(db, options)).toEqual({
      deleted: { sessions: 0, oidcPayloads: 0, events: 0, kicks: 0, subtitles: 0 },
      yielded: true,
    });
    // Another deployment in its own schema of the same database has its own lock.
    expect(await runCleanup(otherDeployment.app.db, options)).toMatchObject({
      deleted: { sessions: 1 },
      yielded: false,
    });

    await other.query('commit');
    expect(await first).toEqual({
      deleted: { sessions: 3, oidcPayloads: 0, events: 0, kicks: 0, subtitles: 0 },
      yielded: false,
    });
  });
});
