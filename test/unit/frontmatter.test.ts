// A page's frontmatter is read by gray-matter from the block alone (given the whole file, gray-matter interns it as a
// cache key and copies it into a Buffer): the data and the content after the block must be what gray-matter gives
// for the whole file, whatever the file's first bytes and line endings.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import matter from 'gray-matter';
import { describe, expect, it } from 'vitest';
import { readFrontmatter } from '../../server/docs/frontmatter.ts';

const DOCS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../docs');

/** gray-matter on the whole file, as readFrontmatter called it before: its content and its block's title. */
function wholeFile(source: string): { content: string; title: unknown } {
  const parsed = matter(source, { engines: { javascript: () => ({}) } });
  return { content: parsed.content, title: parsed.data['title'] };
}

const EDGES = {
  'a byte order mark': '\ufeff---\ntitle: Marked\n---\nBody.',
  'Windows line endings': '---\r\ntitle: Windows\r\n---\r\nBody.\r\n',
  'no block': 'Body only.',
  'a byte order mark and no block': '\ufeffBody only.',
  'four dashes, which open no block': '----\ntitle: Not a block\n---\nBody.',
  'a language after the dashes': '---yaml\ntitle: Yaml\n---\nBody.',
  'JSON': '---json\n{"title": "Json"}\n---\nBody.',
  'no closing line': '---\ntitle: Open\n',
  'an empty block': '---\n---\nBody.',
  'a block of comments only': '---\n# nothing\n---\nBody.',
  'nothing after the block': '---\ntitle: Alone\n---',
  'a closing line with more dashes': '---\ntitle: Long\n----\nBody.',
  'a second block in the content': '---\ntitle: First\n---\n---\nsecond: block\n---\nBody.',
  'an empty file': '',
};

describe('given files with and without frontmatter', () => {
  for (const [name, source] of Object.entries(EDGES)) {
    it(`reads ${name} as gray-matter does the whole file`, () => {
      const read = readFrontmatter(source);
      const expected = wholeFile(source);
      expect(read.content).toBe(expected.content);
      expect(read.title).toBe(typeof expected.title === 'string' ? expected.title : undefined);
    });
  }

  it("reads every page of this project's docs as gray-matter does the whole file", () => {
    const files = readdirSync(DOCS_DIR).filter((file) => file.endsWith('.md'));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const source = readFileSync(path.join(DOCS_DIR, file), 'utf8');
      const read = readFrontmatter(source);
      const expected = matter(source, { engines: { javascript: () => ({}) } });
      expect({ file, content: read.content, title: read.title, description: read.description }).toEqual({ file, content: expected.content, title: expected.data['title'], description: expected.data['description'] });
    }
  });

  it('still refuses a JavaScript block, which gray-matter would run', () => {
    expect(() => readFrontmatter('---js\nmodule.exports = { title: "Run" }\n---\nBody.')).toThrow(/JavaScript frontmatter is not supported/);
  });
});
