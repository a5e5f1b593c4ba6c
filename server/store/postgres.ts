// The store for several instances: threads, feedback and rate-limit counters in PostgreSQL, shared by every
// server process that has the same `--database-url`. The same interfaces as the embedded SQLite store
// (threads.ts, rateLimits.ts); the tests run one suite against both.
import { Pool } from 'pg';
import { limitDecision, windowAt, type RateLimitStore } from './rateLimits.ts';
import { newThread, threadKeyMatches, type StoredSource, type ThreadStore } from './threads.ts';

/**
 * Each step runs once, in order, recorded in `docs_assistant_migrations`. Instances starting together
 * take turns on an advisory lock, so the second finds the first one's work done. Never edit a step: add one.
 */
const MIGRATIONS: string[] = [
  `CREATE TABLE threads (
     id TEXT PRIMARY KEY,
     fp TEXT NOT NULL,
     key_hash TEXT,
     created_at BIGINT NOT NULL
   );
   CREATE TABLE thread_messages (
     seq BIGSERIAL PRIMARY KEY,
     thread_id TEXT NOT NULL REFERENCES threads(id),
     question TEXT NOT NULL,
     answer TEXT NOT NULL,
     sources JSONB NOT NULL,
     created_at BIGINT NOT NULL,
     message_id TEXT
   );
   CREATE INDEX thread_messages_by_thread ON thread_messages (thread_id, seq);
   CREATE UNIQUE INDEX thread_messages_by_message ON thread_messages (thread_id, message_id) WHERE message_id IS NOT NULL;
   CREATE TABLE feedback (
     thread_id TEXT NOT NULL,
     message_id TEXT NOT NULL,
     rating TEXT NOT NULL,
     reason TEXT,
     created_at BIGINT NOT NULL,
     seq BIGSERIAL,
     PRIMARY KEY (thread_id, message_id)
   );
   CREATE TABLE rate_limits (
     policy TEXT NOT NULL,
     subject TEXT NOT NULL,
     window_start BIGINT NOT NULL,
     window_end BIGINT NOT NULL,
     count INTEGER NOT NULL,
     PRIMARY KEY (policy, subject, window_start)
   );
   CREATE INDEX rate_limits_by_end ON rate_limits (window_end);`,
  // Agent jobs (server/agent/postgresStore.ts). A job runs under a lease (owner, expiry in ms of the database's clock).
  `CREATE TABLE agent_jobs (
     id TEXT PRIMARY KEY,
     project_id TEXT NOT NULL,
     status TEXT NOT NULL,
     repository TEXT NOT NULL,
     ref TEXT NOT NULL,
     model TEXT NOT NULL,
     pr_link TEXT,
     pr_number INTEGER,
     base_commit TEXT,
     review_token TEXT NOT NULL,
     public_url TEXT NOT NULL,
     created_at TEXT NOT NULL,
     archived_at TEXT,
     error TEXT,
     lease_owner TEXT,
     lease_expires_at BIGINT,
     seq BIGSERIAL
   );
   CREATE INDEX agent_jobs_by_project ON agent_jobs (project_id, created_at DESC, seq DESC);
   CREATE INDEX agent_jobs_active ON agent_jobs (created_at, seq) WHERE status = 'active';
   CREATE TABLE agent_turns (
     job_id TEXT NOT NULL REFERENCES agent_jobs(id),
     seq INTEGER NOT NULL,
     prompt TEXT NOT NULL,
     state TEXT NOT NULL,
     attempts INTEGER NOT NULL DEFAULT 0,
     reply TEXT,
     commit_id TEXT,
     error TEXT,
     created_at TEXT NOT NULL,
     PRIMARY KEY (job_id, seq)
   );
   CREATE TABLE agent_events (
     job_id TEXT NOT NULL REFERENCES agent_jobs(id),
     seq INTEGER NOT NULL,
     at TEXT NOT NULL,
     text TEXT NOT NULL,
     PRIMARY KEY (job_id, seq)
   );`,
  // Whether an answer said the docs do not cover its question (threads.ts Exchange.notFound); null for older answers.
  `ALTER TABLE thread_messages ADD COLUMN not_found BOOLEAN;`,
];

