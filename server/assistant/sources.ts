// How a section is named and linked under an answer.
import type { Section } from '../docs/types.ts';

/**
 * "Page title › Heading" (just the page title for text above the first heading or a heading equal to it). Among
 * `others` (the sections one answer quotes or lists) that would bear the same title, it names the headings above
 * too: Vue's form page has a 复选框 (checkbox) under 基本用法 and another under 值绑定, and an answer quoting both
 * showed "表单输入绑定 › 复选框" twice, as two sources the reader could not tell apart.
 */
export function sectionTitle(section: Section, others: readonly Section[] = []): string {
  const short = shortTitle(section);
  const clashes = others.some((other) => other.id !== section.id && shortTitle(other) === short);
  const parents = section.headingPath.slice(0, -1).filter((heading) => heading !== section.pageTitle);
  return clashes && parents.length > 0 ? [section.pageTitle, ...parents, section.headingPath.at(-1)].join(' › ') : short;
}

function shortTitle(section: Section): string {
  const heading = section.headingPath.at(-1);
  if (!heading || heading === section.pageTitle) return section.pageTitle;
  return `${section.pageTitle} › ${heading}`;
}
