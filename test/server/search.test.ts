import { describe, expect, it } from 'vitest';
import { deserialize } from 'node:v8';
import MiniSearch from 'minisearch';
import { createDocsIndex, MINISEARCH_OPTIONS, openDocsIndex, toDocument, type IndexedSection } from '../../server/docs/searchIndex.ts';
import { createFieldAnalyzer, createTermReader, numberedPageTermsOf, pageTermsOf, type PageTerms } from '../../server/docs/sectionTerms.ts';
import { buildPage } from '../../server/docs/sections.ts';
import type { DocsIndex, Page } from '../../server/docs/types.ts';
import { exampleWordTerms } from '../../server/docs/exampleRequest.ts';
import { leftOutTerms } from '../../server/docs/negation.ts';
import { extractiveAnswer, indexOf } from './support/docs.ts';

function idsFor(index: DocsIndex, query: string, options: Partial<Parameters<DocsIndex['search']>[1]> = {}): string[] {
  return index.search(query, { limit: 5, ...options }).map((hit) => hit.section.id);
}

describe('given sections where a term is a heading in one and body text in another', () => {
  const index = indexOf({
    'body.md': '# Overview\n\nYou can also rotate keys from here, among many other things you may do with the dashboard.',
    'heading.md': '# Managing access\n\n## Rotate keys\n\nOpen the settings and press the button.',
  });

  it('ranks the section whose heading has the term first', () => {
    expect(idsFor(index, 'rotate keys')[0]).toBe('/heading#rotate-keys');
  });
});

describe('given a section that says where a thing is kept, and another that says keep in passing', () => {
  const index = indexOf({
    'storage.md': '# Storage\n\n## Where conversations go\n\nThe server\'s conversations are kept in an embedded SQLite database.',
    'limits.md': '# Limits\n\n## Message limits\n\nKeep each conversation under 500 messages on the server.',
  });

  it('finds where the server keeps them through "kept": an irregular verb\'s forms are its base', () => {
    expect(idsFor(index, 'Where does the server keep conversations?')[0]).toBe('/storage#where-conversations-go');
  });
});

describe('given a keyword search whose words are all in one heading, and one of them is a shorter heading', () => {
  // The demo docs' own case: "launcher color" typed into the search under the question box.
  const index = indexOf({
    'theming.md': [
      '# Theming',
      '## Change the colors',
      'Set the accent variable; the launcher color follows it.',
      '## Change the launcher color',
      'Set the launcher background variable.',
      '## Colors',
      'The launcher background, the launcher text, the launcher border and the link color; every launcher color has a light and a dark default.',
    ].join('\n\n'),
  });

  it('ranks the heading that has every word first', () => {
    expect(idsFor(index, 'launcher color')[0]).toBe('/theming#change-the-launcher-color');
  });

  it('still ranks the heading that is exactly the question first', () => {
    expect(idsFor(index, 'How do I change the colors?')[0]).toBe('/theming#change-the-colors');
  });

  it('still ranks the shorter heading first for a one-word search', () => {
    expect(idsFor(index, 'colors')[0]).toBe('/theming#colors');
  });
});

describe('given a page titled with a word and an FAQ entry asking about it', () => {
  const index = indexOf({
    'react.md': '# React\n\nIn a React app, render the component instead of adding the script tag.\n\n## Install\n\nInstall the package with React 18 or 19.\n\n## Props\n\nThe React component takes the same options as the script tag.',
    'faq.md': '# FAQ\n\n## Do I need React?\n\nNo. The script tag works on any page, with or without a framework; the React component is for React apps.\n\n## Is it free?\n\nYes.',
  });

  it('ranks the entry first when the question says its heading word for word, stop words too', () => {
    // Both headings hold the question's one word past the stop words; the React page outscored the entry.
    expect(idsFor(index, 'Do I need React?')[0]).toBe('/faq#do-i-need-react');
    // A question naming only the topic still opens on the page about it.
    expect(idsFor(index, 'React')[0]).toBe('/react#react');
    expect(idsFor(index, 'How do I use React?')[0]).toBe('/react#react');
  });
});

describe('given a heading with every word of a question in another order, and one with them in the question\'s', () => {
  const index = indexOf({
    'script-tag.md': '# Script tag\n\n## Sources open on your site\n\nA source that leads to another page of your site opens it in the same tab.',
    'faq.md': '# FAQ\n\n## Is it free and open source?\n\nYes. It is open source under the MIT license, and costs nothing to run beyond your own machine.\n\n## Which browsers does it support?\n\nThe last two versions of each.',
  });

  it('lifts only the heading with them in order: "open source" is not "sources open"', () => {
    // Both headings had the two words, and the one that repeats them in its text came first.
    expect(idsFor(index, 'Is it open source?')[0]).toBe('/faq#is-it-free-and-open-source');
    expect(idsFor(index, 'sources open')[0]).toBe('/script-tag#sources-open-on-your-site');
  });
});

describe('given a FAQ entry asking whether it supports a thing, and a section naming another thing in its text', () => {
  const index = indexOf({
    'faq.md': '# FAQ\n\n## Does it support other languages?\n\nReaders can ask in any language.\n\n## Which models can I use?\n\nAny provider of the AI SDK, or a local model through Ollama.',
    'theming.md': '# Theming\n\n## Colors\n\nSet the launcher color with CSS variables.',
  });

  it('finds the thing asked about, not the entry whose heading says "support": the word frames the question', () => {
    expect(idsFor(index, 'Does it support Ollama?')[0]).toBe('/faq#which-models-can-i-use');
    expect(idsFor(index, 'Does it support other languages?')[0]).toBe('/faq#does-it-support-other-languages');
  });
});

describe('given a page whose title names the topic', () => {
  const index = indexOf({
    'webhooks.md': '---\ntitle: Webhooks\n---\n\n## Retries\n\nFailed deliveries are sent again.',
    'other.md': '# Delivery\n\nWebhooks are mentioned here once, and deliveries too.',
  });

  it('finds sections of that page by the title term', () => {
    expect(idsFor(index, 'webhooks retries')[0]).toBe('/webhooks#retries');
  });
});

