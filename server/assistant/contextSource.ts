// Where a reader's selection or code block came from. A reader who highlights a paragraph or asks
// about a code block and types "explain this" means that passage: its own section is found by
// matching the text itself (exact, or near-exact for a selection that crossed formatting), which
// term overlap alone gets wrong whenever another page uses the same words more often.
import { searchableText } from '../docs/blockText.ts';
import { normalizePath } from '../docs/ranking.ts';
import type { DocsIndex, SearchOptions, Section } from '../docs/types.ts';

/** Sections whose text is compared with the context: the best of a search on the context's own words. */
const CANDIDATES = 12;
/** Characters per shingle: long enough to be specific, short enough to survive a changed word. */
const SHINGLE = 12;
const MAX_SHINGLES = 160;
/** Share of the context's shingles that must be in a section for a near-exact match. */
const NEAR_EXACT = 0.6;
/** Shorter selections ("the", a single word) say nothing about where they came from... */
const MIN_CONTEXT_CHARS = 12;
/** ...unless they are this long and in one section only of the page the reader took them from (a three-line CSS rule). */
const MIN_CONTEXT_CHARS_ON_PAGE = 6;
/** Letters a rendered heading may have beyond its source's text: a badge such as "optional" or "deprecated". */
const HEADING_BADGE_CHARS = 12;
/** Search hits whose whole page is compared too: the search keeps two sections per page. */
const PAGES_COMPARED_WHOLE = 3;
/** Sections of one page compared at most: each comparison looks up to MAX_SHINGLES pieces in the section's text. */
const MAX_SECTIONS_PER_PAGE = 120;

/** Section text as a reader sees it rendered: no Markdown marks, no link targets, no fences, one space. */
const normalized = new WeakMap<Section, string>();

function normalizedSection(section: Section): string {
  let text = normalized.get(section);
  if (text === undefined) {
    text = normalize(searchableText(section.text).replace(/^(`{3,}|~{3,}).*$/gm, ' '));
    normalized.set(section, text);
  }
  return text;
}

/** Lowercase letters and digits only: rendering drops backticks, asterisks, pipes and link brackets, and copies differ in spacing. */
export function normalize(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

export interface LocatedContext {
  section: Section;
  /** The context text as found (normalized), so answers can leave the selection itself out of a quote. */
  text: string;
  /** The context text as the reader sent it. */
  value: string;
}

/**
 * The section each context item was taken from, best match first; items that match no section
 * (a page outside the docs, a code block of the reader's own) are left out.
 */
export function locateContext(index: DocsIndex, context: SearchOptions['context'], options: Pick<SearchOptions, 'filter' | 'currentPath'>): LocatedContext[] {
  const located: LocatedContext[] = [];
  for (const item of context ?? []) {
    const text = normalize(item.value);
    // The page the reader took it from, by the route or URL path sent (`https://site/guides/install.html`).
    const readerPage = sectionsAt(index, normalizePath(item.path ?? options.currentPath));
    const found = headedOnPage(text, readerPage) ?? underNamedHeading(text, item.elementId, readerPage) ?? (text.length < MIN_CONTEXT_CHARS ? shortOnPage(text, readerPage) : bestHolder(index, item, text, readerPage, options));
    if (found && !located.some((entry) => entry.section.id === found.id)) located.push({ section: found, text, value: item.value });
  }
  return located;
}

/** A page's sections by its route (none when the docs have no such page), at most MAX_SECTIONS_PER_PAGE. */
export function sectionsAt(index: DocsIndex, route: string | undefined): Section[] {
  return (route === undefined ? undefined : index.page(route))?.sections.slice(0, MAX_SECTIONS_PER_PAGE) ?? [];
}

/**
 * A selected heading's section: readers select an option's name in its heading ("server.strictPort",
 * "maxAge: number") to ask about it, and the text that holds those words is another section's (server.ws
 * mentions `server.strictPort`; CORS's Options lists "maxAge: number" as a link).
 */
function headedOnPage(text: string, readerPage: readonly Section[]): Section | undefined {
  if (text === '') return undefined;
  let found: { section: Section; heading: string } | undefined;
  for (const section of readerPage) {
    const heading = normalize(section.headingPath.at(-1) ?? '');
    // A rendered heading may carry a badge the source writes as a component ("optional maxAge: number" for
    // `<Badge text="optional" /> maxAge: number`): a few letters more than the heading, the longest heading held.
    const held = heading === text || (heading.length >= MIN_CONTEXT_CHARS_ON_PAGE && text.length - heading.length <= HEADING_BADGE_CHARS && text.includes(heading));
    if (held && (!found || heading.length > found.heading.length)) found = { section, heading };
  }
  return found?.section;
}

/**
 * The section of the reader's page under the heading the widget names (`elementId`: the id of the last heading
 * before the selection, as docs sites give their headings the section's anchor), when it holds the passage: a
 * sentence a page says twice ("100 new jobs per project per hour." in the flags table and under Limits) is the
 * one the reader selected, not the first.
 */
function underNamedHeading(text: string, elementId: string | undefined, readerPage: readonly Section[]): Section | undefined {
  if (!elementId || text.length < MIN_CONTEXT_CHARS_ON_PAGE) return undefined;
  const anchor = elementId.toLowerCase();
  const section = readerPage.find((candidate) => candidate.anchor !== '' && candidate.anchor.toLowerCase() === anchor);
  return section && containmentIn(text, normalizedSection(section)) >= NEAR_EXACT ? section : undefined;
}

/** A short passage's section: the only one of the reader's page that holds it. */
function shortOnPage(text: string, readerPage: readonly Section[]): Section | undefined {
  if (text.length < MIN_CONTEXT_CHARS_ON_PAGE) return undefined;
  const holders = readerPage.filter((section) => normalizedSection(section).includes(text));
  return holders.length === 1 ? holders[0] : undefined;
}

/**
 * The section that holds the passage, whole or near-exactly: among the sections of the reader's page
 * first (the passage was taken there), then a search on its own words and the whole pages of its best hits.
 */
function bestHolder(index: DocsIndex, item: NonNullable<SearchOptions['context']>[number], text: string, readerPage: readonly Section[], options: Pick<SearchOptions, 'filter' | 'currentPath'>): Section | undefined {
  const hits = index.search(item.value.slice(0, 2000), {
    limit: CANDIDATES,
    filter: options.filter ?? null,
    currentPath: item.path ?? options.currentPath,
  });
  const candidates = new Map<string, Section>();
  const consider = (sections: readonly Section[]) => {
    for (const section of sections) if (!candidates.has(section.id)) candidates.set(section.id, section);
  };
  consider(readerPage);
  consider(hits.map((hit) => hit.section));
  for (const hit of hits.slice(0, PAGES_COMPARED_WHOLE)) consider(sectionsAt(index, hit.section.route));
  let best: { section: Section; containment: number } | undefined;
  for (const section of candidates.values()) {
    const containment = containmentIn(text, normalizedSection(section));
    if (containment >= NEAR_EXACT && (!best || containment > best.containment)) best = { section, containment };
    if (containment === 1) break;
  }
  return best?.section;
}

/** 1 when the section holds the whole text, else the share of the text's shingles it holds. */
function containmentIn(text: string, sectionText: string): number {
  if (sectionText.includes(text)) return 1;
  const count = Math.max(1, text.length - SHINGLE + 1);
  const step = Math.max(1, Math.floor(count / MAX_SHINGLES));
  let seen = 0;
  let found = 0;
  for (let start = 0; start < count; start += step) {
    seen++;
    if (sectionText.includes(text.slice(start, start + SHINGLE))) found++;
  }
  return found / seen;
}
