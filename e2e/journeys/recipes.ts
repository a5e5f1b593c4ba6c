// What the README recipe tests need: the recipe snippets themselves (read from README.md, so the tests
// exercise what readers copy), the server the recipes assume, and a tiny origin serving a reader's site.
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import type { Hono } from 'hono';

// import.meta.dirname also where import.meta.url is not a file: URL (Vitest's jsdom environment).
export const projectRoot = path.resolve(import.meta.dirname ?? fileURLToPath(new URL('.', import.meta.url)), '../..');

/** The key and domain every README recipe uses (`serve docs --assistant-key da_dsc_0123456789abcdef`). */
export const RECIPE_KEY = 'da_dsc_0123456789abcdef';
export const RECIPE_DOMAIN = 'docs';

export interface Snippet {
  language: string;
  code: string;
}

/** The fenced code blocks under `### <heading>` in the README's recipes section, in order. */
export function readmeRecipe(heading: string): Snippet[] {
  const readme = readFileSync(path.join(projectRoot, 'README.md'), 'utf8');
  const recipes = readme.slice(readme.indexOf('## Recipes'));
  const start = recipes.indexOf(`\n### ${heading}\n`);
  if (start < 0) throw new Error(`README.md has no "### ${heading}" recipe`);
  const rest = recipes.slice(start + heading.length + 6);
  const end = rest.search(/\n(#{2,3} |<!-- section)/);
  const body = end < 0 ? rest : rest.slice(0, end);
  return [...body.matchAll(/```(\w*)\n([\s\S]*?)```/g)].map((match) => ({ language: match[1] ?? '', code: match[2] ?? '' }));
}

/** The one snippet of `language` in a recipe. */
export function recipeSnippet(heading: string, language: string): string {
  const snippets = readmeRecipe(heading).filter((snippet) => snippet.language === language);
  if (snippets.length !== 1) throw new Error(`README "### ${heading}" has ${snippets.length} ${language} snippets, expected 1`);
  return snippets[0]!.code;
}

export interface Site {
  url: string;
  close(): Promise<void>;
}

/** Serves a Hono app on a free local port (a reader's docs site, a proxy). */
export function serveSite(app: Hono): Promise<Site> {
  return new Promise((resolve) => {
    const server: ServerType = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            if ('closeAllConnections' in server) server.closeAllConnections();
          }),
      });
    });
  });
}

/** A page of the reader's site: `head` and `body` markup around a paragraph. */
export function sitePage({ head = '', body = '' }: { head?: string; body?: string }): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Lumen docs</title>${head}</head>
<body><main><h1>Lumen docs</h1><p>Deploy with lumen.</p></main>${body}</body>
</html>`;
}
