// A search index over Markdown files written in a test, each built into its page as the server builds it.
import { createDocsIndex } from '../../../server/docs/searchIndex.ts';
import { buildPage } from '../../../server/docs/sections.ts';
import type { DocsIndex, Page } from '../../../server/docs/types.ts';

/** The index over `files` (path -> Markdown). */
export function indexOf(files: Record<string, string>): DocsIndex {
  const pages: Page[] = Object.entries(files).map(([file, source]) => buildPage(file, source).page);
  return createDocsIndex({ pages, sections: pages.flatMap((page) => page.sections), warnings: [] });
}
