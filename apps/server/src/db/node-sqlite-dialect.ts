import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import { type SqliteDatabase, SqliteDialect } from 'kysely';

/**
 * Kysely's SqliteDialect speaks the better-sqlite3 interface; node:sqlite's DatabaseSync differs only in
 * taking parameters spread and in telling readers apart through columns(). This bridge is the whole
 * difference, so we keep it here rather than add a native addon (see docs/decisions/002-database.md).
 */
function wrap(database: DatabaseSync): SqliteDatabase {
  return {
    close: () => database.close(),
    prepare(sql) {
      const statement = database.prepare(sql);
      const args = (parameters: ReadonlyArray<unknown>) => parameters as SQLInputValue[];
      return {
        get reader() {
          return statement.columns().length > 0;
        },
        all: (parameters) => statement.all(...args(parameters)),
        run: (parameters) => statement.run(...args(parameters)),
        iterate: (parameters) => statement.iterate(...args(parameters)),
      };
    },
  };
}

/** How long a statement waits for another process's lock on the file before it fails with SQLITE_BUSY. */
export const SQLITE_BUSY_TIMEOUT_MS = 5000;

/**
 * Opens a SQLite file in WAL mode with synchronous=FULL: an acknowledged commit survives a power cut. With
 * secure_delete the bytes of a deleted or rewritten row are overwritten with zeros in the page that held them, so
 * an emptied chat message leaves no text in the database file (R98; the WAL is wal-erase.ts's part).
 */
export function nodeSqliteDialect(file: string): SqliteDialect {
  const database = new DatabaseSync(file, { timeout: SQLITE_BUSY_TIMEOUT_MS });
  database.exec(
    'PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON; PRAGMA secure_delete = ON;',
  );
  return new SqliteDialect({ database: wrap(database) });
}
