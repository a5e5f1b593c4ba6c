// Keyword search and page content for other clients than the widget: the v1 search and page routes,
// and the MCP tools, which return the same results. Access by `groups` follows the OpenAPI: a page whose
// frontmatter lists groups is shown only to a caller naming one of them; other pages are public.
import { z } from 'zod';
import { SEARCH_LIMITS, type PageResponseBody, type SearchRequestBody, type SearchResult } from '../../src/wire.ts';
import { renderUnits, splitUnits } from '../assistant/passages.ts';
import { sectionTitle } from '../assistant/sources.ts';
import type { DocsIndex, IndexedPage, Section, SectionMetadata } from '../docs/types.ts';

export const searchRequestSchema = z.object({
  query: z.string().trim().min(1).max(SEARCH_LIMITS.queryLength),
  pageSize: z.number().int().min(1).max(SEARCH_LIMITS.pageSizeMax).default(SEARCH_LIMITS.pageSizeDefault),
  scoreThreshold: z.number().min(0).max(1).optional(),
  filter: z
    .object({
      version: z.string().optional(),
      language: z.string().optional(),
      tag: z.string().optional(),
      groups: z.array(z.string()).optional(),
    })
    .nullable()
    .optional(),
});

export const pageRequestSchema = z.object({
  path: z.string().min(1).max(2_000),
  groups: z.array(z.string()).optional(),
});

// The same contract check as the message body's (server/assistant/schema.ts): the schemas take exactly the wire types.
const searchBodiesAccepted: SearchRequestBody extends z.input<typeof searchRequestSchema> ? true : false = true;
const searchInputsFit: z.input<typeof searchRequestSchema> extends SearchRequestBody ? true : false = true;
const pageBodiesAccepted: { path: string; groups?: string[] } extends z.input<typeof pageRequestSchema> ? true : false = true;
void [searchBodiesAccepted, searchInputsFit, pageBodiesAccepted];

export type SearchRequest = z.output<typeof searchRequestSchema>;

/** Whether a caller naming `groups` may see a page with this metadata. */
export function visibleTo(metadata: SectionMetadata, groups: readonly string[] | undefined): boolean {
  const required = metadata.groups;
  if (required === undefined || (Array.isArray(required) && required.length === 0)) return true;
  const needed = Array.isArray(required) ? required : [String(required)];
  return (groups ?? []).some((group) => needed.includes(group));
}

/**
 * The matching sections, best first. `score` (0-1) is the share of the query the section covers (rare
 * words weigh most) times its BM25 score relative to the best result's: the best result of a query every
 * word of which it has scores 1, a section that shares one common word with it little, and a query the
 * docs do not cover scores low throughout, so `scoreThreshold` cuts the same way for any query.
 */
export function searchDocs(index: DocsIndex, request: SearchRequest): SearchResult[] {
  const { groups, ...fields } = request.filter ?? {};
  const filter = Object.keys(fields).length > 0 ? fields : null;
  // Extra hits make up for sections the caller's groups may not see.
  const hits = index.search(request.query, { limit: SEARCH_LIMITS.pageSizeMax * 2, filter }).filter((hit) => visibleTo(hit.section.metadata, groups));
  const best = hits[0]?.score ?? 1;
  return hits
    .map((hit) => ({ section: hit.section, score: Math.round(hit.coverage * (hit.score / best) * 10_000) / 10_000 }))
    .filter((hit) => hit.score >= (request.scoreThreshold ?? 0))
    .slice(0, request.pageSize)
    .map(({ section, score }) => toResult(section, score));
}

function toResult(section: Section, score: number): SearchResult {
  return {
    content: renderUnits(splitUnits(section.text)),
    path: section.route,
    metadata: { title: sectionTitle(section), headingPath: section.headingPath, url: section.url, score },
  };
}

/**
 * The page at `path`: a route (`/guides/install`, `guides/install/`), the `path` of a search result, or a
 * page URL (its anchor, query and any base path before the route are ignored).
 */
export function findPage(index: DocsIndex, path: string): IndexedPage | undefined {
  let pathname = path.trim();
  try {
    if (/^https?:\/\//i.test(pathname)) pathname = new URL(pathname).pathname;
  } catch {
    return undefined;
  }
  pathname = `/${pathname.replace(/[#?].*$/, '').replace(/^\/+|\/+$/g, '')}`;
  try {
    pathname = decodeURIComponent(pathname);
  } catch {
    // A stray % stays as written.
  }
  const exact = index.page(pathname);
  if (exact) return exact;
  // A site served below a base path (`/docs/guides/install`): the longest route it ends with.
  const candidates = index.pages().filter((page) => page.route !== '/' && pathname.endsWith(page.route));
  return candidates.toSorted((a, b) => b.route.length - a.route.length)[0];
}

/**
 * The page's text as Markdown: its title (at `titleLevel`), description and sections under their
 * headings; tables and code kept.
 */
export function pageMarkdown(page: IndexedPage, titleLevel = 1): string {
  const parts = [heading(titleLevel, page.title)];
  if (page.description) parts.push(page.description);
  for (const section of page.sections) {
    const title = section.headingPath.at(-1);
    if (title && !(section.headingPath.length === 1 && title === page.title)) parts.push(heading(titleLevel + Math.max(1, section.headingPath.length - 1), title));
    parts.push(renderUnits(splitUnits(section.text)));
  }
  return `${parts.filter((part) => part.trim() !== '').join('\n\n')}\n`;
}

function heading(level: number, text: string): string {
  return `${'#'.repeat(Math.min(6, level))} ${text}`;
}

export function pageContent(page: IndexedPage): PageResponseBody {
  return { path: page.route, content: pageMarkdown(page) };
}
