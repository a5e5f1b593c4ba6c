// The embedded job store: jobs, their turns (prompts) and activity log in one node:sqlite file.
// Every write is a single statement or a transaction, so a crash leaves a consistent row set
// that the restart recovery can read. The interface is asynchronous because the same one is
// served from PostgreSQL (postgresStore.ts) when several instances share the jobs.
import { DatabaseSync } from 'node:sqlite';
import { createSqliteRateLimitStore } from '../store/rateLimits.ts';
import type { RateLimitStore } from '../store/rateLimits.ts';
import type { AgentJobStatus } from '../../src/wire.ts';
import type { JobEvent, StoredJob, StoredTurn, TurnState } from './types.ts';

const SCHEMA = `
create table if not exists agent_jobs (
  id text primary key,
  project_id text not null,
  status text not null,
  repository text not null,
  ref text not null,
  model text not null,
  pr_link text,
  pr_number integer,
  base_commit text,
  review_token text not null,
  public_url text not null,
  created_at text not null,
  archived_at text,
  error text,
  lease_owner text,
  lease_expires_at integer
);
create index if not exists agent_jobs_by_project on agent_jobs (project_id, created_at desc);
create table if not exists agent_turns (
  job_id text not null,
  seq integer not null,
  prompt text not null,
  state text not null,
  attempts integer not null default 0,
  reply text,
  commit_id text,
  created_at text not null,
  primary key (job_id, seq)
);
create table if not exists agent_events (
  job_id text not null,
  seq integer not null,
  at text not null,
  text text not null,
  primary key (job_id, seq)
);
`;

export type Row = Record<string, unknown>;

export function jobFromRow(row: Row): StoredJob {
  return {
    id: String(row.id),
    projectId: String(row.project_id),
    status: row.status as AgentJobStatus,
    repository: String(row.repository),
    ref: String(row.ref),
    model: String(row.model),
    prLink: row.pr_link == null ? null : String(row.pr_link),
    prNumber: row.pr_number == null ? null : Number(row.pr_number),
    baseCommit: row.base_commit == null ? null : String(row.base_commit),
    reviewToken: String(row.review_token),
    publicUrl: String(row.public_url),
    createdAt: String(row.created_at),
    archivedAt: row.archived_at == null ? null : String(row.archived_at),
    error: row.error == null ? null : String(row.error),
  };
}

export function turnFromRow(row: Row): StoredTurn {
  return {
    jobId: String(row.job_id),
    seq: Number(row.seq),
    prompt: String(row.prompt),
    state: row.state as TurnState,
    attempts: Number(row.attempts),
    reply: row.reply == null ? null : String(row.reply),
    commit: row.commit_id == null ? null : String(row.commit_id),
    error: row.error == null ? null : String(row.error),
    createdAt: String(row.created_at),
  };
}

/** Fields of a job the runner may change after creation. */
export type JobPatch = Partial<Pick<StoredJob, 'status' | 'prLink' | 'prNumber' | 'baseCommit' | 'archivedAt' | 'error'>>;

export const PATCH_COLUMNS: Record<keyof JobPatch, string> = {
  status: 'status',
  prLink: 'pr_link',
  prNumber: 'pr_number',
  baseCommit: 'base_commit',
  archivedAt: 'archived_at',
  error: 'error',
};

export const TURN_COLUMNS: Record<keyof TurnPatch, string> = { state: 'state', attempts: 'attempts', reply: 'reply', commit: 'commit_id', error: 'error' };

export type TurnPatch = Partial<Pick<StoredTurn, 'state' | 'attempts' | 'reply' | 'commit' | 'error'>>;

/**
 * Where jobs live. A job runs only under a lease: `claimJob` takes it atomically (one runner across every
 * instance), the runner renews it while the turn runs, and a lease that runs out (its instance died) lets
 * another instance claim the job.
 */
