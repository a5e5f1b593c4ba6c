// Git through the git CLI (execFile, no shell). Model- or caller-controlled strings never become
// options: branch names are validated against a strict pattern and paths come after `--`.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

const BRANCH_PATTERN = /^docs-assistant\/[a-z0-9][a-z0-9-]{3,63}$/;
const REF_PATTERN = /^(?!-)(?!.*\.\.)(?!.*\/\/)[A-Za-z0-9._/-]{1,200}$/;

/** The branch of a job; throws for an id that would not make a safe branch name. */
export function branchForJob(jobId: string): string {
  const branch = `docs-assistant/${jobId}`;
  if (!BRANCH_PATTERN.test(branch)) throw new Error(`unsafe branch name for job id ${JSON.stringify(jobId)}`);
  return branch;
}

/** Throws unless `ref` is a plain branch or tag name (no option-like or range syntax). */
export function assertSafeRef(ref: string): string {
  if (!REF_PATTERN.test(ref) || ref.endsWith('.lock') || ref.endsWith('/')) throw new Error(`unsafe git ref ${JSON.stringify(ref)}`);
  return ref;
}

export class GitError extends Error {
  constructor(args: string[], stderr: string) {
    super(`git ${args[0] ?? ''} failed: ${stderr.trim().split('\n').slice(-3).join(' ') || 'unknown error'}`);
    this.name = 'GitError';
  }
}

export interface GitIdentity {
  name: string;
  email: string;
}

export interface GitRunOptions {
  cwd: string;
  identity?: GitIdentity;
  /** Token sent as HTTP basic auth on fetch/push to https remotes (via env, never on the command line). */
  token?: string;
}

/** Runs git with hooks, signing and prompts disabled; resolves with stdout. */
export function git(args: string[], options: GitRunOptions): Promise<string> {
  const env: NodeJS.ProcessEnv = { ...process.env, GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' };
  // Inherited repository overrides (set when the server runs inside a git hook) would redirect every command.
  for (const name of ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE', 'GIT_OBJECT_DIRECTORY', 'GIT_COMMON_DIR', 'GIT_NAMESPACE']) delete env[name];
  if (options.identity) {
    env.GIT_AUTHOR_NAME = options.identity.name;
    env.GIT_AUTHOR_EMAIL = options.identity.email;
    env.GIT_COMMITTER_NAME = options.identity.name;
    env.GIT_COMMITTER_EMAIL = options.identity.email;
  }
  if (options.token) {
    const basic = Buffer.from(`x-access-token:${options.token}`).toString('base64');
    env.GIT_CONFIG_COUNT = '1';
    env.GIT_CONFIG_KEY_0 = 'http.extraHeader';
    env.GIT_CONFIG_VALUE_0 = `Authorization: Basic ${basic}`;
  }
  const fullArgs = ['-c', 'core.hooksPath=/dev/null', '-c', 'commit.gpgsign=false', '-c', 'tag.gpgsign=false', ...args];
  return new Promise((resolve, reject) => {
    execFile('git', fullArgs, { cwd: options.cwd, env, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new GitError(args, String(stderr || error.message)));
      else resolve(String(stdout));
    });
  });
}

const locks = new Map<string, Promise<unknown>>();

/** Runs `task` after every earlier task with the same key (git's own locks don't queue). */
export function withLock<T>(key: string, task: () => Promise<T>): Promise<T> {
  const previous = locks.get(key) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(task);
  const settled = next.catch(() => undefined);
  locks.set(key, settled);
  void settled.then(() => {
    if (locks.get(key) === settled) locks.delete(key);
  });
  return next;
}

/** The server's bare clone of a project's repository; job worktrees hang off it. */
export interface ProjectRepository {
  readonly cacheDir: string;
  /** Fetches `ref` from the source and returns its commit. */
  fetchBase(ref: string): Promise<string>;
  /** Makes sure the job's worktree exists on its branch (created from `baseCommit` the first time). */
  ensureWorktree(jobId: string, baseCommit: string): Promise<string>;
  /** Pushes the job's branch to the source repository. */
  push(jobId: string): Promise<void>;
  /**
   * Fetches the job's branch as pushed (by any instance) into `refs/remotes/origin/<branch>`; false when
   * nothing was pushed. Read it with `{ pushed: true }` below: it is never checked out, so reading it cannot
   * disturb a turn running here.
   */
  fetchPushedBranch(jobId: string): Promise<boolean>;
  /** Points the job's branch at what was pushed (at `baseCommit` when nothing was): the pushed branch is the truth. */
  adoptPushedBranch(jobId: string, baseCommit: string): Promise<void>;
  /** Deletes the job's worktree (its branch and commits stay in the clone). */
  removeWorktree(jobId: string): Promise<void>;
  /** Commits of the job's branch since its base: newest first. */
  log(jobId: string, baseCommit: string, from?: BranchCopy): Promise<{ commit: string; subject: string; date: string }[]>;
  /** The unified diff of the job's branch against its base. */
  diff(jobId: string, baseCommit: string, from?: BranchCopy): Promise<string>;
  /** Repository-relative paths the job's branch changed against its base. */
  changedFiles(jobId: string, baseCommit: string): Promise<string[]>;
  /** Removes lock files a killed git process left in the clone; only while no git command of this server runs on it. */
  removeStaleLocks(): Promise<string[]>;
  /** What `folder` is at `commit`: a folder, a symbolic link, a file, or undefined when absent (or when any parent is not a folder). */
  treeEntry(commit: string, folder: string): Promise<'tree' | 'link' | 'file' | undefined>;
}

/** Which copy of a job's branch to read: this clone's own, or the pushed one last fetched by fetchPushedBranch. */
export interface BranchCopy {
  pushed?: boolean;
}

/** Every `*.lock` file under `folder` (git's lock files), skipping the object store. */
async function lockFilesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.lock'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !path.relative(folder, file).split(path.sep).includes('objects'));
}

