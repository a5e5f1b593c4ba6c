// One docs file to a page of sections, split at h1-h3, with GitHub-style anchors and heading paths.
import GithubSlugger from 'github-slugger';
import type { Heading, RootContent } from 'mdast';
import path from 'node:path';
import { blockText, CUSTOM_ANCHOR, inlineText, plainTextLink, type LinkResolver } from './blockText.ts';
import { titleCodeVariants } from './codeVariants.ts';
import { readFrontmatter } from './frontmatter.ts';
import { languageOfPage } from './language.ts';
import { parseMarkdown } from './markdown.ts';
import { encodeRoute, routeForFile, sectionUrl } from './route.ts';
import type { Page, Section } from './types.ts';

export interface PageOptions {
  siteUrl?: string;
}

export interface BuiltPage {
  page: Page;
}

/** Headings deeper than this stay inside their parent's section. */
const SECTION_DEPTH = 3;

interface DraftSection {
  heading: string;
  anchor: string;
  headingPath: string[];
  blocks: string[];
  listsSubsections?: true;
}

/** Throws on unreadable frontmatter; the loader reports the file as skipped. */
export function buildPage(file: string, source: string, options: PageOptions = {}): BuiltPage {
  const frontmatter = readFrontmatter(source);
  const tree = parseMarkdown(frontmatter.content, file);
  const slugger = new GithubSlugger();
  const drafts: DraftSection[] = [{ heading: '', anchor: '', headingPath: [], blocks: [] }];
  const openHeadings: string[] = [];
  let firstH1: string | undefined;
  const resolveLink = linkResolver(file, options.siteUrl);

  titleCodeVariants(tree, () => languageOfPage(file, frontmatter.metadata, frontmatter.content.slice(0, 4000)));
  for (const node of tree.children) {
    if (isSectionHeading(node)) {
      const { text, anchor } = readHeading(node, slugger);
      if (node.depth === 1) firstH1 ??= text;
      openHeadings.length = node.depth - 1;
      openHeadings[node.depth - 1] = text;
      drafts.push({ heading: text, anchor, headingPath: openHeadings.filter((heading) => heading !== undefined), blocks: [] });
      continue;
    }
    const text = blockText(node, '', resolveLink);
    if (text !== '') drafts.at(-1)?.blocks.push(text);
  }

  const route = routeForFile(file);
  listSubsections(drafts, (anchor) => sectionUrl(options.siteUrl, route, anchor));
  const title = frontmatter.title ?? firstH1 ?? fallbackTitle(file);
  const kept = drafts.filter((draft) => draft.blocks.length > 0);
  // A page of headings only still deserves to be findable by its headings.
  const chosen = kept.length > 0 ? kept : drafts.filter((draft) => draft.heading !== '').slice(0, 1);
  const metadata = withLanguage(file, frontmatter.metadata, chosen);
  const sections: Section[] = chosen.map((draft) => ({
    id: draft.anchor === '' ? route : `${route}#${draft.anchor}`,
    file,
    route,
    anchor: draft.anchor,
    url: sectionUrl(options.siteUrl, route, draft.anchor),
    pageTitle: title,
    ...(frontmatter.description ? { description: frontmatter.description } : {}),
    headingPath: draft.headingPath,
    text: draft.blocks.join('\n\n'),
    ...(draft.listsSubsections ? { listsSubsections: draft.listsSubsections } : {}),
    metadata,
  }));

  return {
    page: {
      file,
      route,
      title,
      ...(frontmatter.description ? { description: frontmatter.description } : {}),
      metadata,
      sections,
    },
  };
}

/**
 * A heading with nothing under it but deeper headings ("## Options" over one "### origin" per option) gets
 * the list of those headings as its text: "what options does the cors middleware take?" found nothing to
 * quote, as an empty section is not kept and the options were only the headings of their own sections. The
 * list is quoted, not indexed (sectionTerms.ts): as words of a short text it drew questions on any of them.
 */
const MAX_LISTED_SUBSECTIONS = 50;

