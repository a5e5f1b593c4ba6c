// Docs files are parsed on worker threads, each file within a time budget. Markdown parsing has
// pathological inputs (a 27 KiB file of unclosed links took micromark 35 s): on the thread that answers
// requests such a file would stall every reader, and while the server watches the folder, /health too.
// A file over budget has its parser ended and replaced; the caller skips the file with a warning.
// A parser is two threads in a row: one turns files into pages (parseWorker.ts), the next cuts pages into
// index terms (termsWorker.ts). Each runs only its own code, so V8 compiles and warms up each half once:
// a large site's cold start took 14% less CPU time (7% less time) than with two threads that each did both.
import { availableParallelism } from 'node:os';
import { MessageChannel, Worker, type Transferable } from 'node:worker_threads';
import { entryOf } from './pageEntry.ts';
import { createTermReader, type NumberedPageTerms, type PageTerms } from './sectionTerms.ts';
import type { Page } from './types.ts';

export interface ParseRequest {
  id: number;
  file: string;
  /** The file's text, or its UTF-8 bytes (moved to the worker, not copied, unless they are a Node Buffer). */
  source: string | Uint8Array;
  siteUrl: string | undefined;
}

/** From a parser's pages thread to its terms thread. `entry`: the page as the page cache keeps it (pageEntry.ts), in UTF-8. */
export type PageMessage = { id: number; entry: Uint8Array<ArrayBuffer> } | { id: number; error: string };

/** From a parser's terms thread to the pool: the page, and its terms. */
export type ParseReply = { id: number; entry: Uint8Array<ArrayBuffer>; terms: NumberedPageTerms } | { id: number; error: string };

export type ParseResult = { page: Page; terms?: PageTerms; entry?: Uint8Array } | { error: string } | { timedOut: true };

export interface ParsePool {
  /** The budget of one file. */
  readonly timeoutMs: number;
  /** Worker threads alive now, two per parser (idle ones end after IDLE_WORKER_MS: a loaded site holds no parser memory). */
  readonly workerCount: number;
  /** `source` as a plain Uint8Array (not a Buffer) is handed over to the worker: its buffer is detached here. */
  parse(file: string, source: string | Uint8Array, siteUrl: string | undefined): Promise<ParseResult>;
  /** Starts every parser now (its threads load their code meanwhile), for a caller about to parse many files. */
  warm(): void;
  /** Ends the workers; parses still waiting resolve as errors. */
  close(): Promise<void>;
}

/** An idle parser ends after this: each thread holds its own heap (tens of MB), only needed while files change. */
const IDLE_WORKER_MS = 2_000;

/** Per file: far above any real page (the largest of Astro's 2,569 pages parses in about 0.1 s). */
const DEFAULT_PARSE_TIMEOUT_MS = 10_000;

/**
 * A parser that fails before it is ready (a thread the system refuses, a flag the threads reject) is started again
 * this many times in a row; then the files waiting fail with the reason, and files sent within START_RETRY_MS fail
 * at once. Started again every time, it spun both cores and never loaded a page, saying nothing.
 */
const MAX_START_FAILURES = 3;
const START_RETRY_MS = 10_000;

// The threads run as TypeScript from the sources (Node strips the types) and as JavaScript once built.
const extension = import.meta.url.endsWith('.ts') ? 'ts' : 'js';
const PAGES_WORKER_URL = new URL(`./parseWorker.${extension}`, import.meta.url);
const TERMS_WORKER_URL = new URL(`./termsWorker.${extension}`, import.meta.url);

interface Job extends ParseRequest {
  resolve: (result: ParseResult) => void;
}

/**
 * Files sent to a parser ahead of its reply: the next ones wait in its threads, so neither sits idle while
 * this thread (which also indexes each page) gets round to a reply, and the terms thread, the slower of the
 * two, always has pages waiting. With one at a time, the workers of a large site's cold start waited for work
 * a quarter of their time. loadDocs keeps as many files in flight (CONCURRENT_READS).
 */
const FILES_PER_PARSER = 32;

/** A parser's two threads, started together and ended together. */
interface Parser {
  post(request: ParseRequest, transfer: Transferable[]): void;
  ref(): void;
  unref(): void;
  terminate(): Promise<void>;
}

/**
 * The Node options for the parser's threads: undefined, so they inherit the process's as Node passes them on (it
 * leaves out those a thread cannot take: `--expose-gc`, `--max-old-space-size`), unless the process has options
 * that only concern its entry: a server started as `node --input-type=module -e "…"` passed `--input-type` on,
 * which a thread refuses at start. Then the list without them (startParser drops any Node refuses for a thread).
 */
function threadExecArgv(execArgv: readonly string[]): string[] | undefined {
  if (!execArgv.some((option) => option === '--input-type' || option.startsWith('--input-type='))) return undefined;
  const kept: string[] = [];
  for (let at = 0; at < execArgv.length; at++) {
    const option = execArgv[at] as string;
    if (option === '--input-type') at++;
    else if (!option.startsWith('--input-type=')) kept.push(option);
  }
  return kept;
}

