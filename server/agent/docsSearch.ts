// The agent's `search_docs`: the server's own docs index (MiniSearch, stemming, fuzzy terms) over the
// job's worktree, kept current as the agent writes, plus the lines that contain the query literally
// (what `edit_file` needs to quote exactly).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { listDocFiles, loadDocFile, loadDocs } from '../docs/load.ts';
import { createDocsIndex } from '../docs/searchIndex.ts';
import type { DocsIndex } from '../docs/types.ts';

const MAX_SECTIONS = 8;
const MAX_LINES = 30;
const EXCERPT_CHARS = 400;

export interface DocsSearchResult {
  sections: { path: string; heading: string; excerpt: string }[];
  lines: { path: string; line: number; text: string }[];
}

export interface DocsSearch {
  search(query: string): Promise<DocsSearchResult>;
  /** Re-reads one file into the index after the agent changed it. */
  refresh(file: string): Promise<void>;
}

/** `root` is the jail's real docs folder; listing skips symlinks and dot folders. */
export function createDocsSearch(root: string): DocsSearch {
  let index: Promise<DocsIndex> | undefined;
  const loadIndex = () => (index ??= loadDocs(root).then((docs) => createDocsIndex(docs)));

  return {
    async search(query) {
      const hits = (await loadIndex()).search(query, { limit: MAX_SECTIONS });
      const sections = hits.map(({ section }) => ({
        path: section.file,
        heading: section.headingPath.join(' > ') || section.pageTitle,
        excerpt: section.text.slice(0, EXCERPT_CHARS),
      }));
      const needle = query.toLowerCase();
      const lines: DocsSearchResult['lines'] = [];
      for (const file of await listDocFiles(root)) {
        const content = await readFile(path.join(root, file), 'utf8');
        content.split('\n').forEach((text, position) => {
          if (lines.length < MAX_LINES && text.toLowerCase().includes(needle)) lines.push({ path: file, line: position + 1, text: text.slice(0, 300) });
        });
        if (lines.length >= MAX_LINES) break;
      }
      return { sections, lines };
    },
    async refresh(file) {
      if (!index) return;
      const current = await index;
      const page = await loadDocFile(root, file);
      current.updateFile(file, page?.sections ?? []);
    },
  };
}
