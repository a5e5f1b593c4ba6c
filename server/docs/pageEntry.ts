// A page as the page cache keeps it: JSON, with what every section repeats from its page kept once. Written
// by the parse workers (so the thread that answers requests does not serialize every page) and read back by
// the page cache.
import { withSharedFields } from './sharedFields.ts';
import type { Page, Section } from './types.ts';

/** What every section of a page repeats from the page: kept once per page, put back on load. */
type PageLevelField = 'file' | 'route' | 'pageTitle' | 'description' | 'metadata';
type KeptPage = Omit<Page, 'sections'> & { sections: Omit<Section, PageLevelField>[] };

function keptForm(page: Page): KeptPage {
  return {
    ...page,
    sections: page.sections.map(({ id, anchor, url, headingPath, text, listsSubsections }) => ({ id, anchor, url, headingPath, text, ...(listsSubsections ? { listsSubsections } : {}) })),
  };
}

/** The page again, its sections sharing the page's values as parsed pages do (half the entry to read, less to hold). */
function restored(page: KeptPage): Page {
  const shared = { file: page.file, route: page.route, pageTitle: page.title, ...(page.description ? { description: page.description } : {}), metadata: page.metadata };
  return withSharedFields({ ...page, sections: page.sections.map((section) => ({ ...section, ...shared })) });
}

const decoder = new TextDecoder();
const encoder = new TextEncoder();

/** A kept entry (its text, or that text in UTF-8) back to the page; undefined when it does not parse. */
export function entryOf(text: string | Uint8Array): Page | undefined {
  try {
    // Entries of older versions also hold `warnings` (always empty since markdown-it): ignored.
    const entry = JSON.parse(typeof text === 'string' ? text : decoder.decode(text)) as { page: KeptPage };
    return restored(entry.page);
  } catch {
    return undefined;
  }
}

/** The entry's text as the page cache keeps it. */
export function serializedEntry(page: Page): string {
  return JSON.stringify({ page: keptForm(page) });
}

/**
 * The entry's text in UTF-8, as a parse worker sends it: bytes are moved between threads, where a string is
 * copied (a large site's pages are 22 million characters), and the page cache keeps them as they are.
 */
export function encodedEntry(page: Page): Uint8Array<ArrayBuffer> {
  return encoder.encode(serializedEntry(page));
}
