// Agent jobs in PostgreSQL, shared by every instance with the same `--database-url` (the tables are
// migrated with the others in server/store/postgres.ts). A job is claimed with `FOR UPDATE SKIP LOCKED`
// under a lease that its runner renews; leases are timed by the database's clock, so instances whose
// clocks disagree still agree on when one ran out.
import type { Pool, PoolClient } from 'pg';
import type { RateLimitStore } from '../store/rateLimits.ts';
import { jobFromRow, PATCH_COLUMNS, TURN_COLUMNS, turnFromRow } from './store.ts';
import type { JobPatch, JobStore, Row, TurnPatch } from './store.ts';
import type { StoredTurn } from './types.ts';

/** The database's clock in milliseconds. */
const NOW_MS = '(extract(epoch from clock_timestamp()) * 1000)::bigint';

/** A unique violation: two instances numbered a turn or an event of one job at once. */
function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string }).code === '23505';
}

/** Runs an insert that numbers its row `max + 1` again when another instance took the number first. */
async function withFreshNumber<T>(insert: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await insert();
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 20) throw error;
    }
  }
}

function assignments<K extends string>(patch: Partial<Record<K, unknown>>, columns: Record<K, string>, first: number) {
  const entries = Object.entries(patch) as [K, unknown][];
  return {
    sql: entries.map(([key], position) => `${columns[key]} = $${first + position}`).join(', '),
    values: entries.map(([, value]) => (value === undefined ? null : value)),
  };
}

/** Numbers the turn after the job's last (see withFreshNumber for two instances doing it at once). */
async function insertTurn(client: Pool | PoolClient, jobId: string, prompt: string, createdAt: string): Promise<StoredTurn> {
  const { rows } = await client.query<Row>(
    `INSERT INTO agent_turns (job_id, seq, prompt, state, created_at)
     SELECT $1, coalesce(max(seq), 0) + 1, $2, 'pending', $3 FROM agent_turns WHERE job_id = $1 RETURNING *`,
    [jobId, prompt, createdAt],
  );
  return turnFromRow(rows[0] as Row);
}