describe('given a page on a topic, one of whose subsections says "add" and the topic again and again', () => {
  const index = indexOf({
    'secure-headers.md': [
      '# Secure Headers Middleware',
      'The Secure Headers Middleware sets security headers on every response, so browsers apply the protections they name.',
      '## Usage',
      '```ts\napp.use(secureHeaders())\n```',
      '## Nonce attribute',
      'Add a nonce to scripts: add it to the secure headers options, and add the same nonce to each script. Secure headers then add the nonce to the policy header.',
    ].join('\n\n'),
  });

  it('opens "How do I add security headers?" at the page\'s beginning: "add" asks how to use the topic, not what to add', () => {
    expect(idsFor(index, 'How do I add security headers?')[0]).toBe('/secure-headers#secure-headers-middleware');
    expect(idsFor(index, 'How do I add a nonce to the security headers?')[0]).toBe('/secure-headers#nonce-attribute');
  });
});

describe('given a product page and a section headed with installing it', () => {
  const index = indexOf({
    'index.md': '# Acme Widget\n\nAcme Widget is a chat dialog for documentation sites: readers ask and get answers quoted from the docs, with their sources.',
    'getting-started.md': '# Getting started\n\n## Install Acme Widget\n\nInstall it from npm into your project.\n\n```sh [npm]\nnpm install acme-widget\n```',
  });

  it('opens "How do I install Acme Widget?" at the section headed with installing it, not at the product\'s introduction', () => {
    expect(idsFor(index, 'How do I install Acme Widget?')[0]).toBe('/getting-started#install-acme-widget');
    expect(idsFor(index, 'Acme Widget')[0]).toBe('/#acme-widget');
  });
});

describe('given words in other forms than the question uses', () => {
  const index = indexOf({
    'config.md': '# Configuration\n\n## Environment\n\nThe server configures itself from environment variables.',
    'auth.md': '# Authentication\n\nTokens authenticate every request.',
    'cookies.md': '# Cookies\n\nCall `getCookie(c, name)` to read one.',
  });

  it('matches through stemming', () => {
    expect(idsFor(index, 'configuring the environment variable')[0]).toBe('/config#environment');
  });

  it('matches a prefix of a longer word', () => {
    expect(idsFor(index, 'authenti')).toContain('/auth#authentication');
  });

  it('matches a typo in a longer word', () => {
    expect(idsFor(index, 'authentcation')).toContain('/auth#authentication');
  });

  it('matches the words inside a camelCase identifier', () => {
    expect(idsFor(index, 'get cookie')[0]).toBe('/cookies#cookies');
  });

  it('reads only the first 32 distinct terms of a very long question', () => {
    const filler = Array.from({ length: 32 }, (_, n) => `filler${String.fromCharCode(97 + (n % 26))}${n}`).join(' ');
    expect(idsFor(index, `${filler} authentication`)).toEqual([]);
    expect(idsFor(index, `authentication ${filler}`)).toContain('/auth#authentication');
  });

  it('matches a hyphenated word written solid, either way round', () => {
    const hyphenated = indexOf({
      'server.md': '# Server\n\n## Changes\n\nEdited files are re-indexed within a moment.\n\n## Static pages\n\nPages are prerendered at build time.',
      'widget.md': '# Widget\n\n## Index page\n\nThe widget reads the index page of the docs.',
    });
    expect(idsFor(hyphenated, 'reindex')).toEqual(['/server#changes']);
    expect(idsFor(hyphenated, 'pre-rendered')).toEqual(['/server#static-pages']);
  });

  it('finds nothing for a question made only of stop words', () => {
    expect(idsFor(index, 'how do I do this?')).toEqual([]);
  });

  it('reads a URL\'s scheme as no word: a question about HTTPS finds the section about it, not every link', () => {
    const linked = indexOf({
      'server.md':
        '# Server\n\n## Dev server\n\nStart the dev server with `vite`. It uses [connect](https://github.com/senchalabs/connect) and [chokidar](https://github.com/paulmillr/chokidar):\n\n```ts\n// https://github.com/senchalabs/connect#use-middleware\nserver.middlewares.use(handler)\n```\n\n## server.https\n\nEnable TLS for the dev server with a certificate.',
    });
    expect(idsFor(linked, 'https')).toEqual(['/server#serverhttps']);
  });
});

describe('given one section with every question term and others repeating one term', () => {
  const files = {
    'noise.md': '# Cache\n\ncache cache cache cache cache cache cache, the cache is a cache.',
    'both.md': '# Storage\n\nThe cache is cleared when the session expires.',
    'other.md': '# Build\n\nThe build cache lives in a folder.',
    'more.md': '# Deploy\n\nA deploy reuses the cache.',
  };

  it('ranks the section with the rarer question word above one repeating the common word in its text', () => {
    const repeated = { ...files, 'noise.md': '# Notes\n\ncache cache cache cache cache cache cache, the cache is a cache.' };
    expect(idsFor(indexOf(repeated), 'cache session')[0]).toBe('/both#storage');
  });

  it('ranks the section matching all terms above a heading match only when allTermsFirst is on', () => {
    const pages: Page[] = Object.entries({ 'noise.md': files['noise.md'], 'both.md': files['both.md'] }).map(([file, source]) => buildPage(file, source).page);
    const strict = createDocsIndex({ pages, sections: pages.flatMap((page) => page.sections), warnings: [] }, { allTermsFirst: true });
    expect(idsFor(strict, 'cache session')[0]).toBe('/both#storage');
    const loose = createDocsIndex({ pages, sections: pages.flatMap((page) => page.sections), warnings: [] });
    expect(idsFor(loose, 'cache session')[0]).toBe('/noise#cache');
  });
});

describe('given a section whose headings hold the question\'s common words, and one with its rare words', () => {
  // "component" and "render" are in every section; "body" and "element" only in the one on Teleport.
  const files = {
    'render.md': '# Render functions\n\n## Rendering components\n\nRender a component from a render function: pass the component to h() and render it.',
    'teleport.md': '# Teleport\n\n## Basic usage\n\nTeleport moves part of a template to another place in the DOM, such as the body element.',
    'guide.md': ['# Guide', ...['Props', 'Events', 'Slots', 'Styles', 'Keys', 'Refs', 'Async'].map((heading) => `## ${heading}\n\nA component renders its ${heading.toLowerCase()}.`)].join('\n\n'),
  };

  it('ranks the one covering more of the question first, though the other scores more by its headings', () => {
    expect(idsFor(indexOf(files), 'Render a component into the body element')[0]).toBe('/teleport#basic-usage');
    expect(idsFor(indexOf(files, { coverageFloor: 0 }), 'Render a component into the body element')[0]).toBe('/render#rendering-components');
  });

  it('ranks by score alone when asked (the order the not-in-the-docs judgement was calibrated on)', () => {
    expect(idsFor(indexOf(files), 'Render a component into the body element', { byScoreAlone: true })[0]).toBe('/render#rendering-components');
  });
});

