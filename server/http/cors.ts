// CORS for the assistant route: browsers on other origins call it with a public key.
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';

/** Response headers a browser client must be able to read. */
export const EXPOSED_HEADERS = ['X-Thread-Id', 'X-Thread-Key', 'Retry-After', 'RateLimit', 'RateLimit-Policy'];

/** `origins` is a list of exact origins, or contains `*` for any origin (the default). */
export function assistantCors(origins: readonly string[]): MiddlewareHandler {
  const anyOrigin = origins.length === 0 || origins.includes('*');
  return cors({
    origin: anyOrigin ? '*' : [...origins],
    allowMethods: ['POST', 'OPTIONS'],
    allowHeaders: ['authorization', 'content-type'],
    exposeHeaders: EXPOSED_HEADERS,
    maxAge: 600,
  });
}
