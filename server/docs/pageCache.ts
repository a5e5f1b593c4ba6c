// Parsed pages kept between runs, keyed by each file's content hash: a restart parses only the files that
// changed (parsing is half of a large site's start-up); and the word index of the last start, which a
// restart over exactly the same files loads instead of indexing again. One SQLite file in the data folder.
// Entries are tied to the parser's version and the site URL (baked into every section URL), so a change
// to either parses everything once again.
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { entryOf, serializedEntry } from './pageEntry.ts';
import type { Page } from './types.ts';

/** Bump when sections come out differently for the same file (sections.ts, blockText.ts, frontmatter.ts), or are kept differently here. */
const PARSER_VERSION = 21; // 21: a paragraph of pictures alone no text (its alt text read as a stray line); 20: two code spans that met across HTML tags spaced apart (Vue's `onMounted` `mounted`); 19: anything but a nested list or code after a blank line in a list item (a table's rows, a heading); 18: a list item's later blocks indented to its text, a paragraph after a blank line; 17: a heading inside a section's text in bold; 16: a twoslash query's caret spaced under its word (//    ^?) and @filename off code; 15: a heading inside a section's text without its explicit anchor ({#boolean}); 14: a GitHub alert's marker ([!NOTE]) off a blockquote's text; 13: Vue's API styles titled in Chinese on a Chinese page (组合式 API); 12: code in a tab (<TabItem label>, <Tab title>) titled with its label; 11: code titles kept (```bash [npm]) and Vue's API style variants titled; 10: a list item's Chinese or Japanese paragraphs joined with no line break; 9: no text from <script> and <style> (a VitePress page's <script setup>); 8: those links made as every other (a site URL with spaces or parentheses in <>); 7: that list links its subsections; 6: a heading over subsections only lists them; 5: heading markers (Vue's \*\*) off the text; 4: VitePress fence options off the language (3: markdown-it, 2: shared page fields)

const PAGE_CACHE_FILE = 'page-cache.sqlite';

/**
 * A file as the file system describes it, without reading it: size, modification and change times in
 * nanoseconds, inode. Writing the file changes its change time, which no tool can set back.
 */
export interface FileStamp {
  text: string;
  modifiedMs: number;
}

/**
 * A stamp is trusted only for an entry confirmed this long after the file's last modification: a file
 * written again within the same timestamp tick as the read that cached it could keep its stamp (git's "racy
 * clean" case), and a later write would show a later modification time.
 */
const STAMP_MARGIN_MS = 2000;

export interface PageCache {
  /** The page parsed from exactly these bytes, if kept. */
  get(file: string, hash: string): Page | undefined;
  /** The page and content hash of a file whose stamp is unchanged since its bytes were last read (a restart skips reading it). */
  getByStamp(file: string, stamp: FileStamp): { page: Page; hash: string } | undefined;
  /** Keeps a page; `serialized`: the entry as serializedEntry wrote it, or encodedEntry (by a parse worker), saving that work here. */
  set(file: string, hash: string, page: Page, stamp?: FileStamp, serialized?: string | Uint8Array): void;
  /** Keeps many pages in one transaction (a write each cost a large site's first start a tenth of a second). */
  setAll(writes: readonly PageWrite[]): void;
  /** Records the stamp of the file whose bytes were just read and found to be the kept entry's. */
  confirm(file: string, hash: string, stamp: FileStamp): void;
  /** Drops the entries of files that are gone. */
  retain(files: readonly string[]): void;
  /** The word index kept for `key` (one is kept: the latest). */
  getSnapshot(key: string): Uint8Array | undefined;
  setSnapshot(key: string, snapshot: Uint8Array): void;
  close(): void;
}

/** A page to keep, as PageCache.set takes it. */
export interface PageWrite {
  file: string;
  hash: string;
  page: Page;
  stamp?: FileStamp | undefined;
  serialized?: string | Uint8Array | undefined;
}

/** The stamp of a file as `stat(file, { bigint: true })` describes it, for pages of this site URL and parser version. */
export function fileStamp(info: { size: bigint; mtimeNs: bigint; ctimeNs: bigint; ino: bigint; mtimeMs: bigint }, siteUrl: string | undefined): FileStamp {
  return { text: `${PARSER_VERSION}\0${siteUrl ?? ''}\0${info.size}:${info.mtimeNs}:${info.ctimeNs}:${info.ino}`, modifiedMs: Number(info.mtimeMs) };
}

