// The `filter` of a search: exact matches on frontmatter metadata.
// Every key with a value must match (AND); an array value means any of its items (OR);
// a section's own array (e.g. `groups`) matches when any item matches; a section without
// the key never matches a key that has a value. Null/undefined values and empty arrays constrain nothing.
import type { SectionMetadata } from './types.ts';

export type MetadataPredicate = (metadata: SectionMetadata) => boolean;

/** Undefined when the filter constrains nothing, so search can skip the check. */
export function compileFilter(filter: Record<string, unknown> | null | undefined): MetadataPredicate | undefined {
  if (!filter) return undefined;
  const constraints: [string, Set<string> | null][] = [];
  for (const [key, expected] of Object.entries(filter)) {
    if (expected === null || expected === undefined) continue;
    if (Array.isArray(expected)) {
      if (expected.length === 0) continue;
      constraints.push([key, new Set(expected.filter(isScalar).map(String))]);
    } else {
      // An object or function can equal no frontmatter scalar: the key matches nothing.
      constraints.push([key, isScalar(expected) ? new Set([String(expected)]) : null]);
    }
  }
  if (constraints.length === 0) return undefined;
  return (metadata) =>
    constraints.every(([key, allowed]) => {
      const actual = Object.hasOwn(metadata, key) ? metadata[key] : undefined;
      if (actual === undefined || allowed === null) return false;
      return Array.isArray(actual) ? actual.some((item) => allowed.has(String(item))) : allowed.has(String(actual));
    });
}

function isScalar(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}
