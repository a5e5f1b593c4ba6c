// Checks a turn's edited pages the way a reviewer would: frontmatter that still parses, and relative
// links and anchors that land on an existing page and heading. Problems go back to the model as part of
// the write/edit tool results (so it can fix them in the same turn) and into the pull request body.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import GithubSlugger from 'github-slugger';
import type { Heading, Link, Nodes, Root } from 'mdast';
import { readFrontmatter } from '../docs/frontmatter.ts';
import { parseMarkdown } from '../docs/markdown.ts';
import { inlineText } from '../docs/blockText.ts';
import type { DocsJail } from './docsJail.ts';

export interface DocsProblem {
  /** Docs-relative path of the page. */
  file: string;
  line: number | null;
  message: string;
}

const PAGE_EXTENSIONS = ['.md', '.mdx', '.markdown'];
const CUSTOM_ANCHOR = /\s*\{#([\w-]+)\}\s*$/;

/** Every node of `type` in document order. */
function nodesOf<Type extends Nodes['type']>(tree: Nodes, type: Type): Extract<Nodes, { type: Type }>[] {
  const found: Extract<Nodes, { type: Type }>[] = [];
  const walk = (node: Nodes) => {
    if (node.type === type) found.push(node as Extract<Nodes, { type: Type }>);
    if ('children' in node) for (const child of node.children as Nodes[]) walk(child);
  };
  walk(tree);
  return found;
}

function isPage(file: string): boolean {
  return PAGE_EXTENSIONS.includes(path.extname(file).toLowerCase());
}

/** Anchors of a page's headings, as GitHub and most docs sites make them (explicit `{#id}` wins). */
function anchorsOf(tree: Root): Set<string> {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  for (const node of nodesOf(tree, 'heading') as Heading[]) {
    const text = inlineText(node).replace(/\s+/g, ' ').trim();
    const custom = CUSTOM_ANCHOR.exec(text);
    anchors.add(custom?.[1] ?? slugger.slug(text));
  }
  return anchors;
}

async function isFile(absolute: string): Promise<boolean> {
  return stat(absolute).then((stats) => stats.isFile(), () => false);
}

/** The page a relative link points to, trying the extensions and index pages docs sites resolve. */
async function resolvePage(jail: DocsJail, fromFile: string, target: string): Promise<string | undefined> {
  const joined = path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), decodeURI(target)));
  if (joined.startsWith('..')) return undefined;
  const bare = joined.replace(/\/$/, '');
  const candidates = [joined, ...PAGE_EXTENSIONS.map((extension) => `${bare}${extension}`), ...PAGE_EXTENSIONS.map((extension) => `${bare}/index${extension}`), `${bare}/README.md`];
  for (const candidate of candidates) {
    const absolute = await jail.resolveForRead(candidate).catch(() => undefined);
    if (absolute && (await isFile(absolute))) return candidate;
  }
  return undefined;
}

interface ParsedPage {
  tree: Root | null;
  frontmatterError: string | null;
}

async function parsePage(jail: DocsJail, file: string, cache: Map<string, ParsedPage>): Promise<ParsedPage> {
  const cached = cache.get(file);
  if (cached) return cached;
  const source = await readFile(await jail.resolveForRead(file), 'utf8');
  let parsed: ParsedPage;
  try {
    parsed = { tree: parseMarkdown(readFrontmatter(source).content, file), frontmatterError: null };
  } catch (error) {
    parsed = { tree: parseMarkdown(source, file), frontmatterError: (error as Error).message.split('\n')[0] ?? 'unreadable' };
  }
  cache.set(file, parsed);
  return parsed;
}

/** Problems in `files` (docs-relative pages; others and deleted files are skipped). */
export async function checkDocsPages(jail: DocsJail, files: readonly string[]): Promise<DocsProblem[]> {
  const problems: DocsProblem[] = [];
  const cache = new Map<string, ParsedPage>();
  for (const file of files) {
    if (!isPage(file)) continue;
    const absolute = await jail.resolveForRead(file).catch(() => undefined);
    if (!absolute || !(await isFile(absolute))) continue;
    const page = await parsePage(jail, file, cache);
    if (page.frontmatterError) problems.push({ file, line: 1, message: `the frontmatter does not parse: ${page.frontmatterError}` });
    if (!page.tree) continue;
    for (const link of nodesOf(page.tree, 'link') as Link[]) {
      const line = link.position?.start.line ?? null;
      const url = link.url.trim();
      // Only links between docs pages: not other sites, mail, absolute site routes or files outside the docs.
      if (url === '' || /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('/') || url.startsWith('//')) continue;
      const hash = url.indexOf('#');
      const target = hash === -1 ? url : url.slice(0, hash);
      const anchor = hash === -1 ? '' : decodeURIComponent(url.slice(hash + 1));
      const targetFile = target === '' ? file : await resolvePage(jail, file, target.split('?')[0] ?? target);
      if (!targetFile) {
        problems.push({ file, line, message: `the link "${url}" points to a page that does not exist` });
        continue;
      }
      if (anchor === '' || !isPage(targetFile)) continue;
      const targetPage = await parsePage(jail, targetFile, cache);
      if (targetPage.tree && !anchorsOf(targetPage.tree).has(anchor)) {
        problems.push({ file, line, message: `the link "${url}" points to a heading "#${anchor}" that ${targetFile === file ? 'this page' : targetFile} does not have` });
      }
    }
  }
  return problems;
}

/** One line per problem, for tool results, commit messages and pull request bodies. */
export function describeProblem(problem: DocsProblem): string {
  return `${problem.file}${problem.line ? `:${problem.line}` : ''}: ${problem.message}`;
}
