import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadDocs } from '../../server/docs/load.ts';
import { createDocsIndex } from '../../server/docs/searchIndex.ts';
import type { DocsIndex } from '../../server/docs/types.ts';
import { watchDocs, type DocsWatcher } from '../../server/docs/watch.ts';

const found = (index: DocsIndex, query: string) => index.search(query, { limit: 5 }).map((hit) => hit.section.id);

// Under a loaded CI machine one removal took longer than vitest's default 5 s to be reported (once, never
// locally): the waits are on conditions, so a longer limit costs nothing when the watcher is quick.
const WATCH_WAIT_MS = 10_000;

describe('given a watched docs folder feeding an index', { timeout: 2 * WATCH_WAIT_MS }, () => {
  let docsDir: string;
  let index: DocsIndex;
  let watcher: DocsWatcher;
  let reported: string[];
  let warnings: string[];

  beforeEach(async () => {
    docsDir = await mkdtemp(path.join(tmpdir(), 'docs-watch-'));
    await writeFile(path.join(docsDir, 'guide.md'), '# Guide\n\nThe original wording.\n');
    await writeFile(path.join(docsDir, 'other.md'), '# Other\n\nUnrelated text.\n');
    index = createDocsIndex(await loadDocs(docsDir));
    reported = [];
    warnings = [];
    watcher = watchDocs(docsDir, {
      debounceMs: 20,
      onPage(file, page) {
        reported.push(file);
        index.updateFile(file, page?.sections ?? []);
      },
      onWarning: (message) => warnings.push(message),
    });
    // On Linux, fs.watch sets its recursive watch up after it returns: a change made at once can go unseen (a
    // removal on a loaded CI machine was never reported, twice). A probe page the watcher reports, then its
    // removal, show it is watching before each test acts; the index and the lists are then as they began.
    const probe = path.join(docsDir, 'probe.md');
    await vi.waitFor(
      async () => {
        await writeFile(probe, `# Probe\n\nWritten at ${Date.now()}.\n`);
        if (!reported.includes('probe.md')) throw new Error('the watcher has not reported the probe page yet');
      },
      { timeout: WATCH_WAIT_MS, interval: 50 },
    );
    await rm(probe);
    await vi.waitFor(
      () => {
        if (index.pages().some((page) => page.file === 'probe.md')) throw new Error('the probe page is still indexed');
      },
      { timeout: WATCH_WAIT_MS },
    );
    reported = [];
    warnings = [];
  });

  afterEach(async () => {
    watcher.close();
    await rm(docsDir, { recursive: true, force: true });
  });

  it('re-reads an edited file so search sees the new text', async () => {
    await writeFile(path.join(docsDir, 'guide.md'), '# Guide\n\nA rewritten paragraph about pelicans.\n');
    await vi.waitFor(() => expect(found(index, 'pelicans')).toEqual(['/guide#guide']), { timeout: WATCH_WAIT_MS });
    expect(found(index, 'original wording')).toEqual([]);
  });

  it('indexes a file added in a new subfolder', async () => {
    await mkdir(path.join(docsDir, 'api'));
    await writeFile(path.join(docsDir, 'api/index.md'), '# API\n\nEndpoints for walruses.\n');
    await vi.waitFor(() => expect(found(index, 'walruses')).toEqual(['/api#api']), { timeout: WATCH_WAIT_MS });
    expect(index.pageCount).toBe(3);
  });

  it('drops a page marked as a draft, naming it, and indexes it again once published', async () => {
    await writeFile(path.join(docsDir, 'guide.md'), '---\ndraft: true\n---\n# Guide\n\nThe original wording.\n');
    await vi.waitFor(() => expect(warnings).toContain('guide.md: a draft (draft: true in its frontmatter); not indexed'), { timeout: WATCH_WAIT_MS });
    expect(found(index, 'original wording')).toEqual([]);
    expect(index.pageCount).toBe(1);
    await writeFile(path.join(docsDir, 'guide.md'), '---\ndraft: false\n---\n# Guide\n\nThe original wording.\n');
    await vi.waitFor(() => expect(found(index, 'original wording')).toEqual(['/guide#guide']), { timeout: WATCH_WAIT_MS });
  });

  it('never indexes a file the exclude globs name, added or changed', async () => {
    watcher.close();
    const exclude = ['internal/**', 'guide.md'];
    index = createDocsIndex(await loadDocs(docsDir, { exclude }));
    expect(found(index, 'original wording')).toEqual([]);
    watcher = watchDocs(docsDir, {
      debounceMs: 20,
      exclude,
      onPage(file, page) {
        reported.push(file);
        index.updateFile(file, page?.sections ?? []);
      },
      onWarning: (message) => warnings.push(message),
    });
    await mkdir(path.join(docsDir, 'internal'));
    await writeFile(path.join(docsDir, 'internal/notes.md'), '# Notes\n\nPrivate notes on otters.\n');
    await writeFile(path.join(docsDir, 'guide.md'), '# Guide\n\nThe guide, now about herons.\n');
    await writeFile(path.join(docsDir, 'other.md'), '# Other\n\nUnrelated text on badgers.\n');
    // The last file written is indexed after the others were looked at (flushes run in order).
    await vi.waitFor(() => expect(found(index, 'badgers')).toEqual(['/other#other']), { timeout: WATCH_WAIT_MS });
    expect(found(index, 'otters')).toEqual([]);
    expect(found(index, 'herons')).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it('drops the sections of a removed file', async () => {
    await rm(path.join(docsDir, 'guide.md'));
    // The warnings go along, so a watch error (an inotify limit) shows in a failure.
    await vi.waitFor(() => expect({ reported, warnings }).toMatchObject({ reported: expect.arrayContaining(['guide.md']) }), { timeout: WATCH_WAIT_MS });
    expect(found(index, 'original wording')).toEqual([]);
    expect(index.pageCount).toBe(1);
  });

  it('drops every file of a removed folder', async () => {
    await mkdir(path.join(docsDir, 'old'));
    await writeFile(path.join(docsDir, 'old/one.md'), '# One\n\nAbout narwhals.\n');
    await writeFile(path.join(docsDir, 'old/two.md'), '# Two\n\nMore narwhals.\n');
    await vi.waitFor(() => expect(found(index, 'narwhals')).toHaveLength(2), { timeout: WATCH_WAIT_MS });

    await rm(path.join(docsDir, 'old'), { recursive: true });
    await vi.waitFor(() => expect(found(index, 'narwhals')).toEqual([]), { timeout: WATCH_WAIT_MS });
    expect(index.pageCount).toBe(2);
  });

  it('drops the files of a folder moved out of the docs folder, which reports only the folder', async () => {
    await mkdir(path.join(docsDir, 'moving'));
    await writeFile(path.join(docsDir, 'moving/page.md'), '# Page\n\nAbout axolotls.\n');
    await vi.waitFor(() => expect(found(index, 'axolotls')).toEqual(['/moving/page#page']), { timeout: WATCH_WAIT_MS });

    const elsewhere = await mkdtemp(path.join(tmpdir(), 'docs-elsewhere-'));
    await rename(path.join(docsDir, 'moving'), path.join(elsewhere, 'moving'));
    await vi.waitFor(() => expect(found(index, 'axolotls')).toEqual([]), { timeout: WATCH_WAIT_MS });
    await rm(elsewhere, { recursive: true, force: true });
  });

  it('reports a file that became broken, naming it, and keeps the others', async () => {
    await writeFile(path.join(docsDir, 'guide.md'), '---\ntitle: [broken\n---\n# Guide\n');
    await vi.waitFor(() => expect(warnings.some((warning) => warning.startsWith('guide.md: '))).toBe(true), { timeout: WATCH_WAIT_MS });
    await vi.waitFor(() => expect(index.pageCount).toBe(1), { timeout: WATCH_WAIT_MS });
    expect(found(index, 'unrelated')).toEqual(['/other#other']);
  });

  it('ignores files that are not docs', async () => {
    await writeFile(path.join(docsDir, 'notes.txt'), 'pelicans\n');
    await writeFile(path.join(docsDir, 'later.md'), '# Later\n\nWritten after the text file.\n');
    await vi.waitFor(() => expect(reported).toContain('later.md'), { timeout: WATCH_WAIT_MS });
    expect(reported).toEqual(['later.md']);
  });
});

describe('given a watcher whose consumer throws', { timeout: 2 * WATCH_WAIT_MS }, () => {
  it('reports the failure as a warning naming the file and keeps watching', async () => {
    const docsDir = await mkdtemp(path.join(tmpdir(), 'docs-watch-throw-'));
    const warnings: string[] = [];
    const seen: string[] = [];
    const watcher = watchDocs(docsDir, {
      debounceMs: 20,
      onPage(file) {
        seen.push(file);
        if (file === 'first.md') throw new Error('index is broken');
      },
      onWarning: (message) => warnings.push(message),
    });
    await writeFile(path.join(docsDir, 'first.md'), '# First\n');
    await vi.waitFor(() => expect(warnings).toContain('first.md: updating the index failed: index is broken'), { timeout: WATCH_WAIT_MS });
    await writeFile(path.join(docsDir, 'second.md'), '# Second\n');
    await vi.waitFor(() => expect(seen).toContain('second.md'), { timeout: WATCH_WAIT_MS });
    watcher.close();
    await rm(docsDir, { recursive: true, force: true });
  });
});
