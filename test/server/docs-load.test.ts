import { execFileSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, symlink, truncate, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDocFile, loadDocs, MAX_DOC_FILE_BYTES, type LoadOptions } from '../../server/docs/load.ts';
import { contentHash, openPageCache, type PageCache } from '../../server/docs/pageCache.ts';
import { createParsePool, type ParsePool } from '../../server/docs/parsePool.ts';
import { loadIndexedDocs } from '../../server/docs/startIndex.ts';
import type { LoadedDocs, Section } from '../../server/docs/types.ts';

const FIXTURE = fileURLToPath(new URL('../fixtures/docs/site', import.meta.url));

function sectionsOf(docs: LoadedDocs, file: string): Section[] {
  return docs.sections.filter((section) => section.file === file);
}

/** loadDocs, with the content hash onPage reports for each page. */
async function loadHashed(folder: string, options: LoadOptions) {
  const hashes = new Map<string, string | undefined>();
  const docs = await loadDocs(folder, { ...options, onPage: (page, details) => hashes.set(page.file, details.hash) });
  return { ...docs, hashes };
}

/** A text's UTF-8 bytes in a buffer of their own (not a slice of Node's pool), as loadDocs reads files. */
function ownBytes(text: string): Uint8Array {
  return new Uint8Array(Buffer.from(text));
}

