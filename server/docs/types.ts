// The docs model shared by loading, search and answering. One owner: server/docs.

/** Frontmatter metadata that `filter` can match (version, language, groups, and any other scalar field). */
export type SectionMetadata = Record<string, string | number | boolean | string[]>;

/** One searchable unit: the text under an h1-h3 heading of one page. */
export interface Section {
  /** Stable id: `route#anchor`. */
  id: string;
  /** Path of the source file relative to the docs folder, with forward slashes. */
  file: string;
  /** The page's route: `/guides/setup` (an `index` file maps to its folder, `/` for the root). */
  route: string;
  /** GitHub-style anchor of the heading; empty for text before the first heading. */
  anchor: string;
  /** Absolute or root-relative URL: site URL + route + `#anchor`. */
  url: string;
  /** Page title (frontmatter title, else the first h1, else the file name). */
  pageTitle: string;
  /** Page description from frontmatter, when any. */
  description?: string;
  /** Headings from the page's top down to this section's own heading. */
  headingPath: string[];
  /** The section's text with code blocks kept (fenced as Markdown). */
  text: string;
  /** True when the text only lists the headings of the sections under this one (it had no text of its own): quoted, not indexed. */
  listsSubsections?: true;
  /** Frontmatter metadata used by `filter`. */
  metadata: SectionMetadata;
}

/** A docs page as loaded from one file. */
export interface Page {
  file: string;
  route: string;
  title: string;
  description?: string;
  metadata: SectionMetadata;
  sections: Section[];
}

/** What loading a docs folder produced. */
export interface LoadedDocs {
  pages: Page[];
  sections: Section[];
  /** One line per skipped file, naming it and why. */
  warnings: string[];
}

/** Signals beyond the question that steer ranking. */
export interface SearchOptions {
  limit: number;
  filter?: Record<string, unknown> | null;
  currentPath?: string;
  /** `elementId`: the widget's id of the page element the item was taken from (for a selection, the heading it is under). */
  context?: { type: 'code' | 'textSelection'; value: string; path?: string; elementId?: string }[];
  /**
   * Ranked by score alone, without lowering sections that cover little of the question (the ranking's
   * coverageFloor) or the product's name (productNameWeight): the order whether the docs cover a question
   * was calibrated on (retrieve.ts).
   */
  byScoreAlone?: boolean;
  /**
   * Pages whose sections are lifted, by route or published path: those a follow-up's last answer was drawn from,
   * and the page a selection was taken from (retrieve.ts).
   */
  settingPages?: readonly string[];
  /** The question stays on its setting's topic (it names no other page): its setting pages are lifted the more. */
  staysOnSetting?: boolean;
  /** What the context weighs against the question's own words, instead of the index's setting (0.5). */
  contextWeight?: number;
}

export interface SearchHit {
  section: Section;
  score: number;
  /**
   * Share (0-1) of the question the section's words cover, each question word weighed by how rare it
   * is in the docs (a word no page has weighs most). Low on the best hit: the docs do not cover it.
   */
  coverage: number;
}

/** A page as the index holds it (what the page, llms.txt and MCP routes serve). */
export interface IndexedPage {
  route: string;
  file: string;
  title: string;
  description?: string;
  /** The page's URL: site URL + route. */
  url: string;
  metadata: SectionMetadata;
  sections: Section[];
}

/** The search index over all sections; replaceable when files change. */
export interface DocsIndex {
  search(query: string, options: SearchOptions): SearchHit[];
  /**
   * The words of `text` (as search analyses them) that no section has, even as a prefix or with a typo;
   * with `exact`, also those a section has only as a prefix or with a typo ("Slack" for "stack").
   */
  unknownWords(text: string, options?: { exact?: boolean }): string[];
  /** The share (0-1) of sections that have exactly `term` (an analysed term, as termsOf gives them) in one field at least. */
  sectionShare(term: string): number;
  /** Whether a term is the product's name: in more than 55% of the sections, on a site of 50 sections or more (Hono, Vite, Vue). */
  isProductName(term: string): boolean;
  /**
   * The name of the product the docs are about, as a question would say it: their home page's title up to a dash or
   * colon ("Hono - Web framework built on Web Standards": Hono), else the page titles' word in most sections (vite).
   * Undefined when neither tells.
   */
  productName(): string | undefined;
  /** Per term of `question`, the docs' words its wording also finds: synonyms (synonyms.ts), and a Chinese term in the other script (chineseScripts.ts). */
  alternativesIn(question: string): Map<string, string[]>;
  /**
   * Per term of `question`, when it is asked in another language than most of the docs, the docs' words for it
   * (glossary.ts: 端口 is port): the same word, where a synonym is another. Empty when asked in the docs' language.
   */
  translationsIn(question: string): ReadonlyMap<string, readonly string[]>;
  /** Replace every section that came from `file` (an empty list removes the file). */
  updateFile(file: string, sections: Section[]): void;
  /** The indexed pages, each with its sections in page order, sorted by route. */
  pages(): IndexedPage[];
  /** The page at `route` (`/guides/install`), or undefined. */
  page(route: string): IndexedPage | undefined;
  readonly pageCount: number;
  readonly sectionCount: number;
  /** The word index with each file's content hash, for `openDocsIndex(ranking, { snapshot })` on the next start. */
  snapshot(): Uint8Array;
}