/**
 * A thread of `url` with `execArgv`; given explicitly, Node refuses options a thread cannot take (`--expose-gc`)
 * with an error naming them, where inherited it leaves them out: the thread is started again without them.
 */
function startThread(url: URL, options: { workerData: unknown; transferList: Transferable[] }, execArgv: string[] | undefined): Worker {
  try {
    return new Worker(url, { ...options, ...(execArgv ? { execArgv } : {}) });
  } catch (error) {
    if ((error as { code?: string }).code !== 'ERR_WORKER_INVALID_EXEC_ARGV' || !execArgv) throw error;
    const refused = (error as Error).message.slice((error as Error).message.indexOf(': ') + 2).split(', ');
    return new Worker(url, { ...options, execArgv: execArgv.filter((option) => !refused.includes(option)) });
  }
}

const ignore = (): void => {};

/**
 * A parser whose threads never started: nothing to send to, hold or end. One object per start, as the pool keys its
 * parsers by identity (alive, ready, budgets): a shared one let one start's failure retire another's.
 */
function noParser(): Parser {
  return { post: ignore, ref: ignore, unref: ignore, terminate: async () => {} };
}

/** Starts a parser; `onMessage` gets 'ready' once both threads have loaded, then each reply in order. */
function startParser(onMessage: (message: ParseReply | 'ready') => void, onError: (error: Error) => void, execArgv: string[] | undefined): Parser {
  const { port1, port2 } = new MessageChannel();
  let first: Worker | undefined;
  let threads: [Worker, Worker];
  try {
    first = startThread(PAGES_WORKER_URL, { workerData: { terms: port1 }, transferList: [port1] }, execArgv);
    threads = [first, startThread(TERMS_WORKER_URL, { workerData: { pages: port2 }, transferList: [port2] }, execArgv)];
  } catch (error) {
    void first?.terminate();
    // A thread the system refuses at once (too many threads, an option Node rejects) fails the parser as one that
    // fails at start does, after the pool has taken it in: thrown here, it rejected the parse and the whole load.
    setImmediate(() => onError(error instanceof Error ? error : new Error(String(error))));
    return noParser();
  }
  const [pages, terms] = threads;
  let loaded = 0;
  const loadedOne = () => {
    if (++loaded === 2) onMessage('ready');
  };
  pages.on('message', (message: 'ready') => message === 'ready' && loadedOne());
  terms.on('message', (message: ParseReply | 'ready') => (message === 'ready' ? loadedOne() : onMessage(message)));
  for (const thread of threads) {
    thread.on('error', onError);
    // A thread that ends without an error (process.exit in its code or in a module the process preloads) fails its
    // parser as an error would: otherwise its files waited for their time budget, and before 'ready', forever. A
    // thread the pool ends itself (terminate) has left the pool already, which then ignores this.
    thread.on('exit', (code) => onError(new Error(`a thread of the parser exited with code ${code}`)));
  }
  return {
    post: (request, transfer) => pages.postMessage(request, transfer),
    ref: () => (pages.ref(), terms.ref()),
    unref: () => (pages.unref(), terms.unref()),
    terminate: async () => void (await Promise.all([pages.terminate(), terms.terminate()])),
  };
}