/** What a cached page is keyed by: the bytes, the site URL and the parser version. */
export function contentHash(bytes: Uint8Array, siteUrl: string | undefined): string {
  return createHash('sha256').update(`${PARSER_VERSION}\0${siteUrl ?? ''}\0`).update(bytes).digest('base64url');
}

export function openPageCache(dataDir: string): PageCache {
  mkdirSync(dataDir, { recursive: true });
  const database = new DatabaseSync(join(dataDir, PAGE_CACHE_FILE));
  database.exec('PRAGMA busy_timeout = 5000; PRAGMA journal_mode = WAL; PRAGMA synchronous = OFF;');
  database.exec('CREATE TABLE IF NOT EXISTS pages (file TEXT PRIMARY KEY, hash TEXT NOT NULL, entry TEXT NOT NULL)');
  // Caches written before stamps were kept gain the columns (their entries are then read and confirmed once).
  const columns = database.prepare('PRAGMA table_info(pages)').all();
  if (!columns.some((column) => column.name === 'stamp')) database.exec('ALTER TABLE pages ADD COLUMN stamp TEXT; ALTER TABLE pages ADD COLUMN confirmed_at INTEGER');
  database.exec('CREATE TABLE IF NOT EXISTS index_snapshot (only INTEGER PRIMARY KEY CHECK (only = 1), key TEXT NOT NULL, snapshot TEXT NOT NULL)');
  const selectSnapshot = database.prepare('SELECT snapshot FROM index_snapshot WHERE only = 1 AND key = ?');
  const upsertSnapshot = database.prepare('INSERT INTO index_snapshot (only, key, snapshot) VALUES (1, ?, ?) ON CONFLICT (only) DO UPDATE SET key = excluded.key, snapshot = excluded.snapshot');
  const select = database.prepare('SELECT entry FROM pages WHERE file = ? AND hash = ?');
  const selectByStamp = database.prepare('SELECT hash, entry FROM pages WHERE file = ? AND stamp = ? AND confirmed_at > ?');
  const upsert = database.prepare(
    `INSERT INTO pages (file, hash, entry, stamp, confirmed_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (file) DO UPDATE SET hash = excluded.hash, entry = excluded.entry, stamp = excluded.stamp, confirmed_at = excluded.confirmed_at`,
  );
  const updateStamp = database.prepare('UPDATE pages SET stamp = ?, confirmed_at = ? WHERE file = ? AND hash = ?');
  const files = database.prepare('SELECT file FROM pages');
  const remove = database.prepare('DELETE FROM pages WHERE file = ?');
  return {
    get(file, hash) {
      const row = select.get(file, hash);
      return row ? entryOf(entryText(row.entry)) : undefined;
    },
    getByStamp(file, stamp) {
      const row = selectByStamp.get(file, stamp.text, stamp.modifiedMs + STAMP_MARGIN_MS);
      const page = row ? entryOf(entryText(row.entry)) : undefined;
      return page && { page, hash: String(row?.hash) };
    },
    set(file, hash, page, stamp, serialized) {
      upsert.run(file, hash, serialized ?? serializedEntry(page), stamp?.text ?? null, stamp ? Date.now() : null);
    },
    setAll(writes) {
      if (writes.length === 0) return;
      const now = Date.now();
      database.exec('BEGIN');
      try {
        for (const { file, hash, page, stamp, serialized } of writes) upsert.run(file, hash, serialized ?? serializedEntry(page), stamp?.text ?? null, stamp ? now : null);
        database.exec('COMMIT');
      } catch (error) {
        database.exec('ROLLBACK');
        throw error;
      }
    },
    confirm(file, hash, stamp) {
      updateStamp.run(stamp.text, Date.now(), file, hash);
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

/** An entry as SQLite returns it: text, or the UTF-8 bytes a parse worker wrote (kept as a blob). */
function entryText(value: unknown): string | Uint8Array {
  return value instanceof Uint8Array ? value : String(value);
}
