// A reader asking two things at once gets a quote for each: the search's first sections answered the part with more
// of the question's words, and the other part's section was not among them, or not quoted under them.
import { describe, expect, it } from 'vitest';
import { createModelAnswerer } from '../../server/assistant/answerers.ts';
import { fixtureApp, postMessage, questionBody, readAnswer, silentModel, sourcesOf } from './support/assistant.ts';
import { extractiveAnswer, indexOf } from './support/docs.ts';

/** Six sections on protecting routes with basic auth: more of a two-part question's words than the CORS page has. */
const BASIC_AUTH = [
  '# Basic Auth Middleware',
  'Protect your routes with basic auth: the middleware asks for a username and password before your routes run.',
  ...['Usage', 'Options', 'Realm', 'Hashing', 'Several users'].map(
    (heading) => `## ${heading}\n\nProtect routes with basic auth. ${heading} of the basic auth middleware that protects your routes.`,
  ),
].join('\n\n');

const CORS = "# CORS Middleware\n\nCall `cors()` so that a page on another origin can call your API from the browser.\n\n## Usage\n\n```ts\napp.use('/api/*', cors())\n```";

describe('given docs with a page for each of two things a question asks', () => {
  // "Enable" on a few pages, as in most docs: a word of the question, not its topic.
  const others = Object.fromEntries(['Compress', 'ETag', 'Logger'].map((name) => [`${name.toLowerCase()}.md`, `# ${name}\n\nEnable the ${name} middleware for your app.`]));
  const index = indexOf({ 'basic-auth.md': BASIC_AUTH, 'cors.md': CORS, ...others });

  it('quotes the section for each part, the other part\'s page though fewer of the question\'s words are on it', async () => {
    const answer = await extractiveAnswer(index, 'How do I enable CORS and also protect my routes with basic auth?');
    expect(answer).toContain('**[Basic Auth Middleware');
    expect(answer).toContain('**[CORS Middleware](/cors#cors-middleware)**\n\nCall `cors()` so that a page on another origin can call your API from the browser.');
    // The page's opening says what it is for, its usage section how.
    expect(answer).toContain("**[CORS Middleware › Usage](/cors#usage)**\n\n```ts\napp.use('/api/*', cors())\n```");
  });

  it('gives a model the sections of both parts, and tells it to answer each', async () => {
    const model = silentModel();
    const app = await fixtureApp({ index, answerer: createModelAnswerer({ model, maxOutputTokens: 256, timeoutMs: 30_000 }) });
    const { message } = await readAnswer(await postMessage(app, questionBody('How do I enable CORS and also protect my routes with basic auth?')));
    const titles = sourcesOf(message).map((source) => source.title);
    expect(titles).toContain('CORS Middleware');
    expect(titles).toContainEqual(expect.stringContaining('Basic Auth Middleware'));
    const prompt = model.doStreamCalls[0]?.prompt ?? [];
    expect(JSON.stringify(prompt.filter((turn) => turn.role === 'user'))).toContain('Call `cors()` so that a page on another origin can call your API');
    // What the model was told, not the constant: the rule reaches it.
    expect(JSON.stringify(prompt.filter((turn) => turn.role === 'system'))).toContain('When the question asks several things');
  });

  it('quotes the section of a second thing asked of the same verb ("enable CORS and the logger")', async () => {
    const answer = await extractiveAnswer(index, 'How do I enable the basic auth middleware and the CORS middleware?');
    expect(answer).toContain('**[Basic Auth Middleware');
    expect(answer).toContain('**[CORS Middleware');
  });

  it('quotes one request about two things as before, from the page about them', async () => {
    const answer = await extractiveAnswer(index, 'How do I protect my routes with a username and password?');
    expect(answer).toContain('**[Basic Auth Middleware');
    expect(answer).not.toContain('CORS');
  });
});

