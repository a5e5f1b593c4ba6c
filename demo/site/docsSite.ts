// The demo's docs site: every page of the docs folder, at the route the reference server gives it,
// ordered for the sidebar by the frontmatter field `order` (then title).
import { readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { listDocFiles } from '../../server/docs/load.ts';
import { readFrontmatter } from '../../server/docs/frontmatter.ts';
import { routeForFile } from '../../server/docs/route.ts';
import { renderMarkdown, type RenderedHeading } from './markdown.ts';

export interface DocsPage {
  file: string;
  route: string;
  title: string;
  description?: string;
  html: string;
  headings: RenderedHeading[];
}

export interface DocsSite {
  pages: DocsPage[];
  /** The page published at `route`, if any. */
  page(route: string): DocsPage | undefined;
}

/** Reads and renders every page now; call again to pick up edits (the demo reloads per request in watch mode). */
export async function loadDocsSite(docsDir: string): Promise<DocsSite> {
  const files = await listDocFiles(docsDir);
  const loaded = await Promise.all(files.map((file) => loadPage(docsDir, file)));
  const pages = loaded
    .filter((entry) => entry !== null)
    .toSorted((first, second) => first.order - second.order || first.page.title.localeCompare(second.page.title))
    .map((entry) => entry.page);
  const byRoute = new Map(pages.map((page) => [page.route, page]));
  return { pages, page: (route) => byRoute.get(normalizeRoute(route)) };
}

async function loadPage(docsDir: string, file: string): Promise<{ page: DocsPage; order: number } | null> {
  try {
    const source = await readFile(path.join(docsDir, file), 'utf8');
    const frontmatter = readFrontmatter(source);
    const { html, headings } = renderMarkdown(frontmatter.content);
    const firstHeading = headings.find((heading) => heading.depth === 1)?.text;
    const order = typeof frontmatter.metadata.order === 'number' ? frontmatter.metadata.order : Number.MAX_SAFE_INTEGER;
    return {
      order,
      page: {
        file,
        route: routeForFile(file),
        title: frontmatter.title ?? firstHeading ?? file,
        ...(frontmatter.description ? { description: frontmatter.description } : {}),
        html,
        headings,
      },
    };
  } catch (error) {
    // The server skips a broken file with a warning; the demo site does the same.
    console.warn(`demo: ${file}: ${error instanceof Error ? error.message : String(error)}; skipped`);
    return null;
  }
}

/** `/guides/` and `/guides` are the same page. */
export function normalizeRoute(route: string): string {
  const trimmed = route.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** The rendered site, re-read when a docs file changes (the reference server re-indexes them too). */
export function createSiteCache(docsDir: string): () => Promise<DocsSite> {
  let cached: { site: Promise<DocsSite>; version: string } | undefined;
  return () => {
    const version = docsVersion(docsDir);
    if (!cached || cached.version !== version) cached = { site: loadDocsSite(docsDir), version };
    return cached.site;
  };
}

/** Cheap change detector: every docs file's path, size and modification time. */
function docsVersion(docsDir: string): string {
  const parts: string[] = [];
  const pending = [docsDir];
  while (pending.length > 0) {
    const folder = pending.pop() as string;
    let entries;
    try {
      entries = readdirWithStats(folder);
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (entry.directory) pending.push(entry.path);
      else parts.push(`${entry.path}:${entry.size}:${entry.mtimeMs}`);
    }
  }
  return parts.toSorted().join('|');
}

function readdirWithStats(folder: string): { path: string; directory: boolean; size: number; mtimeMs: number }[] {
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith('.') && entry.name !== 'node_modules')
    .map((entry) => {
      const entryPath = path.join(folder, entry.name);
      if (entry.isDirectory()) return { path: entryPath, directory: true, size: 0, mtimeMs: 0 };
      const stats = statSync(entryPath);
      return { path: entryPath, directory: false, size: stats.size, mtimeMs: stats.mtimeMs };
    });
}