/** A docs folder, a page cache and a one-worker parse pool that records each file it parses; all gone after `run`. */
async function withCountingParser(run: (setup: { folder: string; parser: ParsePool; parsed: string[]; cache: PageCache }) => Promise<void>): Promise<void> {
  const folder = await mkdtemp(path.join(tmpdir(), 'docs-cache-'));
  const dataDir = await mkdtemp(path.join(tmpdir(), 'docs-cache-data-'));
  const pool = createParsePool({ size: 1 });
  const parsed: string[] = [];
  const parser: ParsePool = { timeoutMs: pool.timeoutMs, workerCount: 0, warm: () => pool.warm(), parse: (file, source, siteUrl) => (parsed.push(file), pool.parse(file, source, siteUrl)), close: () => pool.close() };
  const cache = openPageCache(dataDir);
  try {
    await run({ folder, parser, parsed, cache });
  } finally {
    cache.close();
    await pool.close();
    await rm(folder, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  }
}

describe('given the fixture docs folder with a site URL', () => {
  let docsDir: string;
  let outside: string;
  let docs: LoadedDocs;

  beforeAll(async () => {
    // A copy, so node_modules (git-ignored) can sit beside the committed fixtures.
    docsDir = await mkdtemp(path.join(tmpdir(), 'docs-load-'));
    outside = await mkdtemp(path.join(tmpdir(), 'docs-outside-'));
    await cp(FIXTURE, docsDir, { recursive: true });
    await mkdir(path.join(docsDir, 'node_modules/some-package'), { recursive: true });
    await writeFile(path.join(docsDir, 'node_modules/some-package/readme.md'), '# Dependency readme\n\nNever indexed.\n');
    await writeFile(path.join(docsDir, 'guides/notes.txt'), 'Not a doc file.\n');
    await writeFile(path.join(outside, 'secret.md'), '# Secret\n\nOutside the docs folder.\n');
    await symlink(path.join(outside, 'secret.md'), path.join(docsDir, 'linked-secret.md'));
    await symlink(outside, path.join(docsDir, 'linked-folder'));
    docs = await loadDocs(docsDir, { siteUrl: 'https://acme.dev/docs/' });
  });
  afterAll(async () => {
    await rm(docsDir, { recursive: true, force: true });
    await rm(outside, { recursive: true, force: true });
  });

  it('reads .md and .mdx files recursively, skipping node_modules, dot-folders, links and broken files', () => {
    expect(docs.pages.map((page) => page.file)).toEqual([
      'components/legacy.mdx',
      'components/tabs.mdx',
      'guides/index.md',
      'guides/setup.md',
      'index.md',
    ]);
  });

  it('never reads through a symbolic link that leaves the docs folder, even when named', async () => {
    expect(docs.sections.some((section) => section.text.includes('Outside the docs folder'))).toBe(false);
    const warnings: string[] = [];
    expect(await loadDocFile(docsDir, 'linked-secret.md', { onWarning: (message) => warnings.push(message) })).toBeNull();
    expect(await loadDocFile(docsDir, 'linked-folder/secret.md', { onWarning: (message) => warnings.push(message) })).toBeNull();
    expect(warnings).toEqual(['linked-secret.md: links outside the docs folder; skipped', 'linked-folder/secret.md: links outside the docs folder; skipped']);
  });

  it('skips a file with malformed frontmatter and names it in a warning', () => {
    expect(docs.warnings.filter((warning) => warning.startsWith('broken/bad-frontmatter.md: '))).toHaveLength(1);
    expect(docs.sections.some((section) => section.text.includes('Never indexed'))).toBe(false);
  });

  it('refuses JavaScript frontmatter without running it', () => {
    expect(docs.warnings).toContain('broken/executable-frontmatter.md: JavaScript frontmatter is not supported (only YAML or JSON); skipped');
    expect((globalThis as { frontmatterWasExecuted?: boolean }).frontmatterWasExecuted).toBeUndefined();
  });

  it('maps index files to their folder and the root index to /', () => {
    expect(docs.pages.find((page) => page.file === 'guides/index.md')?.route).toBe('/guides');
    expect(docs.pages.find((page) => page.file === 'index.md')?.route).toBe('/');
    expect(docs.pages.find((page) => page.file === 'guides/setup.md')?.route).toBe('/guides/setup');
  });

  it('builds URLs from the site URL without its trailing slash, with # only when there is an anchor', () => {
    const home = sectionsOf(docs, 'index.md');
    expect(home.map((section) => section.url)).toEqual(['https://acme.dev/docs/', 'https://acme.dev/docs/#install']);
    expect(sectionsOf(docs, 'guides/setup.md')[1]?.url).toBe('https://acme.dev/docs/guides/setup#configure-the-key');
  });

  it('takes title, description and scalar metadata from frontmatter, dropping nested objects', () => {
    const setup = docs.pages.find((page) => page.file === 'guides/setup.md');
    expect(setup?.title).toBe('Setting up Acme');
    expect(setup?.description).toBe('Configure the widget for your site.');
    expect(setup?.metadata).toEqual({ version: 'v2', language: 'en', groups: ['admin', 'beta'] });
    expect(sectionsOf(docs, 'guides/setup.md').every((section) => section.metadata.version === 'v2')).toBe(true);
  });

  it('falls back to the first h1 for the title', () => {
    expect(docs.pages.find((page) => page.file === 'guides/index.md')?.title).toBe('Guides');
  });

  it('splits at h1-h3 with heading paths and GitHub-style anchors, numbering duplicate headings', () => {
    const sections = sectionsOf(docs, 'guides/setup.md');
    expect(sections.map((section) => [section.anchor, section.headingPath])).toEqual([
      ['setup', ['Setup']],
      ['configure-the-key', ['Setup', 'Configure the key']],
      ['example', ['Setup', 'Configure the key', 'Example']],
      ['example-1', ['Setup', 'Example']],
      ['old-setup', ['Setup', 'Legacy']],
    ]);
    expect(sections.map((section) => section.id)).toContain('/guides/setup#example-1');
  });

  it('keeps fenced code, table and list text, and h4 text inside the parent section (in bold)', () => {
    const [, configure, example] = sectionsOf(docs, 'guides/setup.md');
    expect(configure?.text).toBe('Set `ACME_KEY` in your environment.\n\nOption | Default\nretries | 3\n\n- first list item\n- second list item');
    expect(example?.text).toContain("```ts\nimport { createAcme } from 'acme';\nconst acme = createAcme({ key: process.env.ACME_KEY });\n```");
    expect(example?.text).toContain('**Deeper detail**\n\nDeeper headings stay inside their parent section.');
  });

  it('reduces MDX to its text: imports, exports and expressions removed, JSX children kept', () => {
    const [tabs] = sectionsOf(docs, 'components/tabs.mdx');
    expect(tabs?.text).toBe('Use tabs to group install commands.\n\nInstall with npm to get the tabbed layout.\n\nThe year is and tabs remember the choice.');
    expect(tabs?.pageTitle).toBe('Tabs component');
  });

  it('reads MDX that MDX itself would reject (an unclosed tag), keeping all its text', () => {
    expect(docs.warnings.filter((warning) => warning.startsWith('components/legacy.mdx'))).toEqual([]);
    expect(sectionsOf(docs, 'components/legacy.mdx')[0]?.text).toBe('This page has <Broken unclosed JSX that MDX cannot parse.\n\nThe legacy component still renders its text.');
  });
});

describe('given one file to load', () => {
  it('returns null without a warning when the file is gone', async () => {
    const warnings: string[] = [];
    const page = await loadDocFile(FIXTURE, 'guides/missing.md', { onWarning: (message) => warnings.push(message) });
    expect(page).toBeNull();
    expect(warnings).toEqual([]);
  });

  it('refuses paths outside the docs folder', async () => {
    const warnings: string[] = [];
    const page = await loadDocFile(path.join(FIXTURE, 'guides'), '../index.md', { onWarning: (message) => warnings.push(message) });
    expect(page).toBeNull();
    expect(warnings).toEqual(['../index.md: not a .md/.mdx file inside the docs folder; skipped']);
  });

  it('gives root-relative URLs when no site URL is set', async () => {
    const page = await loadDocFile(FIXTURE, 'guides/setup.md', {});
    expect(page?.sections[1]?.url).toBe('/guides/setup#configure-the-key');
  });
});

describe('given files whose names hold #, ?, spaces and non-ASCII characters', () => {
  it('links each section with its path percent-encoded, and finds the page again from that URL', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'docs-names-'));
    try {
      await writeFile(path.join(folder, 'C# & F#?.md'), '# Sharp languages\n\n## Setup\n\nInstall the compilers.\n');
      await writeFile(path.join(folder, 'my page.md'), '# My page\n\nA page with a space in its name. [Setup](#setup)\n\n## Setup\n\nText.\n');
      await mkdir(path.join(folder, 'ガイド'));
      await writeFile(path.join(folder, 'ガイド', 'インストール.md'), '# インストール\n\n## 手順\n\nnpm を使います。\n');
      const docs = await loadDocs(folder, { siteUrl: 'https://docs.example.com/' });
      const urls = docs.sections.map((section) => section.url).toSorted();
      // (A title with no text before the first subheading is no section of its own.)
      expect(urls).toEqual([
        'https://docs.example.com/C%23%20&%20F%23%3F#setup',
        'https://docs.example.com/my%20page#my-page',
        'https://docs.example.com/my%20page#setup',
        'https://docs.example.com/%E3%82%AC%E3%82%A4%E3%83%89/%E3%82%A4%E3%83%B3%E3%82%B9%E3%83%88%E3%83%BC%E3%83%AB#手順',
      ].toSorted());
      // A URL parses back to the file's route, and a link within the page keeps the encoding.
      expect(decodeURIComponent(new URL(urls.find((url) => url.endsWith('%3F#setup'))!).pathname)).toBe('/C# & F#?');
      expect(docs.sections.find((section) => section.url.endsWith('my%20page#my-page'))?.text).toContain('https://docs.example.com/my%20page#setup');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe('given a FIFO and an oversized file named .md', () => {
  it('skips both with a warning naming each, without reading either (a FIFO would block forever)', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'docs-special-'));
    try {
      execFileSync('mkfifo', [path.join(folder, 'pipe.md')]);
      // 200 MB, sparse: looked at, never read.
      await writeFile(path.join(folder, 'huge.md'), '# Huge\n');
      await truncate(path.join(folder, 'huge.md'), 200 * 1024 * 1024);
      await writeFile(path.join(folder, 'fine.md'), '# Fine\n\nA normal page.\n');
      const warnings: string[] = [];
      const onWarning = (message: string) => warnings.push(message);
      expect(await loadDocFile(folder, 'pipe.md', { onWarning })).toBeNull();
      expect(await loadDocFile(folder, 'huge.md', { onWarning })).toBeNull();
      expect(await loadDocFile(folder, 'fine.md', { onWarning })).not.toBeNull();
      expect(warnings).toEqual(['pipe.md: not a regular file; skipped', `huge.md: larger than ${MAX_DOC_FILE_BYTES} bytes; skipped`]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe('given a file that takes the markdown parser too long (hundreds of thousands of unclosed image brackets)', () => {
  it('skips it with a warning naming it once its time budget is spent, and loads the others', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'docs-slow-'));
    const parser = createParsePool({ size: 1, timeoutMs: 200 });
    try {
      // Linear in markdown-it, but still about 2 s for these 800 KB: ten times the budget.
      await writeFile(path.join(folder, 'slow.md'), `# Slow\n\n${'!['.repeat(400_000)}\n`);
      await writeFile(path.join(folder, 'fine.md'), '# Fine\n\nA normal page.\n');
      const docs = await loadDocs(folder, { parser });
      expect(docs.pages.map((page) => page.file)).toEqual(['fine.md']);
      expect(docs.warnings).toEqual(['slow.md: took longer than 0.2 s to parse; skipped']);
      // The pool replaced the stopped worker: it parses the next file.
      expect(await loadDocFile(folder, 'fine.md', { parser })).not.toBeNull();
    } finally {
      await parser.close();
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('starts its workers when warmed, before any file is asked for, and they end when left idle', async () => {
    const parser = createParsePool({ size: 2 });
    try {
      parser.warm();
      // Two parsers of two threads each: one turns files into pages, the other pages into index terms.
      expect(parser.workerCount).toBe(4);
      await expect.poll(() => parser.workerCount, { timeout: 10_000 }).toBe(0);
    } finally {
      await parser.close();
    }
  });

  it('answers each file in the order sent, a page that fails on the first thread between two that pass the second', async () => {
    const parser = createParsePool({ size: 1 });
    try {
      const results = await Promise.all(
        ['# One\n\nFirst page.\n', '---\ntitle: [unclosed\n---\n# Two\n', '# Three\n\nThird page.\n'].map((source, position) => parser.parse(`${position}.md`, ownBytes(source), undefined)),
      );
      expect(results.map((result) => ('page' in result ? result.page.title : 'error' in result ? 'error' : 'timed out'))).toEqual(['One', 'error', 'Three']);
      // The terms came with each page, read back from the terms thread's numbering.
      expect(results[2] && 'terms' in results[2] && results[2].terms?.terms).toEqual(expect.arrayContaining(['third', 'page']));
    } finally {
      await parser.close();
    }
  });

  it('parses the files sent to the same worker after it on another worker', async () => {
    const parser = createParsePool({ size: 1, timeoutMs: 200 });
    try {
      // Asked together, both go to the pool's one worker: the second waits there behind the slow one. As
      // loadDocs sends them: bytes of their own (ownBytes), which the pool may move to a worker rather than copy.
      const [slow, fine] = await Promise.all([parser.parse('slow.md', ownBytes(`# Slow\n\n${'!['.repeat(400_000)}\n`), undefined), parser.parse('fine.md', ownBytes('# Fine\n\nA normal page.\n'), undefined)]);
      expect(slow).toEqual({ timedOut: true });
      expect('page' in fine && fine.page.sections.map((section) => section.text)).toEqual(['A normal page.']);
    } finally {
      await parser.close();
    }
  });
});


describe('given parser threads that cannot start', () => {
  it('fails the waiting files with the reason after three tries, instead of starting threads forever, and fails the next ones at once', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'docs-no-parser-'));
    // A flag a worker thread refuses at start: the server started with it through `node --input-type=module -e`.
    const parser = createParsePool({ size: 1, execArgv: ['--input-type=module'] });
    try {
      await writeFile(path.join(folder, 'a.md'), '# A\n\nA page.\n');
      await writeFile(path.join(folder, 'b.md'), '# B\n\nAnother page.\n');
      const docs = await loadDocs(folder, { parser });
      expect(docs.pages).toEqual([]);
      expect(docs.warnings.toSorted()).toEqual([
        expect.stringMatching(/^a\.md: the parser could not start \(.*--input-type.*\); skipped$/),
        expect.stringMatching(/^b\.md: the parser could not start \(.*--input-type.*\); skipped$/),
      ]);
      expect(parser.workerCount).toBe(0);
      expect(await parser.parse('c.md', '# C', undefined)).toEqual({ error: expect.stringMatching(/^the parser could not start/) });
      expect(parser.workerCount).toBe(0);
    } finally {
      await parser.close();
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('counts a thread that exits before it is ready, without an error, as a parser that cannot start', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'docs-exiting-parser-'));
    // A module preloaded into every thread that ends it at once, as process.exit in a thread's code would.
    const parser = createParsePool({ size: 1, execArgv: ['--import=data:text/javascript,process.exit(3)'] });
    try {
      await writeFile(path.join(folder, 'a.md'), '# A\n\nA page.\n');
      const docs = await loadDocs(folder, { parser });
      expect(docs.pages).toEqual([]);
      expect(docs.warnings).toEqual(['a.md: the parser could not start (a thread of the parser exited with code 3); skipped']);
      expect(parser.workerCount).toBe(0);
    } finally {
      await parser.close();
      await rm(folder, { recursive: true, force: true });
    }
  });

  it("leaves out the options of the process's entry and those a thread cannot take: a script run as `node --input-type=module -e`, or with V8's options, loads the docs as this process does", async () => {
    const load = `const { loadDocs } = await import(${JSON.stringify(new URL('../../server/docs/load.ts', import.meta.url).href)}); const docs = await loadDocs(${JSON.stringify(FIXTURE)}); console.log(JSON.stringify(docs.pages.map((page) => page.file))); process.exit(0);`;
    const here = await loadDocs(FIXTURE);
    expect(here.pages.length).toBeGreaterThan(0);
    const files = here.pages.map((page) => page.file);
    // Node refuses --expose-gc and --max-old-space-size in a thread's own options, and leaves them out of those it inherits.
    const output = execFileSync(process.execPath, ['--expose-gc', '--max-old-space-size=1024', '--input-type=module', '-e', load], { encoding: 'utf8', timeout: 30_000 });
    expect(JSON.parse(output.trim())).toEqual(files);
    const folder = await mkdtemp(path.join(tmpdir(), 'docs-v8-options-'));
    try {
      await writeFile(path.join(folder, 'load.mjs'), load);
      const fromFile = execFileSync(process.execPath, ['--expose-gc', '--max-old-space-size=1024', path.join(folder, 'load.mjs')], { encoding: 'utf8', timeout: 30_000 });
      expect(JSON.parse(fromFile.trim())).toEqual(files);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('starts the threads without the options Node refuses for a thread given explicitly, and fails the files with the reason when it refuses them still, instead of failing the whole load', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'docs-refused-thread-'));
    await writeFile(path.join(folder, 'a.md'), '# A\n\nA page.\n');
    // Node refuses a thread when it is created with an option only a process takes, and names the option.
    const dropping = createParsePool({ size: 1, execArgv: ['--expose-gc', '--max-old-space-size=1024'] });
    // An option whose value holds ", " is named in a way that cannot be read back: refused again.
    const refusing = createParsePool({ size: 1, execArgv: ['--title=docs, assistant'] });
    try {
      expect((await loadDocs(folder, { parser: dropping })).pages.map((page) => page.file)).toEqual(['a.md']);
      const docs = await loadDocs(folder, { parser: refusing });
      expect(docs.pages).toEqual([]);
      expect(docs.warnings).toEqual([expect.stringMatching(/^a\.md: the parser could not start \(Initiated Worker with invalid execArgv flags: --title=docs, assistant\); skipped$/)]);
    } finally {
      await Promise.all([dropping.close(), refusing.close()]);
      await rm(folder, { recursive: true, force: true });
    }
  });
});
describe('given a page cache from an earlier run', () => {
  it('parses only the files whose bytes changed, forgets removed ones, and parses again for another site URL', async () => {
    await withCountingParser(async ({ folder, parser, parsed, cache }) => {
      const alpha = '# Alpha\n\nThe alpha setting turns on tracing.\n';
      const alphaHash = contentHash(Buffer.from(alpha), 'https://docs.example.com');
      await writeFile(path.join(folder, 'a.md'), alpha);
      await writeFile(path.join(folder, 'b.md'), '# Beta\n\nThe beta setting.\n');
      const first = await loadDocs(folder, { parser, cache, siteUrl: 'https://docs.example.com' });
      expect(parsed.splice(0).toSorted()).toEqual(['a.md', 'b.md']);

      // A restart with nothing changed parses nothing and gets the same pages.
      const warm = await loadDocs(folder, { parser, cache, siteUrl: 'https://docs.example.com' });
      expect(parsed).toEqual([]);
      expect(warm.pages).toEqual(first.pages);
      expect(cache.get('a.md', alphaHash)?.title).toBe('Alpha');

      await writeFile(path.join(folder, 'b.md'), '# Beta\n\nThe beta setting, changed.\n');
      await rm(path.join(folder, 'a.md'));
      const changed = await loadDocs(folder, { parser, cache, siteUrl: 'https://docs.example.com' });
      expect(parsed.splice(0)).toEqual(['b.md']);
      expect(changed.sections.map((section) => section.text)).toEqual(['The beta setting, changed.']);
      expect(cache.get('a.md', alphaHash)).toBeUndefined();

      await loadDocs(folder, { parser, cache, siteUrl: 'https://other.example.com' });
      expect(parsed.splice(0)).toEqual(['b.md']);
    });
  });

  it('leaves out the files the exclude globs name, without a warning', async () => {
    await withCountingParser(async ({ folder, parser, parsed, cache }) => {
      await mkdir(path.join(folder, 'changelog'), { recursive: true });
      await writeFile(path.join(folder, 'guide.md'), '# Guide\n\nText.\n');
      await writeFile(path.join(folder, 'changelog/v1.md'), '# v1\n\nText.\n');
      await writeFile(path.join(folder, 'notes.mdx'), '# Notes\n\nText.\n');
      const loaded = await loadDocs(folder, { parser, cache, exclude: ['changelog/**', '*.mdx'] });
      expect(loaded.pages.map((page) => page.file)).toEqual(['guide.md']);
      expect(parsed).toEqual(['guide.md']);
      expect(loaded.warnings).toEqual([]);
    });
  });

  it('leaves drafts out of the pages, with a note naming each, on a first start and from the cache alike', async () => {
    await withCountingParser(async ({ folder, parser, parsed, cache }) => {
      await writeFile(path.join(folder, 'live.md'), '# Live\n\nPublished text.\n');
      await writeFile(path.join(folder, 'draft.md'), '---\ndraft: true\n---\n# Draft\n\nUnpublished text.\n');
      await writeFile(path.join(folder, 'hidden.md'), '---\npublished: false\n---\n# Hidden\n\nUnpublished text.\n');
      await writeFile(path.join(folder, 'kept.md'), '---\ndraft: false\n---\n# Kept\n\nPublished text.\n');
      for (const [start, parses] of [['first', 4], ['from the cache', 0]] as const) {
        const loaded = await loadDocs(folder, { parser, cache });
        expect({ start, parsed: parsed.splice(0).length, files: loaded.pages.map((page) => page.file).toSorted() }).toEqual({ start, parsed: parses, files: ['kept.md', 'live.md'] });
        expect(loaded.warnings.toSorted()).toEqual([
          'draft.md: a draft (draft: true in its frontmatter); not indexed',
          'hidden.md: a draft (published: false in its frontmatter); not indexed',
        ]);
      }
    });
  });

  it('skips reading a file whose size, times and inode are unchanged, and reads one rewritten in the same moment', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'docs-cache-'));
    const dataDir = await mkdtemp(path.join(tmpdir(), 'docs-cache-data-'));
    const opened = openPageCache(dataDir);
    const read: string[] = [];
    // What reading costs is hashing the bytes and looking them up: `get` is only asked for a file that was read.
    const cache: PageCache = { ...opened, get: (file, hash) => (read.push(file), opened.get(file, hash)) };
    try {
      const alpha = path.join(folder, 'a.md');
      await writeFile(alpha, '# Alpha\n\nThe alpha setting turns on tracing.\n');
      await writeFile(path.join(folder, 'b.md'), '# Beta\n\nThe beta setting.\n');
      // Written a minute ago: well before the run that caches them.
      const minuteAgo = new Date(Date.now() - 60_000);
      await utimes(alpha, minuteAgo, minuteAgo);
      await utimes(path.join(folder, 'b.md'), minuteAgo, minuteAgo);
      const first = await loadHashed(folder, { cache });
      expect(read.splice(0).toSorted()).toEqual(['a.md', 'b.md']);

      const warm = await loadHashed(folder, { cache });
      expect(read).toEqual([]);
      expect(warm.pages).toEqual(first.pages);
      expect(warm.hashes).toEqual(first.hashes);

      // Rewritten now with as many bytes: its stamp changed, and a file modified so recently is never taken on its stamp.
      await writeFile(alpha, '# Alpha\n\nThe alpha setting turns on logging.\n');
      const changed = await loadHashed(folder, { cache });
      expect(read).toEqual(['a.md']);
      expect(changed.sections.find((section) => section.file === 'a.md')?.text).toBe('The alpha setting turns on logging.');
      expect(changed.hashes.get('a.md')).not.toBe(first.hashes.get('a.md'));
      expect(changed.hashes.get('b.md')).toBe(first.hashes.get('b.md'));
      read.length = 0;
      await loadDocs(folder, { cache });
      expect(read).toEqual(['a.md']);
    } finally {
      opened.close();
      await rm(folder, { recursive: true, force: true });
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('given a docs folder started again after a docs deploy (the page cache and index snapshot of the last start)', () => {
  it('parses and indexes only the files whose bytes changed, drops removed ones, and searches the new text', async () => {
    await withCountingParser(async ({ folder, parser, parsed, cache }) => {
      const minuteAgo = new Date(Date.now() - 60_000);
      const pages: Record<string, string> = {
        'alpha.md': '# Alpha\n\nThe alpha setting turns on tracing.\n',
        'beta.md': '# Beta\n\nThe beta setting keeps gophers away.\n',
        'gamma.md': '# Gamma\n\nThe gamma setting compresses logs.\n',
      };
      for (const [file, source] of Object.entries(pages)) {
        await writeFile(path.join(folder, file), source);
        await utimes(path.join(folder, file), minuteAgo, minuteAgo);
      }
      const first = await loadIndexedDocs(folder, { parser, cache });
      expect(first.files).toEqual({ kept: 0, indexed: 3, dropped: 0 });
      expect(parsed.splice(0).toSorted()).toEqual(['alpha.md', 'beta.md', 'gamma.md']);
      expect(await first.saved).toBeUndefined();

      const warm = await loadIndexedDocs(folder, { parser, cache });
      await warm.saved;
      expect(warm.files).toEqual({ kept: 3, indexed: 0, dropped: 0 });
      expect(parsed).toEqual([]);
      expect(warm.index.search('gophers', { limit: 5 }).map((hit) => hit.section.id)).toEqual(['/beta#beta']);

      await writeFile(path.join(folder, 'alpha.md'), '# Alpha\n\nThe alpha setting turns on sampling.\n');
      await rm(path.join(folder, 'beta.md'));
      await writeFile(path.join(folder, 'delta.md'), '# Delta\n\nThe delta setting rotates keys.\n');
      const deployed = await loadIndexedDocs(folder, { parser, cache });
      expect(deployed.files).toEqual({ kept: 1, indexed: 2, dropped: 2 });
      expect(parsed.toSorted()).toEqual(['alpha.md', 'delta.md']);
      const found = (query: string) => deployed.index.search(query, { limit: 5 }).map((hit) => hit.section.id);
      expect(found('sampling')).toEqual(['/alpha#alpha']);
      expect(found('tracing')).toEqual([]);
      expect(found('gophers')).toEqual([]);
      expect(found('rotates keys')).toEqual(['/delta#delta']);
      expect(found('compresses logs')).toEqual(['/gamma#gamma']);
      expect(deployed.index.pages().map((page) => page.file)).toEqual(['alpha.md', 'delta.md', 'gamma.md']);
      await deployed.saved;
    });
  });

  it('answers before its snapshot is written, and only warns when the snapshot cannot be kept', async () => {
    await withCountingParser(async ({ folder, parser, cache }) => {
      await writeFile(path.join(folder, 'alpha.md'), '# Alpha\n\nThe alpha setting turns on tracing.\n');
      let attempts = 0;
      const fullDisk: PageCache = {
        ...cache,
        setSnapshot: () => {
          attempts++;
          throw new Error('database or disk is full');
        },
      };
      const started = await loadIndexedDocs(folder, { parser, cache: fullDisk });
      expect(attempts).toBe(0);
      expect(started.index.search('tracing', { limit: 5 }).map((hit) => hit.section.id)).toEqual(['/alpha#alpha']);
      expect(await started.saved).toBe('the search index could not be kept for the next start (database or disk is full); that start indexes every file again');
      expect(attempts).toBe(1);
      expect(started.index.search('tracing', { limit: 5 }).map((hit) => hit.section.id)).toEqual(['/alpha#alpha']);

      const next = await loadIndexedDocs(folder, { parser, cache });
      expect(next.files).toEqual({ kept: 0, indexed: 1, dropped: 0 });
      await next.saved;
    });
  });

  it('answers a question asked while it tidies the index before the tidying and saving are done', async () => {
    await withCountingParser(async ({ folder, parser, cache }) => {
      for (const name of ['alpha', 'beta', 'gamma']) await writeFile(path.join(folder, `${name}.md`), `# ${name}\n\nThe ${name} setting turns on tracing.\n`);
      const started = await loadIndexedDocs(folder, { parser, cache });
      const order: string[] = [];
      const settled = started.saved.then(() => order.push('saved'));
      const answered = new Promise<string[]>((resolve) => setImmediate(() => resolve(started.index.search('gamma setting', { limit: 1 }).map((hit) => hit.section.id))));
      void answered.then(() => order.push('answered'));
      expect(await answered).toEqual(['/gamma#gamma']);
      await settled;
      expect(order).toEqual(['answered', 'saved']);
    });
  });

  it('keeps the parsed pages after it answers, in one go, and only warns when they cannot be kept', async () => {
    await withCountingParser(async ({ folder, parser, parsed, cache }) => {
      await writeFile(path.join(folder, 'alpha.md'), '# Alpha\n\nThe alpha setting turns on tracing.\n');
      await writeFile(path.join(folder, 'beta.md'), '# Beta\n\nThe beta setting rotates keys.\n');
      const kept: string[][] = [];
      const counting: PageCache = { ...cache, set: () => expect.fail('a page written on its own'), setAll: (writes) => (kept.push(writes.map((write) => write.file).toSorted()), cache.setAll(writes)) };
      const started = await loadIndexedDocs(folder, { parser, cache: counting });
      expect(kept).toEqual([]);
      expect(started.index.search('rotates keys', { limit: 5 }).map((hit) => hit.section.id)).toEqual(['/beta#beta']);
      expect(await started.saved).toBeUndefined();
      expect(kept).toEqual([['alpha.md', 'beta.md']]);

      await writeFile(path.join(folder, 'beta.md'), '# Beta\n\nThe beta setting compresses logs.\n');
      parsed.length = 0;
      const fullDisk: PageCache = {
        ...cache,
        setAll: () => {
          throw new Error('database or disk is full');
        },
      };
      const restarted = await loadIndexedDocs(folder, { parser, cache: fullDisk });
      expect(parsed).toEqual(['beta.md']);
      expect(await restarted.saved).toBe('the parsed pages could not be kept for the next start (database or disk is full); that start parses and indexes them again');
      expect(restarted.index.search('compresses logs', { limit: 5 }).map((hit) => hit.section.id)).toEqual(['/beta#beta']);

      parsed.length = 0;
      const again = await loadIndexedDocs(folder, { parser, cache });
      expect(parsed).toEqual(['beta.md']);
      expect(again.index.search('compresses logs', { limit: 5 }).map((hit) => hit.section.id)).toEqual(['/beta#beta']);
      await again.saved;
    });
  });
});

describe('given a file saved with a byte order mark (as Windows editors do)', () => {
  it('reads its frontmatter and text, the mark left out', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'docs-bom-'));
    try {
      await writeFile(path.join(folder, 'win.md'), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('---\ntitle: Windows page\n---\n\n# Heading\n\nSaved by Notepad.\n')]));
      const docs = await loadDocs(folder);
      expect(docs.warnings).toEqual([]);
      expect(docs.pages.map((page) => [page.title, page.sections.map((section) => [section.id, section.text])])).toEqual([['Windows page', [['/win#heading', 'Saved by Notepad.']]]]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
