// The agent-job service: the store, the queue, the runner and the job state machine.
//
//   create ──> active ──turn ok──> completed ──follow-up──> active
//                 │                    │
//                 └──error──> failed ──┼──follow-up──> active
//                                      └──archive──> archived (final)
//
// A follow-up to an active job is queued behind the running turn (200, stays active); to an
// archived job 409. Archiving an active job is 409 (wait for the turn to end); archiving an
// archived job answers the same job again.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { assertSafeRef, openProjectRepository } from './git.ts';
import { createGithubPublisher, createLocalPublisher, githubRepositoryOf } from './pullRequest.ts';
import { createJobQueue } from './queue.ts';
import { createJobRunner } from './runner.ts';
import type { RunnerProject } from './runner.ts';
import { lockDataFolder } from './dataLock.ts';
import { openJobStore } from './store.ts';
import type { JobStore } from './store.ts';
import { createRedactor, isUrl, publicModelName, publicRepository } from './redact.ts';
import { createStatusNotifier, type StatusNotifier } from './statusWebhook.ts';
import { toWireJob } from './types.ts';
import type { AgentBudgets, AgentServiceOptions, StoredJob } from './types.ts';

/** A job id: 20 lowercase base-32 characters (100 random bits), safe in a branch name. */
export const JOB_ID_PATTERN = /^[a-z2-7]{20}$/;

/** Follow-ups that may wait behind a running turn; more is 409. */
const MAX_PENDING_TURNS = 10;

const DEFAULT_BUDGETS: Required<AgentBudgets> = {
  maxSteps: 24,
  turnTimeoutMs: 600_000,
  maxOutputTokens: 4096,
  maxFileBytes: 262_144,
  maxFilesPerTurn: 50,
  maxBytesPerTurn: 2 * 1024 * 1024,
};

function randomId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  return [...randomBytes(20)].map((byte) => alphabet[byte % 32]).join('');
}

export class JobStateError extends Error {
  readonly status = 409;
}

function isLocalPath(repository: string): boolean {
  return !isUrl(repository) && existsSync(repository);
}

/** Every event and error goes through `redact` before it is stored: they are shown to API callers and on the review page. */
function redactingStore(store: JobStore, redact: (text: string) => string): JobStore {
  return {
    ...store,
    addEvent: (jobId, text, at) => store.addEvent(jobId, redact(text), at),
    updateTurn: (jobId, seq, patch) => store.updateTurn(jobId, seq, typeof patch.error === 'string' ? { ...patch, error: redact(patch.error) } : patch),
    updateJob: (id, patch) => store.updateJob(id, typeof patch.error === 'string' ? { ...patch, error: redact(patch.error) } : patch),
  };
}

/** Tells the status webhook about every status a job takes (created, active again, completed, failed, archived). */
function notifyingStore(store: JobStore, notifier: StatusNotifier): JobStore {
  return {
    ...store,
    async insertJob(job, firstPrompt) {
      await store.insertJob(job, firstPrompt);
      notifier.notify(toWireJob(job, await store.turns(job.id)), true);
    },
    async updateJob(id, patch) {
      const before = patch.status === undefined ? undefined : (await store.getJobById(id))?.status;
      const updated = await store.updateJob(id, patch);
      if (patch.status !== undefined && patch.status !== before) notifier.notify(toWireJob(updated, await store.turns(id)));
      return updated;
    },
    async completeUnlessPending(id, owner) {
      const completed = await store.completeUnlessPending(id, owner);
      const job = completed ? await store.getJobById(id) : undefined;
      if (job) notifier.notify(toWireJob(job, await store.turns(id)));
      return completed;
    },
  };
}

