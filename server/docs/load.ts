// Reading a docs folder: every .md/.mdx file below it, each to a page of sections.
// One bad file is skipped with a warning naming it; loading never stops for it.
import { closeSync, constants, openSync, readSync, realpathSync, statSync, type BigIntStats } from 'node:fs';
import { open, readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { contentHash, fileStamp, type FileStamp, type PageCache, type PageWrite } from './pageCache.ts';
import { sharedParsePool, type ParsePool } from './parsePool.ts';
import type { PageTerms } from './sectionTerms.ts';
import type { LoadedDocs, Page } from './types.ts';

export interface LoadOptions {
  /** Prefix of every section URL, e.g. `https://example.com/docs`. */
  siteUrl?: string;
  /** Receives warnings of `loadDocFile` (loadDocs returns them instead). */
  onWarning?(message: string): void;
  /**
   * Files not to index, as globs relative to the docs folder (`changelog/**`, `**\/internal/**`), matched
   * like `--agent-protect` with `path.matchesGlob`. @default none
   */
  exclude?: readonly string[];
  /** Where files are parsed, each within its time budget. @default the process's shared pool of worker threads */
  parser?: ParsePool;
  /** Pages kept from earlier runs: a file whose bytes did not change is not parsed again. @default none */
  cache?: PageCache;
  /**
   * With a cache: the pages parsed go here instead of into the cache, for the caller to keep later with
   * PageCache.setAll (a first start answers before they are written). @default written to the cache at once
   */
  cacheWrites?: PageWrite[];
  /** Receives each file's content hash (with a cache). */
  onHash?(file: string, hash: string): void;
  /** Receives the index terms of each file parsed (see sectionTerms.ts), for the index to insert. */
  onTerms?(file: string, terms: PageTerms): void;
  /**
   * loadDocs: receives each page as soon as it is loaded (in no particular order), with its content hash
   * (with a cache) and the parse worker's index terms (when it was parsed), so the index is built meanwhile.
   */
  onPage?(page: Page, details: { hash?: string; terms?: PageTerms }): void;
  /** The docs folder's real path, when already being resolved (loadDocs resolves it once for every file). */
  realRoot?: Promise<string>;
  /** The file's real path inside the docs folder and its stat, when loadDocs has just looked at it (it is then read synchronously). */
  looked?: { realFile: string; info: BigIntStats };
}

/** Larger files are almost surely generated or binary; indexing them would only add noise. */
export const MAX_DOC_FILE_BYTES = 2 * 1024 * 1024;
const DOC_EXTENSION = /\.mdx?$/i;
const CONCURRENT_READS = 32;

/** The site's instructions for its assistant (siteInstructions.ts), at the top of the folder: not a page. */
export const SITE_INSTRUCTIONS_FILE = 'assistant.md';

/** True for paths the loader reads: .md/.mdx outside node_modules and dot-folders, but not assistant.md. */
export function isDocFile(file: string): boolean {
  const normalized = file.replace(/\\/g, '/');
  const segments = normalized.split('/');
  const name = segments.at(-1) ?? '';
  return DOC_EXTENSION.test(name) && !segments.some(isSkippedSegment) && normalized !== SITE_INSTRUCTIONS_FILE;
}

function isSkippedSegment(segment: string): boolean {
  return segment === 'node_modules' || (segment.startsWith('.') && segment !== '.' && segment !== '..');
}

/** Whether a docs file (relative, forward slashes) matches one of the `exclude` globs. */
export function isExcluded(file: string, exclude: readonly string[] | undefined): boolean {
  if (!exclude || exclude.length === 0) return false;
  const relative = file.replace(/\\/g, '/');
  return exclude.some((pattern) => path.posix.matchesGlob(relative, pattern));
}

/** Doc files below `docsDir`, relative with forward slashes, sorted. */
export async function listDocFiles(docsDir: string, subfolder = ''): Promise<string[]> {
  const files: string[] = [];
  const pending = [subfolder];
  while (pending.length > 0) {
    const folder = pending.pop() ?? '';
    let entries;
    try {
      entries = await readdir(path.join(docsDir, folder), { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (isSkippedSegment(entry.name)) continue;
      const relative = folder === '' ? entry.name : `${folder}/${entry.name}`;
      if (entry.isDirectory()) pending.push(relative);
      else if (entry.isFile() && isDocFile(relative)) files.push(relative);
    }
  }
  return files.toSorted();
}

export async function loadDocs(docsDir: string, options: LoadOptions = {}): Promise<LoadedDocs> {
  const files = (await listDocFiles(docsDir)).filter((file) => !isExcluded(file, options.exclude));
  const warnings: string[] = [];
  const hashes = new Map<string, string>();
  const loaded: (Page | null)[] = Array.from({ length: files.length }, () => null);
  // Every file looked at first and synchronously (its real path and a stat; thousands of them through the
  // thread pool cost more than the calls): those the cache read unchanged since are not read again (on a
  // restart, every file), and the others are read without looking again.
  const looks = lookAt(docsDir, files, options.cache, options.siteUrl);
  const known = looks.map((look) => look?.kept);
  for (const [position, entry] of known.entries()) {
    if (!entry) continue;
    hashes.set(files[position] ?? '', entry.hash);
    if (leftOutAsDraft(entry.page, (message) => warnings.push(message))) continue;
    loaded[position] = entry.page;
    options.onPage?.(entry.page, { hash: entry.hash });
  }
  const unknown = files.flatMap((_file, position) => (known[position] ? [] : [position]));
  // CONCURRENT_READS readers at a time: thousands of files opened at once would hit the open-files limit
  // (EMFILE). Each waits for its file's parse, so they are also the files in flight to the parse workers:
  // with 16, the workers of a large site's cold start waited for work (4% longer than with 32).
  let next = 0;
  // Resolved once for every file, not once per file.
  const realRoot = realpath(path.resolve(docsDir));
  const reader = async () => {
    while (next < unknown.length) {
      const position = unknown[next++] ?? 0;
      let terms: PageTerms | undefined;
      const look = looks[position];
      const page = await loadDocFile(docsDir, files[position] ?? '', {
        ...options,
        realRoot,
        ...(look ? { looked: look } : {}),
        onWarning: (message) => warnings.push(message),
        onHash: (file, hash) => hashes.set(file, hash),
        onTerms: (_file, pageTerms) => (terms = pageTerms),
      });
      loaded[position] = page;
      if (page) options.onPage?.(page, { ...(hashes.has(page.file) ? { hash: hashes.get(page.file) } : {}), ...(terms ? { terms } : {}) });
    }
  };
  // A folder that cannot be resolved fails each file's read (with its warning), not loadDocs.
  realRoot.catch(() => undefined);
  await Promise.all(Array.from({ length: Math.min(CONCURRENT_READS, unknown.length) }, reader));
  const pages = loaded.filter((page) => page !== null);
  options.cache?.retain(files);
  return { pages, sections: pages.flatMap((page) => page.sections), warnings };
}

/** A file as loadDocs looked at it: its real path inside the docs folder, its stat, and its kept page when unchanged. */
interface Look {
  realFile: string;
  info: BigIntStats;
  kept?: { page: Page; hash: string } | undefined;
}

/**
 * Each listed file's real path and stat, with the kept page of those whose stamps are unchanged (see
 * PageCache.getByStamp); undefined for a file outside the real docs folder, not a regular file, oversized or
 * unreadable, which loadDocFile then looks at again (and warns about).
 */
function lookAt(docsDir: string, files: readonly string[], cache: PageCache | undefined, siteUrl: string | undefined): (Look | undefined)[] {
  let realRoot: string;
  try {
    realRoot = realpathSync(path.resolve(docsDir));
  } catch {
    return files.map(() => undefined);
  }
  return files.map((file) => {
    try {
      const realFile = realpathSync(path.resolve(docsDir, file));
      if (!realFile.startsWith(realRoot + path.sep)) return undefined;
      const info = statSync(realFile, { bigint: true });
      if (!info.isFile() || Number(info.size) > MAX_DOC_FILE_BYTES) return undefined;
      return { realFile, info, kept: cache?.getByStamp(file, fileStamp(info, siteUrl)) };
    } catch {
      return undefined;
    }
  });
}

/**
 * At most `limit` bytes of a file. Opened non-blocking, so a file swapped for a FIFO since it was looked
 * at cannot stall the reader either.
 */
async function readAtMost(file: string, limit: number): Promise<Uint8Array> {
  const handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    // Bytes of their own, not a slice of Node's shared pool: they are moved to the parse worker, not copied.
    const buffer = new Uint8Array(limit);
    let length = 0;
    while (length < limit) {
      const { bytesRead } = await handle.read(buffer, length, limit - length, null);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    return buffer.subarray(0, length);
  } finally {
    await handle.close();
  }
}

/**
 * readAtMost without the thread pool, for loadDocs at start-up (before the server answers anyone): three
 * trips through libuv per file cost more than the reads themselves on a 2-core machine.
 */
function readAtMostSync(file: string, limit: number): Uint8Array {
  const descriptor = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const buffer = new Uint8Array(limit);
    let length = 0;
    while (length < limit) {
      const bytesRead = readSync(descriptor, buffer, length, limit - length, null);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    return buffer.subarray(0, length);
  } finally {
    closeSync(descriptor);
  }
}

/** One file to a page; null when it is gone, unreadable, broken or a draft (with a warning naming it). */
export async function loadDocFile(docsDir: string, file: string, options: LoadOptions = {}): Promise<Page | null> {
  // Excluded on purpose: no page and nothing to warn about (the watcher then drops it if it was indexed).
  if (isExcluded(file, options.exclude)) return null;
  const page = await readDocFile(docsDir, file, options);
  return page && leftOutAsDraft(page, options.onWarning) ? null : page;
}

/**
 * Whether a page is a draft, `draft: true` (Docusaurus, Hugo, Astro) or `published: false` (Jekyll) in its
 * frontmatter, and so left out with a note naming it: the site does not publish it, and an answer quoting it
 * would link readers to a missing page. It is parsed and kept like any other (the page cache), only not indexed.
 */
function leftOutAsDraft(page: Page, onWarning: ((message: string) => void) | undefined): boolean {
  const draft = page.metadata['draft'] === true || page.metadata['published'] === false;
  if (draft) onWarning?.(`${page.file}: a draft (${page.metadata['draft'] === true ? 'draft: true' : 'published: false'} in its frontmatter); not indexed`);
  return draft;
}

async function readDocFile(docsDir: string, file: string, options: LoadOptions): Promise<Page | null> {
  const relative = file.replace(/\\/g, '/');
  const absolute = path.resolve(docsDir, relative);
  const root = path.resolve(docsDir);
  if (!absolute.startsWith(root + path.sep) || !isDocFile(relative)) {
    options.onWarning?.(`${relative}: not a .md/.mdx file inside the docs folder; skipped`);
    return null;
  }
  let buffer: Uint8Array;
  let stamp: FileStamp;
  try {
    // A symbolic link could point anywhere (`ln -s ~/.ssh/id_rsa key.md`); listing skips links,
    // and a named file must resolve inside the real docs folder too (loadDocs has checked it already).
    const [realFile, realRoot] = options.looked ? [options.looked.realFile, ''] : await Promise.all([realpath(absolute), options.realRoot ?? realpath(root)]);
    if (!options.looked && !realFile.startsWith(realRoot + path.sep)) {
      options.onWarning?.(`${relative}: links outside the docs folder; skipped`);
      return null;
    }
    // Looked at before it is opened: a FIFO or device named .md would block the reader (and the watcher)
    // forever, and an oversized file is refused without reading it.
    const info = options.looked?.info ?? (await stat(realFile, { bigint: true }));
    if (!info.isFile()) {
      options.onWarning?.(`${relative}: not a regular file; skipped`);
      return null;
    }
    const size = Number(info.size);
    if (size > MAX_DOC_FILE_BYTES) {
      options.onWarning?.(`${relative}: larger than ${MAX_DOC_FILE_BYTES} bytes; skipped`);
      return null;
    }
    // Unchanged since its bytes were last read (size, times, inode): the kept page, without reading the file again.
    stamp = fileStamp(info, options.siteUrl);
    // (loadDocs asked already when it looked at the file.)
    const known = options.looked ? undefined : options.cache?.getByStamp(relative, stamp);
    if (known) {
      options.onHash?.(relative, known.hash);
      return known.page;
    }
    buffer = options.looked ? readAtMostSync(realFile, size + 1) : await readAtMost(realFile, size + 1);
    if (buffer.byteLength > size) {
      // It grew while being read: the watcher's next event for it loads it whole.
      options.onWarning?.(`${relative}: changed while being read; skipped`);
      return null;
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // A file removed between listing and reading is a normal race in watch mode, not a problem.
    if (code !== 'ENOENT') options.onWarning?.(`${relative}: could not be read (${code ?? String(error)}); skipped`);
    return null;
  }
  const hash = options.cache ? contentHash(buffer, options.siteUrl) : '';
  if (options.cache) options.onHash?.(relative, hash);
  const cached = options.cache?.get(relative, hash);
  if (cached) {
    options.cache?.confirm(relative, hash, stamp);
    return cached;
  }
  const parser = options.parser ?? sharedParsePool();
  const result = await parser.parse(relative, buffer, options.siteUrl);
  if ('timedOut' in result) {
    options.onWarning?.(`${relative}: took longer than ${parser.timeoutMs / 1000} s to parse; skipped`);
    return null;
  }
  if ('error' in result) {
    options.onWarning?.(`${relative}: ${result.error}; skipped`);
    return null;
  }
  if (result.terms) options.onTerms?.(relative, result.terms);
  if (options.cache && options.cacheWrites) options.cacheWrites.push({ file: relative, hash, page: result.page, stamp, serialized: result.entry });
  else options.cache?.set(relative, hash, result.page, stamp, result.entry);
  return result.page;
}
