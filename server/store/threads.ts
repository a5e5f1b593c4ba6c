// Conversation threads: an unguessable id, an optional secret key, and the exchanges asked in it.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';

/** One source shown under an answer. */
export interface StoredSource {
  url: string;
  title: string;
}

/** A question and the answer the server gave to it. */
export interface Exchange {
  question: string;
  answer: string;
  sources: StoredSource[];
  createdAt: number;
}

export interface Thread {
  id: string;
  fp: string;
  createdAt: number;
  /** SHA-256 of the thread key when thread keys are on; null otherwise. */
  keyHash: string | null;
}

/** Persistence of threads; the SQLite version below is the embedded default. */
export interface ThreadStore {
  /** Creates a thread; returns it with its secret key (shown to the caller once) when `withKey` is set. */
  create(fp: string, options: { withKey: boolean; now: number }): { thread: Thread; threadKey: string | null };
  get(id: string): Thread | undefined;
  /** True when `threadKey` is the key the thread was created with. */
  keyMatches(thread: Thread, threadKey: string): boolean;
  append(threadId: string, exchange: Exchange): void;
  /** The latest `limit` exchanges, oldest first. */
  history(threadId: string, limit: number): Exchange[];
}

/** 24 random bytes = 192 bits, base64url: ids and keys nobody can guess. */
function randomToken(): string {
  return randomBytes(24).toString('base64url');
}

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function createSqliteThreadStore(database: DatabaseSync): ThreadStore {
  database.exec(`
    CREATE TABLE IF NOT EXISTS threads (
      id TEXT PRIMARY KEY,
      fp TEXT NOT NULL,
      key_hash TEXT,
      created_at INTEGER NOT NULL
    );
    CREATE TABLE IF NOT EXISTS thread_messages (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      thread_id TEXT NOT NULL REFERENCES threads(id),
      question TEXT NOT NULL,
      answer TEXT NOT NULL,
      sources TEXT NOT NULL,
      created_at INTEGER NOT NULL
    );
    CREATE INDEX IF NOT EXISTS thread_messages_by_thread ON thread_messages (thread_id, seq);
  `);
  const insertThread = database.prepare('INSERT INTO threads (id, fp, key_hash, created_at) VALUES (?, ?, ?, ?)');
  const selectThread = database.prepare('SELECT id, fp, key_hash, created_at FROM threads WHERE id = ?');
  const insertMessage = database.prepare(
    'INSERT INTO thread_messages (thread_id, question, answer, sources, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  const selectHistory = database.prepare(
    'SELECT question, answer, sources, created_at FROM thread_messages WHERE thread_id = ? ORDER BY seq DESC LIMIT ?',
  );

  return {
    create(fp, { withKey, now }) {
      const id = randomToken();
      const threadKey = withKey ? randomToken() : null;
      const keyHash = threadKey === null ? null : sha256(threadKey);
      insertThread.run(id, fp, keyHash, now);
      return { thread: { id, fp, keyHash, createdAt: now }, threadKey };
    },
    get(id) {
      const row = selectThread.get(id);
      if (!row) return undefined;
      return {
        id: String(row.id),
        fp: String(row.fp),
        keyHash: row.key_hash === null ? null : String(row.key_hash),
        createdAt: Number(row.created_at),
      };
    },
    keyMatches(thread, threadKey) {
      if (thread.keyHash === null) return false;
      // Compare digests in constant time so the key cannot be guessed byte by byte.
      return timingSafeEqual(Buffer.from(thread.keyHash, 'hex'), Buffer.from(sha256(threadKey), 'hex'));
    },
    append(threadId, exchange) {
      insertMessage.run(threadId, exchange.question, exchange.answer, JSON.stringify(exchange.sources), exchange.createdAt);
    },
    history(threadId, limit) {
      return selectHistory
        .all(threadId, limit)
        .map((row) => ({
          question: String(row.question),
          answer: String(row.answer),
          sources: JSON.parse(String(row.sources)) as StoredSource[],
          createdAt: Number(row.created_at),
        }))
        .toReversed();
    },
  };
}