function listSubsections(drafts: DraftSection[], urlOf: (anchor: string) => string): void {
  for (const [position, draft] of drafts.entries()) {
    // Below the page's own heading: a page whose title stands over its sections is found by them as before.
    const depth = draft.headingPath.length;
    if (draft.heading === '' || draft.blocks.length > 0 || depth < 2) continue;
    // Read in place (no copy of the rest per heading): a file of thousands of empty headings stays linear.
    const children: DraftSection[] = [];
    for (let after = position + 1; after < drafts.length; after++) {
      const next = drafts[after] as DraftSection;
      if (next.headingPath.length <= depth) break;
      if (next.headingPath.length === depth + 1) children.push(next);
    }
    // One subsection is its own answer; past a few dozen, a list of them is no answer either.
    if (children.length < 2 || children.length > MAX_LISTED_SUBSECTIONS) continue;
    // Each a link to its section, where the reader finds what it says.
    draft.blocks.push(children.map((child) => `- ${plainTextLink(child.heading, urlOf(child.anchor))}`).join('\n'));
    draft.listsSubsections = true;
  }
}

/**
 * The page's metadata with `language` set (from `lang`/`locale`, the path or the text) when the
 * frontmatter has none, so `filter.language` and the reader's-language preference work on sites
 * that only say it in their folder names.
 */
function withLanguage(file: string, metadata: Page['metadata'], drafts: DraftSection[]): Page['metadata'] {
  if (typeof metadata.language === 'string') return metadata;
  const sample = drafts.map((draft) => `${draft.heading}\n${draft.blocks.join('\n')}`).join('\n').slice(0, 4000);
  const language = languageOfPage(file, metadata, sample);
  return language === undefined ? metadata : { ...metadata, language };
}

/**
 * Links of a page as a reader follows them from a quote: relative to the page (`./react.md#props`,
 * `../guide/setup`), to the site (`/server#flags`) or the page itself (`#usage`) become published URLs;
 * other schemes keep their address (the widget decides what it renders as a link).
 */
function linkResolver(file: string, siteUrl: string | undefined): LinkResolver {
  const base = (siteUrl ?? '').replace(/\/+$/, '');
  const pageRoute = routeForFile(file);
  return (url) => {
    const target = url.trim();
    if (target === '') return undefined;
    if (/^[a-z][a-z\d+.-]*:/i.test(target) || target.startsWith('//')) return target;
    const hashAt = target.indexOf('#');
    const pathPart = hashAt === -1 ? target : target.slice(0, hashAt);
    const hash = hashAt === -1 ? '' : target.slice(hashAt);
    if (pathPart === '') return `${base}${encodeRoute(pageRoute)}${hash}`;
    if (pathPart.startsWith('/')) return `${base}${pathPart.replace(/(\/index)?\.mdx?$/i, '')}${hash}`;
    const joined = path.posix.normalize(path.posix.join(path.posix.dirname(file), pathPart));
    if (joined.startsWith('..')) return undefined;
    const route = /\.mdx?$/i.test(joined) ? routeForFile(joined) : `/${joined.replace(/\/$/, '')}`;
    return `${base}${route}${hash}`;
  };
}

function isSectionHeading(node: RootContent): node is Heading {
  return node.type === 'heading' && node.depth <= SECTION_DEPTH;
}

function readHeading(node: Heading, slugger: GithubSlugger): { text: string; anchor: string } {
  const raw = inlineText(node).replace(/\s+/g, ' ').trim();
  const custom = CUSTOM_ANCHOR.exec(raw);
  if (custom?.[1]) return { text: withoutMarkers(raw.slice(0, custom.index).trim()), anchor: custom[1] };
  // The anchor is the site's own, from the heading as written; only the text a reader sees loses its markers.
  return { text: withoutMarkers(raw), anchor: slugger.slug(raw) };
}

/**
 * A heading without the asterisks some sites put after it as a marker (Vue's docs: `## reactive() \*\*`
 * for a section of one API style), which answers showed as "reactive() **". A heading of asterisks alone stays.
 */
function withoutMarkers(text: string): string {
  return text.replace(/(?<=\S)\s+\*+$/, '');
}

function fallbackTitle(file: string): string {
  const segments = file.replace(/\.mdx?$/i, '').split('/');
  const last = segments.pop() ?? file;
  return last.toLowerCase() === 'index' ? (segments.pop() ?? 'Home') : last;
}