export interface JobStore {
  /** The hourly limits' counters, in the same database so they survive restarts. */
  rateLimits: RateLimitStore;
  insertJob(job: StoredJob, firstPrompt: string): Promise<void>;
  getJob(projectId: string, id: string): Promise<StoredJob | undefined>;
  getJobById(id: string): Promise<StoredJob | undefined>;
  /** The project's job whose pull request has this number. */
  getJobByPullRequest(projectId: string, prNumber: number): Promise<StoredJob | undefined>;
  listJobs(projectId: string, skip: number, take: number): Promise<{ jobs: StoredJob[]; total: number }>;
  /** How many jobs are in each status (metrics). */
  countByStatus(): Promise<Record<string, number>>;
  updateJob(id: string, patch: JobPatch): Promise<StoredJob>;
  addTurn(jobId: string, prompt: string, createdAt: string): Promise<StoredTurn>;
  turns(jobId: string): Promise<StoredTurn[]>;
  updateTurn(jobId: string, seq: number, patch: TurnPatch): Promise<void>;
  addEvent(jobId: string, text: string, at: string): Promise<void>;
  events(jobId: string, after: number): Promise<JobEvent[]>;
  /** Active jobs no runner holds (never claimed, released, or their lease ran out), oldest first. */
  claimableJobIds(limit: number): Promise<string[]>;
  /** Takes the job's lease for `owner` when it is active and free; the job, or undefined when it is not (another runner has it, or it ended). */
  claimJob(id: string, owner: string, leaseMs: number): Promise<StoredJob | undefined>;
  /** Extends the lease; false when `owner` no longer holds it (it ran out and another runner took the job). */
  renewLease(id: string, owner: string, leaseMs: number): Promise<boolean>;
  releaseJob(id: string, owner: string): Promise<void>;
  /** Marks the job completed and releases it in one step, unless a follow-up is pending (false: run it first). */
  completeUnlessPending(id: string, owner: string): Promise<boolean>;
  /** Ends every lease: for the embedded store at start, when the data folder's lock says no other runner exists. */
  releaseAllLeases(): Promise<void>;
  close(): Promise<void>;
}

