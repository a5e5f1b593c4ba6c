// Serves the built widget (dist/) under /widget/ so a docs site can load embed.js straight from this server.
import { existsSync } from 'node:fs';
import type { MiddlewareHandler } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';

/** Names with a content hash (`chunk-3f9a1c2b.js`) never change; everything else may change on each release. */
const HASHED_NAME = /[.-][A-Za-z0-9_]{8,}\.(?:js|css|mjs)$/;

/** Static files from `distDir`; other origins may load them (they are public code). Null when there is no build. */
export function serveWidget(distDir: string): MiddlewareHandler | null {
  if (!existsSync(distDir)) return null;
  const serveFile = serveStatic({
    root: distDir,
    rewriteRequestPath: (path) => path.replace(/^\/widget/, ''),
    onFound: (path, c) => {
      c.header('Cache-Control', HASHED_NAME.test(path) ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
      c.header('Access-Control-Allow-Origin', '*');
      c.header('Cross-Origin-Resource-Policy', 'cross-origin');
      c.header('X-Content-Type-Options', 'nosniff');
    },
  });
  // dist/server holds the compiled server, which is not part of the widget.
  return async (c, next) => (c.req.path.startsWith('/widget/server/') ? next() : serveFile(c, next));
}
