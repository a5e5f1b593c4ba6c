// `import { createAgentClient } from 'docs-assistant/agent'`: a typed client of the agent-job API for
// scripts and CI. It speaks only the documented endpoints for create/message/get (so it works against
// any server of this API); list, archive and events are this server's additions.
// Server-side only: it holds an admin key, so it refuses to start in a browser.
import type { AgentJob } from '../../src/wire.ts';

export type { AgentJob, AgentJobStatus } from '../../src/wire.ts';

/** Base class of every error the client throws for an HTTP answer (status 0: no answer at all). */
export class ApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ApiError';
    this.status = status;
  }
}
/** 401 or 403: the key is missing, unknown, not valid for the project, or not an admin key. */
export class AuthError extends ApiError {
  override name = 'AuthError';
}
/** 404: unknown project or job. */
export class NotFoundError extends ApiError {
  override name = 'NotFoundError';
}
/** 400 or 413: the request was refused as invalid; the message names the field. */
export class ValidationError extends ApiError {
  override name = 'ValidationError';
}
/** 409: the job's state forbids the operation (e.g. a follow-up to an archived job). */
export class ConflictError extends ApiError {
  override name = 'ConflictError';
}
/** 429: a limit was reached; `retryAfter` is in seconds (null when the server did not say). */
export class RateLimitError extends ApiError {
  override name = 'RateLimitError';
  readonly retryAfter: number | null;
  constructor(message: string, retryAfter: number | null) {
    super(429, message);
    this.retryAfter = retryAfter;
  }
}
/** `waitForJob` gave up; `job` is the last state seen. */
export class WaitTimeoutError extends Error {
  override name = 'WaitTimeoutError';
  readonly job: AgentJob | null;
  constructor(message: string, job: AgentJob | null) {
    super(message);
    this.job = job;
  }
}

export interface AgentClientOptions {
  /** Base URL of the API, e.g. `http://127.0.0.1:8787` (no trailing `/v2`). */
  baseUrl: string;
  /** Admin key (server-side secret). */
  apiKey: string;
  /** The project the jobs belong to. */
  projectId: string;
  /** Custom fetch (tests, proxies). @default globalThis.fetch */
  fetch?: typeof fetch;
}

export interface WaitOptions {
  signal?: AbortSignal;
  /** Give up after this many milliseconds. @default no limit */
  timeout?: number;
  /** Called with every polled state. */
  onProgress?: (job: AgentJob) => void;
  /** Called when a poll was refused with 429, with the seconds it waits before polling again. */
  onRateLimit?: (seconds: number, error: RateLimitError) => void;
  /** First and largest delay between polls in milliseconds; delays grow by half each poll. @default { initial: 1000, max: 10000 } */
  pollInterval?: { initial: number; max: number };
}

export interface JobEvent {
  seq: number;
  at: string;
  text: string;
}

const FINAL_STATES = new Set(['completed', 'archived', 'failed']);

/** Whether the job has stopped moving (poll no more). */
export function isFinished(job: AgentJob): boolean {
  return FINAL_STATES.has(job.status);
}

function errorFor(status: number, message: string, headers: Headers): ApiError {
  if (status === 401 || status === 403) return new AuthError(status, message);
  if (status === 404) return new NotFoundError(status, message);
  if (status === 400 || status === 413 || status === 422) return new ValidationError(status, message);
  if (status === 409) return new ConflictError(status, message);
  if (status === 429) {
    const header = headers.get('retry-after');
    const seconds = header === null ? Number.NaN : /^\d+$/.test(header) ? Number(header) : (Date.parse(header) - Date.now()) / 1000;
    return new RateLimitError(message, Number.isFinite(seconds) ? Math.max(0, Math.ceil(seconds)) : null);
  }
  return new ApiError(status, message);
}

function sleep(milliseconds: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, milliseconds);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function withoutMessage(body: AgentJob & { message?: unknown }): AgentJob {
  const { message: _message, ...job } = body;
  return job;
}

function jobPath(id: string): string {
  return `/job/${encodeURIComponent(id)}`;
}

type Requester = <T>(method: string, path: string, body?: unknown, signal?: AbortSignal) => Promise<T>;

/** Sends JSON with the admin key to `{baseUrl}{path}` and turns error answers into typed errors. */
function createRequester(options: Omit<AgentClientOptions, 'projectId'>): Requester {
  if (typeof window !== 'undefined' && typeof document !== 'undefined') {
    throw new Error('docs-assistant/agent runs on servers only: an admin key must never be shipped to a browser');
  }
  if (!options.apiKey) throw new Error('createAgentClient: apiKey is required (an admin key)');
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const base = options.baseUrl.replace(/\/+$/, '');

  return async function request<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
    const headers: Record<string, string> = { authorization: `Bearer ${options.apiKey}`, accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetchImpl(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new ApiError(0, `network: ${(error as Error).message}`, { cause: error });
    }
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    if (!response.ok) {
      const message = typeof (parsed as { error?: unknown })?.error === 'string' ? (parsed as { error: string }).error : `HTTP ${response.status} ${response.statusText}`.trim();
      throw errorFor(response.status, message, response.headers);
    }
    if (parsed === undefined) throw new ApiError(response.status, 'the server answered without a JSON body');
    return parsed as T;
  };
}