describe('given a site named after a word in most of its sections, with one page titled by that name', () => {
  // "relay" is in every section (a site of 50 or more), and in one page's title: there it weighs as a rare title word.
  const files = {
    'relay.md': '# Relay\n\nThe relay opens a dialog on your site, from a button of its own.',
    'open.md': '# Open from code\n\n## Your own button\n\nCall relay.open() from your own button.',
    'guide.md': ['# Guide', ...Array.from({ length: 60 }, (_unused, topic) => `## Topic ${topic}\n\nThe relay and topic ${topic}.`)].join('\n\n'),
  };

  it('lets the question\'s other words decide: the name beside them weighs half', () => {
    expect(idsFor(indexOf(files), 'How do I open the relay from my own button?')[0]).toBe('/open#your-own-button');
    expect(idsFor(indexOf(files, { productNameWeight: 1 }), 'How do I open the relay from my own button?')[0]).toBe('/relay#relay');
  });
});

describe('given a word that names nothing, rare in the docs and the heading of one section', () => {
  // Hono's case: "every" is the heading of Combine's `every` and in few other sections, so it weighed most of "...so
  // the handler does not run every time?", which opened there instead of on the cache middleware.
  const files = {
    'combine.md': '# Combine\n\n## every\n\nRuns every middleware it is given, and stops at the first that fails: `every(first, second)`.',
    'cache.md': '# Cache\n\nThe cache middleware keeps responses, so the handler does not run again for a request it has seen.',
    ...Object.fromEntries(
      Array.from({ length: 30 }, (_unused, topic) => [`topic-${topic}.md`, `# Topic ${topic}\n\nA handler for topic ${topic} returns responses${topic % 6 === 0 ? '' : ' a cache may keep'}; it may run a time or two.`]),
    ),
  };
  const question = 'How do I cache responses so the handler does not run every time?';

  it("lets the question's other words decide: the word weighs half", () => {
    expect(idsFor(indexOf(files), question)[0]).toBe('/cache#cache');
    expect(idsFor(indexOf(files, { genericWordWeight: 1 }), question)[0]).toBe('/combine#every');
  });
});

describe('given a hyphenated product name, and a settings table of variables that start with it', () => {
  const variables = ['PORT', 'DATA', 'CONFIG', 'HOST', 'MODEL', 'LOG_FORMAT', 'METRICS_PORT', 'SITE_URL'];
  const files = {
    'index.md': '# acme-widget\n\nacme-widget answers questions on your docs site. Install acme-widget with npm.',
    'server.md': ['# Server', '## Settings', '| Variable | What it does |\n| --- | --- |', ...variables.map((name) => `| \`ACME_WIDGET_${name}\` | Sets ${name.toLowerCase()}; 0 picks a free one. |`)].join('\n\n'),
    'faq.md': '# FAQ\n\n## Is it free?\n\nYes. acme-widget is open source under the MIT license.\n\n## Does it track readers?\n\nNo.',
  };

  it('weighs the name as one word, not as each of its terms or as a prefix of every variable', () => {
    const ids = idsFor(indexOf(files), 'Is acme-widget free?');
    expect(ids.indexOf('/faq#is-it-free')).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf('/faq#is-it-free')).toBeLessThan(ids.indexOf('/server#settings') === -1 ? Infinity : ids.indexOf('/server#settings'));
  });
});

describe('given sections tagged with version, language and groups', () => {
  const index = indexOf({
    'v1/install.md': '---\nversion: v1\nlanguage: en\ngroups: [admin]\n---\n# Install\n\nInstall the widget.',
    'v2/install.md': '---\nversion: v2\nlanguage: en\ngroups: [admin, editor]\n---\n# Install\n\nInstall the widget.',
    'v2/install-fr.md': '---\nversion: v2\nlanguage: fr\n---\n# Install\n\nInstall the widget.',
    'untagged.md': '# Install\n\nInstall the widget.',
  });
  const files = (filter: Record<string, unknown> | null) =>
    index
      .search('install widget', { limit: 10, filter })
      .map((hit) => hit.section.file)
      .toSorted();

  it('returns everything for a null filter', () => {
    expect(files(null)).toEqual(['untagged.md', 'v1/install.md', 'v2/install-fr.md', 'v2/install.md']);
  });

  it('keeps only exact matches, requiring every key', () => {
    expect(files({ version: 'v2', language: 'en' })).toEqual(['v2/install.md']);
  });

  it('treats an array value as any of its items', () => {
    expect(files({ version: ['v1', 'v2'], language: 'en' })).toEqual(['v1/install.md', 'v2/install.md']);
  });

  it("matches a section's own array when any of its items matches", () => {
    expect(files({ groups: 'editor' })).toEqual(['v2/install.md']);
    expect(files({ groups: ['viewer', 'admin'] })).toEqual(['v1/install.md', 'v2/install.md']);
  });

  it('matches nothing for a key no section has, but ignores keys whose value is null', () => {
    expect(files({ product: 'cloud' })).toEqual([]);
    expect(files({ product: null, language: 'fr' })).toEqual(['v2/install-fr.md']);
  });

  it('compares numbers and strings by their text', () => {
    const numbered = indexOf({ 'a.md': '---\nversion: 2\n---\n# Install\n\nInstall.' });
    expect(numbered.search('install', { limit: 5, filter: { version: '2' } })).toHaveLength(1);
  });
});

