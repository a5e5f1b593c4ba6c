// Beyond the OpenAPI: what readers ask. GET /discovery/v2/assistant/{domain}/questions (admin key) lists the
// questions of every thread, newest first, each with the sources its answer cited; `?notFound=true` keeps
// those the docs did not cover, the pages a docs team should write next.
import { Hono } from 'hono';
import { requireAdminKey } from '../http/auth.ts';
import { requireDomain } from '../http/discoveryPaths.ts';
import { jsonError } from '../http/errors.ts';
import type { SharedRouteOptions } from '../http/routeOptions.ts';
import type { ThreadStore } from '../store/threads.ts';

/** Not a route of the widget's (src/wire.ts): only admins call it, from scripts. */
const QUESTIONS_PATH = '/discovery/v2/assistant/:domain/questions';
const MAX_LISTED = 500;
const DEFAULT_LISTED = 100;

export interface AskedQuestionsRouteOptions extends Pick<SharedRouteOptions, 'domain' | 'adminKeys' | 'assistantKeys'> {
  threads: ThreadStore;
}

export function askedQuestionsRoutes(options: AskedQuestionsRouteOptions): Hono {
  const routes = new Hono();
  routes.get(QUESTIONS_PATH, requireDomain(options.domain), requireAdminKey(options.adminKeys, options.assistantKeys), async (c) => {
    const limitText = c.req.query('limit');
    const limit = limitText === undefined ? DEFAULT_LISTED : Number(limitText);
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LISTED) return jsonError(c, 400, `limit: must be a whole number from 1 to ${MAX_LISTED}`);
    const notFoundText = c.req.query('notFound');
    if (notFoundText !== undefined && notFoundText !== 'true' && notFoundText !== 'false') return jsonError(c, 400, 'notFound: must be "true" or "false"');
    const asked = await options.threads.questions({ limit, notFound: notFoundText === 'true' });
    return c.json({ questions: asked.map((entry) => ({ ...entry, createdAt: new Date(entry.createdAt).toISOString() })) });
  });
  return routes;
}
