// Every error the server sends is JSON `{"error": "<message>"}` (the shape of the platform's admin API).
import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** Sends `{"error": message}` with `status`; headers already set on the context (CORS, limits) are kept. */
export function jsonError(c: Context, status: ContentfulStatusCode, message: string): Response {
  return c.json({ error: message }, status);
}

/**
 * 413 for a body over `limit`, refused before it is read: the unread rest would otherwise sit in a
 * kept-alive connection and break the client's next request on it, so the connection closes with the answer.
 */
export function bodyTooLarge(c: Context, message: string): Response {
  c.header('Connection', 'close');
  return jsonError(c, 413, message);
}

export const notFoundHandler: NotFoundHandler = (c) => jsonError(c, 404, `not found: ${c.req.method} ${c.req.path}`);

/** Last resort: known HTTP errors keep their status; anything else is a 500 without internals. */
export function createErrorHandler(log: (message: string) => void): ErrorHandler {
  return (error, c) => {
    if (error instanceof HTTPException) {
      const status = error.status as ContentfulStatusCode;
      return jsonError(c, status, error.message || 'request failed');
    }
    const id = (c.get('requestId' as never) as string | undefined) ?? 'none';
    log(`internal error on ${c.req.method} ${c.req.path} (request ${id}): ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return jsonError(c, 500, 'internal error');
  };
}
