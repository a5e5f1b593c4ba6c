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

/** A numbered step's heading ("1. Setup", "Step 2: Run", "3、部署"): its number. Not a version ("2.0 release"). */
const STEP_HEADING = /^\s*(?:step\s*)?(\d{1,2})(?:[.)]\s+|\s*[:：、]\s*)\S/i;

/** Whether a section's heading is a numbered step ("1. Setup"). */
export function isNumberedStep(section: Section): boolean {
  return stepNumber(section) !== undefined;
}

function stepNumber(section: Section): number | undefined {
  const number = STEP_HEADING.exec(section.headingPath.at(-1) ?? '')?.[1];
  return number === undefined ? undefined : Number(number);
}

/** Most steps after the quoted one that an answer lists. */
const MAX_NEXT_STEPS = 6;

/**
 * The steps of its page after a numbered step ("1. Setup" on AWS Lambda: "2. Hello World", "3. Deploy"), at its level:
 * an answer quoting the first step leaves the reader with the rest to find. Empty for any other section.
 */
export function nextSteps(sections: readonly Section[], section: Section): Section[] {
  const number = stepNumber(section);
  if (number === undefined) return [];
  const depth = section.headingPath.length;
  return sections.filter((other) => other.headingPath.length === depth && (stepNumber(other) ?? 0) > number).slice(0, MAX_NEXT_STEPS);
}
