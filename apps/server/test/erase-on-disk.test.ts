import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIRST_RETRY_MS, walEraser } from '../src/db/wal-erase.ts';
import { runCleanup } from '../src/retention/cleanup.ts';
import type { TestServer } from './harness.ts';
import { connect, createRoom, signedInUser, type TestClient, type TestUser, waitFor } from './room-clients.ts';
import { suiteServer } from './suite-server.ts';

/** The server's SQLite files: the database, its write-ahead log and the log's index. */
const FILES = ['xemchung.sqlite', 'xemchung.sqlite-wal', 'xemchung.sqlite-shm'];

/** Which of the database's files hold `marker`, read byte for byte as they are on disk. */
function filesHolding(server: TestServer, marker: string): string[] {
  return FILES.filter((name) => {
    const file = path.join(server.dataDir, name);
    return existsSync(file) && readFileSync(file).includes(Buffer.from(marker, 'utf8'));
  });
}

// SQLite only: PostgreSQL keeps an emptied row's old version until vacuum, and its WAL until recycled (R98).
describe('deleted text on disk, SQLite (R98)', () => {
  const server = suiteServer('sqlite');
  let host: TestUser;

  beforeAll(async () => {
    host = await signedInUser(server, 'Chủ phòng');
  });

  /** A fresh room with the host in it, and a message only this test wrote: returns the client, its seq and text. */
  async function sentMessage(): Promise<{ client: TestClient; seq: number; marker: string }> {
    const client = await connect(server, { user: host });
    server.track(client);
    expect(await client.join(await createRoom(server, host))).toMatchObject({ ok: true });
    const marker = `bí mật ${randomUUID()}`;
    const ack = await client.request('chat:send', { text: `Đừng ai đọc: ${marker}` });
    if (!ack.ok) throw new Error(`send refused: ${ack.error.code}`);
    return { client, seq: ack.message.seq, marker };
  }

  it.each([
    ['still in the WAL', false],
    ['already checkpointed into the database file', true],
  ])('R98: once the delete is acknowledged, a text %s is in none of the files', async (_where, checkpointed) => {
    const { client, seq, marker } = await sentMessage();
    if (checkpointed) await sql`pragma wal_checkpoint(TRUNCATE)`.execute(server.app.db);
    expect(filesHolding(server, marker)).toEqual([checkpointed ? 'xemchung.sqlite' : 'xemchung.sqlite-wal']);

    expect(await client.request('chat:delete', { seq })).toEqual({ ok: true, seq });
    expect(filesHolding(server, marker)).toEqual([]);
    // Erased, not lost: the placeholder is there, and later messages are written and read as usual.
    const history = await client.request('chat:history', {});
    expect(history.ok && history.messages).toEqual([expect.objectContaining({ seq, text: '', deleted: true })]);
    expect(await client.request('chat:send', { text: 'Tin sau' })).toMatchObject({ ok: true });
  });

  it('R98: a reader holding an older snapshot delays the erase, which follows soon after it lets go', async () => {
    const { client, seq, marker } = await sentMessage();
    // Another process reading the file (a backup, an operator's sqlite3) sees the message's page in the WAL.
    const reader = new DatabaseSync(path.join(server.dataDir, 'xemchung.sqlite'));
    try {
      reader.exec('begin');
      reader.prepare('select count(*) from chat_messages').get();
      const started = Date.now();
      expect(await client.request('chat:delete', { seq })).toEqual({ ok: true, seq });
      expect(Date.now() - started).toBeLessThan(1000); // the server did not wait for the reader
      expect(filesHolding(server, marker)).toEqual(['xemchung.sqlite-wal']);
      reader.exec('commit');
    } finally {
      reader.close();
    }
    await waitFor(
      () => (filesHolding(server, marker).length === 0 ? true : undefined),
      FIRST_RETRY_MS * 3,
      'the retried erase',
    );
  });

  it('R98: analytics events the cleanup deletes (R38) leave the WAL and the database file too', async () => {
    const marker = `từ khóa ${randomUUID()}`;
    await server.app.db
      .insertInto('events')
      .values({
        id: randomUUID(),
        name: 'Search videos',
        properties: JSON.stringify({ query: marker, email: 'lan@example.test' }),
        user_uid: null,
        created_at: 0,
      })
      .execute();
    expect(filesHolding(server, marker)).toEqual(['xemchung.sqlite-wal']);
    const eraser = walEraser(server.app.db, 'sqlite', (error) => {
      throw error;
    });
    const result = await runCleanup(server.app.db, { kind: 'sqlite', analyticsRetentionMs: 1000, eraser });
    eraser.stop();
    expect(result.deleted.events).toBe(1);
    expect(filesHolding(server, marker)).toEqual([]);
  });
});
