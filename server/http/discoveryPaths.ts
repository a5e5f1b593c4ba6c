// The discovery API's routes as Hono paths (src/wire.ts owns them), and the check that a request names
// this server's domain.
import type { MiddlewareHandler } from 'hono';
import { DISCOVERY_ROUTES, type DiscoveryRoute } from '../../src/wire.ts';
import { jsonError } from './errors.ts';

/** `/discovery/v2/assistant/{domain}/message` -> `/discovery/v2/assistant/:domain/message`. */
export function honoPath(route: DiscoveryRoute): string {
  return DISCOVERY_ROUTES[route].replace('{domain}', ':domain');
}

/** 404 naming the domain when it is not this server's (before the key: a wrong URL is the more useful answer). */
export function requireDomain(domain: string): MiddlewareHandler {
  return async (c, next) => {
    const requested = c.req.param('domain');
    if (requested !== domain) return jsonError(c, 404, `domain: unknown domain "${requested}"`);
    await next();
  };
}
