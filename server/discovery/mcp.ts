// An MCP server at /mcp (Streamable HTTP, stateless: a server and transport per request, as the SDK
// recommends without sessions) with the official SDK. Its tools return what the search and page routes
// return, as text an assistant can quote and link: `search` and `get_page`. No key (docs are public);
// every request counts against the per-IP limit.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { z } from 'zod';
import { SEARCH_LIMITS } from '../../src/wire.ts';
import { clientAddress } from '../http/clientAddress.ts';
import { assistantPolicies, enforceLimits } from '../http/limits.ts';
import type { SharedRouteOptions } from '../http/routeOptions.ts';
import { findPage, pageMarkdown, searchDocs, visibleTo } from './search.ts';

export const MCP_PATH = '/mcp';

export interface McpRouteOptions extends Pick<SharedRouteOptions, 'getIndex' | 'rateLimits' | 'limits' | 'trustProxyHops' | 'now' | 'metrics'> {
  /** Names the server to clients (`siteName` of assistant.md, else "docs-assistant"). */
  name: string;
  version: string;
}

function createMcpServer(options: McpRouteOptions): McpServer {
  const server = new McpServer({ name: options.name, version: options.version });
  server.registerTool(
    'search',
    {
      title: 'Search the docs',
      description: `Keyword search over the ${options.name} documentation. Returns the best matching sections with their titles, URLs, page paths (for get_page) and text.`,
      inputSchema: {
        query: z.string().min(1).max(SEARCH_LIMITS.queryLength).describe('What to look for: words from the question, option or function names'),
        pageSize: z.number().int().min(1).max(SEARCH_LIMITS.pageSizeMax).optional().describe(`Results to return (default ${SEARCH_LIMITS.pageSizeDefault})`),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ query, pageSize }) => {
      const results = searchDocs(options.getIndex(), { query, pageSize: pageSize ?? SEARCH_LIMITS.pageSizeDefault });
      if (results.length === 0) return { content: [{ type: 'text', text: `No section of the docs matches "${query}".` }] };
      const text = results.map((result) => `## ${result.metadata.title}\nURL: ${result.metadata.url}\nPath: ${result.path}\nScore: ${result.metadata.score}\n\n${result.content}`).join('\n\n---\n\n');
      return { content: [{ type: 'text', text }] };
    },
  );
  server.registerTool(
    'get_page',
    {
      title: 'Read a docs page',
      description: 'The full text of one documentation page as Markdown, by the path a search result gave (or the page URL).',
      inputSchema: { path: z.string().min(1).max(2_000).describe('The page path from a search result, e.g. /guides/install') },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ path }) => {
      const page = findPage(options.getIndex(), path);
      if (!page || !visibleTo(page.metadata, undefined)) return { content: [{ type: 'text', text: `No page at "${path}". Use the path of a search result.` }], isError: true };
      return { content: [{ type: 'text', text: `URL: ${page.url}\n\n${pageMarkdown(page)}` }] };
    },
  );
  return server;
}

export function mcpRoutes(options: McpRouteOptions): Hono {
  const routes = new Hono();
  const ipLimit = assistantPolicies(options.limits).ip;
  routes.use(
    MCP_PATH,
    cors({
      origin: '*',
      allowMethods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
      allowHeaders: ['content-type', 'accept', 'mcp-protocol-version', 'mcp-session-id', 'last-event-id', 'authorization'],
      exposeHeaders: ['mcp-session-id', 'mcp-protocol-version'],
    }),
  );
  routes.all(
    MCP_PATH,
    enforceLimits({
      store: options.rateLimits,
      now: options.now,
      onRefused: options.metrics?.limitRefused,
      checksFor: (c) => [{ policy: ipLimit, subject: clientAddress(c, options.trustProxyHops) }],
    }),
    async (c) => {
      const server = createMcpServer(options);
      const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      await server.connect(transport);
      try {
        return await transport.handleRequest(c.req.raw);
      } finally {
        // Stateless: the JSON response is complete, nothing outlives the request.
        void server.close();
      }
    },
  );
  return routes;
}