/** Any constant: the lock only has to be the same number in every instance. */
const MIGRATION_LOCK = 4_271_993_001;

async function migrate(pool: Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query('CREATE TABLE IF NOT EXISTS docs_assistant_migrations (step INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())');
    const { rows } = await client.query<{ step: number }>('SELECT step FROM docs_assistant_migrations');
    const done = new Set(rows.map((row) => Number(row.step)));
    for (const [step, sql] of MIGRATIONS.entries()) {
      if (done.has(step)) continue;
      await client.query('BEGIN');
      try {
        await client.query(sql);
        await client.query('INSERT INTO docs_assistant_migrations (step) VALUES ($1)', [step]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
}

export interface PostgresStore {
  threads: ThreadStore;
  rateLimits: RateLimitStore;
  /** The connection pool, for the agent jobs' store (server/agent/postgresStore.ts), whose tables are migrated here. */
  pool: Pool;
  /** Answers once the database does (for /ready). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Connects, runs the migrations (safe when instances start at once) and returns the stores. */
export async function openPostgresStore(databaseUrl: string): Promise<PostgresStore> {
  const pool = new Pool({ connectionString: databaseUrl, max: 10 });
  // An idle connection the server drops must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  try {
    await migrate(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return {
    threads: postgresThreadStore(pool),
    rateLimits: postgresRateLimitStore(pool),
    pool,
    ping: async () => {
      await pool.query('SELECT 1');
    },
    close: () => pool.end(),
  };
}

function postgresThreadStore(pool: Pool): ThreadStore {
  return {
    async create(fp, { withKey, now }) {
      const created = newThread(fp, withKey, now);
      const { id, keyHash, createdAt } = created.thread;
      await pool.query('INSERT INTO threads (id, fp, key_hash, created_at) VALUES ($1, $2, $3, $4)', [id, fp, keyHash, createdAt]);
      return created;
    },
    async get(id) {
      const { rows } = await pool.query<{ id: string; fp: string; key_hash: string | null; created_at: string }>('SELECT id, fp, key_hash, created_at FROM threads WHERE id = $1', [id]);
      const row = rows[0];
      return row ? { id: row.id, fp: row.fp, keyHash: row.key_hash, createdAt: Number(row.created_at) } : undefined;
    },
    keyMatches: threadKeyMatches,
    async append(threadId, exchange) {
      await pool.query('INSERT INTO thread_messages (thread_id, question, answer, sources, created_at, message_id, not_found) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
        threadId,
        exchange.question,
        exchange.answer,
        JSON.stringify(exchange.sources),
        exchange.createdAt,
        exchange.messageId ?? null,
        exchange.notFound ?? null,
      ]);
    },
    async history(threadId, limit) {
      const { rows } = await pool.query<{ question: string; answer: string; sources: StoredSource[]; created_at: string }>(
        'SELECT question, answer, sources, created_at FROM thread_messages WHERE thread_id = $1 ORDER BY seq DESC LIMIT $2',
        [threadId, limit],
      );
      return rows.map((row) => ({ question: row.question, answer: row.answer, sources: row.sources, createdAt: Number(row.created_at) })).toReversed();
    },
    async rate(threadId, messageId, rating, reason, now) {
      // Only an answer of this thread can be rated: the insert selects from it, so a wrong id inserts nothing.
      const { rowCount } = await pool.query(
        `INSERT INTO feedback (thread_id, message_id, rating, reason, created_at)
         SELECT $1, $2, $3, $4, $5 WHERE EXISTS (SELECT 1 FROM thread_messages WHERE thread_id = $1 AND message_id = $2)
         ON CONFLICT (thread_id, message_id) DO UPDATE SET rating = excluded.rating, reason = excluded.reason, created_at = excluded.created_at`,
        [threadId, messageId, rating, reason, now],
      );
      return (rowCount ?? 0) > 0;
    },
    async questions({ limit, notFound }) {
      const { rows } = await pool.query<{ thread_id: string; message_id: string | null; question: string; sources: StoredSource[]; not_found: boolean | null; created_at: string }>(
        `SELECT thread_id, message_id, question, sources, not_found, created_at FROM thread_messages
         ${notFound ? "WHERE not_found OR (not_found IS NULL AND sources = '[]'::jsonb)" : ''} ORDER BY seq DESC LIMIT $1`,
        [limit],
      );
      return rows.map((row) => ({
        threadId: row.thread_id,
        messageId: row.message_id,
        question: row.question,
        notFound: row.not_found ?? row.sources.length === 0,
        sources: row.sources,
        createdAt: Number(row.created_at),
      }));
    },
    async feedback(limit) {
      const { rows } = await pool.query<{ thread_id: string; message_id: string; rating: string; reason: string | null; created_at: string; question: string; answer: string }>(
        `SELECT f.thread_id, f.message_id, f.rating, f.reason, f.created_at, m.question, m.answer FROM feedback f
         JOIN thread_messages m ON m.thread_id = f.thread_id AND m.message_id = f.message_id
         ORDER BY f.created_at DESC, f.seq DESC LIMIT $1`,
        [limit],
      );
      return rows.map((row) => ({
        threadId: row.thread_id,
        messageId: row.message_id,
        rating: row.rating === 'down' ? 'down' : 'up',
        reason: row.reason,
        createdAt: Number(row.created_at),
        question: row.question,
        answer: row.answer,
      }));
    },
  };
}

const HOUR = 3_600_000;

/**
 * Exact under concurrency across instances: each window's counter is one row, incremented by an atomic
 * upsert that refuses past the limit; the checks of one request go in one transaction, in a fixed order
 * (no deadlock between two requests), and a refusal rolls the others back: all charged or none.
 */
function postgresRateLimitStore(pool: Pool): RateLimitStore {
  let lastCleanup = 0;
  return {
    async consume(checks, now) {
      const active = checks.filter((check) => check.policy.limit > 0).map((check) => ({ check, window: windowAt(check.policy.window, now) }));
      // Rows are locked in one fixed order, so two requests sharing subjects never wait on each other in a cycle.
      const order = active
        .map((_entry, position) => position)
        .toSorted((a, b) => {
          const first = active[a]!.check;
          const second = active[b]!.check;
          return first.policy.name.localeCompare(second.policy.name) || first.subject.localeCompare(second.subject);
        });
      const client = await pool.connect();
      try {
        if (now - lastCleanup > HOUR) {
          lastCleanup = now;
          await client.query('DELETE FROM rate_limits WHERE window_end <= $1', [now]);
        }
        await client.query('BEGIN');
        const counts: number[] = active.map(() => 0);
        const violated: number[] = [];
        for (const position of order) {
          const { check, window } = active[position]!;
          const { rows } = await client.query<{ count: number }>(
            `INSERT INTO rate_limits (policy, subject, window_start, window_end, count) VALUES ($1, $2, $3, $4, 1)
             ON CONFLICT (policy, subject, window_start) DO UPDATE SET count = rate_limits.count + 1 WHERE rate_limits.count < $5
             RETURNING count`,
            [check.policy.name, check.subject, window.start, window.end, check.policy.limit],
          );
          if (rows[0]) counts[position] = Number(rows[0].count);
          else {
            violated.push(position);
            counts[position] = check.policy.limit;
          }
        }
        await client.query(violated.length === 0 ? 'COMMIT' : 'ROLLBACK');
        if (violated.length > 0) {
          // Nothing was charged: report each other policy's count as it stands.
          for (const [position, { check, window }] of active.entries()) {
            if (violated.includes(position)) continue;
            const { rows } = await client.query<{ count: number }>('SELECT count FROM rate_limits WHERE policy = $1 AND subject = $2 AND window_start = $3', [
              check.policy.name,
              check.subject,
              window.start,
            ]);
            counts[position] = Number(rows[0]?.count ?? 0);
          }
        }
        const counted = active.map((entry, position) => ({ ...entry, count: counts[position] ?? 0 }));
        return limitDecision(counted, violated.toSorted((a, b) => a - b).map((position) => counted[position]!), now);
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
  };
}
