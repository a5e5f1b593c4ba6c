// Serve mode: re-read .md/.mdx files that change, appear or disappear, debounced so an editor's
// burst of writes (temp file, rename, chmod) becomes one re-read per file.
import { watch, type FSWatcher } from 'node:fs';
import { isDocFile, isExcluded, listDocFiles, loadDocFile } from './load.ts';
import type { Page } from './types.ts';
import type { PageCache } from './pageCache.ts';

export interface WatchOptions {
  siteUrl?: string;
  /** Quiet time after the last change before files are re-read. @default 100 */
  debounceMs?: number;
  /** A file changed or appeared (page), or disappeared or became unreadable (null). */
  onPage(file: string, page: Page | null): void;
  onWarning?(message: string): void;
  /** Parsed pages kept between runs (pageCache.ts). */
  cache?: PageCache;
  /** Files not to index (LoadOptions.exclude). */
  exclude?: readonly string[];
}

export interface DocsWatcher {
  close(): void;
}

export function watchDocs(docsDir: string, options: WatchOptions): DocsWatcher {
  const debounceMs = options.debounceMs ?? 100;
  const knownFiles = new Set<string>();
  const changedFiles = new Set<string>();
  const changedFolders = new Set<string>();
  let rescanAll = false;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  // Flushes run one after another so a slow read never reports an older version after a newer one.
  let flushing: Promise<void> = listDocFiles(docsDir).then((files) => {
    for (const file of files) if (!isExcluded(file, options.exclude)) knownFiles.add(file);
  });

  let watcher: FSWatcher | undefined;
  try {
    watcher = watch(docsDir, { recursive: true }, (_event, filename) => {
      if (filename === null) rescanAll = true;
      else record(String(filename).replace(/\\/g, '/'));
      schedule();
    });
    watcher.on('error', (error) => options.onWarning?.(`watching ${docsDir} failed: ${error.message}`));
  } catch (error) {
    options.onWarning?.(`watching ${docsDir} is not possible: ${error instanceof Error ? error.message : String(error)}`);
  }

  function record(relative: string): void {
    if (isDocFile(relative)) changedFiles.add(relative);
    // Anything else may be a folder that was added, renamed or removed with its files.
    else if (!/\.[^/]*$/.test(relative.split('/').at(-1) ?? '') && !relative.split('/').some(isHidden)) changedFolders.add(relative);
  }

  function schedule(): void {
    if (closed) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      flushing = flushing.then(flush, flush);
    }, debounceMs);
  }

  async function flush(): Promise<void> {
    const files = new Set(changedFiles);
    const folders = [...changedFolders];
    const everything = rescanAll;
    changedFiles.clear();
    changedFolders.clear();
    rescanAll = false;
    if (everything) folders.push('');
    for (const folder of folders) {
      for (const file of await listDocFiles(docsDir, folder)) files.add(file);
      for (const file of knownFiles) if (folder === '' || file.startsWith(`${folder}/`)) files.add(file);
    }
    for (const file of [...files].toSorted()) {
      const page = await loadDocFile(docsDir, file, {
        siteUrl: options.siteUrl,
        onWarning: options.onWarning,
        ...(options.cache ? { cache: options.cache } : {}),
        ...(options.exclude ? { exclude: options.exclude } : {}),
      });
      if (closed) return;
      if (page === null && !knownFiles.has(file)) continue;
      if (page) knownFiles.add(file);
      else knownFiles.delete(file);
      try {
        options.onPage(file, page);
      } catch (error) {
        // A failing consumer must not leave a rejected flush behind: unhandled, it would end the process.
        options.onWarning?.(`${file}: updating the index failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }

  return {
    close() {
      closed = true;
      clearTimeout(timer);
      watcher?.close();
    },
  };
}

function isHidden(segment: string): boolean {
  return segment === 'node_modules' || segment.startsWith('.');
}
