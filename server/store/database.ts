// Opens the embedded SQLite database that holds threads and rate-limit counters.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/** File name of the database inside the `--data` folder. */
export const DATABASE_FILE = 'docs-assistant.sqlite';

/**
 * Opens (and creates) `<dataDir>/docs-assistant.sqlite`; `':memory:'` opens a private in-memory database.
 * WAL lets a second process read while one writes; the busy timeout makes concurrent writers wait instead of failing.
 */
export function openDatabase(dataDir: string): DatabaseSync {
  if (dataDir === ':memory:') return new DatabaseSync(':memory:');
  mkdirSync(dataDir, { recursive: true });
  const database = new DatabaseSync(join(dataDir, DATABASE_FILE));
  // The busy timeout comes first: switching to WAL itself needs the lock another process may hold.
  database.exec('PRAGMA busy_timeout = 5000; PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;');
  return database;
}

/** Runs `work` inside one IMMEDIATE transaction (the write lock is taken up front, so read-then-write is atomic). */
export function inTransaction<T>(database: DatabaseSync, work: () => T): T {
  database.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    database.exec('COMMIT');
    return result;
  } catch (error) {
    database.exec('ROLLBACK');
    throw error;
  }
}
