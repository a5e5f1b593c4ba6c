// Serves the built widget (dist/) under /widget/ so a docs site can load embed.js straight from this server.
import { existsSync } from 'node:fs';
import type { MiddlewareHandler } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';

/**
 * Names with Vite's 8-character content hash (`chat-BadMEZfO.js`) never change; everything else may change on each
 * release. A hash holds a digit or a capital, which keeps `use-markdown.js` out.
 */
const HASHED_NAME = /-(?=[\w-]*[A-Z0-9])[\w-]{8}\.(?:js|mjs|css)$/;

/** Script and style files: compressed when the build wrote a .br or .gz beside them (scripts/build.js). */
const COMPRESSIBLE = /\.(?:js|mjs|css)$/;

/**
 * Static files from `distDir`; other origins may load them (they are public code). Null when there is no build.
 * A file with a precompressed copy is sent as the copy the request accepts (brotli first, then gzip).
 */
export function serveWidget(distDir: string): MiddlewareHandler | null {
  if (!existsSync(distDir)) return null;
  const serveFile = serveStatic({ root: distDir, precompressed: true, rewriteRequestPath: (path) => path.replace(/^\/widget/, '') });
  return async (c, next) => {
    // dist/server holds the compiled server, which is not part of the widget.
    if (c.req.path.startsWith('/widget/server/')) return next();
    const response = await serveFile(c, next);
    if (response instanceof Response && response.ok) {
      // Caches keep the copies apart, the uncompressed one included (serveStatic only marks compressed ones).
      if (COMPRESSIBLE.test(c.req.path) && !response.headers.get('Vary')) response.headers.set('Vary', 'Accept-Encoding');
      response.headers.set('Cache-Control', HASHED_NAME.test(c.req.path) ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
      response.headers.set('Access-Control-Allow-Origin', '*');
      response.headers.set('Cross-Origin-Resource-Policy', 'cross-origin');
      response.headers.set('X-Content-Type-Options', 'nosniff');
    }
    return response;
  };
}