/** The projects an admin key may use on this server (this server's addition; other servers answer 404). */
export async function listAgentProjects(options: Omit<AgentClientOptions, 'projectId'>): Promise<string[]> {
  return (await createRequester(options)<{ projects: string[] }>('GET', '/v2/agent')).projects;
}

export function createAgentClient(options: AgentClientOptions) {
  const send = createRequester(options);
  if (!options.projectId) throw new Error('createAgentClient: projectId is required');
  const root = `/v2/agent/${encodeURIComponent(options.projectId)}`;
  const request: Requester = (method, path, body, signal) => send(method, `${root}${path}`, body, signal);

  const client = {
    /** Starts a job; it runs in the background (poll with `getJob` or `waitForJob`). */
    async createJob(prompt: string, requestOptions: { signal?: AbortSignal } = {}): Promise<AgentJob> {
      return withoutMessage(await request('POST', '/job', { prompt }, requestOptions.signal));
    },
    /** Sends a follow-up; the job becomes active again and continues on the same branch and pull request. */
    async sendMessage(id: string, prompt: string, requestOptions: { signal?: AbortSignal } = {}): Promise<AgentJob> {
      return withoutMessage(await request('POST', `${jobPath(id)}/message`, { prompt }, requestOptions.signal));
    },
    getJob(id: string, requestOptions: { signal?: AbortSignal } = {}): Promise<AgentJob> {
      return request('GET', jobPath(id), undefined, requestOptions.signal);
    },
    /** Newest first (this server's addition). */
    listJobs(page: { skip?: number; take?: number } = {}): Promise<{ jobs: AgentJob[]; total: number; skip: number; take: number }> {
      const query = new URLSearchParams();
      if (page.skip !== undefined) query.set('skip', String(page.skip));
      if (page.take !== undefined) query.set('take', String(page.take));
      return request('GET', `/jobs${query.size > 0 ? `?${query}` : ''}`);
    },
    /** Runs a failed job's failed request again, as it was (this server's addition). */
    async retryJob(id: string): Promise<AgentJob> {
      return withoutMessage(await request('POST', `${jobPath(id)}/retry`));
    },
    /** Archives a completed or failed job (this server's addition). */
    archiveJob(id: string): Promise<AgentJob> {
      return request('POST', `${jobPath(id)}/archive`);
    },
    /** The job's activity log after event `after` (this server's addition). */
    async getEvents(id: string, after = 0): Promise<JobEvent[]> {
      return (await request<{ events: JobEvent[] }>('GET', `${jobPath(id)}/events?after=${after}`)).events;
    },
    /**
     * Polls until the job is completed, archived or failed, with growing delays; waits out 429s and
     * retries transient failures (network, 5xx). Throws WaitTimeoutError after `timeout`, the signal's
     * reason when aborted, and other API errors (401, 404) at once.
     */
    async waitForJob(id: string, wait: WaitOptions = {}): Promise<AgentJob> {
      const interval = wait.pollInterval ?? { initial: 1000, max: 10_000 };
      const deadline = wait.timeout === undefined ? Number.POSITIVE_INFINITY : Date.now() + wait.timeout;
      let delay = interval.initial;
      let last: AgentJob | null = null;
      for (;;) {
        let pause = delay;
        try {
          last = await client.getJob(id, { signal: wait.signal });
          wait.onProgress?.(last);
          if (isFinished(last)) return last;
        } catch (error) {
          if (wait.signal?.aborted) throw wait.signal.reason;
          if (error instanceof RateLimitError) {
            pause = Math.max(delay, (error.retryAfter ?? 1) * 1000);
            wait.onRateLimit?.(Math.ceil(pause / 1000), error);
          }
          else if (!(error instanceof ApiError) || (error.status !== 0 && error.status < 500)) throw error;
        }
        const remaining = deadline - Date.now();
        if (remaining <= 0) throw new WaitTimeoutError(`job ${id} did not finish within ${wait.timeout} ms`, last);
        await sleep(Math.min(pause, remaining), wait.signal);
        delay = Math.min(interval.max, Math.round(delay * 1.5));
      }
    },
  };
  return client;
}

export type AgentClient = ReturnType<typeof createAgentClient>;
