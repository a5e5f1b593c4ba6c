// POST /discovery/v1/search/{domain} and POST /discovery/v1/page/{domain}, with the assistant route's
// order of checks: CORS, domain (404), key (401/403), body size (413), JSON and fields (400), then the
// per-IP limit (429). Searches and page reads are not counted against the key's monthly quota (the
// OpenAPI says they consume no credits) but do count against the per-IP limit the assistant shares.
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { z } from 'zod';
import { firstProblem } from '../assistant/schema.ts';
import { requireAssistantKey, type AuthVariables } from '../http/auth.ts';
import { clientAddress } from '../http/clientAddress.ts';
import { assistantCors } from '../http/cors.ts';
import { honoPath, requireDomain } from '../http/discoveryPaths.ts';
import { bodyTooLarge, jsonError } from '../http/errors.ts';
import { readJsonBody } from '../http/jsonBody.ts';
import { assistantPolicies, enforceLimits } from '../http/limits.ts';
import { findPage, pageContent, pageRequestSchema, searchDocs, searchRequestSchema, visibleTo } from './search.ts';
import type { SharedRouteOptions } from '../http/routeOptions.ts';

const MAX_BODY_BYTES = 64 * 1024;

export type DiscoveryRouteOptions = SharedRouteOptions;

type Variables = AuthVariables & { json: unknown };

export function discoveryRoutes(options: DiscoveryRouteOptions): Hono<{ Variables: Variables }> {
  const routes = new Hono<{ Variables: Variables }>();
  const cors = assistantCors(options.corsOrigins);
  const ipLimit = assistantPolicies(options.limits).ip;
  const checks = [
    requireAssistantKey(options.assistantKeys, options.adminKeys),
    bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => bodyTooLarge(c, `body: larger than ${MAX_BODY_BYTES / 1024} KB`) }),
  ] as const;
  const limit = enforceLimits<{ Variables: Variables }>({
    store: options.rateLimits,
    onRefused: options.metrics?.limitRefused,
    now: options.now,
    checksFor: (c) => [{ policy: ipLimit, subject: clientAddress(c, options.trustProxyHops) }],
  });

  for (const route of ['search', 'page'] as const) routes.use(honoPath(route), cors, requireDomain(options.domain));

  routes.post(honoPath('search'), ...checks, validated(searchRequestSchema), limit, (c) => {
    const request = searchRequestSchema.parse(c.get('json'));
    return c.json(searchDocs(options.getIndex(), request));
  });

  routes.post(honoPath('page'), ...checks, validated(pageRequestSchema), limit, (c) => {
    const { path, groups } = pageRequestSchema.parse(c.get('json'));
    const page = findPage(options.getIndex(), path);
    // A page the caller's groups may not see is as absent as one that does not exist.
    if (!page || !visibleTo(page.metadata, groups)) return c.json({ message: `No page at "${path}". Use the path of a search result.` }, 404);
    return c.json(pageContent(page));
  });

  return routes;
}

/** Parses the JSON body and checks it against `schema`: 400 naming the first bad field. */
function validated(schema: z.ZodType) {
  return async (c: Context<{ Variables: Variables }>, next: () => Promise<void>) => {
    const body = await readJsonBody(c);
    if (!body.ok) return body.response;
    const { json } = body;
    if (typeof json !== 'object' || json === null || Array.isArray(json)) return jsonError(c, 400, 'body: must be a JSON object');
    const result = schema.safeParse(json, { reportInput: true });
    if (!result.success) return jsonError(c, 400, firstProblem(result.error));
    c.set('json', json);
    await next();
  };
}
