// CORS for the assistant route: browsers on other origins call it with a public key.
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { THREAD_ID_HEADER, THREAD_KEY_HEADER } from '../../src/wire.ts';

/** Response headers a browser client must be able to read. */
export const EXPOSED_HEADERS = [THREAD_ID_HEADER, THREAD_KEY_HEADER, 'Retry-After', 'RateLimit', 'RateLimit-Policy'];

/** `origins` is a list of exact origins, or contains `*` for any origin (the default). */
export function assistantCors(origins: readonly string[]): MiddlewareHandler {
  const anyOrigin = origins.length === 0 || origins.includes('*');
  return cors({
    origin: anyOrigin ? '*' : [...origins],
    allowMethods: ['GET', 'POST', 'OPTIONS'],
    allowHeaders: ['authorization', 'content-type'],
    exposeHeaders: EXPOSED_HEADERS,
    maxAge: 600,
  });
}
