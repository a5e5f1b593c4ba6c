// What a reader is told when the language model fails, and what the server log gets. A provider's error
// text can echo the request (an `Authorization` header, a `password=` in a URL, the prompt), so it never
// goes into the public stream: readers get one fixed sentence per kind of failure, the log the full text.
import { APICallError, RetryError } from 'ai';

export type ModelFailure = 'rate-limited' | 'timed-out' | 'unavailable';

export const MODEL_FAILURE_TEXT: Record<ModelFailure, string> = {
  'rate-limited': 'The language model is receiving too many requests right now. Please try again in a moment.',
  'timed-out': 'The language model took too long to answer. Please try again.',
  unavailable: 'The language model is unavailable right now. Please try again later.',
};

/** After retries the AI SDK wraps the provider's error; the last one says what happened. */
function underlying(error: unknown): unknown {
  return RetryError.isInstance(error) ? (error.lastError ?? error) : error;
}

export function classifyModelError(error: unknown): ModelFailure {
  const cause = underlying(error);
  if (APICallError.isInstance(cause)) {
    if (cause.statusCode === 429) return 'rate-limited';
    if (cause.statusCode === 408 || cause.statusCode === 504) return 'timed-out';
  }
  const name = cause instanceof Error ? cause.name : '';
  const code = typeof cause === 'object' && cause !== null && 'code' in cause ? String((cause as { code: unknown }).code) : '';
  if (name === 'TimeoutError' || code === 'ETIMEDOUT' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') return 'timed-out';
  return 'unavailable';
}

/** The whole story for the server log: the message of each error down the cause chain, and the status. */
export function modelErrorDetail(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = underlying(error);
  for (let depth = 0; current !== undefined && current !== null && depth < 5; depth++) {
    if (current instanceof Error) {
      const status = APICallError.isInstance(current) && current.statusCode !== undefined ? ` (HTTP ${current.statusCode})` : '';
      parts.push(`${current.name}: ${current.message}${status}`);
      current = current.cause;
    } else {
      parts.push(String(current));
      break;
    }
  }
  return parts.join(' <- ') || 'unknown error';
}
