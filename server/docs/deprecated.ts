// Sections the docs keep for old versions ("Before v3.10.0 (deprecated)"): a reader who does not ask about old ways
// came for the current one (searchIndex.ts weighs them down among the best).
import type { Section } from './types.ts';

/** A heading marking its section deprecated or legacy: "Before v3.10.0 (deprecated)", "（非推奨）", "（已废弃）". */
const DEPRECATED_HEADING = /[(（]\s*(?:deprecated|legacy|obsolete|非推奨|廃止予定|已废弃|已弃用|废弃|弃用|不推荐)\s*[)）]/i;

/** A question about old versions or deprecated ways, which such a section answers. */
const ASKS_OLD_WAYS = /\b(?:deprecated|deprecation|legacy|obsolete|old|older|before|prior|previous|v\d)\b|非推奨|旧|古い|以前|废弃|弃用|旧版|老版本|以前的/i;

export function headingMarksDeprecated(section: Pick<Section, 'headingPath'>): boolean {
  return DEPRECATED_HEADING.test(section.headingPath.at(-1) ?? '');
}

export function asksOldWays(question: string): boolean {
  return ASKS_OLD_WAYS.test(question);
}
