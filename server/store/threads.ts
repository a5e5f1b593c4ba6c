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
  /**
   * The answer said the docs do not cover the question: a model's may list the sources it was given, and a
   * greeting's or a failed answer's has none without being one. Unset in stores written before it was kept:
   * such an answer is read as not found when it has no source.
   */
  notFound?: boolean;
  createdAt: number;
  /** The answer's message id (the stream's `start` chunk), which feedback names. */
  messageId?: string;
}

/** A reader's rating of one answer, with the exchange it rates. */
export interface FeedbackEntry {
  threadId: string;
  messageId: string;
  rating: 'up' | 'down';
  reason: string | null;
  createdAt: number;
  question: string;
  answer: string;
}

/** A question asked in some thread, as the server answered it (the log of what readers ask). */
export interface AskedQuestion {
  threadId: string;
  messageId: string | null;
  question: string;
  /** The answer said the docs do not cover it (Exchange.notFound). */
  notFound: boolean;
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
  create(fp: string, options: { withKey: boolean; now: number }): Promise<{ thread: Thread; threadKey: string | null }>;
  get(id: string): Promise<Thread | undefined>;
  /** True when `threadKey` is the key the thread was created with. */
  keyMatches(thread: Thread, threadKey: string): boolean;
  append(threadId: string, exchange: Exchange): Promise<void>;
  /** The latest `limit` exchanges, oldest first. */
  history(threadId: string, limit: number): Promise<Exchange[]>;
  /** Records (or replaces) the rating of an answer of the thread; false when no answer of it has that id. */
  rate(threadId: string, messageId: string, rating: 'up' | 'down', reason: string | null, now: number): Promise<boolean>;
  /** Ratings, newest first. */
  feedback(limit: number): Promise<FeedbackEntry[]>;
  /** Questions of every thread, newest first; with `notFound`, only those the docs did not cover. */
  questions(options: { limit: number; notFound: boolean }): Promise<AskedQuestion[]>;
}

/** 24 random bytes = 192 bits, base64url: ids and keys nobody can guess. */
function randomToken(): string {
  return randomBytes(24).toString('base64url');
}

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A new thread (every store's), with its secret key when `withKey`: only the key's digest is kept. */
export function newThread(fp: string, withKey: boolean, now: number): { thread: Thread; threadKey: string | null } {
  const threadKey = withKey ? randomToken() : null;
  return { thread: { id: randomToken(), fp, keyHash: threadKey === null ? null : sha256(threadKey), createdAt: now }, threadKey };
}

/** Whether `threadKey` is the thread's; digests compared in constant time, so the key cannot be guessed byte by byte. */
export function threadKeyMatches(thread: Thread, threadKey: string): boolean {
  if (thread.keyHash === null) return false;
  return timingSafeEqual(Buffer.from(thread.keyHash, 'hex'), Buffer.from(sha256(threadKey), 'hex'));
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
    CREATE TABLE IF NOT EXISTS feedback (
      thread_id TEXT NOT NULL,
      message_id TEXT NOT NULL,
      rating TEXT NOT NULL,
      reason TEXT,
      created_at INTEGER NOT NULL,
      PRIMARY KEY (thread_id, message_id)
    );
  `);
  // Stores made before answers kept their message id: add the column (empty for their old answers).
  const columns = database.prepare('PRAGMA table_info(thread_messages)').all().map((column) => String(column.name));
  if (!columns.includes('message_id')) database.exec('ALTER TABLE thread_messages ADD COLUMN message_id TEXT');
  // And before they kept whether an answer was not found: null for their old answers (read from their sources).
  if (!columns.includes('not_found')) database.exec('ALTER TABLE thread_messages ADD COLUMN not_found INTEGER');
  const insertThread = database.prepare('INSERT INTO threads (id, fp, key_hash, created_at) VALUES (?, ?, ?, ?)');
  const selectThread = database.prepare('SELECT id, fp, key_hash, created_at FROM threads WHERE id = ?');
  const insertMessage = database.prepare(
    'INSERT INTO thread_messages (thread_id, question, answer, sources, created_at, message_id, not_found) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const selectAnswer = database.prepare('SELECT 1 FROM thread_messages WHERE thread_id = ? AND message_id = ?');
  const upsertFeedback = database.prepare(
    'INSERT INTO feedback (thread_id, message_id, rating, reason, created_at) VALUES (?, ?, ?, ?, ?) ' +
      'ON CONFLICT (thread_id, message_id) DO UPDATE SET rating = excluded.rating, reason = excluded.reason, created_at = excluded.created_at',
  );
  const selectFeedback = database.prepare(
    'SELECT f.thread_id, f.message_id, f.rating, f.reason, f.created_at, m.question, m.answer FROM feedback f ' +
      'JOIN thread_messages m ON m.thread_id = f.thread_id AND m.message_id = f.message_id ORDER BY f.created_at DESC, f.rowid DESC LIMIT ?',
  );
  // An answer with no source is stored with `[]` (JSON.stringify of an empty list).
  const questionColumns = 'SELECT thread_id, message_id, question, sources, not_found, created_at FROM thread_messages';
  const selectQuestions = database.prepare(`${questionColumns} ORDER BY seq DESC LIMIT ?`);
  const selectUnanswered = database.prepare(`${questionColumns} WHERE not_found = 1 OR (not_found IS NULL AND sources = '[]') ORDER BY seq DESC LIMIT ?`);
  const selectHistory = database.prepare(
    'SELECT question, answer, sources, created_at FROM thread_messages WHERE thread_id = ? ORDER BY seq DESC LIMIT ?',
  );

  return {
    async create(fp, { withKey, now }) {
      const created = newThread(fp, withKey, now);
      const { id, keyHash, createdAt } = created.thread;
      insertThread.run(id, fp, keyHash, createdAt);
      return created;
    },
    async get(id) {
      const row = selectThread.get(id);
      if (!row) return undefined;
      return {
        id: String(row.id),
        fp: String(row.fp),
        keyHash: row.key_hash === null ? null : String(row.key_hash),
        createdAt: Number(row.created_at),
      };
    },
    keyMatches: threadKeyMatches,
    async append(threadId, exchange) {
      const notFound = exchange.notFound === undefined ? null : Number(exchange.notFound);
      insertMessage.run(threadId, exchange.question, exchange.answer, JSON.stringify(exchange.sources), exchange.createdAt, exchange.messageId ?? null, notFound);
    },
    async rate(threadId, messageId, rating, reason, now) {
      if (!selectAnswer.get(threadId, messageId)) return false;
      upsertFeedback.run(threadId, messageId, rating, reason, now);
      return true;
    },
    async feedback(limit) {
      return selectFeedback.all(limit).map((row) => ({
        threadId: String(row.thread_id),
        messageId: String(row.message_id),
        rating: row.rating === 'down' ? 'down' : 'up',
        reason: row.reason === null ? null : String(row.reason),
        createdAt: Number(row.created_at),
        question: String(row.question),
        answer: String(row.answer),
      }));
    },
    async questions({ limit, notFound }) {
      return (notFound ? selectUnanswered : selectQuestions).all(limit).map((row) => {
        const sources = JSON.parse(String(row.sources)) as StoredSource[];
        return {
          threadId: String(row.thread_id),
          messageId: row.message_id === null ? null : String(row.message_id),
          question: String(row.question),
          notFound: row.not_found === null ? sources.length === 0 : row.not_found === 1,
          sources,
          createdAt: Number(row.created_at),
        };
      });
    },
    async history(threadId, limit) {
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
