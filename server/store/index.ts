// The stores of threads, feedback and rate-limit counters: one SQLite file under the data folder (the
// embedded default, one instance), or PostgreSQL (postgres.ts) shared by several instances.
import type { DatabaseSync } from 'node:sqlite';
import { openDatabase } from './database.ts';
import { createSqliteRateLimitStore, type RateLimitStore } from './rateLimits.ts';
import { createSqliteThreadStore, type ThreadStore } from './threads.ts';
import { openPostgresStore } from './postgres.ts';
import { createPostgresJobStore } from '../agent/postgresStore.ts';
import type { JobStore } from '../agent/store.ts';

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

/** What the assistant's routes keep: in SQLite or PostgreSQL. */
export interface SharedStore {
  threads: ThreadStore;
  rateLimits: RateLimitStore;
  /** Agent jobs shared by the instances (PostgreSQL); without it each instance keeps its own in its data folder. */
  jobs?: JobStore;
  /** Resolves once the store answers (for /ready). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** PostgreSQL when `databaseUrl` is given (migrated on open), else the embedded SQLite store in `dataDir`. */
export async function openSharedStore(dataDir: string, databaseUrl?: string): Promise<SharedStore> {
  if (databaseUrl) {
    const postgres = await openPostgresStore(databaseUrl);
    return { ...postgres, jobs: createPostgresJobStore(postgres.pool, postgres.rateLimits) };
  }
  const store = openStore(dataDir);
  return {
    threads: store.threads,
    rateLimits: store.rateLimits,
    ping: async () => {
      store.database.prepare('SELECT 1').get();
    },
    close: async () => store.close(),
  };
}
