// The request body as JSON, or the discovery routes' one answer to a body that is not JSON.
import type { Context } from 'hono';
import { jsonError } from './errors.ts';

export type JsonBody = { ok: true; json: unknown } | { ok: false; response: Response };

export async function readJsonBody(c: Context): Promise<JsonBody> {
  try {
    return { ok: true, json: JSON.parse(await c.req.text()) as unknown };
  } catch {
    return { ok: false, response: jsonError(c, 400, 'body: malformed JSON') };
  }
}