describe('given a lead that answers one part and holds words of the other in passing', () => {
  const index = indexOf({
    'theming.md': '# Theming\n\n## Change the text and language\n\nAdd the widget\'s `locale` attribute to show its text in French or another language.',
    'recipes.md': '# Recipes\n\n## Docusaurus\n\nPut the script tag in `docusaurus.config.js`, under `scripts`.',
    'index.md': '# Home\n\nThe widget answers your readers.',
  });

  it('quotes the other part\'s section: a quote answers a part only when its headings name it', async () => {
    const answer = await extractiveAnswer(index, 'How do I add the widget to Docusaurus and show its text in French?');
    expect(answer).toContain('**[Theming › Change the text and language]');
    expect(answer).toContain('**[Recipes › Docusaurus](/recipes#docusaurus)**');
  });
});

describe('given docs with a section comparing two things, beside a section on each', () => {
  const index = indexOf({
    'conditional.md': [
      '# 条件渲染',
      '## v-if\n\n`v-if` 指令用于条件性地渲染一块内容。这块内容只会在指令的表达式返回真值时才被渲染。',
      '## v-show\n\n另一个可以用来按条件显示一个元素的指令是 `v-show`。不同之处在于 `v-show` 会在 DOM 渲染中保留该元素，`v-show` 只切换 `display`。',
      '## v-if vs. v-show\n\n总的来说，`v-if` 有更高的切换开销，而 `v-show` 有更高的初始渲染开销。',
    ].join('\n\n'),
    'list.md': '# 列表渲染\n\n## v-for\n\n`v-for` 渲染一个列表。',
  });

  it('quotes the comparison first when the question compares them', async () => {
    const answer = await extractiveAnswer(index, 'v-if 和 v-show 有什么不同');
    expect(answer.startsWith('**[条件渲染 › v-if vs. v-show](/conditional#v-if-vs-v-show)**')).toBe(true);
  });
});

describe('given two options of one name in two places, the one holding the other\'s words apart', () => {
  const index = indexOf({
    'preview-options.md': "# Preview options\n\n## preview.port\n\nThe port the preview server listens on; the server tries the next port when it is taken.\n\n## preview.strictPort\n\nDefault: `server.strictPort`.",
    'server-options.md': '# Server options\n\n## server.host\n\nThe host to listen on.\n\n## server.port\n\nThe port of the dev server. Default: `5173`.',
  });

  it('quotes both options: one does not answer the other\'s name by holding its words apart', async () => {
    const answer = await extractiveAnswer(index, 'What is the difference between server.port and preview.port?');
    expect(answer).toContain('**[Preview options › preview.port](/preview-options#previewport)**');
    expect(answer).toContain('**[Server options › server.port](/server-options#serverport)**');
  });
});

describe('given English docs on the launcher\'s position and color, and a question of two parts about them', () => {
  const index = indexOf({
    'theming.md': [
      '# Theming',
      '## Change the launcher position\n\n`position` puts the launcher in the bottom-right or bottom-left corner.',
      '## Change the launcher color\n\nSet `--docs-assistant-launcher-background` to any CSS color.',
      '## Fonts\n\nThe widget uses the page font. Make it larger with `--docs-assistant-font-size`.',
    ].join('\n\n'),
    // "make", as most docs say it: a word of the question, not its topic.
    'index.md': '# Home\n\nThe launcher opens the assistant. Make it your own.',
  });

  it('quotes the section of a part that names a color, in English too, though the docs never say the color', async () => {
    const answer = await extractiveAnswer(index, 'How do I move the launcher to the left and make it red?');
    expect(answer).toContain('**[Theming › Change the launcher position](/theming#change-the-launcher-position)**');
    expect(answer).toContain('**[Theming › Change the launcher color](/theming#change-the-launcher-color)**');
  });

  it('quotes a section for each part, the color through the glossary\'s words for 红色 and 改成', async () => {
    const answer = await extractiveAnswer(index, '怎么把启动按钮放到左边，并且改成红色？');
    expect(answer).toContain('**[Theming › Change the launcher position](/theming#change-the-launcher-position)**');
    expect(answer).toContain('**[Theming › Change the launcher color](/theming#change-the-launcher-color)**');
  });
});
