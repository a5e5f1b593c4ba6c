// Loading the docs and building their search index at start-up, at once: each page is indexed as soon as it
// is loaded (with the terms its parse worker computed), while the workers parse the next ones. With a page
// cache, the index kept by the last start is loaded and only the files whose bytes changed are indexed again;
// the snapshot is written again whenever that changed anything, once the index is returned, after the pages
// parsed (in one transaction: one write per page was a tenth of a second of a large site's first start).
import { loadDocs, type LoadOptions } from './load.ts';
import { sharedParsePool } from './parsePool.ts';
import type { PageCache, PageWrite } from './pageCache.ts';
import { INDEX_FORMAT, openDocsIndex } from './searchIndex.ts';
import type { Synonyms } from './synonyms.ts';
import type { DocsIndex, LoadedDocs } from './types.ts';

/** One snapshot is kept; its key names the format, so another version's is never loaded. */
const SNAPSHOT_KEY = `index-format-${INDEX_FORMAT}`;

export interface IndexedDocs {
  docs: LoadedDocs;
  index: DocsIndex;
  /** Files whose postings came from the snapshot, indexed anew, and dropped (removed since the snapshot). */
  files: { kept: number; indexed: number; dropped: number };
  /**
   * Settles once the index is tidied and the parsed pages and the index's snapshot are kept for the next
   * start, which is done after the index is returned (so a large site answers sooner): with a
   * warning when they could not be written (the next start then parses or indexes those files again).
   * Never rejects. Await it before closing the cache.
   */
  saved: Promise<string | undefined>;
}

export async function loadIndexedDocs(
  docsDir: string,
  options: Omit<LoadOptions, 'onPage' | 'cache'> & { cache?: PageCache | null; synonyms?: Synonyms } = {},
): Promise<IndexedDocs> {
  const { cache, synonyms, ...loadOptions } = options;
  const snapshot = cache?.getSnapshot(SNAPSHOT_KEY);
  const builder = openDocsIndex({}, { ...(snapshot === undefined ? {} : { snapshot }), ...(synonyms ? { synonyms } : {}) });
  // No index kept: most files will be parsed, so the workers start while the folder is listed and looked at.
  if (snapshot === undefined) (loadOptions.parser ?? sharedParsePool()).warm();
  // The pages parsed are kept for the next start once the index is returned, in one transaction.
  const cacheWrites: PageWrite[] = [];
  const docs = await loadDocs(docsDir, {
    ...loadOptions,
    ...(cache ? { cache, cacheWrites } : {}),
    onPage: (page, details) => builder.add(page.file, page.sections, details),
  });
  const index = builder.finish();
  const { kept, indexed, dropped } = builder.counts;
  const saved = new Promise<string | undefined>((resolve) => {
    // Tidied a step per turn of the event loop: questions asked meanwhile wait a few milliseconds, not for all of it.
    const steps = builder.tidySteps();
    const step = () => (steps.next().done ? save() : setImmediate(step));
    const save = () => {
      try {
        cache?.setAll(cacheWrites);
      } catch (error) {
        // Without its pages the snapshot would be of no use either: the next start parses those files again.
        resolve(`the parsed pages could not be kept for the next start (${(error as Error).message}); that start parses and indexes them again`);
        return;
      } finally {
        cacheWrites.length = 0;
      }
      try {
        if (cache && (snapshot === undefined || indexed > 0 || dropped > 0)) cache.setSnapshot(SNAPSHOT_KEY, index.snapshot());
        resolve(undefined);
      } catch (error) {
        resolve(`the search index could not be kept for the next start (${(error as Error).message}); that start indexes every file again`);
      }
    };
    setImmediate(step);
  });
  return { docs, index, files: { kept, indexed, dropped }, saved };
}
