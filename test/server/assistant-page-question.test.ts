// "What is this page about?", "このページを要約して", "总结一下这一页": a reader asking about the page they are on,
// with no topic of their own, gets that page's opening and its outline, not the sections that say "page".
import { describe, expect, it } from 'vitest';
import { answerText, finishThreadId, fixtureApp, postMessage, questionBody, readAnswer, sourcesOf } from './support/assistant.ts';
import { indexOf } from './support/docs.ts';

const files = {
  'cors.md': [
    '# CORS Middleware',
    'Lets browsers on other origins call your routes.',
    '## Usage',
    "```ts\napp.use('/api/*', cors())\n```",
    '## Options',
    'Every option is optional.',
    '### origin',
    'The origins allowed to call the routes.',
    '## Using with Vite',
    'Set the origin of the Vite dev server.',
  ].join('\n\n'),
  'deploy/pages.md': [
    '# Cloudflare Pages',
    'Deploy the app to Cloudflare Pages: every page of your site is served from the edge.',
    '## Page functions',
    'Each page can run a function.',
    '## Options',
    'Options of the pages build: the output folder and the compatibility date.',
  ].join('\n\n'),
  'ja/server.md': ['# サーバーオプション', '特に記載がない限り、このセクションのオプションは開発にのみ適用されます。', '## server.host', 'サーバーがリッスンするアドレスを指定します。', '## server.port', 'サーバーのポートを指定します。'].join('\n\n'),
};

async function ask(question: string, currentPath?: string) {
  const app = await fixtureApp({ index: indexOf(files) });
  const { message } = await readAnswer(await postMessage(app, questionBody(question, currentPath ? { currentPath } : {})));
  return { text: answerText(message), sources: sourcesOf(message).map((source) => source.url) };
}

describe('given a question about the page the reader is on', () => {
  it('answers with the page\'s opening and its outline, whatever the words for it', async () => {
    for (const question of ['what is this page about?', 'summarize this page', 'tl;dr?', 'what does this page cover?', 'give me an overview of this page']) {
      const { text, sources } = await ask(question, '/cors');
      expect(sources).toEqual(['/cors#cors-middleware']);
      expect(text).toBe(
        '**[CORS Middleware](/cors#cors-middleware)**\n\nLets browsers on other origins call your routes.\n\nThis page covers:\n\n- [Usage](/cors#usage)\n- [Options](/cors#options)\n- [Using with Vite](/cors#using-with-vite)',
      );
    }
  });

  it('lists twelve of a long page\'s parts and says how many more it has', async () => {
    const long = ['# Options', 'Every option of the server.', ...Array.from({ length: 14 }, (_, n) => `## option${n + 1}\n\nSets option ${n + 1}.`)].join('\n\n');
    const app = await fixtureApp({ index: indexOf({ 'options.md': long }) });
    const { message } = await readAnswer(await postMessage(app, questionBody('summarize this page', { currentPath: '/options' })));
    const text = answerText(message);
    expect(text).toContain('- [option12](/options#option12)');
    expect(text).not.toContain('option13');
    expect(text.endsWith('…and 2 more sections on the page.')).toBe(true);
  });

  it('says so in the reader\'s language', async () => {
    const { text } = await ask('このページを要約して', '/ja/server');
    expect(text).toContain('特に記載がない限り');
    expect(text).toContain('このページの内容：\n\n- [server.host](/ja/server#serverhost)\n- [server.port](/ja/server#serverport)');
  });

  it('answers it about the page even with a selection attached, when it says "page"', async () => {
    const app = await fixtureApp({ index: indexOf(files) });
    const selection = { type: 'textSelection', value: 'The origins allowed to call the routes.', path: '/cors' };
    const page = await readAnswer(await postMessage(app, questionBody('what is this page about?', { currentPath: '/cors', context: [selection] })));
    expect(answerText(page.message)).toContain('This page covers:');
    // "Summarize this" with a selection is about the selection.
    const selected = await readAnswer(await postMessage(app, questionBody('summarize this', { currentPath: '/cors', context: [selection] })));
    expect(answerText(selected.message)).not.toContain('This page covers:');
  });

  it('searches as usual a question whose topic is pages', async () => {
    const deploy = await ask('How do I deploy to Cloudflare Pages?', '/cors');
    expect(deploy.sources[0]).toBe('/deploy/pages#cloudflare-pages');
  });

  it('says a page the docs do not have is not in the docs, and offers their home page', async () => {
    const withHome = { ...files, 'index.md': '# Relay\n\nRelay forwards requests to your services.' };
    const app = await fixtureApp({ index: indexOf(withHome) });
    for (const currentPath of ['/pricing', undefined]) {
      const { message } = await readAnswer(await postMessage(app, questionBody('what is this page about?', currentPath ? { currentPath } : {})));
      expect(answerText(message)).toBe('I could not find this in the docs. These pages are the closest:\n\n- [Relay](/#relay)');
    }
  });
});

describe('given a follow-up to a question about the reader\'s page', () => {
  it('reads it on that page, not among pages that say "page"', async () => {
    const app = await fixtureApp({ index: indexOf(files) });
    const first = await readAnswer(await postMessage(app, questionBody('summarize this page', { currentPath: '/cors' })));
    const { message } = await readAnswer(await postMessage(app, questionBody('and the options?', { threadId: finishThreadId(first.chunks) })));
    expect(sourcesOf(message)[0]?.url).toBe('/cors#options');
  });

  it('does so from the answer\'s text alone, when the client kept no sources', async () => {
    const app = await fixtureApp({ index: indexOf(files) });
    const first = await readAnswer(await postMessage(app, questionBody('summarize this page', { currentPath: '/cors' })));
    const messages = [
      { id: 'm1', role: 'user', parts: [{ type: 'text', text: 'summarize this page' }] },
      { id: 'm2', role: 'assistant', parts: [{ type: 'text', text: answerText(first.message) }] },
      { id: 'm3', role: 'user', parts: [{ type: 'text', text: 'and the options?' }] },
    ];
    const { message } = await readAnswer(await postMessage(app, { fp: 'anonymous', messages }));
    expect(sourcesOf(message)[0]?.url).toBe('/cors#options');
  });
});
