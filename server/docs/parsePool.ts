// Docs files are parsed on worker threads, each file within a time budget. Markdown parsing has
// pathological inputs (a 27 KiB file of unclosed links took micromark 35 s): on the thread that answers
// requests such a file would stall every reader, and while the server watches the folder, /health too.
// A file over budget has its worker ended and replaced; the caller skips the file with a warning.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
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

/** `entry`: the page as the page cache keeps it (pageEntry.ts), in UTF-8. */
export type ParseReply = { id: number; entry: Uint8Array<ArrayBuffer>; terms: NumberedPageTerms } | { id: number; error: string };

export type ParseResult = { page: Page; terms?: PageTerms; entry?: Uint8Array } | { error: string } | { timedOut: true };

export interface ParsePool {
  /** The budget of one file. */
  readonly timeoutMs: number;
  /** Worker threads alive now (idle ones end after IDLE_WORKER_MS: a loaded site holds no parser memory). */
  readonly workerCount: number;
  /** `source` as a plain Uint8Array (not a Buffer) is handed over to the worker: its buffer is detached here. */
  parse(file: string, source: string | Uint8Array, siteUrl: string | undefined): Promise<ParseResult>;
  /** Starts every worker now (they load their parser meanwhile), for a caller about to parse many files. */
  warm(): void;
  /** Ends the workers; parses still waiting resolve as errors. */
  close(): Promise<void>;
}

/** An idle worker ends after this: each holds its own heap (tens of MB), only needed while files change. */
const IDLE_WORKER_MS = 2_000;

/** Per file: far above any real page (the largest of Astro's 2,569 pages parses in about 0.1 s). */
const DEFAULT_PARSE_TIMEOUT_MS = 10_000;

// The worker runs as TypeScript from the sources (Node strips the types) and as JavaScript once built.
const WORKER_URL = new URL(import.meta.url.endsWith('.ts') ? './parseWorker.ts' : './parseWorker.js', import.meta.url);

interface Job extends ParseRequest {
  resolve: (result: ParseResult) => void;
}

/**
 * Files sent to a worker ahead of its reply: the next ones wait in the worker, so the worker never sits idle
 * while this thread (which also indexes each page) gets round to its reply. With one at a time, the workers
 * of a large site's cold start waited for work a quarter of their time; with two, that cold start took 4%
 * longer than with four (three to eight did as well as four).
 */
const FILES_PER_WORKER = 4;

