// The terms of a section's heading, title and text, as the search index analyses them: what judging whether a
// section answers a question, or which section a question about a selection asks about, compares the question with.
import { termsOf } from '../docs/analyzer.ts';
import { toDocument } from '../docs/sectionTerms.ts';
import type { Section } from '../docs/types.ts';

/** Sections are immutable and shared: each is analysed once. */
const sectionTermSets = new WeakMap<Section, ReadonlySet<string>>();
const headingTermSets = new WeakMap<Section, ReadonlySet<string>>();

/** The terms of a section's own heading and its page title. */
export function termsOfHeading(section: Section): ReadonlySet<string> {
  let terms = headingTermSets.get(section);
  if (!terms) headingTermSets.set(section, (terms = new Set(termsOf(`${section.pageTitle}\n${section.headingPath.at(-1) ?? ''}`))));
  return terms;
}

const ownHeadingTermSets = new WeakMap<Section, ReadonlySet<string>>();

/** The terms of a section's own heading (its page's title left out). */
export function termsOfOwnHeading(section: Section): ReadonlySet<string> {
  let terms = ownHeadingTermSets.get(section);
  if (!terms) ownHeadingTermSets.set(section, (terms = new Set(termsOf(section.headingPath.at(-1) ?? ''))));
  return terms;
}

/** The terms of a section's indexed fields (its page's description counted in), as the index analyses them. */
export function termsOfSection(section: Section): ReadonlySet<string> {
  let terms = sectionTermSets.get(section);
  if (!terms) {
    const { title, heading, breadcrumbs, text } = toDocument(0, section, true);
    sectionTermSets.set(section, (terms = new Set(termsOf([title, heading, breadcrumbs, text].join('\n')))));
  }
  return terms;
}
