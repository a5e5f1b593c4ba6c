// The search index at start-up: loaded from the snapshot the last start kept, when the docs are exactly the
// same files and bytes (and the index format the same), else built and its snapshot kept for the next start.
import type { PageCache } from './pageCache.ts';
import { createDocsIndex, INDEX_FORMAT } from './searchIndex.ts';
import type { DocsIndex, LoadedDocs } from './types.ts';

export function startIndex(docs: LoadedDocs, cache: PageCache | null): DocsIndex {
  const key = cache && docs.contentKey ? `${INDEX_FORMAT}:${docs.contentKey}` : null;
  const snapshot = key ? cache?.getSnapshot(key) : undefined;
  const index = createDocsIndex(docs, {}, snapshot === undefined ? {} : { snapshot });
  if (key && snapshot === undefined) cache?.setSnapshot(key, index.snapshot());
  return index;
}