describe('given two pages answering the question equally well', () => {
  const index = indexOf({
    'cloud/limits.md': '# Limits\n\nRequests per minute are capped.',
    'self-hosted/limits.md': '# Limits\n\nRequests per minute are capped.',
    'self-hosted/index.md': '# Self-hosted\n\nRun it yourself.',
  });

  it('puts the page the reader is on first', () => {
    expect(idsFor(index, 'request limits', { currentPath: '/self-hosted/limits' })[0]).toBe('/self-hosted/limits#limits');
    expect(idsFor(index, 'request limits', { currentPath: '/cloud/limits/' })[0]).toBe('/cloud/limits#limits');
  });

  it('prefers pages in the same folder as the reader', () => {
    expect(idsFor(index, 'request limits', { currentPath: '/self-hosted' })[0]).toBe('/self-hosted/limits#limits');
  });

  it('matches the current path with the site URL prefix', () => {
    const pages = ['cloud/limits.md', 'self-hosted/limits.md'].map(
      (file) => buildPage(file, '# Limits\n\nRequests per minute are capped.', { siteUrl: 'https://acme.dev/docs' }).page,
    );
    const prefixed = createDocsIndex({ pages, sections: pages.flatMap((page) => page.sections), warnings: [] });
    expect(idsFor(prefixed, 'request limits', { currentPath: '/docs/self-hosted/limits' })[0]).toBe('/self-hosted/limits#limits');
  });
});

describe("given a reader on the site's home page", () => {
  it('does not lift its overview sections over the page that answers: the home page introduces everything', () => {
    const index = indexOf({
      'index.md': '# Relay\n\nRelay forwards webhooks.\n\n## How it works\n\nThe relay forwards each request and applies limits.',
      'quotas.md': '# Quotas\n\nRequest limits: each request counts against the limits of your key.',
      'keys.md': '# Keys\n\nEach key has its own request limits.',
    });
    expect(idsFor(index, 'request limits', { currentPath: '/' })[0]).toBe('/quotas#quotas');
    // Another page the reader is on is still lifted.
    expect(idsFor(index, 'request limits', { currentPath: '/keys' })[0]).toBe('/keys#keys');
  });
});

describe('given a vague question and selected code as context', () => {
  const index = indexOf({
    'streaming.md': '# Streaming\n\nUse `streamSSE(c, callback)` to send server-sent events.',
    'cookies.md': '# Cookies\n\nUse `setSignedCookie(c, name, value, secret)` to sign a cookie.',
    'errors.md': '# Errors\n\nWhat does this error mean? It means the request failed.',
  });

  it('ranks the page the selected code comes from', () => {
    const context = [{ type: 'code' as const, value: "await setSignedCookie(c, 'session', id, secret)" }];
    expect(idsFor(index, 'what does this do?', { context })[0]).toBe('/cookies#cookies');
  });

  it('lets the question outweigh the context', () => {
    const context = [{ type: 'textSelection' as const, value: 'sign a cookie' }];
    expect(idsFor(index, 'server-sent events streaming', { context })[0]).toBe('/streaming#streaming');
  });
});

describe('given one page with many matching sections and other pages with one each', () => {
  const sections = Array.from({ length: 6 }, (_, n) => `## Deploy step ${n + 1}\n\nDeploy deploy the app, part ${n + 1}.`).join('\n\n');
  const index = indexOf({
    'big.md': `# Deploy\n\n${sections}`,
    'a.md': '# Docker\n\nDeploy with Docker.',
    'b.md': '# Serverless\n\nDeploy to a function.',
  });

  it('gives other pages a place before the big page fills the results', () => {
    const files = index.search('deploy', { limit: 5 }).map((hit) => hit.section.file);
    expect(files.filter((file) => file === 'big.md')).toHaveLength(3);
    expect(files).toContain('a.md');
    expect(files).toContain('b.md');
  });

  it('still fills the limit from the big page when nothing else matches', () => {
    expect(index.search('deploy step part', { limit: 5 })).toHaveLength(5);
  });
});

describe('given an index whose files change', () => {
  it('replaces, adds and removes the sections of a file', () => {
    const index = indexOf({ 'a.md': '# Alpha\n\nOld wording here.', 'b.md': '# Beta\n\nSomething else.' });
    expect(index.pageCount).toBe(2);

    index.updateFile('a.md', buildPage('a.md', '# Alpha\n\nFresh wording here.').page.sections);
    expect(idsFor(index, 'old')).toEqual([]);
    expect(idsFor(index, 'fresh')).toEqual(['/a#alpha']);

    index.updateFile('c.md', buildPage('c.md', '# Gamma\n\nFresh too.').page.sections);
    expect(index.pageCount).toBe(3);

    index.updateFile('a.md', []);
    expect(idsFor(index, 'fresh')).toEqual(['/c#gamma']);
    expect(index.pageCount).toBe(2);
    expect(index.sectionCount).toBe(2);
  });
});

