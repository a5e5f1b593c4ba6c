// Parsed pages kept between runs, keyed by each file's content hash: a restart parses only the files that
// changed (parsing is half of a large site's start-up); and the word index of the last start, which a
// restart over exactly the same files loads instead of indexing again. One SQLite file in the data folder.
// Entries are tied to the parser's version and the site URL (baked into every section URL), so a change
// to either parses everything once again.
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Page, Section } from './types.ts';

/** Bump when sections come out differently for the same file (sections.ts, blockText.ts, frontmatter.ts), or are kept differently here. */
const PARSER_VERSION = 2;

const PAGE_CACHE_FILE = 'page-cache.sqlite';

export interface CachedPage {
  page: Page;
  warnings: string[];
}

export interface PageCache {
  /** The page parsed from exactly these bytes, if kept. */
  get(file: string, hash: string): CachedPage | undefined;
  set(file: string, hash: string, entry: CachedPage): void;
  /** Drops the entries of files that are gone. */
  retain(files: readonly string[]): void;
  /** The word index kept for `key` (one is kept: the latest). */
  getSnapshot(key: string): Uint8Array | undefined;
  setSnapshot(key: string, snapshot: Uint8Array): void;
  close(): void;
}

/** One key for a whole docs folder: its files and their content hashes, in order. */
export function contentKeyOf(fileHashes: readonly string[]): string {
  const hash = createHash('sha256');
  for (const entry of fileHashes) hash.update(`${entry}\n`);
  return hash.digest('base64url');
}

/** What a cached page is keyed by: the bytes, the site URL and the parser version. */
export function contentHash(bytes: Uint8Array, siteUrl: string | undefined): string {
  return createHash('sha256').update(`${PARSER_VERSION}\0${siteUrl ?? ''}\0`).update(bytes).digest('base64url');
}

/** What every section of a page repeats from the page: kept once per page, put back on load. */
type PageLevelField = 'file' | 'route' | 'pageTitle' | 'description' | 'metadata';
type KeptPage = Omit<Page, 'sections'> & { sections: Omit<Section, PageLevelField>[] };

function keptForm(page: Page): KeptPage {
  return {
    ...page,
    sections: page.sections.map(({ id, anchor, url, headingPath, text }) => ({ id, anchor, url, headingPath, text })),
  };
}

/** The page again, its sections sharing one metadata object as parsed pages do (half the entry to read, less to hold). */
function restored(page: KeptPage): Page {
  const shared = { file: page.file, route: page.route, pageTitle: page.title, ...(page.description ? { description: page.description } : {}) };
  return { ...page, sections: page.sections.map((section) => ({ ...section, ...shared, metadata: page.metadata })) };
}

export function openPageCache(dataDir: string): PageCache {
  mkdirSync(dataDir, { recursive: true });
  const database = new DatabaseSync(join(dataDir, PAGE_CACHE_FILE));
  database.exec('PRAGMA busy_timeout = 5000; PRAGMA journal_mode = WAL; PRAGMA synchronous = OFF;');
  database.exec('CREATE TABLE IF NOT EXISTS pages (file TEXT PRIMARY KEY, hash TEXT NOT NULL, entry TEXT NOT NULL)');
  database.exec('CREATE TABLE IF NOT EXISTS index_snapshot (only INTEGER PRIMARY KEY CHECK (only = 1), key TEXT NOT NULL, snapshot TEXT NOT NULL)');
  const selectSnapshot = database.prepare('SELECT snapshot FROM index_snapshot WHERE only = 1 AND key = ?');
  const upsertSnapshot = database.prepare('INSERT INTO index_snapshot (only, key, snapshot) VALUES (1, ?, ?) ON CONFLICT (only) DO UPDATE SET key = excluded.key, snapshot = excluded.snapshot');
  const select = database.prepare('SELECT entry FROM pages WHERE file = ? AND hash = ?');
  const upsert = database.prepare('INSERT INTO pages (file, hash, entry) VALUES (?, ?, ?) ON CONFLICT (file) DO UPDATE SET hash = excluded.hash, entry = excluded.entry');
  const files = database.prepare('SELECT file FROM pages');
  const remove = database.prepare('DELETE FROM pages WHERE file = ?');
  return {
    get(file, hash) {
      const row = select.get(file, hash);
      if (!row) return undefined;
      try {
        const entry = JSON.parse(String(row.entry)) as { page: KeptPage; warnings: string[] };
        return { page: restored(entry.page), warnings: entry.warnings };
      } catch {
        return undefined;
      }
    },
    set(file, hash, entry) {
      upsert.run(file, hash, JSON.stringify({ page: keptForm(entry.page), warnings: entry.warnings }));
    },
    retain(kept) {
      const wanted = new Set(kept);
      database.exec('BEGIN');
      for (const row of files.all()) if (!wanted.has(String(row.file))) remove.run(String(row.file));
      database.exec('COMMIT');
    },
    getSnapshot(key) {
      const row = selectSnapshot.get(key);
      // A snapshot kept as text by an older version is never asked for: its key names the older index format.
      return row?.snapshot instanceof Uint8Array ? row.snapshot : undefined;
    },
    setSnapshot(key, snapshot) {
      upsertSnapshot.run(key, snapshot);
    },
    close: () => database.close(),
  };
}