/** A name for this process on the leases it holds: unique even when a pid is reused. */
function instanceName(): string {
  return `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

export function createAgentService(serviceOptions: AgentServiceOptions) {
  // git runs in other folders than this process: relative paths are made absolute once, here.
  const options: AgentServiceOptions = {
    ...serviceOptions,
    dataDir: path.resolve(serviceOptions.dataDir),
    projects: Object.fromEntries(
      Object.entries(serviceOptions.projects).map(([id, config]) => [id, isUrl(config.repository) ? config : { ...config, repository: path.resolve(config.repository) }]),
    ),
  };
  const now = options.now ?? Date.now;
  const iso = () => new Date(now()).toISOString();
  const projects = new Map<string, RunnerProject>();
  for (const [projectId, config] of Object.entries(options.projects)) {
    // Refuse at start, not after a job did its work, what could never work or would widen the jail.
    assertSafeRef(config.ref ?? 'main');
    const docsFolder = config.docsFolder ?? 'docs';
    if (path.isAbsolute(docsFolder) || docsFolder.split(/[\\/]/).includes('..')) {
      throw new Error(`project ${projectId}: docsFolder must be a relative path inside the repository`);
    }
    if (config.githubToken) githubRepositoryOf(config, projectId);
    const publisher = config.githubToken ? createGithubPublisher(config) : createLocalPublisher({ pushToSource: isLocalPath(config.repository) });
    // Instances share the jobs but not their clones: a branch only this instance's clone holds could not be continued elsewhere.
    if (options.jobStore && !publisher.pushes) {
      throw new Error(
        `project ${projectId}: with jobs shared by several instances (--database-url) its branches must be pushed; ` +
          'give it a GitHub token (--github-token) or a repository path every instance can push to',
      );
    }
    projects.set(projectId, {
      config,
      repository: openProjectRepository({ projectId, repository: config.repository, dataDir: options.dataDir, token: config.githubToken }),
      publisher,
    });
  }
  mkdirSync(options.dataDir, { recursive: true });
  const dataLock = lockDataFolder(options.dataDir);
  const redact = createRedactor(
    Object.values(options.projects).flatMap((config) => (config.githubToken ? [config.githubToken] : [])),
    [
      { path: options.dataDir, label: '<data>' },
      ...Object.values(options.projects)
        .filter((config) => !isUrl(config.repository))
        .map((config) => ({ path: config.repository, label: `<${publicRepository(config.repository)}>` })),
    ],
  );
  const notifier = options.statusWebhook ? createStatusNotifier(options.statusWebhook) : undefined;
  const shared = options.jobStore !== undefined;
  const redacted = redactingStore(options.jobStore ?? openJobStore(path.join(options.dataDir, 'agent-jobs.sqlite')), redact);
  const store = notifier ? notifyingStore(redacted, notifier) : redacted;
  const shutdown = new AbortController();
  const runner = createJobRunner({
    store,
    projects,
    model: options.model,
    budgets: { ...DEFAULT_BUDGETS, ...options.budgets },
    identity: options.gitAuthor ?? { name: 'docs-assistant', email: 'docs-assistant@users.noreply.github.com' },
    now,
    shutdown: shutdown.signal,
    owner: instanceName(),
    leaseMs: options.leaseMs ?? 30_000,
    maxResumes: options.maxResumes ?? 1,
  });
  const concurrency = Math.max(1, options.concurrency ?? 2);
  const queue = createJobQueue(runner.runJob, concurrency);
  let poller: NodeJS.Timeout | undefined;
  let polling = false;
  let closing: Promise<void> | undefined;

  /** Queues the jobs nobody runs: created on another instance, or left by one that died (its lease ran out). */
  async function pollForJobs(): Promise<void> {
    const free = concurrency - queue.load();
    if (polling || free <= 0 || closing) return;
    polling = true;
    try {
      for (const jobId of await store.claimableJobIds(free)) queue.enqueue(jobId);
    } catch (error) {
      console.error('agent jobs: could not look for jobs to run:', error);
    } finally {
      polling = false;
    }
  }
  const model = options.model;
  const modelName = publicModelName(options.modelName ?? (typeof model === 'string' ? model : model ? `${model.provider}:${model.modelId}` : 'none'));

  /** Cleanups that outlive their request (worktree removal); close() waits for them. */
  const background = new Set<Promise<void>>();

  /**
   * At start: queues the active jobs nobody runs, then keeps looking every `pollMs`. A turn left running by a
   * stopped server is resumed up to `maxResumes` times, then the job fails with the reason (the runner's
   * resumeInterrupted). The embedded store first drops every lease: this process holds the data folder's lock,
   * so they are all a dead process's; a shared store's leases of dead instances run out instead.
   */
  /** Runs `task` after the request that started it; close() waits for it. */
  function inBackground(task: Promise<void>): void {
    background.add(task);
    void task.finally(() => background.delete(task));
  }

  /**
   * Worktrees of jobs archived while this instance was down, or through another instance (each instance has
   * its own worktrees; archiving removes only the archiving instance's): removed at start.
   */
  async function removeArchivedWorktrees(): Promise<void> {
    const names = await readdir(path.join(options.dataDir, 'worktrees')).catch(() => []);
    for (const jobId of names.filter((name) => JOB_ID_PATTERN.test(name))) {
      const job = await store.getJobById(jobId).catch(() => undefined);
      if (job?.status !== 'archived') continue;
      await projects
        .get(job.projectId)
        ?.repository.removeWorktree(jobId)
        .catch((error: unknown) => console.error(`agent job ${jobId}: could not remove its worktree:`, error));
    }
  }

  async function recover(): Promise<void> {
    // Lock files a killed git left in a clone would fail every job of that project; queued before any fetch.
    for (const project of projects.values()) {
      void project.repository.removeStaleLocks().catch(() => undefined);
    }
    if (!shared) await store.releaseAllLeases();
    inBackground(removeArchivedWorktrees());
    await pollForJobs();
    poller ??= setInterval(() => void pollForJobs(), options.pollMs ?? 5_000);
    poller.unref();
  }

  /**
   * Checks every project before the server listens: the repository can be fetched, the ref exists and the
   * docs folder is a plain folder at that ref. Throws an error naming the project and what is wrong.
   */
  async function verifyProjects(): Promise<void> {
    for (const [projectId, project] of projects) {
      const { config } = project;
      const ref = config.ref ?? 'main';
      const docsFolder = config.docsFolder ?? 'docs';
      const shown = `${publicRepository(config.repository)}#${ref}`;
      let commit: string;
      try {
        commit = await project.repository.fetchBase(ref);
      } catch (error) {
        throw new Error(`--project ${projectId}: cannot fetch ref "${ref}" of ${shown}: ${redact((error as Error).message)}`, { cause: error });
      }
      const entry = await project.repository.treeEntry(commit, docsFolder);
      if (!entry) throw new Error(`--project ${projectId}: the docs folder "${docsFolder}" does not exist at ${shown}`);
      if (entry !== 'tree') throw new Error(`--project ${projectId}: the docs folder "${docsFolder}" at ${shown} is a ${entry === 'link' ? 'symbolic link' : 'file'}, not a folder`);
    }
  }

  return {
    store,
    queue,
    recover,
    verifyProjects,
    async createJob(projectId: string, prompt: string, requestOrigin: string): Promise<StoredJob> {
      const project = projects.get(projectId);
      if (!project) throw new Error(`unknown project ${projectId}`);
      const job: StoredJob = {
        id: randomId(),
        projectId,
        status: 'active',
        repository: publicRepository(project.config.repository),
        ref: project.config.ref ?? 'main',
        model: modelName,
        prLink: null,
        prNumber: null,
        baseCommit: null,
        reviewToken: randomBytes(18).toString('base64url'),
        publicUrl: options.publicUrl ?? requestOrigin,
        createdAt: iso(),
        archivedAt: null,
        error: null,
      };
      await store.insertJob(job, prompt);
      await store.addEvent(job.id, 'job created', job.createdAt);
      queue.enqueue(job.id);
      return job;
    },
    /** Checks a follow-up is allowed before it is counted against the limit. */
    async assertCanSendMessage(job: StoredJob): Promise<void> {
      if (job.status === 'archived') throw new JobStateError('status: the job is archived; start a new job instead');
      const pending = (await store.turns(job.id)).filter((turn) => turn.state === 'pending').length;
      if (pending >= MAX_PENDING_TURNS) throw new JobStateError(`status: ${pending} follow-ups are already waiting for this job`);
    },
    async sendMessage(job: StoredJob, prompt: string): Promise<StoredJob> {
      // The turn first, then the status: a runner finishing meanwhile either sees the turn pending (and runs
      // it) or completes before it, and then this update makes the job active again for a new claim.
      await store.addTurn(job.id, prompt, iso());
      await store.addEvent(job.id, 'follow-up received', iso());
      const updated = await store.updateJob(job.id, { status: 'active', error: null });
      queue.enqueue(job.id);
      return updated;
    },
    /** Queues a failed job's failed turn again as it was, with the turns its failure cancelled. */
    async retry(job: StoredJob): Promise<StoredJob> {
      if (job.status !== 'failed') throw new JobStateError(`status: only a failed job can be retried; this one is ${job.status}`);
      const requeued = (await store.turns(job.id)).filter((turn) => turn.state === 'failed' || turn.state === 'cancelled');
      for (const turn of requeued) await store.updateTurn(job.id, turn.seq, { state: 'pending', attempts: 0, error: null });
      await store.addEvent(job.id, `retry requested: turn${requeued.length === 1 ? '' : 's'} ${requeued.map((turn) => turn.seq).join(', ')} queued again`, iso());
      const updated = await store.updateJob(job.id, { status: 'active', error: null });
      queue.enqueue(job.id);
      return updated;
    },
    async archive(job: StoredJob): Promise<StoredJob> {
      if (job.status === 'archived') return job;
      if (job.status === 'active') throw new JobStateError('status: the job is active; archive it once it has completed or failed');
      await store.addEvent(job.id, 'archived', iso());
      const archived = await store.updateJob(job.id, { status: 'archived', archivedAt: iso() });
      // No turn can run on an archived job again: its worktree only takes disk space.
      const removal = projects
        .get(job.projectId)
        ?.repository.removeWorktree(job.id)
        .catch((error: unknown) => console.error(`agent job ${job.id}: could not remove its worktree:`, error));
      if (removal) inBackground(removal);
      return archived;
    },
    /** Leaves as a killed process would: the data folder's lock file stays, this process forgets it (crash tests). */
    abandon(): void {
      clearInterval(poller);
      void store.close();
      dataLock.abandon();
    },
    projectIds(): string[] {
      return [...projects.keys()];
    },
    project(projectId: string): RunnerProject | undefined {
      return projects.get(projectId);
    },
    /** Stops the running turns (they resume on the next start) and closes the store; calling it again is harmless. */
    close(): Promise<void> {
      closing ??= (async () => {
        clearInterval(poller);
        const idle = queue.close();
        shutdown.abort(new Error('the server is shutting down'));
        await idle;
        await Promise.all(background);
        await notifier?.close();
        await store.close();
        dataLock.release();
      })();
      return closing;
    },
  };
}

export type AgentService = ReturnType<typeof createAgentService>;