describe('given an index tidied in steps after it is finished', () => {
  it('tidies in many short steps and searches the same before and after', () => {
    const builder = openDocsIndex();
    for (let page = 0; page < 60; page++) {
      const table = `| Option | Effect |\n| --- | --- |\n| \`retries${page}\` | How often a failed upload is tried again |\n| \`timeout${page}\` | Seconds before an upload gives up |\n`;
      builder.add(`page${page}.md`, buildPage(`page${page}.md`, `# Uploads ${page}\n\n## Limits ${page}\n\nUploads stop at ${page} megabytes.\n\n## Options ${page}\n\n${table}`).page.sections);
    }
    const index = builder.finish();
    const queries = ['upload gives up after seconds', 'retries7', 'limits 12 megabytes', 'how often is a failed upload tried again'];
    const before = queries.map((query) => index.search(query, { limit: 5 }).map((hit) => [hit.section.id, hit.score]));
    // Trimming and compiling lists, the tables cut into rows, then one step per warm-up question.
    expect([...builder.tidySteps()].length).toBeGreaterThan(40);
    expect(queries.map((query) => index.search(query, { limit: 5 }).map((hit) => [hit.section.id, hit.score]))).toEqual(before);
    expect(before[0]?.[0]?.[0]).toMatch(/#options-\d+$/);
    // Tidied once: tidying again has nothing left to do.
    expect([...builder.tidySteps()]).toEqual([]);
  });
});

/** A start over `sources`, from `snapshot`; each file's "content hash" is its text. */
function startOver(sources: Record<string, string>, snapshot?: Uint8Array) {
  const builder = openDocsIndex({}, snapshot === undefined ? {} : { snapshot });
  for (const [file, source] of Object.entries(sources)) builder.add(file, buildPage(file, source).page.sections, { hash: source });
  return { index: builder.finish(), counts: { ...builder.counts } };
}

describe('given the snapshot of an index kept by the last start', () => {
  const files = {
    'install.md': '# Install\n\n## With Docker\n\nPull the image with docker pull acme/relay.\n\n## With npm\n\nRun npm install relay.',
    'config.md': '# Configuration\n\n## Port\n\nThe relay listens on port 8080; set PORT to change it.',
    'old.md': '# Legacy\n\nThe relay once spoke the gopher protocol.',
  };
  const queries = ['docker image', 'change the port', 'npm instal', 'relay', 'gopher', 'listen elsewhere', 'tracing spans'];

  function expectSameSearches(index: DocsIndex, fresh: DocsIndex): void {
    for (const query of queries) {
      const hits = index.search(query, { limit: 5 });
      const expected = fresh.search(query, { limit: 5 });
      expect(hits.map((hit) => hit.section.id)).toEqual(expected.map((hit) => hit.section.id));
      hits.forEach((hit, position) => expect(hit.score).toBeCloseTo(expected[position]?.score ?? Number.NaN, 9));
    }
  }

  it('keeps every unchanged file from it, indexing nothing again, searches as the index it was made from, and keeps updating files', () => {
    const first = startOver(files);
    expect(first.counts).toEqual({ kept: 0, indexed: 3, dropped: 0 });
    const restarted = startOver(files, first.index.snapshot());
    expect(restarted.counts).toEqual({ kept: 3, indexed: 0, dropped: 0 });
    expectSameSearches(restarted.index, first.index);
    restarted.index.updateFile('config.md', buildPage('config.md', '# Configuration\n\n## Host\n\nSet HOST to listen elsewhere.').page.sections);
    expect(idsFor(restarted.index, 'listen elsewhere')[0]).toBe('/config#host');
    expect(idsFor(restarted.index, 'port 8080')).not.toContain('/config#port');
  });

  it('indexes only the changed and new files, drops the removed ones, and searches as a fresh build over the new files', () => {
    const kept = startOver(files).index.snapshot();
    const { 'old.md': _removed, ...rest } = files;
    const next = { ...rest, 'config.md': '# Configuration\n\n## Host\n\nSet HOST to listen elsewhere.', 'tracing.md': '# Tracing\n\nThe relay exports tracing spans.' };
    const restarted = startOver(next, kept);
    expect(restarted.counts).toEqual({ kept: 1, indexed: 2, dropped: 2 });
    expect(restarted.index.sectionCount).toBe(4);
    expect(restarted.index.pages().map((page) => page.file)).toEqual(['config.md', 'install.md', 'tracing.md']);
    expect(idsFor(restarted.index, 'gopher')).toEqual([]);
    expect(idsFor(restarted.index, 'port 8080')).toEqual([]);
    expectSameSearches(restarted.index, indexOf(next));
    // Its own snapshot serves the next start as well.
    const again = startOver(next, restarted.index.snapshot());
    expect(again.counts).toEqual({ kept: 3, indexed: 0, dropped: 0 });
    expectSameSearches(again.index, indexOf(next));
  });

  it('indexes a file again whose sections no longer fit its kept keys, and every file without a hash', () => {
    const kept = startOver(files).index.snapshot();
    const builder = openDocsIndex({}, { snapshot: kept });
    for (const [file, source] of Object.entries(files)) builder.add(file, buildPage(file, source).page.sections, file === 'install.md' ? { hash: files['install.md'] } : {});
    builder.finish();
    expect(builder.counts).toEqual({ kept: 1, indexed: 2, dropped: 2 });
  });

  it('builds anew from a snapshot of other docs, never mixing them up', () => {
    const other = startOver({ 'other.md': '# Other\n\nOne section only.' });
    const restarted = startOver(files, other.index.snapshot());
    expect(restarted.counts).toEqual({ kept: 0, indexed: 3, dropped: 1 });
    expect(idsFor(restarted.index, 'docker image')[0]).toBe('/install#with-docker');
    expect(idsFor(restarted.index, 'one section')).toEqual([]);
    expect(restarted.index.sectionCount).toBe(4);
  });

  it('builds anew from a damaged snapshot', () => {
    const kept = startOver(files).index.snapshot();
    for (const damaged of [kept.subarray(0, kept.length >> 1), new Uint8Array([0xff, 0x0f, 0x6f, 0x22, 0x01, 0x61]), new TextEncoder().encode('{"index":[]}')]) {
      const restarted = startOver(files, damaged);
      expect(restarted.counts).toEqual({ kept: 0, indexed: 3, dropped: 0 });
      expect(idsFor(restarted.index, 'docker image')[0]).toBe('/install#with-docker');
      expect(idsFor(restarted.index, 'change the port')[0]).toBe('/config#port');
    }
  });
});

type RadixTree = Map<string, RadixTree | Map<number, Map<number, number>>>;

/** MiniSearch's radix tree with each leaf's Maps of documents as our interleaved posting lists. */
function asPostingLists(tree: RadixTree): unknown {
  return new Map(
    [...tree].map(([key, value]) => [
      key,
      key === '' ? new Map([...(value as Map<number, Map<number, number>>)].map(([field, documents]) => [field, [...documents].flat()])) : asPostingLists(value as RadixTree),
    ]),
  );
}

describe('given pages indexed at start-up from their terms, with the build\'s memos of terms and tokens', () => {
  it('holds exactly the index MiniSearch builds on its own, and later additions still land in it', () => {
    const files = {
      'a.md': '# Caching\n\n## Cache keys\n\nThe cache keys every response by its URL; caching skips `POST`.\n\n## 缓存\n\n缓存的键是响应的网址。',
      'b.md': '# Routing\n\nRoutes match paths; a cached route answers from the cache.\n\n## getCookie\n\nRead cookies with getCookie.',
    };
    const pages: Page[] = Object.entries(files).map(([file, source]) => buildPage(file, source).page);
    const sections = pages.flatMap((page) => page.sections);
    const plain = new MiniSearch<IndexedSection>(MINISEARCH_OPTIONS);
    plain.addAll(pages.flatMap((page) => page.sections.map((section, position) => toDocument(sections.indexOf(section), section, position === 0))));
    const theirs = plain as unknown as Record<string, unknown>;
    const [first, second] = pages as [Page, Page];
    const fromWorkers = new Map(pages.map((page) => [page.file, pageTermsOf(page.sections)]));
    // Terms that do not fit their page (fewer sections) are ignored, and the page analysed here.
    const mismatched = new Map([[first.file, pageTermsOf(second.sections.slice(1))]]);
    // One analyzer for every page, as a worker keeps it, remembering so few tokens that it starts afresh between pages.
    const fromForgetfulWorker = new Map(pages.map((page) => [page.file, pageTermsOf(page.sections, createFieldAnalyzer(3))]));
    // As the workers send them: each term by number, its word sent once, read back in order.
    const sentByNumber = (analyzer: ReturnType<typeof createFieldAnalyzer>) => {
      const reader = createTermReader();
      return new Map(pages.map((page) => [page.file, reader.read(numberedPageTermsOf(page.sections, analyzer))!]));
    };
    const fromNumbers = sentByNumber(createFieldAnalyzer());
    const fromForgetfulNumbers = sentByNumber(createFieldAnalyzer(3));
    expect(fromNumbers.get(second.file)?.terms).toEqual(fromWorkers.get(second.file)?.terms);
    const indexFrom = (termsByFile: Map<string, PageTerms> | undefined) => {
      const builder = openDocsIndex();
      for (const page of pages) {
        const terms = termsByFile?.get(page.file);
        builder.add(page.file, page.sections, terms ? { terms } : {});
      }
      return builder.finish();
    };
    for (const termsByFile of [undefined, fromWorkers, mismatched, fromForgetfulWorker, fromNumbers, fromForgetfulNumbers]) {
      const built = indexFrom(termsByFile);
      const ours = deserialize(built.snapshot()) as Record<string, unknown>;
      expect(ours.tree).toEqual(asPostingLists((theirs['_index'] as Record<string, unknown>)['_tree'] as RadixTree));
      for (const field of ['_fieldLength', '_avgFieldLength', '_documentIds', '_idToShortId', '_documentCount', '_nextId']) expect(ours[field]).toEqual(theirs[field]);
    }
    const index = indexFrom(fromWorkers);
    // Memos and the workers' terms end with the build: a file changed later is found by its own words.
    index.updateFile('a.md', buildPage('a.md', '# Caching\n\n## Cache keys\n\nKeys are hashed with xxhash.').page.sections);
    expect(idsFor(index, 'xxhash')).toEqual(['/a#cache-keys']);
    index.updateFile('c.md', buildPage('c.md', '# Headers\n\nSet headers with setHeader.').page.sections);
    expect(idsFor(index, 'setHeader')).toEqual(['/c#headers']);
    expect(idsFor(index, 'cache keys')[0]).toBe('/a#cache-keys');
  });
});

describe('given terms sent by number from a parse worker', () => {
  it('reads each page back with the words sent before it, and nothing for a number never sent', () => {
    const [first, second] = ['# Caching\n\nThe cache keys responses.', '# Routing\n\nRoutes answer from the cache.'].map((source, position) => buildPage(`${position}.md`, source).page);
    const analyzer = createFieldAnalyzer();
    const firstSent = numberedPageTermsOf(first!.sections, analyzer);
    const secondSent = numberedPageTermsOf(second!.sections, analyzer);
    // The second page sends only the words the first did not: "cach" went with the first.
    expect(secondSent.added.split('\n')).not.toContain('cach');
    const reader = createTermReader();
    expect(reader.read(firstSent)?.terms).toEqual(pageTermsOf(first!.sections).terms);
    expect(reader.read(secondSent)?.terms).toEqual(pageTermsOf(second!.sections).terms);
    // A reader that missed the first page cannot read the second (its page is then analysed where it is indexed).
    expect(createTermReader().read(secondSent)).toBeUndefined();
  });
});

describe('given a served index whose files change many times (a tenth of its sections discarded and more)', () => {
  it('clears the discarded postings: removed words become unknown, and scores match a fresh build', () => {
    const animals = 'aardvark buffalo cheetah dolphin elephant flamingo gazelle hedgehog iguana jaguar koala lemur mongoose narwhal ocelot pelican quokka raccoon salamander tapir urchin vulture walrus xerus yak zebra alpaca bison capybara dingo'.split(' ');
    const files = Object.fromEntries(animals.map((animal, position) => [`page${position}.md`, `# Page ${position}\n\nShared words about relays, and the rare word ${animal}.`]));
    const index = indexOf(files);
    expect(index.unknownWords('aardvark')).toEqual([]);
    const changed = { ...files };
    for (let position = 0; position < 25; position++) {
      changed[`page${position}.md`] = `# Page ${position}\n\nShared words about relays, now without the rare one.`;
      index.updateFile(`page${position}.md`, buildPage(`page${position}.md`, changed[`page${position}.md`] as string).page.sections);
    }
    expect(index.unknownWords('aardvark hedgehog capybara')).toEqual(['aardvark', 'hedgehog']);
    expect(idsFor(index, 'capybara')).toEqual(['/page28#page-28']);
    const fresh = indexOf(changed);
    expect(index.search('shared relays', { limit: 5 }).map((hit) => hit.score)).toEqual(fresh.search('shared relays', { limit: 5 }).map((hit) => hit.score));
  });
});

describe('given a section that says what happened and one on what a crash does', () => {
  // The demo docs' own case: "happened" in a list of job events outweighed "crash" in the section on restarts.
  const index = indexOf({
    'jobs.md': [
      '# Jobs',
      '## List jobs',
      'The events endpoint answers what happened in the job: tool calls, replies and commits.',
      '## Restarts',
      'A turn interrupted by a crash is retried once; a second crash fails the job.',
      '## Create a job',
      'Send the request to the server with a project and a message.',
    ].join('\n\n'),
  });

  it('reads "what happens" as the question\'s frame, not a word to find', () => {
    expect(idsFor(index, 'what happens to a job if the server crashes?')[0]).toBe('/jobs#restarts');
    expect(idsFor(index, 'what happened?')).toEqual([]);
  });
});

describe('given a page whose intro and one of its sections both match a question naming the page', () => {
  const index = indexOf({
    'agent-jobs.md': [
      '# Agent jobs',
      'Agent jobs let an agent edit your docs; the state of each job is shown in the list of jobs.',
      '## Job states',
      'A job is pending, active, completed or failed: these four states are the only ones.',
      '## Pages Router',
      'With the pages router, jobs are listed on a page of their own.',
    ].join('\n\n'),
    'other.md': '# Other\n\n## Install\n\nInstall the package.\n\n## Theme\n\nSet the colors.\n\n## Keys\n\nRotate the keys.\n\n## Logs\n\nRead the logs.\n\n## Ports\n\nChange the port.\n\n## Limits\n\nRaise the limits.',
  });
  const first = (question: string) => index.search(question, { limit: 3 })[0]?.section.id;

  it('gives the first place to the section whose heading names what the question adds to the title', () => {
    expect(first('What states can an agent job be in?')).toBe('/agent-jobs#job-states');
  });

  it('reads a numbered step by its words, and gives it the place of an intro that scores more', () => {
    const guide = indexOf({
      'vercel.md': [
        '# Vercel',
        'Vercel is a cloud for the web. Deploy Hono to Vercel with zero configuration: Vercel serves it from its edge.',
        '## 1. Setup',
        'Create a project with the starter.',
        '## 4. Deploy',
        'Deploy with `vercel deploy`.',
      ].join('\n\n'),
      // Enough other sections that "deploy" is a telling word (in a quarter of the sections or fewer).
      'other.md': '# Other\n\n## Install\n\nInstall the package.\n\n## Theme\n\nSet the colors.\n\n## Keys\n\nRotate the keys.\n\n## Logs\n\nRead the logs.\n\n## Ports\n\nChange the port.\n\n## Limits\n\nRaise the limits.',
    });
    const ranked = guide.search('How do I deploy to Vercel?', { limit: 3 });
    expect(ranked.map((hit) => hit.section.id).slice(0, 2)).toEqual(['/vercel#4-deploy', '/vercel#vercel']);
    // The intro's own score is above the step's: the step is first by the rule, not by score.
    expect(ranked[1]!.score).toBeGreaterThan(ranked[0]!.score);
  });

  it('keeps the intro for a question naming only the page, or one a heading names only in part', () => {
    expect(first('agent jobs')).toBe('/agent-jobs#agent-jobs');
    // By score alone: the coverage floor, not this rule, lifts Pages Router for its one rare word, "router".
    expect(index.search('Can agent jobs run in the app router?', { limit: 3, byScoreAlone: true })[0]?.section.id).toBe('/agent-jobs#agent-jobs');
  });

  it('reads a Chinese heading by its words, not by the character pairs that join them (局注 in 全局注册)', () => {
    const chinese = indexOf({
      'registration.md': [
        '# 组件注册',
        '一个 Vue 组件在使用前需要先被注册，这样 Vue 才能在渲染模板时找到其对应的实现。组件注册有两种方式，全局和局部。',
        '## 全局注册',
        '我们可以使用 Vue 应用实例的 `.component()` 方法，让组件在当前 Vue 应用中全局可用。',
        '## 局部注册',
        '局部注册的组件需要在使用它的父组件中显式导入，并且只能在该父组件中使用。',
      ].join('\n\n'),
      // Enough other sections that 全局 and 注册 are telling words (in a quarter of the sections or fewer).
      'other.md': ['# 其他', ...['安装', '主题', '日志', '端口', '限制', '密钥', '缓存', '路由', '测试', '部署', '构建', '插件'].map((word) => `## ${word}\n\n关于${word}的说明。`)].join('\n\n'),
    });
    expect(chinese.search('怎么注册全局组件', { limit: 3 })[0]?.section.headingPath.at(-1)).toBe('全局注册');
  });
});

describe('given an Options heading whose options are the headings of their own sections', () => {
  const files = {
    'cors.md': '# CORS Middleware\n\nAdds the headers browsers ask for on requests from other sites.\n\n## Options\n\n### origin: `string[]`\n\nThe allowed origins.\n\n### maxAge: `number`\n\nHow long a preflight is cached.',
    'logger.md': '# Logger\n\nLogs each request with its origin and timing.',
  };

  it('answers a question on the options from that heading, quoting the list of them', async () => {
    const index = indexOf(files);
    expect(idsFor(index, 'what options does the cors middleware take?')[0]).toBe('/cors#options');
    expect(await extractiveAnswer(index, 'what options does the cors middleware take?')).toMatch(/^\*\*\[CORS Middleware › Options\]\(\/cors#options\)\*\*\n\n- \[origin: string\\\[\\\]\]\(\/cors#origin-string\)\n- \[maxAge: number\]\(\/cors#maxage-number\)/);
  });

  it('finds an option by its own section, not by the list that names it', () => {
    const found = idsFor(indexOf(files), 'maxAge');
    expect(found[0]).toBe('/cors#maxage-number');
    // The list is quoted, not indexed: the Options section has no word of its own for maxAge.
    expect(found).not.toContain('/cors#options');
  });
});

describe('given docs that say "another port" where a reader says "change the port"', () => {
  const index = indexOf({
    'server.md': '# Server\n\n## Run the server on another port\n\nStart it with `--port 3000`; `--port 0` picks a free one.',
    'jobs.md': '# Jobs\n\n## From a request to a merged change\n\nAsk the agent to document the new --port flag; it opens a pull request.',
    'other.md': '# Other\n\n## Install\n\nInstall the package.\n\n## Theme\n\nSet the colors.',
  });

  it('finds the section on running on another port, however politely asked', () => {
    for (const question of ['How do I change the port?', 'Hi! Thanks, and how do I change the port?', "I'd like to know how to change the port"]) {
      expect(idsFor(index, question)[0]).toBe('/server#run-the-server-on-another-port');
    }
  });
});

describe('given a page with a description and no intro of its own, its first section a question', () => {
  const index = indexOf({
    'faq.md': '---\ndescription: Common questions. Keys, privacy, frameworks and languages.\n---\n\n# FAQ\n\n## Is the key a secret?\n\nNo. It is public and sent with every request.',
    'guide/data.md': '# Data\n\n## What the widget sends\n\nThe widget sends the question, the page path and a visitor id. Read the privacy notes of your site before you turn on the fingerprint.',
  });

  it('does not take the description, a list of the page\'s topics, as words of that first question', () => {
    expect(idsFor(index, 'privacy')).toEqual(['/guide/data#what-the-widget-sends']);
  });
});

describe('given a site whose product name is in most sections, with a CLI page headed by that name', () => {
  const files = {
    'index.md': '---\nlayout: home\n---\n\n# Kumo\n\n<script setup>\nimport Home from "./Home.vue"\n</script>\n\n<Home />',
    'guide/index.md': '# Getting started\n\n## Overview\n\nKumo is a build tool for web projects: a dev server and a bundler for Kumo apps.',
    'guide/cli.md': '# Command line\n\n## kumo\n\nStart the Kumo dev server.\n\n## kumo build\n\nBuild with Kumo.',
    // A site of some size, where "kumo" is in most sections and tells none of them apart.
    'reference/areas.md': ['# Areas', ...Array.from({ length: 60 }, (_unused, area) => `## Area ${area}\n\nKumo area ${area} notes.`)].join('\n\n'),
  };
  const index = indexOf(files);

  it('answers a question naming only the product from the section that introduces the site', async () => {
    expect(index.sectionShare('kumo')).toBeGreaterThan(0.55);
    // The home page comes first too, but has no text of its own to quote.
    expect(await extractiveAnswer(index, 'What is Kumo?')).toMatch(/^\*\*\[Getting started › Overview\]\(\/guide#overview\)\*\*\n\nKumo is a build tool/);
    // A question with a word of its own is ranked as any other.
    expect(idsFor(index, 'kumo build')[0]).toBe('/guide/cli#kumo-build');
  });

  it('answers it from the page that introduces the site as the files change: one added after the index was built, not one removed', async () => {
    const changing = indexOf(files);
    changing.updateFile('guide/index.md', []);
    changing.updateFile('guide/introduction.md', buildPage('guide/introduction.md', '# Introduction\n\nKumo bundles web projects and serves them while you work on Kumo apps.').page.sections);
    expect(await extractiveAnswer(changing, 'What is Kumo?')).toMatch(/^\*\*\[Introduction\]\(\/guide\/introduction#introduction\)\*\*\n\nKumo bundles/);
  });
});

describe('given a page on a topic whose later subsections repeat its name more than its opening does', () => {
  const index = indexOf({
    'slots.md': [
      '# Component slots',
      'This page assumes you have read Components Basics.',
      '## Import',
      '```js\nimport { Slot, NamedSlot, ScopedSlot, SlotOutlet, SlotContent, SlotProps, useSlots, renderSlot, defineSlots } from "kumo/slots"\nimport { SlotDevtools, SlotInspector, slotDebug } from "kumo/slots/devtools"\n```',
      '## Slot content and outlet',
      'A component can take content from its parent: the slot element is where the parent-provided content is rendered, so a button component can show any label its parent gives it.',
      '## Named slots',
      'Named slots let a component take several slots: a header slot, a default slot and a footer slot, each slot filled by a template with a slot name.',
      '## Named scoped slots',
      'Named scoped slots pass slot props to each named slot: slot props of the header slot, slot props of the default slot, slot props of the footer slot.',
    ].join('\n\n'),
    'render.md': '# Render functions\n\n## Rendering slots\n\nIn a render function, slots are functions on the setup context.',
  });

  it('answers a question on the page\'s topic from the page\'s opening section, past a note of a line and an import line', () => {
    expect(idsFor(index, 'slots')[0]).toBe('/slots#slot-content-and-outlet');
    // A question on one part of the topic finds that part.
    expect(idsFor(index, 'named scoped slots')[0]).toBe('/slots#named-scoped-slots');
  });
});

describe('given a page that keeps a deprecated way beside the current one', () => {
  const index = indexOf({
    'aws-lambda.md': [
      '# AWS Lambda',
      '## 1. Setup',
      'When creating the application on AWS Lambda, the CDK sets up the functions, the IAM role, API Gateway and others. Then deploy it.',
      '## Before v3.10.0 (deprecated)',
      'To deploy the app on AWS Lambda behind API Gateway, bind the request context type of API Gateway.',
    ].join('\n\n'),
  });

  it('opens on the current way, though the deprecated one says more of the question', () => {
    expect(idsFor(index, 'How do I deploy my app on AWS Lambda behind API Gateway?')[0]).toBe('/aws-lambda#1-setup');
  });

  it('opens on the deprecated way for a reader asking about old versions', () => {
    expect(idsFor(index, 'How did I deploy on AWS Lambda behind API Gateway before v3.10?')[0]).toBe('/aws-lambda#before-v3100-deprecated');
  });
});

describe('given a guide with a section on one library and another without it', () => {
  const index = indexOf({
    'validation.md': [
      '# Validation',
      '## Manual validator',
      'Validate the request body with `validator()`: check each field yourself and return 400 when one is wrong.',
      '## With Zod',
      'Validate with a Zod schema and `zValidator()`. Install Zod first.',
    ].join('\n\n'),
  });

  it('opens on the other way for a reader who asks to do without the library', () => {
    expect(leftOutTerms('How do I validate requests without Zod, or without using any schema?')).toEqual(new Set(['zod', 'schema']));
    expect(idsFor(index, 'How do I validate requests without Zod?')[0]).toBe('/validation#manual-validator');
    expect(idsFor(index, 'How do I validate requests with Zod?')[0]).toBe('/validation#with-zod');
  });
});

describe('given a page whose section is headed "Usage example" and the guide to the feature a reader asks an example of', () => {
  const index = indexOf({
    'plugins.md': [
      '# Plugin API',
      '## Usage example',
      'On the plugin side, import the helper and answer the messages of the client with `hot.send()`.',
      '```js\nserver.hot.on("greeting", (data, client) => client.send("reply", data))\n```',
    ].join('\n\n'),
    'features.md': [
      '# Features',
      '## Glob import',
      'Import many modules from the file system at once with `import.meta.glob`:',
      '```js\nconst modules = import.meta.glob("./dir/*.js")\n```',
      '## JSON',
      'JSON files can be imported directly.',
    ].join('\n\n'),
  });

  it('opens on the feature: the words asking for an example name no part of the question, though a heading says them', () => {
    expect(exampleWordTerms('Show me a usage example of import.meta.glob')).toEqual(new Set(['exampl']));
    expect(exampleWordTerms('import.meta.glob の使用例')).toEqual(new Set(['例', '用例']));
    expect(exampleWordTerms('How do I use import.meta.glob, for example with several folders?')).toEqual(new Set());
    expect(exampleWordTerms('What does a glob import look like?')).toEqual(new Set(['look', 'like']));
    expect(exampleWordTerms('How do I make the glob import look like the others?')).toEqual(new Set());
    expect(idsFor(index, 'glob import usage example')[0]).toBe('/features#glob-import');
    // Asked about what the heading's section says, it is that section.
    expect(idsFor(index, 'How does the plugin side answer the messages of the client?')[0]).toBe('/plugins#usage-example');
  });
});