/** Deletes git lock files left by a killed git process; returns their names relative to `folder`. */
async function removeLockFiles(folder: string, files: string[]): Promise<string[]> {
  await Promise.all(files.map((file) => rm(file, { force: true })));
  return files.map((file) => path.relative(folder, file).split(path.sep).join('/'));
}

export function openProjectRepository(options: {
  projectId: string;
  repository: string;
  dataDir: string;
  token?: string;
}): ProjectRepository {
  const cacheDir = path.join(options.dataDir, 'repos', `${options.projectId}.git`);
  const worktreesDir = path.join(options.dataDir, 'worktrees');
  const lockKey = `repo:${cacheDir}`;
  const token = options.token;

  async function ensureCache(): Promise<void> {
    if (existsSync(path.join(cacheDir, 'HEAD'))) return;
    await mkdir(path.dirname(cacheDir), { recursive: true });
    await git(['clone', '--bare', '--quiet', '--', options.repository, cacheDir], { cwd: options.dataDir, token });
  }

  function fetchPushedBranch(jobId: string): Promise<boolean> {
    const branch = branchForJob(jobId);
    return withLock(lockKey, async () => {
      await ensureCache();
      const listed = await git(['ls-remote', 'origin', '--', `refs/heads/${branch}`], { cwd: cacheDir, token });
      if (listed.trim() === '') return false;
      await git(['fetch', '--quiet', 'origin', '--', `+refs/heads/${branch}:refs/remotes/origin/${branch}`], { cwd: cacheDir, token });
      return true;
    });
  }

  return {
    cacheDir,
    fetchBase(ref) {
      assertSafeRef(ref);
      return withLock(lockKey, async () => {
        await ensureCache();
        await git(['fetch', '--quiet', 'origin', '--', ref], { cwd: cacheDir, token });
        return (await git(['rev-parse', '--verify', 'FETCH_HEAD^{commit}'], { cwd: cacheDir })).trim();
      });
    },
    ensureWorktree(jobId, baseCommit) {
      const branch = branchForJob(jobId);
      const worktree = path.join(worktreesDir, jobId);
      return withLock(lockKey, async () => {
        if (existsSync(path.join(worktree, '.git'))) return worktree;
        await ensureCache();
        await mkdir(worktreesDir, { recursive: true });
        await git(['worktree', 'prune'], { cwd: cacheDir });
        const branchExists = await git(['rev-parse', '--verify', '--quiet', `refs/heads/${branch}`], { cwd: cacheDir }).then(
          () => true,
          () => false,
        );
        if (branchExists) await git(['worktree', 'add', '--quiet', '--', worktree, branch], { cwd: cacheDir });
        else await git(['worktree', 'add', '--quiet', '-b', branch, '--', worktree, baseCommit], { cwd: cacheDir });
        return worktree;
      });
    },
    removeWorktree(jobId) {
      branchForJob(jobId);
      const worktree = path.join(worktreesDir, jobId);
      return withLock(lockKey, async () => {
        if (!existsSync(worktree)) return;
        await git(['worktree', 'remove', '--force', '--', worktree], { cwd: cacheDir });
      });
    },
    push(jobId) {
      const branch = branchForJob(jobId);
      return withLock(lockKey, () =>
        git(['push', '--quiet', 'origin', '--', `refs/heads/${branch}:refs/heads/${branch}`], { cwd: cacheDir, token }).then(
          () => undefined,
        ),
      );
    },
    fetchPushedBranch,
    async adoptPushedBranch(jobId, baseCommit) {
      const branch = branchForJob(jobId);
      const pushed = await fetchPushedBranch(jobId);
      await withLock(lockKey, async () => {
        const exists = await git(['rev-parse', '--verify', '--quiet', `refs/heads/${branch}`], { cwd: cacheDir }).then(
          () => true,
          () => false,
        );
        // update-ref moves the branch even where a worktree has it checked out; the runner's discard then resets the files.
        if (pushed) await git(['update-ref', `refs/heads/${branch}`, `refs/remotes/origin/${branch}`], { cwd: cacheDir });
        else if (exists) await git(['update-ref', `refs/heads/${branch}`, baseCommit], { cwd: cacheDir });
      });
    },
    async log(jobId, baseCommit, from = {}) {
      const branch = branchForJob(jobId);
      const ref = from.pushed ? `refs/remotes/origin/${branch}` : `refs/heads/${branch}`;
      const output = await git(['log', '--format=%H%x1f%s%x1f%aI', `${baseCommit}..${ref}`, '--'], { cwd: cacheDir });
      return output
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [commit = '', subject = '', date = ''] = line.split('\x1f');
          return { commit, subject, date };
        });
    },
    diff(jobId, baseCommit, from = {}) {
      const branch = branchForJob(jobId);
      const ref = from.pushed ? `refs/remotes/origin/${branch}` : `refs/heads/${branch}`;
      return git(['diff', '--no-color', '--no-ext-diff', baseCommit, ref, '--'], { cwd: cacheDir });
    },
    async changedFiles(jobId, baseCommit) {
      const branch = branchForJob(jobId);
      const names = await git(['diff', '--name-only', '--no-renames', baseCommit, `refs/heads/${branch}`, '--'], { cwd: cacheDir });
      return names.split('\n').filter(Boolean);
    },
    async treeEntry(commit, folder) {
      // Walk segment by segment: `ls-tree` on a path below a symlinked folder reports nothing, which would hide the link.
      const segments = folder.split('/').filter((segment) => segment !== '' && segment !== '.');
      let kind: 'tree' | 'link' | 'file' | undefined = 'tree';
      for (let index = 0; index < segments.length && kind === 'tree'; index += 1) {
        const prefix = segments.slice(0, index + 1).join('/');
        const line = (await git(['ls-tree', commit, '--', prefix], { cwd: cacheDir })).split('\n')[0] ?? '';
        const mode = line.split(' ')[0];
        kind = mode === '040000' ? 'tree' : mode === '120000' ? 'link' : mode ? 'file' : undefined;
      }
      return kind;
    },
    removeStaleLocks() {
      return withLock(lockKey, async () => {
        // Worktrees' own index locks are the job runner's (removeStaleLocks of worktreeGit); these are the clone's.
        const files = (await lockFilesUnder(cacheDir)).filter((file) => !path.relative(cacheDir, file).startsWith(`worktrees${path.sep}`));
        return removeLockFiles(cacheDir, files);
      });
    },
  };
}

