// The caller's IP address for the per-IP limit: the socket's peer, or X-Forwarded-For behind trusted proxies.
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/** Under `app.request()` (tests, other runtimes) there is no Node socket; the address is then unknown. */
function socketAddress(c: Context): string | undefined {
  const bindings = c.env as { incoming?: unknown; server?: { incoming?: unknown } } | undefined;
  if (!bindings?.incoming && !bindings?.server?.incoming) return undefined;
  return getConnInfo(c).remote.address;
}

/**
 * With `trustProxyHops` = N > 0, the N-th address from the right of X-Forwarded-For is the client (each trusted
 * proxy appends the address it saw). With 0 the header is ignored: any client could write it.
 */
export function clientAddress(c: Context, trustProxyHops: number): string {
  if (trustProxyHops > 0) {
    const forwarded = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const client = forwarded[Math.max(0, forwarded.length - trustProxyHops)];
    if (client) return client;
  }
  return socketAddress(c) ?? 'unknown';
}
