// Docs files are parsed on worker threads, each file within a time budget. Markdown parsing has
// pathological inputs (a 27 KiB file of unclosed links took micromark 35 s): on the thread that answers
// requests such a file would stall every reader, and while the server watches the folder, /health too.
// A file over budget has its worker ended and replaced; the caller skips the file with a warning.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { entryOf } from './pageEntry.ts';
import type { PageTerms } from './sectionTerms.ts';
import type { Page } from './types.ts';

export interface ParseRequest {
  id: number;
  file: string;
  /** The file's text, or its UTF-8 bytes (moved to the worker, not copied, unless they are a Node Buffer). */
  source: string | Uint8Array;
  siteUrl: string | undefined;
}

/** `entry`: the page and its warnings as the page cache keeps them (pageEntry.ts). */
export type ParseReply = { id: number; entry: string; terms: PageTerms } | { id: number; error: string };

export type ParseResult = { page: Page; warnings: string[]; terms?: PageTerms; entry?: string } | { error: string } | { timedOut: true };

export interface ParsePool {
  /** The budget of one file. */
  readonly timeoutMs: number;
  /** Worker threads alive now (idle ones end after IDLE_WORKER_MS: a loaded site holds no parser memory). */
  readonly workerCount: number;
  /** `source` as a plain Uint8Array (not a Buffer) is handed over to the worker: its buffer is detached here. */
  parse(file: string, source: string | Uint8Array, siteUrl: string | undefined): Promise<ParseResult>;
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

export function createParsePool(options: { size?: number; timeoutMs?: number } = {}): ParsePool {
  const size = Math.max(1, options.size ?? Math.min(availableParallelism(), 4));
  const timeoutMs = options.timeoutMs ?? DEFAULT_PARSE_TIMEOUT_MS;
  const queue: Job[] = [];
  const idle: Worker[] = [];
  const busy = new Map<Worker, { job: Job; timer: NodeJS.Timeout }>();
  const idleTimers = new Map<Worker, NodeJS.Timeout>();
  let workers = 0;
  let nextId = 0;
  let closed = false;

  // A new worker takes work once it says it is ready, so its start-up never counts against a file's budget.
  const startWorker = () => {
    const worker = new Worker(WORKER_URL);
    workers++;
    worker.on('message', (reply: ParseReply | 'ready') => {
      if (reply === 'ready') return release(worker);
      const running = busy.get(worker);
      if (!running || running.job.id !== reply.id) return;
      clearTimeout(running.timer);
      busy.delete(worker);
      running.job.resolve(resultOf(reply));
      release(worker);
    });
    worker.on('error', (error) => {
      const running = busy.get(worker);
      busy.delete(worker);
      retire(worker);
      running?.job.resolve({ error: `the parser failed (${error.message})` });
      pump();
    });
  };

  const retire = (worker: Worker) => {
    clearTimeout(idleTimers.get(worker));
    idleTimers.delete(worker);
    workers--;
    const position = idle.indexOf(worker);
    if (position >= 0) idle.splice(position, 1);
    void worker.terminate();
  };

  // An idle worker does not keep the process alive (a one-off `index` command exits when done).
  const release = (worker: Worker) => {
    if (closed) return retire(worker);
    worker.unref();
    idle.push(worker);
    const timer = setTimeout(() => retire(worker), IDLE_WORKER_MS);
    timer.unref();
    idleTimers.set(worker, timer);
    pump();
  };

  const pump = () => {
    if (closed) return;
    while (queue.length > 0) {
      const worker = idle.pop();
      if (!worker) {
        if (workers < size) startWorker();
        return;
      }
      clearTimeout(idleTimers.get(worker));
      idleTimers.delete(worker);
      const job = queue.shift()!;
      worker.ref();
      const timer = setTimeout(() => {
        busy.delete(worker);
        retire(worker);
        job.resolve({ timedOut: true });
        pump();
      }, timeoutMs);
      busy.set(worker, { job, timer });
      const request: ParseRequest = { id: job.id, file: job.file, source: job.source, siteUrl: job.siteUrl };
      worker.postMessage(request, typeof job.source !== 'string' && ownsBuffer(job.source) ? [job.source.buffer] : []);
    }
  };

  return {
    timeoutMs,
    get workerCount() {
      return workers;
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
      for (const job of queue.splice(0)) job.resolve({ error: 'the parser is closed' });
      for (const [worker, running] of busy) {
        clearTimeout(running.timer);
        running.job.resolve({ error: 'the parser is closed' });
        busy.delete(worker);
        retire(worker);
      }
      for (const timer of idleTimers.values()) clearTimeout(timer);
      idleTimers.clear();
      await Promise.all(idle.splice(0).map((worker) => worker.terminate()));
    },
  };
}

function resultOf(reply: ParseReply): ParseResult {
  if ('error' in reply) return { error: reply.error };
  const entry = entryOf(reply.entry);
  return entry ? { ...entry, terms: reply.terms, entry: reply.entry } : { error: 'the parser replied with a page it could not read back' };
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
