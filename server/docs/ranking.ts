// Ranking steps after the engine's BM25 scores: the reader's current page and folder lifted (and a follow-up's
// setting pages), and at most a few sections per page before other pages get a place.
import { termsOf as termsOfText } from './analyzer.ts';
import type { Section } from './types.ts';

export interface Candidate {
  section: Section;
  score: number;
  coverage: number;
}

/** A section's page as a reader's path may spell it: the published URL path, then the bare route, last (computed once per section at index time). */
export function pagePathsOf(section: Section): string[] {
  const published = normalizePath(section.url.replace(/#.*$/, ''));
  return published !== undefined && published !== section.route ? [published, section.route] : [section.route];
}

/** Where the reader is: their page (from normalizePath), and the pages of their setting (SearchOptions.settingPages). */
export interface ReaderPlace {
  current: string | undefined;
  settingPages: ReadonlySet<string>;
}

/** Multiplier for a section on a page with these paths (pagePathsOf), for a reader at `place`. */
export function pageBoost(pagePaths: string[], place: ReaderPlace, boosts: { currentPageBoost: number; currentFolderBoost: number; settingPageBoost: number }): number {
  const route = pagePaths.at(-1) ?? '';
  // A setting page may be named by its published path (a source URL's) or its route.
  const inSetting = place.settingPages.size > 0 && pagePaths.some((pagePath) => place.settingPages.has(pagePath));
  const current = place.current === undefined ? 1 : currentPathBoost(pagePaths, route, place.current, boosts);
  // The reader's page (or folder) that is also the setting's is lifted once: after "explain this" about a
  // passage of the page they are on, both lifts together made "How do I test my app?" open on that page (3 of
  // 13 changes of topic checked so; bench/questions/selection-follow-ups.json scores 17 of 24 either way).
  return Math.max(current, inSetting ? boosts.settingPageBoost : 1);
}

function currentPathBoost(pagePaths: string[], route: string, current: string, boosts: { currentPageBoost: number; currentFolderBoost: number }): number {
  // The site's home page introduces everything, so a reader on it may ask about anything: lifted, its overview
  // sections led questions on other pages ("Does it work on Safari?" opened on "How does it work?"). Asked from
  // the home page, first sources matched asked from nowhere for 389 of 520 questions against 397 (bench sets).
  if (pagePaths.includes(current)) return route === '/' ? 1 : boosts.currentPageBoost;
  return pagePaths.some((pagePath) => sharesFolder(pagePath, current)) ? boosts.currentFolderBoost : 1;
}

/** A path as page paths are spelled (no origin, `index`, extension or trailing slash), or undefined when it gives nothing to match. */
export function normalizePath(value: string | undefined): string | undefined {
  if (!value) return undefined;
  let pathname = value;
  try {
    pathname = new URL(value, 'http://localhost').pathname;
  } catch {
    return undefined;
  }
  try {
    pathname = decodeURIComponent(pathname);
  } catch {
    // Keep the raw path: a stray `%` should not cost the boost for everything else.
  }
  pathname = pathname.replace(/(\/index)?(\.html?|\.mdx?)?$/i, '').replace(/\/+$/, '');
  return pathname === '' ? '/' : pathname;
}

/** A sibling page, the folder's index, or (reader on a folder index) a page inside it; the root folder is everyone's, so it counts for none. */
function sharesFolder(pagePath: string, current: string): boolean {
  if (current === '/') return false;
  const currentFolder = parentFolder(current);
  const pageFolder = parentFolder(pagePath);
  return pageFolder === current || (currentFolder !== '/' && (pagePath === currentFolder || pageFolder === currentFolder));
}

function parentFolder(pagePath: string): string {
  const cut = pagePath.lastIndexOf('/');
  return cut <= 0 ? '/' : pagePath.slice(0, cut);
}

/** Whether `ranked` holds `limit` sections within `perPage` per page, so capPerPage needs nothing ranked after it. */
export function fillsUnderCap(ranked: Candidate[], limit: number, perPage: number): boolean {
  const perFile = new Map<string, number>();
  let kept = 0;
  for (const candidate of ranked) {
    const count = perFile.get(candidate.section.file) ?? 0;
    if (count >= perPage) continue;
    perFile.set(candidate.section.file, count + 1);
    if (++kept === limit) return true;
  }
  return false;
}

/** Up to `perPage` sections of each page first; if that leaves room, the best of the rest in rank order. */
export function capPerPage(ranked: Candidate[], limit: number, perPage: number): Candidate[] {
  const chosen: Candidate[] = [];
  const skipped: Candidate[] = [];
  const perFile = new Map<string, number>();
  for (const candidate of ranked) {
    if (chosen.length === limit) break;
    const count = perFile.get(candidate.section.file) ?? 0;
    if (count < perPage) {
      chosen.push(candidate);
      perFile.set(candidate.section.file, count + 1);
    } else skipped.push(candidate);
  }
  if (chosen.length < limit) {
    chosen.push(...skipped.slice(0, limit - chosen.length));
    const order = new Map(ranked.map((candidate, position) => [candidate, position]));
    chosen.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
  }
  return chosen;
}

/** A step's number in a heading ("4. Deploy", "2.1. Setup") names nothing a reader asks. */
const STEP_NUMBER = /^\d+$/;
/**
 * A section of the first page scoring at least this share of its intro's score may take the intro's place.
 * Half: Hono's "Vercel" intro outscored its "4. Deploy" by 1.66x for "How do I deploy to Vercel?" (0.75, 0.6 and
 * 0.5 give the same figures on every bench set; only that answer changed).
 */
const NAMED_SECTION_SHARE = 0.5;

/**
 * A page's intro found first gives way to a section of the same page that scores nearly as well and whose
 * heading names what the question adds to the page's title: every telling word of the heading past the
 * title's is a word of the question. The intro holds the page's title as its heading too, so a question
 * naming the page ("What states can an agent job be in?") found "Agent jobs" before "Job states". A question
 * naming only the page keeps the intro, and so does one a heading only half names ("Pages Router" for a
 * question on the app router).
 */
export function namedSectionFirst(ranked: Candidate[], questionTerms: ReadonlySet<string>, termsOf: (text: string) => string[], telling: (term: string) => boolean): Candidate[] {
  const first = ranked[0];
  if (!first || first.section.headingPath.length !== 1) return ranked;
  const titleTerms = new Set(termsOf(first.section.pageTitle));
  const namesTheQuestion = (heading: string) => {
    // Its telling words past the title's: at least one, and all of them the question's ("Job states", not "Pages Router" for an app router).
    const own = termsOf(heading).filter((term) => !titleTerms.has(term) && !STEP_NUMBER.test(term) && telling(term));
    return own.length > 0 && own.every((term) => questionTerms.has(term));
  };
  const named = ranked.findIndex(
    (candidate, position) =>
      position > 0 &&
      candidate.section.file === first.section.file &&
      candidate.score >= first.score * NAMED_SECTION_SHARE &&
      namesTheQuestion(candidate.section.headingPath.at(-1) ?? ''),
  );
  return named < 0 ? ranked : movedToFront(ranked, named);
}

/** The ranking with the candidate at `position` first, the others in their order. */
function movedToFront(ranked: readonly Candidate[], position: number): Candidate[] {
  const moved = ranked[position];
  return moved ? [moved, ...ranked.slice(0, position), ...ranked.slice(position + 1)] : [...ranked];
}

/** Page names that introduce a site, at its root (index.md) or in a top folder (guide/introduction.md). */
const INTRODUCING_PAGES = new Set(['introduction', 'intro', 'overview']);
/** Headings that introduce what a page is about (guide/index.md's 概要 in Vite's docs). */
const INTRODUCING_HEADINGS = new Set(['overview', 'introduction', 'intro', 'about', '概要', '概述', '简介', '介绍', '簡介', '介紹', 'はじめに', '導入']);

/**
 * Whether a section introduces the site: the root page, an introduction page at the root or in a top folder,
 * or a section headed as an overview. A question naming only the product ("What is Vite?", "Vue 是什么") is
 * answered there.
 */
export function introducesSite(section: Pick<Section, 'file' | 'headingPath'>): boolean {
  const parts = section.file.split('/');
  const name = (parts.at(-1) ?? '').replace(/\.mdx?$/i, '').toLowerCase();
  if (parts.length === 1 && (name === 'index' || name === 'readme')) return true;
  if (parts.length <= 2 && INTRODUCING_PAGES.has(name)) return true;
  const heading = (section.headingPath.at(-1) ?? '').trim().toLowerCase().replace(/[\s\p{P}]+$/u, '');
  return section.headingPath.length > 1 && INTRODUCING_HEADINGS.has(heading);
}

/** A section of the page's own beginning comes first when it has at least this share of the first's score. */
const PAGE_TOPIC_SHARE = 0.25;
/** Verbs that ask how to put a topic to use rather than name one: add, enable, install (and 添加, 启用, 追加, 導入). Not "set" nor "configure": "set a cookie" asks for setCookie, "TypeScript 怎么配置" for 配置 tsconfig.json. */
const USING_TERMS = new Set(
  termsOfText('add adding enable enabling setup install installing create use using apply 添加 启用 开启 追加 有効 導入'),
);
/** With less prose than this (code left out), a page's opening is a note or an import line, not what the topic is. */
const MIN_OPENING_PROSE = 80;

/** Sections are immutable and shared: each one's prose is measured once. */
const proseLengths = new WeakMap<Section, number>();

function proseLengthOf(section: Section): number {
  let length = proseLengths.get(section);
  if (length === undefined) proseLengths.set(section, (length = proseLength(section.text)));
  return length;
}

/** The characters of a section's text outside its fenced code blocks (line by line: fences open and close alike). */
function proseLength(text: string): number {
  let length = 0;
  let fence: string | undefined;
  for (const line of text.split('\n')) {
    const marker = /^(`{3,}|~{3,})/.exec(line.trimStart())?.[1];
    if (fence === undefined && marker !== undefined) fence = marker;
    else if (fence !== undefined && marker !== undefined && marker.startsWith(fence)) fence = undefined;
    else if (fence === undefined) length += line.trim().length;
  }
  return length;
}

/**
 * A question on a page's topic (its words all the page title's: "插槽", "怎么优化性能" on 性能优化, "侦听器")
 * starts at the beginning of that page: of the page's ranked sections with a quarter of the first's score or
 * more, the earliest of substance comes first. A subsection deep in the page ("具名作用域插槽", named scoped
 * slots) outscored the page's opening, and a section of another page headed with the topic's name
 * ("侦听器调试", debugging watchers) the page on it. `topicAllowed` narrows the pages that may be the topic (a
 * follow-up that stays on its setting: the setting's pages, and a page whose whole title it names).
 */
export function pageTopicFirst(
  ranked: Candidate[],
  questionWords: ReadonlySet<string>,
  termsOf: (text: string) => string[],
  positionOf: (section: Section) => number,
  productName: (term: string) => boolean,
  topicAllowed: (section: Section) => boolean = () => true,
): Candidate[] {
  const first = ranked[0];
  // The product's name alone is in the title of many pages ("Vite の設定"): those questions go to its introduction.
  if (!first || [...questionWords].every(productName)) return ranked;
  const floor = first.score * PAGE_TOPIC_SHARE;
  // "How do I add security headers?" asks how to use the topic as much as "security headers" names it.
  const topicWords = [...questionWords].filter((word) => !USING_TERMS.has(word));
  const namesTitle = (candidate: Candidate) => {
    const titleTerms = new Set(termsOf(candidate.section.pageTitle));
    return topicWords.length > 0 && topicWords.every((word) => titleTerms.has(word));
  };
  // A first section headed with every word of the question, the using verb too ("Install docs-assistant" for
  // "how do I install docs-assistant?"), is what was asked, not a subsection to pass over for the page's intro.
  if (topicWords.length < questionWords.size) {
    const firstHeading = new Set(termsOf(first.section.headingPath.at(-1) ?? ''));
    if ([...questionWords].every((word) => firstHeading.has(word))) return ranked;
  }
  // Outside the pages a follow-up stays on, only a page whose whole title the question names: "and in React?"
  // names the page React; "有哪些钩子？" (which hooks?) after custom directives names part of 生命周期钩子's.
  const namesWholeTitle = (candidate: Candidate) => termsOf(candidate.section.pageTitle).every((term) => topicWords.includes(term));
  const topic = ranked.find((candidate) => candidate.score >= floor && namesTitle(candidate) && (topicAllowed(candidate.section) || namesWholeTitle(candidate)));
  // The page's own intro first is its beginning already (a note of a line there is left to the answer to skip).
  if (!topic || (topic === first && first.section.headingPath.length === 1)) return ranked;
  let earliest = -1;
  for (const [index, candidate] of ranked.entries()) {
    if (candidate.section.file !== topic.section.file || candidate.score < floor) continue;
    // A line ("This page assumes you have read Components Basics") points elsewhere, and code alone (Hono's
    // "Import" sections) shows no use: neither says what the topic is.
    if (proseLengthOf(candidate.section) < MIN_OPENING_PROSE) continue;
    if (earliest === -1 || positionOf(candidate.section) < positionOf((ranked[earliest] as Candidate).section)) earliest = index;
  }
  return earliest <= 0 ? ranked : movedToFront(ranked, earliest);
}