/** `execArgv`: the Node options of the parser's threads (by default the process's, less those for its entry only). */
export function createParsePool(options: { size?: number; timeoutMs?: number; execArgv?: string[] } = {}): ParsePool {
  /** Parsers (two threads each): one per two cores, up to two. */
  const size = Math.max(1, options.size ?? Math.floor(Math.min(availableParallelism(), 4) / 2));
  const timeoutMs = options.timeoutMs ?? DEFAULT_PARSE_TIMEOUT_MS;
  const execArgv = options.execArgv ?? threadExecArgv(process.execArgv);
  /** Parsers that failed before they were ready, in a row; and why the last did, until when files fail at once. */
  let startFailures = 0;
  let notStarting: { reason: string; until: number } | undefined;
  const queue: Job[] = [];
  /** Ready parsers and the jobs sent to each, in order: the first is the one being parsed. */
  const ready = new Map<Parser, Job[]>();
  /** The running job's time budget, per parser with jobs. */
  const budgets = new Map<Parser, NodeJS.Timeout>();
  const idleTimers = new Map<Parser, NodeJS.Timeout>();
  /** Parsers started and not ended, ready or not. */
  const alive = new Set<Parser>();
  let nextId = 0;
  let closed = false;

  // A new parser takes work once it says it is ready, so its start-up never counts against a file's budget.
  const startOne = () => {
    // The parser's terms by number, read from its replies in order (it sends each term once).
    const termReader = createTermReader();
    const parser: Parser = startParser(
      (reply) => {
        if (reply === 'ready') {
          startFailures = 0;
          if (closed) return retire(parser);
          ready.set(parser, []);
          return pump();
        }
        // Every reply is read, in order, whatever becomes of its page: later ones number their terms from it.
        const terms = 'terms' in reply ? termReader.read(reply.terms) : undefined;
        const jobs = ready.get(parser);
        if (!jobs || jobs[0]?.id !== reply.id) return;
        const job = jobs.shift()!;
        clearTimeout(budgets.get(parser));
        // The next file's budget starts now, when this thread knows the parser has moved on to it.
        if (jobs.length > 0) startBudget(parser);
        else budgets.delete(parser);
        pump();
        job.resolve(resultOf(reply, terms));
      },
      (error) => {
        if (!alive.has(parser)) return;
        const started = ready.has(parser);
        const jobs = ready.get(parser) ?? [];
        retire(parser);
        jobs[0]?.resolve({ error: `the parser failed (${error.message})` });
        queue.unshift(...jobs.slice(1));
        if (!started && ++startFailures >= MAX_START_FAILURES) {
          startFailures = 0;
          notStarting = { reason: `the parser could not start (${error.message.split('\n')[0] ?? ''})`, until: Date.now() + START_RETRY_MS };
          for (const job of queue.splice(0)) job.resolve({ error: notStarting.reason });
          return;
        }
        pump();
      },
      execArgv,
    );
    alive.add(parser);
  };

  const startBudget = (parser: Parser) => {
    budgets.set(
      parser,
      setTimeout(() => {
        const jobs = ready.get(parser) ?? [];
        retire(parser);
        jobs[0]?.resolve({ timedOut: true });
        // Files sent after the slow one go to another parser.
        queue.unshift(...jobs.slice(1));
        pump();
      }, timeoutMs),
    );
  };

  const retire = (parser: Parser) => {
    clearTimeout(budgets.get(parser));
    budgets.delete(parser);
    clearTimeout(idleTimers.get(parser));
    idleTimers.delete(parser);
    ready.delete(parser);
    alive.delete(parser);
    void parser.terminate();
  };

  const send = (parser: Parser, job: Job) => {
    const jobs = ready.get(parser)!;
    jobs.push(job);
    if (jobs.length === 1) {
      clearTimeout(idleTimers.get(parser));
      idleTimers.delete(parser);
      parser.ref();
      startBudget(parser);
    }
    const request: ParseRequest = { id: job.id, file: job.file, source: job.source, siteUrl: job.siteUrl };
    // Only the file the parser starts on at once has its bytes moved: one sent to wait behind another is
    // copied, because it goes to another parser if the one before it runs out of time.
    const moved = jobs.length === 1 && typeof job.source !== 'string' && ownsBuffer(job.source);
    parser.post(request, moved ? [(job.source as Uint8Array<ArrayBuffer>).buffer] : []);
  };

  /** Idle parsers first, then a new one while under the pool's size, then more files to each busy one. */
  const pump = () => {
    if (closed) return;
    for (let depth = 1; depth <= FILES_PER_PARSER && queue.length > 0; depth++) {
      for (const [parser, jobs] of ready) {
        if (queue.length === 0) break;
        if (jobs.length < depth) send(parser, queue.shift()!);
      }
      if (depth === 1 && queue.length > 0 && alive.size < size) startOne();
    }
    // An idle parser does not keep the process alive (a one-off `index` command exits when done), and ends after a while.
    for (const [parser, jobs] of ready) {
      if (jobs.length > 0 || idleTimers.has(parser)) continue;
      parser.unref();
      const timer = setTimeout(() => retire(parser), IDLE_WORKER_MS);
      timer.unref();
      idleTimers.set(parser, timer);
    }
  };

  return {
    timeoutMs,
    get workerCount() {
      return alive.size * 2;
    },
    warm() {
      if (closed) return;
      for (let count = alive.size; count < size; count++) startOne();
    },
    parse(file, source, siteUrl) {
      if (closed) return Promise.resolve({ error: 'the parser is closed' });
      if (notStarting && Date.now() < notStarting.until) return Promise.resolve({ error: notStarting.reason });
      return new Promise((resolve) => {
        queue.push({ id: nextId++, file, source, siteUrl, resolve });
        pump();
      });
    },
    async close() {
      closed = true;
      const waiting = [...queue.splice(0), ...[...ready.values()].flat()];
      const running = [...alive];
      for (const parser of running) retire(parser);
      for (const job of waiting) job.resolve({ error: 'the parser is closed' });
      await Promise.all(running.map((parser) => parser.terminate()));
    },
  };
}

/** The page of a reply; without its terms when they did not read back (they are then analysed where the page is indexed). */
function resultOf(reply: ParseReply, terms: PageTerms | undefined): ParseResult {
  if ('error' in reply) return { error: reply.error };
  const page = entryOf(reply.entry);
  return page ? { page, ...(terms ? { terms } : {}), entry: reply.entry } : { error: 'the parser replied with a page it could not read back' };
}

/** Plain bytes are moved to the worker; a Node Buffer may share Node's pool of small buffers, so it is copied. */
function ownsBuffer(bytes: Uint8Array): bytes is Uint8Array<ArrayBuffer> {
  return !Buffer.isBuffer(bytes) && bytes.buffer instanceof ArrayBuffer;
}

let shared: ParsePool | undefined;

/** The process's pool, started on first use; its idle workers never keep the process alive. */
export function sharedParsePool(): ParsePool {
  shared ??= createParsePool();
  return shared;
}
