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
    insertJob(job, firstPrompt) {
      store.insertJob(job, firstPrompt);
      notifier.notify(toWireJob(job, store.turns(job.id)), true);
    },
    updateJob(id, patch) {
      const before = patch.status === undefined ? undefined : store.getJobById(id)?.status;
      const updated = store.updateJob(id, patch);
      if (patch.status !== undefined && patch.status !== before) notifier.notify(toWireJob(updated, store.turns(id)));
      return updated;
    },
  };
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
    projects.set(projectId, {
      config,
      repository: openProjectRepository({ projectId, repository: config.repository, dataDir: options.dataDir, token: config.githubToken }),
      publisher: config.githubToken ? createGithubPublisher(config) : createLocalPublisher({ pushToSource: isLocalPath(config.repository) }),
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
  const redacted = redactingStore(openJobStore(path.join(options.dataDir, 'agent-jobs.sqlite')), redact);
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
  });
  const queue = createJobQueue(runner.runJob, Math.max(1, options.concurrency ?? 2));
  const model = options.model;
  const modelName = publicModelName(options.modelName ?? (typeof model === 'string' ? model : model ? `${model.provider}:${model.modelId}` : 'none'));

  let closing: Promise<void> | undefined;
  /** Cleanups that outlive their request (worktree removal); close() waits for them. */
  const background = new Set<Promise<void>>();

  /** After a crash or restart: interrupted turns are resumed up to `maxResumes` times, then the job fails with the reason. */
  function recover(): void {
    const maxResumes = options.maxResumes ?? 1;
    // Lock files a killed git left in a clone would fail every job of that project; queued before any fetch.
    for (const project of projects.values()) {
      void project.repository.removeStaleLocks().catch(() => undefined);
    }
    for (const jobId of store.activeJobIds()) {
      const interrupted = store.turns(jobId).find((turn) => turn.state === 'running');
      if (interrupted && interrupted.attempts > maxResumes) {
        runner.fail(jobId, `the server restarted during turn ${interrupted.seq} ${interrupted.attempts} times; nothing of that turn was committed`);
        continue;
      }
      if (interrupted) {
        store.updateTurn(jobId, interrupted.seq, { state: 'pending' });
        store.addEvent(jobId, `turn ${interrupted.seq} resumed after a server restart`, iso());
      }
      queue.enqueue(jobId);
    }
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
    createJob(projectId: string, prompt: string, requestOrigin: string): StoredJob {
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
      store.insertJob(job, prompt);
      store.addEvent(job.id, 'job created', job.createdAt);
      queue.enqueue(job.id);
      return job;
    },
    /** Checks a follow-up is allowed before it is counted against the limit. */
    assertCanSendMessage(job: StoredJob): void {
      if (job.status === 'archived') throw new JobStateError('status: the job is archived; start a new job instead');
      const pending = store.turns(job.id).filter((turn) => turn.state === 'pending').length;
      if (pending >= MAX_PENDING_TURNS) throw new JobStateError(`status: ${pending} follow-ups are already waiting for this job`);
    },
    sendMessage(job: StoredJob, prompt: string): StoredJob {
      store.addTurn(job.id, prompt, iso());
      store.addEvent(job.id, 'follow-up received', iso());
      const updated = store.updateJob(job.id, { status: 'active', error: null });
      queue.enqueue(job.id);
      return updated;
    },
    /** Queues a failed job's failed turn again as it was, with the turns its failure cancelled. */
    retry(job: StoredJob): StoredJob {
      if (job.status !== 'failed') throw new JobStateError(`status: only a failed job can be retried; this one is ${job.status}`);
      const requeued = store.turns(job.id).filter((turn) => turn.state === 'failed' || turn.state === 'cancelled');
      for (const turn of requeued) store.updateTurn(job.id, turn.seq, { state: 'pending', attempts: 0, error: null });
      store.addEvent(job.id, `retry requested: turn${requeued.length === 1 ? '' : 's'} ${requeued.map((turn) => turn.seq).join(', ')} queued again`, iso());
      const updated = store.updateJob(job.id, { status: 'active', error: null });
      queue.enqueue(job.id);
      return updated;
    },
    archive(job: StoredJob): StoredJob {
      if (job.status === 'archived') return job;
      if (job.status === 'active') throw new JobStateError('status: the job is active; archive it once it has completed or failed');
      store.addEvent(job.id, 'archived', iso());
      const archived = store.updateJob(job.id, { status: 'archived', archivedAt: iso() });
      // No turn can run on an archived job again: its worktree only takes disk space.
      const removal = projects
        .get(job.projectId)
        ?.repository.removeWorktree(job.id)
        .catch((error: unknown) => console.error(`agent job ${job.id}: could not remove its worktree:`, error));
      if (removal) {
        background.add(removal);
        void removal.finally(() => background.delete(removal));
      }
      return archived;
    },
    /** Leaves as a killed process would: the data folder's lock file stays, this process forgets it (crash tests). */
    abandon(): void {
      store.close();
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
        const idle = queue.close();
        shutdown.abort(new Error('the server is shutting down'));
        await idle;
        await Promise.all(background);
        await notifier?.close();
        store.close();
        dataLock.release();
      })();
      return closing;
    },
  };
}

export type AgentService = ReturnType<typeof createAgentService>;
