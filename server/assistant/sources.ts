// How a section is named and linked under an answer.
import type { Section } from '../docs/types.ts';

/** "Page title › Heading" (just the page title for text above the first heading or a heading equal to it). */
export function sectionTitle(section: Section): string {
  const heading = section.headingPath.at(-1);
  if (!heading || heading === section.pageTitle) return section.pageTitle;
  return `${section.pageTitle} › ${heading}`;
}
