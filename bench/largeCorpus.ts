// The large corpus of the start-up bench: every corpus in ../shared/corpora/ (Hono in English, Vite in
// Japanese, Vue in Chinese) plus this project's docs/, copied under distinct paths (`v0/`, `v1/`, ...) until
// it holds 2,500 pages, each copy's pages ending in a line of their own so no two files are the same bytes.
// About 2,550 Markdown/MDX pages, 29 MB, 25,600 sections: the size of Astro's docs in all their languages.
//   node bench/largeCorpus.ts <folder>    (writes the corpus there; the bench calls it itself)
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCES = ['../../shared/corpora/hono-docs', '../../shared/corpora/vite-docs-ja', '../../shared/corpora/vue-docs-zh-cn', '../docs'].map((relative) =>
  fileURLToPath(new URL(relative, import.meta.url)),
);
const LARGE_CORPUS_PAGES = 2_500;

/** Writes the corpus into `folder` (emptied first); returns the number of pages. */
export function writeLargeCorpus(folder: string): number {
  rmSync(folder, { recursive: true, force: true });
  let pages = 0;
  // Returns the pages written, so the loop below sees its condition change.
  const copy = (from: string, to: string, revision: number): number => {
    for (const entry of readdirSync(from, { withFileTypes: true })) {
      const source = join(from, entry.name);
      if (entry.isDirectory()) copy(source, join(to, entry.name), revision);
      else if (/\.mdx?$/.test(entry.name)) {
        mkdirSync(to, { recursive: true });
        writeFileSync(join(to, entry.name), `${readFileSync(source, 'utf8')}\n\nRevision ${revision} of this page, kept for release train ${revision * 7}.\n`);
        pages++;
      }
    }
    return pages;
  };
  let written = 0;
  for (let revision = 0; written < LARGE_CORPUS_PAGES; revision++) {
    for (const source of SOURCES) written = copy(source, join(folder, `v${revision}`, source.split('/').at(-1)!), revision);
  }
  return written;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const folder = process.argv[2];
  if (!folder) throw new Error('usage: node bench/largeCorpus.ts <folder>');
  console.log(`${writeLargeCorpus(folder)} pages in ${folder}`);
}
