// Every way a question can fail, reduced to one of a few kinds the reader can act on.
// The transport throws the two error classes below; `classifyError` maps anything to a kind.

export type AssistantErrorKind =
  | 'configuration'
  | 'unauthorized'
  | 'notFound'
  | 'rateLimited'
  | 'server'
  | 'offline'
  | 'network'
  | 'stream'
  // Refused before sending: the question is longer than the server takes.
  | 'tooLong';

export interface AssistantError {
  kind: AssistantErrorKind;
  /** Seconds to wait before retrying, from a 429's Retry-After header. */
  retryAfterSeconds?: number;
  /** The underlying error's message, for logs and the `error` event; never shown raw. */
  detail: string;
  /** When the error was seen (ms since epoch), the start of a Retry-After countdown. */
  receivedAt: number;
}

/** A non-2xx answer from the endpoint. */
export class AssistantHttpError extends Error {
  readonly status: number;
  readonly retryAfterSeconds: number | undefined;
  constructor(status: number, body: string, retryAfterSeconds: number | undefined) {
    super(`HTTP ${status}${body ? `: ${body.slice(0, 300)}` : ''}`);
    this.name = 'AssistantHttpError';
    this.status = status;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The answer stopped before its `finish` chunk: the connection dropped or the server died. */
export class StreamInterruptedError extends Error {
  constructor(cause?: unknown) {
    super(`The answer stream ended early${cause instanceof Error ? `: ${cause.message}` : ''}`, { cause });
    this.name = 'StreamInterruptedError';
  }
}

/** The misconfiguration found before sending (an apiKey that is not a public key). */
export class ConfigurationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigurationError';
  }
}

/** Seconds from a Retry-After header: delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const seconds = Number(value.trim());
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

export function classifyError(error: unknown, receivedAt = Date.now()): AssistantError {
  return { ...classify(error), receivedAt };
}

function classify(error: unknown): Omit<AssistantError, 'receivedAt'> {
  const detail = error instanceof Error ? error.message : String(error);
  if (error instanceof ConfigurationError) return { kind: 'configuration', detail };
  if (error instanceof AssistantHttpError) {
    if (error.status === 401 || error.status === 403) return { kind: 'unauthorized', detail };
    if (error.status === 404) return { kind: 'notFound', detail };
    if (error.status === 429) {
      return error.retryAfterSeconds === undefined
        ? { kind: 'rateLimited', detail }
        : { kind: 'rateLimited', detail, retryAfterSeconds: error.retryAfterSeconds };
    }
    return { kind: 'server', detail };
  }
  if (isOffline()) return { kind: 'offline', detail };
  if (error instanceof StreamInterruptedError) return { kind: 'stream', detail };
  // fetch itself rejects with a TypeError when the request never got an answer.
  if (error instanceof TypeError) return { kind: 'network', detail };
  // An in-band `error` chunk (the server failed after answering 200) or a malformed chunk.
  return { kind: 'server', detail };
}
