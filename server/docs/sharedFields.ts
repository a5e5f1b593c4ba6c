// A page's sections repeat the page's file, route, title, description and metadata, and the headings
// above them (and a section's URL is often its id). Within one page they are the same values; handed across a thread (structured clone, which
// copies every string on its own) or read back from JSON, each section would hold its own copies. Pointing
// them at one copy per page keeps a 2,500-page site's sections several megabytes smaller.
import type { Page } from './types.ts';

/** The page with its sections sharing one copy of each repeated value (the same page object, changed in place). */
export function withSharedFields(page: Page): Page {
  const headings = new Map<string, string>();
  const shared = (heading: string) => {
    const known = headings.get(heading);
    if (known !== undefined) return known;
    headings.set(heading, heading);
    return heading;
  };
  for (const section of page.sections) {
    section.file = page.file;
    section.route = page.route;
    section.pageTitle = page.title;
    if (page.description !== undefined) section.description = page.description;
    section.metadata = page.metadata;
    section.headingPath = section.headingPath.map(shared);
    // Without a site URL a section's URL is usually its id, spelled the same.
    if (section.url === section.id) section.url = section.id;
  }
  return page;
}
