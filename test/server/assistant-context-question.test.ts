// A reader who selects a passage or a code block and asks a question of their own about it ("what does
// maxAge mean here?") asks about something beside it: the section of that page the question is about
// answers first. A question about the selection itself keeps it first.
import { describe, expect, it } from 'vitest';
import { createDocsIndex } from '../../server/docs/searchIndex.ts';
import { buildPage } from '../../server/docs/sections.ts';
import { indexOf } from './support/docs.ts';
import { answerText, finishThreadId, fixtureApp, postMessage, questionBody, readAnswer, sourcesOf } from './support/assistant.ts';

const corsPage = [
  '# CORS Middleware',
  'Call the CORS middleware before the routes it allows browsers to reach.',
  '## Usage',
  "```ts\napp.use(\n  '/api/*',\n  cors({\n    origin: 'https://example.com',\n    allowMethods: ['GET', 'POST'],\n    maxAge: 600,\n  })\n)\n```",
  '## Options',
  'Every option is optional; the defaults allow every origin.',
  '### origin',
  'The value of the Access-Control-Allow-Origin header: the origins allowed to call the routes.',
  '### allowMethods',
  'The methods allowed, sent in the Access-Control-Allow-Methods header.',
  '### maxAge',
  'How many seconds browsers may cache the answer to a preflight request (Access-Control-Max-Age).',
  '### credentials',
  'Sets the Access-Control-Allow-Credentials header, which lets cookies come with cross-origin calls.',
].join('\n\n');

const fetchPage = [
  '# Fetch',
  '## Credentials',
  "Credentials are cookies and HTTP authentication: send them with `credentials: 'include'` in `fetch()`. Omit credentials for public data.",
].join('\n\n');

const serverOptionsPage = [
  '# サーバーオプション',
  '## server.port',
  '- **型:** `number`\n- **デフォルト:** `5173`',
  'サーバーのポートを指定します。',
  '## server.host',
  '- **型:** `string`\n- **デフォルト:** `localhost`',
  'サーバーがリッスンするアドレスを指定します。',
  '## server.open',
  '- **型:** `boolean`\n- **デフォルト:** `false`',
  'サーバー起動時にブラウザーでアプリを開きます。',
  '## server.cors',
  '- **型:** `boolean`\n- **デフォルト:** `true`',
  '開発サーバーの CORS を設定します。',
].join('\n\n');

const watchersPage = [
  '# 侦听器',
  '## 基本示例',
  '在组合式 API 中，我们可以使用 watch 函数在每次响应式状态发生变化时触发回调函数：',
  '```js\nwatch(question, (newQuestion) => {\n  answer.value = newQuestion\n})\n```',
  '## 深层侦听器',
  '直接给 `watch()` 传入一个响应式对象，会隐式地创建一个深层侦听器。',
  '## 一次性侦听器',
  '每当被侦听源发生变化时，侦听器的回调就会执行。',
  '## 停止侦听器',
  '要手动停止一个侦听器，请调用 `watch` 或 `watchEffect` 返回的函数。',
].join('\n\n');

/** The watchers page again, with `watchEffect()` in half its sections, one of which compares it with `watch`. */
const comparedWatchersPage = [
  watchersPage,
  '## `watchEffect()`',
  '`watchEffect()` 允许我们自动跟踪回调的响应式依赖，回调会立即执行。',
  '## `watch` vs. `watchEffect`',
  '`watch` 和 `watchEffect` 都能响应式地执行有副作用的回调。它们之间的主要区别是追踪响应式依赖的方式：`watch` 只追踪明确侦听的数据源，`watchEffect` 则会在副作用发生期间追踪依赖。',
].join('\n\n');

const reactivityPage = [
  '# 响应式基础',
  '## ref()',
  '在组合式 API 中，推荐使用 `ref()` 函数来声明响应式状态：',
  '```js\nconst count = ref(0)\n```',
  '`ref()` 接收参数，并将其包裹在一个带有 `.value` 属性的 ref 对象中返回。在模板中使用 ref 时，我们不需要附加 `.value`。',
  '## 为什么要使用 ref？',
  '你可能会好奇：为什么我们需要使用带有 `.value` 的 ref，而不是普通的变量？Vue 需要在访问和修改时拦截它们，才能追踪依赖、触发更新。',
  '## 声明响应式状态',
  '`reactive()` 让对象本身具有响应性，不需要 `.value`。',
].join('\n\n');