/** Git operations inside one job's worktree. */
export const worktreeGit = {
  async hasChanges(worktree: string, docsFolder: string): Promise<boolean> {
    const status = await git(['status', '--porcelain', '--untracked-files=all', '--', docsFolder], { cwd: worktree });
    return status.trim() !== '';
  },
  async changedFiles(worktree: string, docsFolder: string): Promise<string[]> {
    await git(['add', '--all', '--', docsFolder], { cwd: worktree });
    const names = await git(['diff', '--cached', '--name-only', '--', docsFolder], { cwd: worktree });
    return names.split('\n').filter(Boolean);
  },
  /** Bytes the staged files hold now (deleted files count 0). */
  async stagedBytes(worktree: string, files: string[]): Promise<number> {
    const sizes = await Promise.all(files.map((file) => stat(path.join(worktree, file)).then((stats) => (stats.isFile() ? stats.size : 0), () => 0)));
    return sizes.reduce((total, size) => total + size, 0);
  },
  async commit(worktree: string, message: string, identity: GitIdentity): Promise<string> {
    await git(['commit', '--quiet', '--no-verify', '-m', message], { cwd: worktree, identity });
    return (await git(['rev-parse', 'HEAD'], { cwd: worktree })).trim();
  },
  /**
   * Removes the lock files (index.lock, HEAD.lock, the branch's ref lock) a git command killed in this worktree
   * left behind: without this, a crash during `git add` makes every later command fail. Called before a job's
   * turns run, when no git command runs in this worktree (one runner per job; one server per data folder).
   */
  async removeStaleLocks(worktree: string): Promise<string[]> {
    const gitDir = path.resolve(worktree, (await git(['rev-parse', '--git-dir'], { cwd: worktree })).trim());
    const commonDir = path.resolve(worktree, (await git(['rev-parse', '--git-common-dir'], { cwd: worktree })).trim());
    const branch = (await git(['symbolic-ref', '--quiet', 'HEAD'], { cwd: worktree }).catch(() => '')).trim();
    const candidates = [path.join(gitDir, 'index.lock'), path.join(gitDir, 'HEAD.lock')];
    if (branch.startsWith('refs/heads/')) candidates.push(path.join(commonDir, `${branch}.lock`));
    return removeLockFiles(worktree, candidates.filter((file) => existsSync(file)));
  },
  /** HEAD's commit and message when the message carries `trailers` (a turn's commit), else undefined. */
  async turnCommit(worktree: string, trailers: string): Promise<{ commit: string; message: string } | undefined> {
    const output = await git(['log', '-1', '--format=%H%x00%B', 'HEAD', '--'], { cwd: worktree }).catch(() => '');
    const [commit = '', message = ''] = output.split('\0');
    return commit && message.trimEnd().endsWith(trailers) ? { commit: commit.trim(), message: message.trim() } : undefined;
  },
  /** Throws away everything not committed, so a failed turn leaves nothing half-written. */
  async discard(worktree: string): Promise<void> {
    await git(['reset', '--hard', '--quiet', 'HEAD'], { cwd: worktree });
    await git(['clean', '-fdq', '--', '.'], { cwd: worktree });
  },
};