export function createPostgresJobStore(pool: Pool, rateLimits: RateLimitStore): JobStore {
  async function one(sql: string, values: unknown[]): Promise<Row | undefined> {
    const { rows } = await pool.query<Row>(sql, values);
    return rows[0];
  }

  async function getJobById(id: string) {
    const row = await one('SELECT * FROM agent_jobs WHERE id = $1', [id]);
    return row ? jobFromRow(row) : undefined;
  }

  return {
    rateLimits,
    async insertJob(job, firstPrompt) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(
          `INSERT INTO agent_jobs (id, project_id, status, repository, ref, model, pr_link, pr_number, base_commit,
             review_token, public_url, created_at, archived_at, error)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
          [job.id, job.projectId, job.status, job.repository, job.ref, job.model, job.prLink, job.prNumber, job.baseCommit, job.reviewToken, job.publicUrl, job.createdAt, job.archivedAt, job.error],
        );
        await insertTurn(client, job.id, firstPrompt, job.createdAt);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async getJob(projectId, id) {
      const row = await one('SELECT * FROM agent_jobs WHERE project_id = $1 AND id = $2', [projectId, id]);
      return row ? jobFromRow(row) : undefined;
    },
    getJobById,
    async getJobByPullRequest(projectId, prNumber) {
      const row = await one('SELECT * FROM agent_jobs WHERE project_id = $1 AND pr_number = $2 ORDER BY created_at DESC, seq DESC LIMIT 1', [projectId, prNumber]);
      return row ? jobFromRow(row) : undefined;
    },
    async listJobs(projectId, skip, take) {
      const { rows } = await pool.query<Row>('SELECT * FROM agent_jobs WHERE project_id = $1 ORDER BY created_at DESC, seq DESC LIMIT $2 OFFSET $3', [projectId, take, skip]);
      const count = await one('SELECT count(*) AS total FROM agent_jobs WHERE project_id = $1', [projectId]);
      return { jobs: rows.map(jobFromRow), total: Number(count?.total ?? 0) };
    },
    async countByStatus() {
      const { rows } = await pool.query<Row>('SELECT status, count(*) AS count FROM agent_jobs GROUP BY status');
      return Object.fromEntries(rows.map((row) => [String(row.status), Number(row.count)]));
    },
    async updateJob(id, patch: JobPatch) {
      const set = assignments(patch, PATCH_COLUMNS, 2);
      const row = set.sql
        ? await one(`UPDATE agent_jobs SET ${set.sql} WHERE id = $1 RETURNING *`, [id, ...set.values])
        : await one('SELECT * FROM agent_jobs WHERE id = $1', [id]);
      if (!row) throw new Error(`job ${id} vanished from the store`);
      return jobFromRow(row);
    },
    addTurn: (jobId, prompt, createdAt) => withFreshNumber(() => insertTurn(pool, jobId, prompt, createdAt)),
    async turns(jobId) {
      const { rows } = await pool.query<Row>('SELECT * FROM agent_turns WHERE job_id = $1 ORDER BY seq', [jobId]);
      return rows.map(turnFromRow);
    },
    async updateTurn(jobId, seq, patch: TurnPatch) {
      const set = assignments(patch, TURN_COLUMNS, 3);
      if (set.sql) await pool.query(`UPDATE agent_turns SET ${set.sql} WHERE job_id = $1 AND seq = $2`, [jobId, seq, ...set.values]);
    },
    async addEvent(jobId, text, at) {
      await withFreshNumber(() =>
        pool.query('INSERT INTO agent_events (job_id, seq, at, text) SELECT $1, coalesce(max(seq), 0) + 1, $2, $3 FROM agent_events WHERE job_id = $1', [jobId, at, text]),
      );
    },
    async events(jobId, after) {
      const { rows } = await pool.query<Row>('SELECT seq, at, text FROM agent_events WHERE job_id = $1 AND seq > $2 ORDER BY seq', [jobId, after]);
      return rows.map((row) => ({ seq: Number(row.seq), at: String(row.at), text: String(row.text) }));
    },
    async claimableJobIds(limit) {
      const { rows } = await pool.query<Row>(
        `SELECT id FROM agent_jobs WHERE status = 'active' AND (lease_owner IS NULL OR lease_expires_at < ${NOW_MS}) ORDER BY created_at, seq LIMIT $1`,
        [limit],
      );
      return rows.map((row) => String(row.id));
    },
    async claimJob(id, owner, leaseMs) {
      // SKIP LOCKED: when another instance is claiming this row right now, this claim gets nothing instead of waiting.
      const row = await one(
        `UPDATE agent_jobs SET lease_owner = $2, lease_expires_at = ${NOW_MS} + $3
         WHERE id = (SELECT id FROM agent_jobs WHERE id = $1 AND status = 'active'
                       AND (lease_owner IS NULL OR lease_owner = $2 OR lease_expires_at < ${NOW_MS})
                     FOR UPDATE SKIP LOCKED)
         RETURNING *`,
        [id, owner, leaseMs],
      );
      return row ? jobFromRow(row) : undefined;
    },
    async renewLease(id, owner, leaseMs) {
      const { rowCount } = await pool.query(`UPDATE agent_jobs SET lease_expires_at = ${NOW_MS} + $3 WHERE id = $1 AND lease_owner = $2`, [id, owner, leaseMs]);
      return (rowCount ?? 0) > 0;
    },
    async releaseJob(id, owner) {
      await pool.query('UPDATE agent_jobs SET lease_owner = NULL, lease_expires_at = NULL WHERE id = $1 AND lease_owner = $2', [id, owner]);
    },
    async completeUnlessPending(id, owner) {
      const { rowCount } = await pool.query(
        `UPDATE agent_jobs SET status = 'completed', error = NULL, lease_owner = NULL, lease_expires_at = NULL
         WHERE id = $1 AND lease_owner = $2 AND NOT EXISTS (SELECT 1 FROM agent_turns WHERE job_id = $1 AND state = 'pending')`,
        [id, owner],
      );
      return (rowCount ?? 0) > 0;
    },
    async releaseAllLeases() {
      // Never with several instances: a lease of another live instance must stand.
      throw new Error('releaseAllLeases: not for a store shared by several instances');
    },
    // The pool belongs to the shared store, which closes it.
    async close() {},
  };
}