const ipRestrictionPage = [
  '# IP Restriction Middleware',
  'IP Restriction Middleware restricts access to resources by the IP address of the user.',
  '## Usage',
  'Specify the rules you want to deny in the `denyList` and the rules you want to allow in the `allowList`.',
  "```ts\napp.use('*', ipRestriction(getConnInfo, {\n  denyList: [],\n  allowList: ['127.0.0.1', '::1'],\n}))\n```",
  '## Rules',
  'Write each rule of the allow and deny lists as an address, a CIDR range or `*`.',
  '## Error handling',
  'To customize the error, return a `Response` in the third argument.',
  "```ts\nasync (remote, c) => {\n  return c.text(`Blocking access from ${remote.addr}`, 403)\n}\n```",
].join('\n\n');

const fixtureDocs = () =>
  indexOf({ 'cors.md': corsPage, 'fetch.md': fetchPage, 'config/server-options.md': serverOptionsPage, 'zh/watchers.md': watchersPage, 'ip-restriction.md': ipRestrictionPage });

const previewOptionsPage = [
  '# プレビューのオプション',
  '## preview.host',
  'プレビューサーバーがリッスンすべき IP アドレスを指定します。',
  '## preview.port',
  '- **型:** `number`\n- **デフォルト:** `4173`',
  'プレビューサーバーのポートを指定します。',
].join('\n\n');

/** The dev server's options and the preview server's, whose options share their names. */
const serverAndPreview = () => indexOf({ 'config/server-options.md': serverOptionsPage, 'config/preview-options.md': previewOptionsPage });

/** Pages with a section whose heading promises a reason or compares. */
const promisingDocs = () => indexOf({ 'zh/watchers.md': comparedWatchersPage, 'zh/reactivity.md': reactivityPage });

async function ask(question: string, context: { type: 'code' | 'textSelection'; value: string; path: string }, index = fixtureDocs()) {
  const app = await fixtureApp({ index });
  const { message } = await readAnswer(await postMessage(app, questionBody(question, { context: [context], currentPath: context.path })));
  return { text: answerText(message), sources: sourcesOf(message).map((source) => source.url) };
}