export function createParsePool(options: { size?: number; timeoutMs?: number } = {}): ParsePool {
  const size = Math.max(1, options.size ?? Math.min(availableParallelism(), 4));
  const timeoutMs = options.timeoutMs ?? DEFAULT_PARSE_TIMEOUT_MS;
  const queue: Job[] = [];
  /** Ready workers and the jobs sent to each, in order: the first is the one being parsed. */
  const ready = new Map<Worker, Job[]>();
  /** The running job's time budget, per worker with jobs. */
  const budgets = new Map<Worker, NodeJS.Timeout>();
  const idleTimers = new Map<Worker, NodeJS.Timeout>();
  let workers = 0;
  let nextId = 0;
  let closed = false;

  // A new worker takes work once it says it is ready, so its start-up never counts against a file's budget.
  const startWorker = () => {
    const worker = new Worker(WORKER_URL);
    workers++;
    // The worker's terms by number, read from its replies in order (it sends each term once).
    const termReader = createTermReader();
    worker.on('message', (reply: ParseReply | 'ready') => {
      if (reply === 'ready') {
        if (closed) return retire(worker);
        ready.set(worker, []);
        return pump();
      }
      // Every reply is read, in order, whatever becomes of its page: later ones number their terms from it.
      const terms = 'terms' in reply ? termReader.read(reply.terms) : undefined;
      const jobs = ready.get(worker);
      if (!jobs || jobs[0]?.id !== reply.id) return;
      const job = jobs.shift()!;
      clearTimeout(budgets.get(worker));
      // The next file's budget starts now, when this thread knows the worker has moved on to it.
      if (jobs.length > 0) startBudget(worker);
      else budgets.delete(worker);
      pump();
      job.resolve(resultOf(reply, terms));
    });
    worker.on('error', (error) => {
      const jobs = ready.get(worker) ?? [];
      retire(worker);
      jobs[0]?.resolve({ error: `the parser failed (${error.message})` });
      queue.unshift(...jobs.slice(1));
      pump();
    });
  };

  const startBudget = (worker: Worker) => {
    budgets.set(
      worker,
      setTimeout(() => {
        const jobs = ready.get(worker) ?? [];
        retire(worker);
        jobs[0]?.resolve({ timedOut: true });
        // Files sent after the slow one go to another worker.
        queue.unshift(...jobs.slice(1));
        pump();
      }, timeoutMs),
    );
  };

  const retire = (worker: Worker) => {
    clearTimeout(budgets.get(worker));
    budgets.delete(worker);
    clearTimeout(idleTimers.get(worker));
    idleTimers.delete(worker);
    ready.delete(worker);
    workers--;
    void worker.terminate();
  };

  const send = (worker: Worker, job: Job) => {
    const jobs = ready.get(worker)!;
    jobs.push(job);
    if (jobs.length === 1) {
      clearTimeout(idleTimers.get(worker));
      idleTimers.delete(worker);
      worker.ref();
      startBudget(worker);
    }
    const request: ParseRequest = { id: job.id, file: job.file, source: job.source, siteUrl: job.siteUrl };
    // Only the file the worker starts on at once has its bytes moved: one sent to wait behind another is
    // copied, because it goes to another worker if the one before it runs out of time.
    const moved = jobs.length === 1 && typeof job.source !== 'string' && ownsBuffer(job.source);
    worker.postMessage(request, moved ? [(job.source as Uint8Array<ArrayBuffer>).buffer] : []);
  };

  /** Idle workers first, then a new one while under the pool's size, then a second file to each busy one. */
  const pump = () => {
    if (closed) return;
    for (let depth = 1; depth <= FILES_PER_WORKER && queue.length > 0; depth++) {
      for (const [worker, jobs] of ready) {
        if (queue.length === 0) break;
        if (jobs.length < depth) send(worker, queue.shift()!);
      }
      if (depth === 1 && queue.length > 0 && workers < size) startWorker();
    }
    // An idle worker does not keep the process alive (a one-off `index` command exits when done), and ends after a while.
    for (const [worker, jobs] of ready) {
      if (jobs.length > 0 || idleTimers.has(worker)) continue;
      worker.unref();
      const timer = setTimeout(() => retire(worker), IDLE_WORKER_MS);
      timer.unref();
      idleTimers.set(worker, timer);
    }
  };

  return {
    timeoutMs,
    get workerCount() {
      return workers;
    },
    warm() {
      if (closed) return;
      for (let count = workers; count < size; count++) startWorker();
    },
    parse(file, source, siteUrl) {
      if (closed) return Promise.resolve({ error: 'the parser is closed' });
      return new Promise((resolve) => {
        queue.push({ id: nextId++, file, source, siteUrl, resolve });
        pump();
      });
    },
    async close() {
      closed = true;
      const waiting = [...queue.splice(0), ...[...ready.values()].flat()];
      const running = [...ready.keys()];
      for (const worker of running) retire(worker);
      for (const job of waiting) job.resolve({ error: 'the parser is closed' });
      await Promise.all(running.map((worker) => worker.terminate()));
    },
  };
}

/** The page of a reply; without its terms when they did not read back (they are then analysed where the page is indexed). */
function resultOf(reply: ParseReply, terms: PageTerms | undefined): ParseResult {
  if ('error' in reply) return { error: reply.error };
  const entry = entryOf(reply.entry);
  return entry ? { ...entry, ...(terms ? { terms } : {}), entry: reply.entry } : { error: 'the parser replied with a page it could not read back' };
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
