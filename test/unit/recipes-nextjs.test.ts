// @vitest-environment jsdom
// The README's Next.js App Router recipe, as Next.js runs it: the layout (read from README.md) is
// rendered to HTML on the server with react-dom/server, then the whole document is hydrated in the
// browser (jsdom here), where the assistant must hydrate without a mismatch and open.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createElement, type ComponentType, type ReactNode } from 'react';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { projectRoot, recipeSnippet } from '../../e2e/journeys/recipes.ts';

/** The recipe's app/layout.tsx, importing the package's build as `docs-assistant` would resolve. */
async function loadLayout(): Promise<ComponentType<{ children: ReactNode }>> {
  const source = recipeSnippet('Next.js App Router', 'tsx')
    .replace("from 'docs-assistant';", `from ${JSON.stringify(path.join(projectRoot, 'dist', 'index.js'))};`)
    .replace("import 'docs-assistant/styles.css';", `import ${JSON.stringify(path.join(projectRoot, 'dist', 'styles.css'))};`);
  expect(source).not.toContain("'docs-assistant");
  const folder = path.join(projectRoot, 'node_modules', '.cache', 'docs-assistant-recipes', 'next');
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, 'layout.tsx');
  writeFileSync(file, source);
  const module = (await import(/* @vite-ignore */ file)) as { default: ComponentType<{ children: ReactNode }> };
  return module.default;
}

const page = () => createElement('article', null, createElement('h1', null, 'Deploy'), createElement('p', null, 'Run lumen deploy.'));

// The act() environment flag React expects in tests that call act() themselves.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('given the Next.js App Router layout from the README', () => {
  it('renders on the server with the page and the launcher', async () => {
    const RootLayout = await loadLayout();
    const html = renderToString(createElement(RootLayout, null, page()));
    expect(html).toMatch(/^<html lang="en">/);
    expect(html).toContain('<h1>Deploy</h1>');
    expect(html).toContain('Ask AI');
  });

  it('hydrates the server HTML without a mismatch, then opens the assistant', async () => {
    const RootLayout = await loadLayout();
    const html = renderToString(createElement(RootLayout, null, page()));
    document.open();
    document.write(`<!DOCTYPE html>${html}`);
    document.close();
    const consoleErrors = vi.spyOn(console, 'error');
    const recoverableErrors: unknown[] = [];

    await act(async () => {
      hydrateRoot(document, createElement(RootLayout, null, page()), { onRecoverableError: (error) => recoverableErrors.push(error) });
    });

    expect(recoverableErrors).toEqual([]);
    expect(consoleErrors).not.toHaveBeenCalled();
    expect(document.querySelector('h1')?.textContent).toBe('Deploy');
    const launcher = [...document.querySelectorAll('button')].find((button) => button.textContent?.includes('Ask AI'));
    expect(launcher).toBeDefined();
    await act(async () => launcher!.click());
    expect(document.querySelector('[role="dialog"]')?.textContent).toContain('Ask the docs');
  });
});