describe('given a question of the reader\'s own about a selected code block', () => {
  it('answers from the section of that page the question is about', async () => {
    const { text, sources } = await ask('what does maxAge mean here?', { type: 'code', value: 'maxAge: 600,', path: '/cors' });
    // maxAge is in the selected code too, which does not say what it is: the usage section does not lead.
    expect(sources[0]).toBe('/cors#maxage');
    expect(text).not.toContain('maxAge: 600');
    expect(text).toMatch(/^\*\*\[CORS Middleware › maxAge\]\(\/cors#maxage\)\*\*\n\nHow many seconds browsers may cache the answer to a preflight request/);
  });

  it("judges the question's word by the word itself: \"blocked\" is in one section of the page, its synonyms (deny, allow, restrict) in most", async () => {
    const { sources } = await ask('what does a blocked client get back?', { type: 'code', value: "allowList: ['127.0.0.1', '::1'],", path: '/ip-restriction' });
    expect(sources[0]).toBe('/ip-restriction#error-handling');
  });

  it('finds the section in Chinese as well', async () => {
    const { text, sources } = await ask('怎么停止这个侦听器', { type: 'code', value: 'watch(question, (newQuestion) => {\n  answer.value = newQuestion\n})', path: '/zh/watchers' });
    expect(sources[0]).toBe('/zh/watchers#停止侦听器');
    expect(text).toContain('要手动停止一个侦听器');
  });
});

describe('given a question about a selection asking why, or what sets it apart', () => {
  it('answers from the section of its page whose heading promises the reason', async () => {
    const { text, sources } = await ask('为什么要用 .value？', { type: 'code', value: 'const count = ref(0)', path: '/zh/reactivity' }, promisingDocs());
    expect(sources[0]).toBe('/zh/reactivity#为什么要使用-ref');
    expect(text).toContain('Vue 需要在访问和修改时拦截它们');
  });

  it('answers from the section of its page that compares', async () => {
    const { text, sources } = await ask('watchEffect 和它有什么不同', { type: 'textSelection', value: '直接给 `watch()` 传入一个响应式对象，会隐式地创建一个深层侦听器。', path: '/zh/watchers' }, promisingDocs());
    expect(sources[0]).toBe('/zh/watchers#watch-vs-watcheffect');
    expect(text).toContain('它们之间的主要区别是追踪响应式依赖的方式');
  });
});

describe('given a question about a selection that names another page', () => {
  it('answers from that page, whose title holds a word of the question no heading of the selection\'s page has', async () => {
    const { text, sources } = await ask('プレビューのときのポートは？', { type: 'textSelection', value: 'サーバーのポートを指定します。', path: '/config/server-options' }, serverAndPreview());
    expect(sources[0]).toBe('/config/preview-options#previewport');
    expect(text).toContain('`4173`');
  });

  it('stays on the selection\'s page for a question whose words are its own', async () => {
    const { sources } = await ask('デフォルトは？', { type: 'textSelection', value: 'サーバーのポートを指定します。', path: '/config/server-options' }, serverAndPreview());
    expect(sources[0]).toBe('/config/server-options#serverport');
  });
});

describe('given "explain this" over a reference entry\'s heading', () => {
  it('quotes its description with its type and default, not its facts alone', async () => {
    const { text, sources } = await ask('これを説明して', { type: 'textSelection', value: 'server.port', path: '/config/server-options' });
    expect(sources[0]).toBe('/config/server-options#serverport');
    expect(text).toContain('- **デフォルト:** `5173`');
    expect(text).toContain('サーバーのポートを指定します。');
  });
});

describe('given a question about the selection itself', () => {
  it('keeps the selection\'s own section first when the question\'s word is in most sections of the page', async () => {
    // "allow" is in the allowMethods heading, and in most of the page: it does not say the reader means that option.
    const { text, sources } = await ask('how do I allow only my own domain?', { type: 'code', value: "app.use(\n  '/api/*',", path: '/cors' });
    expect(sources[0]).toBe('/cors#usage');
    expect(text).toContain("origin: 'https://example.com'");
  });

  it('keeps it first when the question\'s word is in every section of the page', async () => {
    // Every option has its default: デフォルト says nothing about which one the reader means.
    const { text, sources } = await ask('デフォルトは？', { type: 'textSelection', value: 'サーバーのポートを指定します。', path: '/config/server-options' });
    expect(sources[0]).toBe('/config/server-options#serverport');
    expect(text).toContain('`5173`');
  });
});

describe('given a question about a selection that goes beyond the docs', () => {
  it('says the docs do not cover it when it names something no page does, and points back to the selection\'s section first', async () => {
    const { text, sources } = await ask('can I send these requests to Datadog?', { type: 'code', value: "app.use(\n  '/api/*',", path: '/cors' });
    expect(text).toMatch(/^I could not find this in the docs\./);
    expect(text).toContain('[CORS Middleware › Usage](/cors#usage)');
    expect(sources).toEqual([]);
  });

  it('does not judge a question of few words of its own by how little of it a section covers: the selection sets its topic', async () => {
    const { text, sources } = await ask('how long do browsers keep it?', { type: 'code', value: 'maxAge: 600,', path: '/cors' });
    expect(text).not.toContain('I could not find');
    expect(sources[0]).toBe('/cors#maxage');
  });
});

describe('given a follow-up to a question about a selection', () => {
  const usage = { type: 'code' as const, value: "app.use(\n  '/api/*',", path: '/cors' };

  it('stays on the selection\'s topic after "what does this code do?", which names none', async () => {
    const app = await fixtureApp({ index: fixtureDocs() });
    const first = await readAnswer(await postMessage(app, questionBody('what does this code do?', { context: [usage] })));
    expect(sourcesOf(first.message)[0]?.url).toBe('/cors#usage');
    // Asked alone, "and credentials?" is about fetch()'s credentials; here it follows CORS's example.
    const { message } = await readAnswer(await postMessage(app, questionBody('and credentials?', { threadId: finishThreadId(first.chunks) })));
    expect(sourcesOf(message)[0]?.url).toBe('/cors#credentials');
    expect(answerText(message)).toContain('Access-Control-Allow-Credentials');
  });

  it('takes the setting\'s page from the sources the client kept with the last answer', async () => {
    const app = await fixtureApp({ index: fixtureDocs() });
    const messages = [
      { id: 'm1', role: 'user', parts: [{ type: 'text', text: 'what does this code do?' }] },
      { id: 'm2', role: 'assistant', parts: [{ type: 'text', text: 'Here it is.' }, { type: 'source-url', sourceId: 's1', url: '/cors#usage', title: 'CORS Middleware › Usage' }] },
      { id: 'm3', role: 'user', parts: [{ type: 'text', text: 'and credentials?' }] },
    ];
    const { message } = await readAnswer(await postMessage(app, { fp: 'anonymous', messages }));
    expect(sourcesOf(message)[0]?.url).toBe('/cors#credentials');
  });

  it('reads those sources on a site published under a path', async () => {
    const pages = Object.entries({ 'cors.md': corsPage, 'fetch.md': fetchPage }).map(([file, source]) => buildPage(file, source, { siteUrl: 'https://docs.example.com/relay' }).page);
    const app = await fixtureApp({ index: createDocsIndex({ pages, sections: pages.flatMap((page) => page.sections), warnings: [] }) });
    const messages = [
      { id: 'm1', role: 'user', parts: [{ type: 'text', text: 'what does this code do?' }] },
      { id: 'm2', role: 'assistant', parts: [{ type: 'text', text: 'Here it is.' }, { type: 'source-url', sourceId: 's1', url: 'https://docs.example.com/relay/cors#usage' }] },
      { id: 'm3', role: 'user', parts: [{ type: 'text', text: 'and credentials?' }] },
    ];
    const { message } = await readAnswer(await postMessage(app, { fp: 'anonymous', messages }));
    expect(sourcesOf(message)[0]?.url).toBe('https://docs.example.com/relay/cors#credentials');
  });
});

describe('given a question about one line of a long code block, whose words its section has nowhere else', () => {
  const csrfPage = [
    '# CSRF Protection',
    '',
    '## Usage',
    '',
    '```ts',
    'const app = new Hono()',
    '',
    '// Allow specific origins',
    "app.use(csrf({ origin: 'https://myapp.example.com' }))",
    '',
    '// Allow multiple origins',
    'app.use(',
    '  csrf({',
    "    origin: ['https://myapp.example.com', 'https://development.myapp.example.com'],",
    '  })',
    ')',
    ...Array.from({ length: 30 }, (_, line) => `app.use('/hook/${line}', csrf({ secFetchSite: 'same-origin' }))`),
    '```',
  ].join('\n');
  const ssgPage = '# SSG Helper\n\n## Plugins\n\nPlugins extend the static site generation process through hooks that let you change each page.';

  it('quotes that block, the example the line is from, not a section of another page sharing a word', async () => {
    const index = indexOf({ 'csrf.md': csrfPage, 'ssg.md': ssgPage });
    const { text, sources } = await ask('how do I let my staging site through too?', { type: 'code', value: "app.use(csrf({ origin: 'https://myapp.example.com' }))", path: '/csrf' }, index);
    // Over 30 lines and matching no word of the question, the block was left out, and SSG's plugins ("site") answered.
    expect(sources[0]).toBe('/csrf#usage');
    expect(text).toMatch(/^\*\*\[CSRF Protection › Usage\]\(\/csrf#usage\)\*\*/);
    expect(text).toContain('https://development.myapp.example.com');
  });
});
