// Frontmatter: title and description for display, every other scalar field as filterable metadata.
import matter from 'gray-matter';
import type { SectionMetadata } from './types.ts';

export interface Frontmatter {
  content: string;
  title?: string;
  description?: string;
  metadata: SectionMetadata;
}

/** Throws when the YAML block is malformed; the caller turns that into a warning naming the file. */
export function readFrontmatter(source: string): Frontmatter {
  // Passing options turns off gray-matter's unbounded cache keyed by file content (a leak under
  // watch mode). Its `---js` engine would eval() the block: docs are data, so it is refused.
  const parsed = matter(source, { engines: { javascript: refuseExecutableFrontmatter } });
  const data: Record<string, unknown> = parsed.data ?? {};
  const metadata: SectionMetadata = {};
  for (const [key, value] of Object.entries(data)) {
    if (key === 'title' || key === 'description') continue;
    const scalar = toMetadataValue(value);
    if (scalar !== undefined) metadata[key] = scalar;
  }
  return {
    content: parsed.content,
    title: typeof data.title === 'string' && data.title.trim() !== '' ? data.title.trim() : undefined,
    description: typeof data.description === 'string' && data.description.trim() !== '' ? data.description.trim() : undefined,
    metadata,
  };
}

function refuseExecutableFrontmatter(): never {
  throw new Error('JavaScript frontmatter is not supported (only YAML or JSON)');
}

function toMetadataValue(value: unknown): SectionMetadata[string] | undefined {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString().slice(0, 10);
  if (Array.isArray(value)) {
    const items = value.filter((item) => typeof item === 'string' || typeof item === 'number').map(String);
    return items.length === value.length ? items : undefined;
  }
  return undefined;
}
