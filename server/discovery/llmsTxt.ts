// GET /llms.txt and GET /llms-full.txt (the llmstxt.org convention): an index of every page with its
// URL and description, and every page's Markdown in one file, for AI tools that read docs. Built from
// the live index on each request (cheap next to a download), with an ETag and a short max-age.
import { Hono } from 'hono';
import { etag } from 'hono/etag';
import type { DocsIndex, IndexedPage } from '../docs/types.ts';
import { pageMarkdown, visibleTo } from './search.ts';

/** Long enough to spare a crawler's repeated reads, short enough that an edited page shows soon. */
const CACHE_CONTROL = 'public, max-age=300';

export interface LlmsTxtOptions {
  getIndex: () => DocsIndex;
  /** The site's name (assistant.md), else the home page's title. */
  siteName: string | null;
}

/** Pages anyone may read (a page restricted to groups is left out of public files). */
function publicPages(index: DocsIndex): IndexedPage[] {
  return index.pages().filter((page) => visibleTo(page.metadata, undefined));
}

function siteTitle(pages: IndexedPage[], siteName: string | null): string {
  return siteName ?? pages.find((page) => page.route === '/')?.title ?? 'Documentation';
}

export function llmsTxt(index: DocsIndex, siteName: string | null): string {
  const pages = publicPages(index);
  const home = pages.find((page) => page.route === '/');
  const lines = [`# ${siteTitle(pages, siteName)}`, ''];
  if (home?.description) lines.push(`> ${home.description}`, '');
  lines.push('## Pages', '');
  for (const page of pages) lines.push(`- [${page.title.replace(/[[\]]/g, '\\$&')}](${page.url})${page.description ? `: ${page.description}` : ''}`);
  return `${lines.join('\n')}\n`;
}

export function llmsFullTxt(index: DocsIndex, siteName: string | null): string {
  const pages = publicPages(index);
  const parts = [`# ${siteTitle(pages, siteName)}\n`];
  // Each page one level down, under the site's title.
  for (const page of pages) parts.push(`${pageMarkdown(page, 2)}\nSource: ${page.url}\n`);
  return parts.join('\n---\n\n');
}

function text(body: string): Response {
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CACHE_CONTROL, 'Access-Control-Allow-Origin': '*' } });
}

export function llmsTxtRoutes(options: LlmsTxtOptions): Hono {
  const routes = new Hono();
  routes.use('/llms.txt', etag());
  routes.use('/llms-full.txt', etag());
  routes.get('/llms.txt', () => text(llmsTxt(options.getIndex(), options.siteName)));
  routes.get('/llms-full.txt', () => text(llmsFullTxt(options.getIndex(), options.siteName)));
  return routes;
}
