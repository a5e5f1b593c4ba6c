// Frontmatter: title and description for display, every other scalar field as filterable metadata.
import matter from 'gray-matter';
import type { SectionMetadata } from './types.ts';

export interface Frontmatter {
  content: string;
  title?: string;
  description?: string;
  metadata: SectionMetadata;
}

const OPENING = '---';
const CLOSING = '\n---';

/** Throws when the YAML block is malformed; the caller turns that into a warning naming the file. */
export function readFrontmatter(source: string): Frontmatter {
  const { head, content } = splitAtFrontmatter(source);
  // Passing options turns off gray-matter's unbounded cache keyed by file content (a leak under
  // watch mode). Its `---js` engine would eval() the block: docs are data, so it is refused.
  const parsed = head === undefined ? undefined : matter(head, { engines: { javascript: refuseExecutableFrontmatter } });
  const data: Record<string, unknown> = parsed?.data ?? {};
  const metadata: SectionMetadata = {};
  for (const [key, value] of Object.entries(data)) {
    if (key === 'title' || key === 'description') continue;
    const scalar = toMetadataValue(value);
    if (scalar !== undefined) metadata[key] = scalar;
  }
  return {
    content: content ?? parsed?.content ?? '',
    title: typeof data.title === 'string' && data.title.trim() !== '' ? data.title.trim() : undefined,
    description: typeof data.description === 'string' && data.description.trim() !== '' ? data.description.trim() : undefined,
    metadata,
  };
}

/**
 * The text gray-matter reads (`head`: a page without a block needs none of it) and the content after the block, cut
 * where gray-matter cuts them: a byte order mark dropped, the block from an opening `---` (not `----`) to the first
 * line starting `---`, one line break after it. gray-matter looks up whatever text it is given as a key of its cache,
 * options or not (V8 hashes and interns the string), and copies it into a Buffer: a 2,548-page site's frontmatter took
 * 98–262 ms given whole files, 11–31 ms given the blocks. `content` is undefined when there is no closing line: gray-matter then
 * reads the whole text.
 */
function splitAtFrontmatter(source: string): { head: string | undefined; content: string | undefined } {
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  if (!text.startsWith(OPENING) || text.charAt(OPENING.length) === '-') return { head: undefined, content: text };
  const closing = text.indexOf(CLOSING, OPENING.length);
  if (closing === -1) return { head: source, content: undefined };
  const end = closing + CLOSING.length;
  let content = text.slice(end);
  if (content.startsWith('\r')) content = content.slice(1);
  if (content.startsWith('\n')) content = content.slice(1);
  return { head: text.slice(0, end), content };
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
