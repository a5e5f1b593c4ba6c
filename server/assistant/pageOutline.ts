// A page as an answer about the whole of it sums it up ("what is this page about?"): its opening, the first
// section with text, and its outline, the second-level sections (every section, on a page that has none).
import type { Section } from '../docs/types.ts';

export interface PageOutline {
  opening: Section | undefined;
  outline: Section[];
}

export function pageOutline(sections: readonly Section[]): PageOutline {
  const opening = sections.find((section) => section.text.trim() !== '');
  const rest = sections.filter((section) => section !== opening && section.headingPath.length > 1);
  const topLevel = rest.filter((section) => section.headingPath.length === 2);
  return { opening, outline: topLevel.length > 0 ? topLevel : rest };
}
