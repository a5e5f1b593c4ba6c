// The path jail of the agent's tools: every path the model names is resolved inside the docs folder
// of the job's own worktree, or refused. Refusals are thrown as errors, which the AI SDK hands back
// to the model as tool errors; nothing outside the jail is ever read or written.
import { lstat, mkdir, realpath } from 'node:fs/promises';
import path from 'node:path';

/** File types the agent may create or change. */
export const WRITABLE_EXTENSIONS = ['.md', '.mdx', '.markdown'];

export class PathRefusedError extends Error {
  constructor(requested: string, reason: string) {
    super(`refused path "${requested}": ${reason}`);
    this.name = 'PathRefusedError';
  }
}

/** True when `candidate` is `root` or below it; a root that ends in a separator (`/`) holds everything under it. */
export function isInside(root: string, candidate: string): boolean {
  if (candidate === root) return true;
  return candidate.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}

/** The job cannot run: the repository's docs folder is not a plain folder inside the worktree. */
export class DocsFolderRefusedError extends Error {
  constructor(docsFolder: string, reason: string) {
    super(`the docs folder "${docsFolder}" is refused: ${reason}`);
    this.name = 'DocsFolderRefusedError';
  }
}

/**
 * Walks from the worktree to the docs folder one segment at a time and refuses any symlink on the way,
 * so a repository that commits `docs -> /elsewhere` or `docs -> ../..` cannot move the jail.
 * Missing segments are created as plain folders (the branch may not have the docs folder yet).
 */
async function plainDocsFolder(worktree: string, docsFolder: string): Promise<string> {
  const realWorktree = await realpath(worktree);
  const segments = docsFolder.split(/[\\/]+/).filter((segment) => segment !== '' && segment !== '.');
  if (segments.length === 0) throw new DocsFolderRefusedError(docsFolder, 'it must name a folder inside the repository');
  if (segments.some((segment) => segment === '..')) throw new DocsFolderRefusedError(docsFolder, 'it leaves the repository');
  if (segments.some((segment) => segment.toLowerCase() === '.git')) throw new DocsFolderRefusedError(docsFolder, 'git metadata is off limits');
  let current = realWorktree;
  for (const segment of segments) {
    current = path.join(current, segment);
    const stats = await lstat(current).catch(() => undefined);
    if (!stats) {
      await mkdir(current);
      continue;
    }
    if (stats.isSymbolicLink()) {
      throw new DocsFolderRefusedError(docsFolder, `"${path.relative(realWorktree, current).split(path.sep).join('/')}" is a symbolic link in the repository`);
    }
    if (!stats.isDirectory()) throw new DocsFolderRefusedError(docsFolder, `"${path.relative(realWorktree, current).split(path.sep).join('/')}" is not a folder`);
  }
  const root = await realpath(current);
  // Belt and braces: whatever happened between the checks, the jail's root must lie in the worktree.
  if (!isInside(realWorktree, root) || root === realWorktree) throw new DocsFolderRefusedError(docsFolder, 'it resolves outside the repository');
  return root;
}

async function existingAncestor(target: string): Promise<string> {
  let current = target;
  for (;;) {
    try {
      await lstat(current);
      return current;
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return current;
      current = parent;
    }
  }
}

export interface DocsJail {
  /** Absolute, real path of the docs folder. */
  readonly root: string;
  /** Resolves a docs-relative path for reading; refuses escapes and symlinks. */
  resolveForRead(requested: string): Promise<string>;
  /** Resolves a docs-relative path for writing; also requires a docs file type and creates parent folders. */
  resolveForWrite(requested: string): Promise<string>;
  /** The docs-relative, forward-slash form of an absolute path inside the jail. */
  relative(absolute: string): string;
}

/**
 * Creates the jail for `docsFolder` (relative to `worktree`). The folder is created if the branch does not
 * have it yet; a docs folder that is (or passes through) a symbolic link is refused with DocsFolderRefusedError.
 */
export async function createDocsJail(worktree: string, docsFolder: string): Promise<DocsJail> {
  return jailAt(await plainDocsFolder(worktree, docsFolder));
}

/** A jail over the whole worktree (for reading house rules such as AGENTS.md); `.git` stays off limits. */
export async function createRepositoryJail(worktree: string): Promise<DocsJail> {
  return jailAt(await realpath(worktree));
}

function jailAt(root: string): DocsJail {

  async function resolve(requested: string): Promise<string> {
    if (typeof requested !== 'string' || requested.trim() === '') throw new PathRefusedError(String(requested), 'empty path');
    if (requested.includes('\0')) throw new PathRefusedError(requested, 'contains a NUL character');
    if (path.isAbsolute(requested) || /^[a-zA-Z]:/.test(requested) || requested.startsWith('\\')) {
      throw new PathRefusedError(requested, 'absolute paths are not allowed; use a path relative to the docs folder');
    }
    const normalized = path.normalize(requested.replaceAll('\\', '/'));
    if (normalized.split(path.sep).some((segment) => segment === '..')) {
      throw new PathRefusedError(requested, 'it leaves the docs folder');
    }
    if (normalized.split(path.sep).some((segment) => segment.toLowerCase() === '.git')) {
      throw new PathRefusedError(requested, 'git metadata is off limits');
    }
    const target = path.resolve(root, normalized);
    if (!isInside(root, target)) throw new PathRefusedError(requested, 'it leaves the docs folder');
    // A symlink anywhere on the way could point out of the jail: compare real paths.
    const ancestor = await existingAncestor(target);
    const realAncestor = await realpath(ancestor);
    if (!isInside(root, realAncestor)) throw new PathRefusedError(requested, 'it resolves outside the docs folder');
    if (ancestor === target) {
      const stats = await lstat(target);
      if (stats.isSymbolicLink()) throw new PathRefusedError(requested, 'symbolic links are not followed');
    }
    return target;
  }

  return {
    root,
    resolveForRead: resolve,
    async resolveForWrite(requested) {
      const target = await resolve(requested);
      const extension = path.extname(target).toLowerCase();
      if (!WRITABLE_EXTENSIONS.includes(extension)) {
        throw new PathRefusedError(requested, `only docs files (${WRITABLE_EXTENSIONS.join(', ')}) may be written`);
      }
      await mkdir(path.dirname(target), { recursive: true });
      // mkdir may have walked through a symlinked folder created meanwhile: check again.
      const realParent = await realpath(path.dirname(target));
      if (!isInside(root, realParent)) throw new PathRefusedError(requested, 'it resolves outside the docs folder');
      return target;
    },
    relative(absolute) {
      return path.relative(root, absolute).split(path.sep).join('/');
    },
  };
}
