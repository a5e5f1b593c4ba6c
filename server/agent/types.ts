// Configuration and internal record types of the agent-job service.
import type { LanguageModel } from 'ai';
import type { AgentJob, AgentJobStatus } from '../../src/wire.ts';
import { publicRepository } from './redact.ts';
import type { StatusWebhookOptions } from './statusWebhook.ts';
import type { JobStore } from './store.ts';

/** A docs repository the agent may edit, as configured on the server. */
export interface AgentProjectConfig {
  /** Local path or clone URL of the repository. */
  repository: string;
  /** Branch (or other ref) the jobs start from and the pull requests target. @default 'main' */
  ref?: string;
  /** Folder inside the repository that holds the docs; the agent's tools cannot leave it. @default 'docs' */
  docsFolder?: string;
  /** Admin keys valid for this project only (in addition to the server-wide admin keys). */
  adminKeys?: string[];
  /** With a token, branches are pushed and pull requests opened through the GitHub REST API. */
  githubToken?: string;
  /** GitHub REST base URL (GitHub Enterprise, or a local stand-in in tests). @default 'https://api.github.com' */
  githubApiUrl?: string;
  /** `owner/name` on GitHub; derived from a github.com `repository` URL when absent. */
  githubRepository?: string;
  /** How pull requests are opened on GitHub. */
  pullRequest?: PullRequestOptions;
  /** Repository-relative file of extra house rules (a style guide) the agent reads and follows. */
  instructionsFile?: string;
  /** Docs-relative globs of generated or do-not-edit pages; the agent's writes to them are refused. */
  protectedPaths?: string[];
}

/** Pull request settings of a project (GitHub only). */
export interface PullRequestOptions {
  /** Open pull requests as drafts. @default false */
  draft?: boolean;
  /** Labels added to every pull request. */
  labels?: string[];
  /** GitHub logins asked to review. */
  reviewers?: string[];
}

/** Per-turn budgets: a turn that exceeds one ends the job `failed`. */
export interface AgentBudgets {
  /** Most model steps (calls) per turn. @default 24 */
  maxSteps?: number;
  /** Wall time of one turn in milliseconds. @default 600000 */
  turnTimeoutMs?: number;
  /** Most output tokens per model call. @default 4096 */
  maxOutputTokens?: number;
  /** Largest file the agent may write, in bytes. @default 262144 */
  maxFileBytes?: number;
  /** Most files one turn may change (added, edited or deleted); more fails the turn, committing nothing. @default 50 */
  maxFilesPerTurn?: number;
  /** Most bytes one turn may leave in the files it changed; more fails the turn, committing nothing. @default 2097152 */
  maxBytesPerTurn?: number;
}

/** Uses per project per hour; create and follow-up are counted separately. */
export interface AgentLimits {
  /** @default 100 */
  createPerHour?: number;
  /** @default 100 */
  messagePerHour?: number;
}

/** Options of the agent service and its routes. */
export interface AgentServiceOptions {
  /** Project id -> repository configuration. */
  projects: Record<string, AgentProjectConfig>;
  /** Server-wide admin keys, valid for every project. */
  adminKeys?: string[];
  /** Folder for the job store, repository caches and worktrees. */
  dataDir: string;
  /** The model that runs the turns; without one a job fails at once with a clear error. */
  model?: LanguageModel;
  /** How the job's `model` field names the model, e.g. `openai:gpt-5-mini`. */
  modelName?: string;
  /** Jobs that run at the same time. @default 2 */
  concurrency?: number;
  limits?: AgentLimits;
  budgets?: AgentBudgets;
  /** Public origin of the server, used in review-page links; defaults to the origin of the create request. */
  publicUrl?: string;
  /** Where a signed JSON POST goes on every job status change. @default none */
  statusWebhook?: StatusWebhookOptions;
  /** Clock in milliseconds (tests inject one to drive the hourly limits). */
  now?: () => number;
  /** Author of the agent's commits. @default docs-assistant <docs-assistant@users.noreply.github.com> */
  gitAuthor?: { name: string; email: string };
  /** How many times a turn interrupted by a restart is resumed before the job is failed. @default 1 */
  maxResumes?: number;
  /**
   * Jobs shared with other instances (PostgreSQL, `--database-url`); without it the jobs live in a SQLite
   * file in `dataDir`, for this instance alone.
   */
  jobStore?: JobStore;
  /** How long a job's lease lasts unrenewed: the longest a job waits after its instance died. @default 30000 */
  leaseMs?: number;
  /** How often the instance looks for jobs nobody runs (new on another instance, or left by a dead one). @default 5000 */
  pollMs?: number;
}

/** A job row as stored (wire fields plus what the runner needs). */
export interface StoredJob {
  id: string;
  projectId: string;
  status: AgentJobStatus;
  repository: string;
  ref: string;
  model: string;
  prLink: string | null;
  prNumber: number | null;
  baseCommit: string | null;
  reviewToken: string;
  publicUrl: string;
  createdAt: string;
  archivedAt: string | null;
  error: string | null;
}

/** State of one prompt (the first or a follow-up) within a job. */
export type TurnState = 'pending' | 'running' | 'done' | 'failed' | 'cancelled';

/** One prompt sent to a job and what the agent answered. */
export interface StoredTurn {
  jobId: string;
  seq: number;
  prompt: string;
  state: TurnState;
  attempts: number;
  reply: string | null;
  commit: string | null;
  /** Why the turn failed (a failed turn only). */
  error: string | null;
  createdAt: string;
}

/** One line of a job's activity log (tool calls, commits, pull request). */
export interface JobEvent {
  seq: number;
  at: string;
  text: string;
}

/**
 * Turns a stored job into the wire shape: the OpenAPI fields, plus `error` when failed and `lastMessage`
 * (the agent's reply to the latest finished turn) once there is one.
 */
export function toWireJob(job: StoredJob, turns: readonly StoredTurn[] = []): AgentJob {
  const wire: AgentJob = {
    id: job.id,
    status: job.status,
    source: { repository: publicRepository(job.repository), ref: job.ref },
    model: job.model,
    // Kept while a follow-up runs: the pull request exists and is being updated.
    prLink: job.prLink,
    createdAt: job.createdAt,
    archivedAt: job.archivedAt,
  };
  if (job.status === 'failed' && job.error) wire.error = job.error;
  const lastReply = turns.findLast((turn) => turn.state === 'done' && turn.reply != null)?.reply;
  if (lastReply != null) wire.lastMessage = lastReply;
  return wire;
}