/** Opens (or creates) the store at `file`; `:memory:` works for throwaway use. */
export function openJobStore(file: string): JobStore {
  const db = new DatabaseSync(file);
  db.exec('pragma journal_mode = wal; pragma busy_timeout = 5000;');
  db.exec(SCHEMA);
  // Stores made by earlier versions gain the columns added since (a turn's own failure reason, the lease).
  const turnColumns = db.prepare('pragma table_info(agent_turns)').all() as Row[];
  if (!turnColumns.some((column) => column.name === 'error')) db.exec('alter table agent_turns add column error text');
  const jobColumns = db.prepare('pragma table_info(agent_jobs)').all() as Row[];
  if (!jobColumns.some((column) => column.name === 'lease_owner')) {
    db.exec('alter table agent_jobs add column lease_owner text; alter table agent_jobs add column lease_expires_at integer');
  }

  const selectJob = db.prepare('select * from agent_jobs where project_id = ? and id = ?');
  const selectJobById = db.prepare('select * from agent_jobs where id = ?');
  const selectJobByPullRequest = db.prepare('select * from agent_jobs where project_id = ? and pr_number = ? order by created_at desc limit 1');
  const selectTurns = db.prepare('select * from agent_turns where job_id = ? order by seq');

  function addTurn(jobId: string, prompt: string, createdAt: string): StoredTurn {
    const next = db.prepare('select coalesce(max(seq), 0) + 1 as seq from agent_turns where job_id = ?').get(jobId) as Row;
    const seq = Number(next.seq);
    db.prepare('insert into agent_turns (job_id, seq, prompt, state, created_at) values (?, ?, ?, ?, ?)').run(
      jobId,
      seq,
      prompt,
      'pending',
      createdAt,
    );
    return { jobId, seq, prompt, state: 'pending', attempts: 0, reply: null, commit: null, error: null, createdAt };
  }

  function getJobById(id: string): StoredJob | undefined {
    const row = selectJobById.get(id) as Row | undefined;
    return row ? jobFromRow(row) : undefined;
  }

  function insertJob(job: StoredJob, firstPrompt: string): void {
    db.exec('begin');
    try {
      db.prepare(
        `insert into agent_jobs (id, project_id, status, repository, ref, model, pr_link, pr_number, base_commit,
           review_token, public_url, created_at, archived_at, error)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        job.id,
        job.projectId,
        job.status,
        job.repository,
        job.ref,
        job.model,
        job.prLink,
        job.prNumber,
        job.baseCommit,
        job.reviewToken,
        job.publicUrl,
        job.createdAt,
        job.archivedAt,
        job.error,
      );
      addTurn(job.id, firstPrompt, job.createdAt);
      db.exec('commit');
    } catch (error) {
      db.exec('rollback');
      throw error;
    }
  }

  function updateJob(id: string, patch: JobPatch): StoredJob {
    const entries = Object.entries(patch) as [keyof JobPatch, unknown][];
    if (entries.length > 0) {
      const assignments = entries.map(([key]) => `${PATCH_COLUMNS[key]} = ?`).join(', ');
      const values = entries.map(([, value]) => (value === undefined ? null : value)) as (string | number | null)[];
      db.prepare(`update agent_jobs set ${assignments} where id = ?`).run(...values, id);
    }
    const job = getJobById(id);
    if (!job) throw new Error(`job ${id} vanished from the store`);
    return job;
  }

  function updateTurn(jobId: string, seq: number, patch: TurnPatch): void {
    const columns = TURN_COLUMNS;
    const entries = Object.entries(patch) as [keyof TurnPatch, unknown][];
    if (entries.length === 0) return;
    const assignments = entries.map(([key]) => `${columns[key]} = ?`).join(', ');
    const values = entries.map(([, value]) => (value === undefined ? null : value)) as (string | number | null)[];
    db.prepare(`update agent_turns set ${assignments} where job_id = ? and seq = ?`).run(...values, jobId, seq);
  }

  // Writes to SQLite serialise, so one conditional update is the claim: two runners cannot both match.
  const claim = db.prepare(
    `update agent_jobs set lease_owner = ?, lease_expires_at = ?
     where id = ? and status = 'active' and (lease_owner is null or lease_owner = ? or lease_expires_at < ?)`,
  );

  return {
    rateLimits: createSqliteRateLimitStore(db),
    insertJob: async (job, firstPrompt) => insertJob(job, firstPrompt),
    async getJob(projectId, id) {
      const row = selectJob.get(projectId, id) as Row | undefined;
      return row ? jobFromRow(row) : undefined;
    },
    getJobById: async (id) => getJobById(id),
    async getJobByPullRequest(projectId, prNumber) {
      const row = selectJobByPullRequest.get(projectId, prNumber) as Row | undefined;
      return row ? jobFromRow(row) : undefined;
    },
    async countByStatus() {
      const rows = db.prepare('select status, count(*) as count from agent_jobs group by status').all() as Row[];
      return Object.fromEntries(rows.map((row) => [String(row.status), Number(row.count)]));
    },
    async listJobs(projectId, skip, take) {
      const rows = db
        .prepare('select * from agent_jobs where project_id = ? order by created_at desc, rowid desc limit ? offset ?')
        .all(projectId, take, skip) as Row[];
      const count = db.prepare('select count(*) as total from agent_jobs where project_id = ?').get(projectId) as Row;
      return { jobs: rows.map(jobFromRow), total: Number(count.total) };
    },
    updateJob: async (id, patch) => updateJob(id, patch),
    addTurn: async (jobId, prompt, createdAt) => addTurn(jobId, prompt, createdAt),
    async turns(jobId) {
      return (selectTurns.all(jobId) as Row[]).map(turnFromRow);
    },
    updateTurn: async (jobId, seq, patch) => updateTurn(jobId, seq, patch),
    async addEvent(jobId, text, at) {
      db.prepare(
        'insert into agent_events (job_id, seq, at, text) select ?, coalesce(max(seq), 0) + 1, ?, ? from agent_events where job_id = ?',
      ).run(jobId, at, text, jobId);
    },
    async events(jobId, after) {
      const rows = db.prepare('select seq, at, text from agent_events where job_id = ? and seq > ? order by seq').all(jobId, after) as Row[];
      return rows.map((row) => ({ seq: Number(row.seq), at: String(row.at), text: String(row.text) }));
    },
    async claimableJobIds(limit) {
      const rows = db
        .prepare("select id from agent_jobs where status = 'active' and (lease_owner is null or lease_expires_at < ?) order by created_at, rowid limit ?")
        .all(Date.now(), limit) as Row[];
      return rows.map((row) => String(row.id));
    },
    async claimJob(id, owner, leaseMs) {
      const now = Date.now();
      const { changes } = claim.run(owner, now + leaseMs, id, owner, now);
      return Number(changes) > 0 ? getJobById(id) : undefined;
    },
    async renewLease(id, owner, leaseMs) {
      const { changes } = db.prepare('update agent_jobs set lease_expires_at = ? where id = ? and lease_owner = ?').run(Date.now() + leaseMs, id, owner);
      return Number(changes) > 0;
    },
    async releaseJob(id, owner) {
      db.prepare('update agent_jobs set lease_owner = null, lease_expires_at = null where id = ? and lease_owner = ?').run(id, owner);
    },
    async completeUnlessPending(id, owner) {
      const { changes } = db
        .prepare(
          `update agent_jobs set status = 'completed', error = null, lease_owner = null, lease_expires_at = null
           where id = ? and lease_owner = ? and not exists (select 1 from agent_turns where job_id = ? and state = 'pending')`,
        )
        .run(id, owner, id);
      return Number(changes) > 0;
    },
    async releaseAllLeases() {
      db.exec('update agent_jobs set lease_owner = null, lease_expires_at = null where lease_owner is not null');
    },
    async close() {
      db.close();
    },
  };
}
