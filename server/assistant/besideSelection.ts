// Which section a reader's own question about a selection asks about: often not the selection's own section but
// another of its page ("what does maxAge mean here?" over CORS's usage example asks about the maxAge option).
import { termsOfToken, tokenize, wordTermsOf } from '../docs/analyzer.ts';
import { searchableText } from '../docs/blockText.ts';
import { otherScriptForms } from '../docs/chineseScripts.ts';
import { asksDifference, headingCompares } from '../docs/comparisons.ts';
import { asksWhy, headingGivesReason } from '../docs/reasons.ts';
import { describesProblem } from '../docs/symptoms.ts';
import type { DocsIndex, Section } from '../docs/types.ts';
import { type LocatedContext, sectionsAt } from './contextSource.ts';
import { termsOfOwnHeading, termsOfSection } from './sectionTermSets.ts';
import { contentTerms, isPointingTerm } from './terms.ts';

/**
 * Share of a page's sections above which a word of the question says nothing about which of them it asks
 * about (CORS's "allow", the server options' デフォルト: each option has its default). Measured on
 * bench/questions/selection-questions.json: 0.5 left "allow only my own domain" on allowHeaders.
 */
const PAGE_COMMON_SHARE = 0.4;
/** A page this short has no words common to its sections, only its topic. */
const MIN_PAGE_SECTIONS = 4;

/**
 * The section of the selection's page that a question of the reader's own about the selection asks about,
 * when it is another than the selection's own: "what does maxAge mean here?" over CORS's usage example asks
 * about the maxAge option's section, "can I read it from a cookie instead?" over JWT's sentence on the
 * Authorization header about the cookie option. The section that matches the question's words best leads: a
 * word in a section's own heading counts twice (the section is about it; the word itself, not a synonym), in its
 * text once, and a synonym of it in the text half ("what does a blocked client get back?" over IP Restriction's
 * allowList: the usage's denyList against Error handling's "Blocking access"); in the selection's own section, a
 * word only the selection holds does not count (maxAge is in the selected code, which does not say what it is).
 * Ties keep the selection's own section: "デフォルトは？" about server.port's sentence asks for its default.
 */
export function besideSelection(question: string, own: LocatedContext, found: readonly Section[], alternatives: ReadonlyMap<string, readonly string[]>, index: DocsIndex): Section | undefined {
  // The first sections of a very long page stand for it: each is analysed once, then kept.
  const page = sectionsAt(index, own.section.route);
  const promised = promisedBeside(question, own.section, found, page);
  if (promised) return promised;
  const candidates = found.filter((section) => section.route === own.section.route);
  if (candidates.length === 0) return undefined;
  const forms = (term: string) => [term, ...(alternatives.get(term) ?? []), ...otherScriptForms(term)];
  const hasTerm = (section: Section, term: string) => forms(term).some((form) => termsOfSection(section).has(form));
  // Words, not the character pairs of a Chinese or Japanese run (件想 in 子组件想改), and none that only asks or points.
  const content = new Set(contentTerms(question));
  // Whether a word is common to the page is judged on the word itself: "blocked" over IP Restriction's allowList
  // is in one section (Error handling's "Blocking access"), its synonyms (deny, allow, restrict) in most.
  const terms = wordTermsOf(question).filter(
    (term) => content.has(term) && !isPointingTerm(term) && (page.length < MIN_PAGE_SECTIONS || page.filter((section) => hasWord(section, term)).length <= page.length * PAGE_COMMON_SHARE),
  );
  if (terms.length === 0) return undefined;
  // In the text, the reader's own word counts more than a synonym of it.
  const matchOf = (section: Section, inText: (term: string) => boolean, ownWordInText: (term: string) => boolean) => {
    const heading = termsOfOwnHeading(section);
    return terms.reduce((sum, term) => sum + (headingForms(term).some((form) => heading.has(form)) ? 2 : inText(term) ? (ownWordInText(term) ? 1 : 0.5) : 0), 0);
  };
  const inSelection = termCounts(own.value);
  const inOwnText = termCounts(searchableText(own.section.text));
  // In the own section's text beyond the selection: one of the term's forms (synonyms too, or the word itself only).
  const outsideSelection = (formsOf: (term: string) => string[]) => (term: string) =>
    formsOf(term).some((form) => termsOfSection(own.section).has(form) && (inOwnText.get(form) ?? 0) > (inSelection.get(form) ?? 0));
  let best: Section | undefined;
  let bestMatch = matchOf(own.section, outsideSelection(forms), outsideSelection(headingForms));
  for (const section of candidates) {
    const match = matchOf(section, (term) => hasTerm(section, term), (term) => hasWord(section, term));
    if (match > bestMatch) [best, bestMatch] = [section, match];
  }
  return best;
}

/**
 * A question asking why, or what sets two things apart, about a selection asks for the section of its page whose
 * heading promises that (为什么要使用 ref？ for "为什么要用 .value？" over `const count = ref(0)`; `watch` vs.
 * `watchEffect` for "watchEffect 和它有什么不同" over a sentence on deep watchers), unless the selection's own heading
 * does: the first the search found, or the page's only one.
 */
function promisedBeside(question: string, own: Section, found: readonly Section[], page: readonly Section[]): Section | undefined {
  if (describesProblem(question)) return undefined;
  const promises = asksWhy(question) ? headingGivesReason : asksDifference(question) ? headingCompares : undefined;
  if (promises === undefined || promises(own)) return undefined;
  const first = found.find((section) => section.route === own.route && promises(section));
  if (first) return first;
  const onPage = page.filter(promises);
  return onPage.length === 1 ? onPage[0] : undefined;
}

/** Whether the section has the reader's own word (or its form in the other Chinese script), not a synonym of it. */
function hasWord(section: Section, term: string): boolean {
  return headingForms(term).some((form) => termsOfSection(section).has(form));
}

/**
 * A heading is about the reader's own word (or its form in the other Chinese script), not a synonym of it: "how do
 * I raise it?" under Limits is not asked of "Configure a project" because raise reads as set or configure (in the
 * text a synonym counts, as once any word does).
 */
function headingForms(term: string): string[] {
  return [term, ...otherScriptForms(term)];
}

/** How often each term occurs in `text`. */
function termCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const token of tokenize(text)) for (const term of termsOfToken(token)) counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
}
