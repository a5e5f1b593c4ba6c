// The embedded store: one SQLite file under the data folder holding threads and rate-limit counters.
import type { DatabaseSync } from 'node:sqlite';
import { openDatabase } from './database.ts';
import { createSqliteRateLimitStore, type RateLimitStore } from './rateLimits.ts';
import { createSqliteThreadStore, type ThreadStore } from './threads.ts';

export interface ServerStore {
  threads: ThreadStore;
  rateLimits: RateLimitStore;
  /** The open database, for other parts that keep their tables next to these. */
  database: DatabaseSync;
  close(): void;
}

/** `dataDir` is a folder (created when missing) or `':memory:'` for a store that lives only in this process. */
export function openStore(dataDir: string): ServerStore {
  const database = openDatabase(dataDir);
  return {
    threads: createSqliteThreadStore(database),
    rateLimits: createSqliteRateLimitStore(database),
    database,
    close: () => database.close(),
  };
}
