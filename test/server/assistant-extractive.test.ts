import { describe, expect, it } from 'vitest';
import { normalize } from '../../server/assistant/contextSource.ts';
import { phrasesFor } from '../../server/assistant/answerPhrases.ts';
import { composeExtractiveAnswer, composeNotFoundAnswer, NOT_IN_DOCS, NOTHING_FOUND, splitIntoDeltas } from '../../server/assistant/extractive.ts';
import { contentTerms } from '../../server/assistant/terms.ts';
import type { Section } from '../../server/docs/types.ts';

function section(id: string, heading: string, text: string): Section {
  return { id: `/page#${id}`, file: 'page.md', route: '/page', anchor: id, url: `/page#${id}`, pageTitle: 'Page', headingPath: ['Page', heading], text, metadata: {} };
}

const question = (text: string) => ({ terms: contentTerms(text) });
/** The same with the question as asked, as the answerer passes it. */
const askedAs = (text: string) => ({ terms: contentTerms(text), question: text });

/** A TypeScript code block of `lines` lines. */
function codeBlock(lines: number): string {
  return `\`\`\`ts\n${Array.from({ length: lines }, (_unused, index) => `const line${index} = ${index};`).join('\n')}\n\`\`\``;
}

/** A bullet of a label and a paragraph's worth of words after `words`. */
function longBullet(label: string, words: string): string {
  return `- **${label}**: ${words} ${'More words that say nothing the reader asked about. '.repeat(8).trim()}`;
}

/** A code block calling bearerAuth, assigned to `name`. */
function bearerExample(name: string): string {
  return `\`\`\`ts\nconst ${name} = bearerAuth({ token: 'abc', format: 'base64' })\n\`\`\``;
}

/** A section headed `Checkbox` under `parent`: pages repeat such headings under different parents. */
function under(parent: string, id: string, text: string): Section {
  return { ...section(id, 'Checkbox', text), headingPath: ['Page', parent, 'Checkbox'] };
}

describe('given sections and a question', () => {
  it('quotes a short matching paragraph whole, under one linked title', () => {
    const text = 'Tokens expire after one hour. The weather is nice. Refresh tokens expire after thirty days.\n\nUnrelated closing words.';
    const answer = composeExtractiveAnswer([section('tokens', 'Tokens', text)], question('When do tokens expire?'));
    expect(answer.text).toBe(
      '**[Page › Tokens](/page#tokens)**\n\nTokens expire after one hour. The weather is nice. Refresh tokens expire after thirty days.',
    );
    expect(answer.sections.map((used) => used.id)).toEqual(['/page#tokens']);
  });

  it('quotes a Chinese or Japanese paragraph with no space after its full stops, as the docs write it', () => {
    const chinese = 'Vue 默认按照“就地更新”的策略来更新列表。当数据项的顺序改变时，Vue 不会随之移动 DOM 元素的顺序！它就地更新每个元素。';
    expect(composeExtractiveAnswer([section('zh', '列表', chinese)], question('就地更新')).text).toBe(`**[Page › 列表](/page#zh)**\n\n${chinese}`);
    const japanese = 'ライブラリーとしてビルドします。`entry` はデフォルトでトップレベルの input オプションになります。';
    expect(composeExtractiveAnswer([section('ja', 'build.lib', japanese)], question('ライブラリー')).text).toBe(`**[Page › build.lib](/page#ja)**\n\n${japanese}`);
  });

  it('keeps the opening and matching sentences of a long paragraph, marking the gap, never cutting inline code or a link', () => {
    const filler = Array.from({ length: 12 }, (_unused, index) => `Filler sentence number ${index} says little of use here.`).join(' ');
    const text = `Tokens are issued at sign-in. ${filler} Set \`expires.after e.g. 1h\` to change when tokens expire, see [the token guide. It helps](/tokens).`;
    const answer = composeExtractiveAnswer([section('tokens', 'Tokens', text)], question('change when tokens expire'));
    expect(answer.text).toContain('Tokens are issued at sign-in. … Set `expires.after e.g. 1h` to change when tokens expire, see [the token guide. It helps](/tokens).');
    expect(answer.text).not.toContain('Filler');
    // In Chinese, the gap takes no spaces around its ellipsis, as the language writes one.
    const chineseFiller = Array.from({ length: 40 }, (_unused, index) => `第${index}句话在这里没有什么用处，它只是让这一段变得很长。`).join('');
    const chinese = composeExtractiveAnswer([section('token', '令牌', `令牌在登录时签发。${chineseFiller}设置过期时间可以改变令牌何时失效。`)], question('令牌 过期时间 失效'));
    expect(chinese.text).toContain('令牌在登录时签发。…设置过期时间可以改变令牌何时失效。');
  });

  it("quotes the passage saying the word the question names from the section's own heading, past passages that match more of the page's topic", () => {
    const text = [
      'Lists are rendered in place: when the order of the list changes, rendering updates each element where it is.',
      'Rendering in place is efficient, but only for lists whose rendering does not depend on child state.',
      'To let the framework track each node, give every item a unique `key`:',
      '```html\n<li v-for="item in items" :key="item.id"></li>\n```',
    ].join('\n\n');
    const answer = composeExtractiveAnswer([section('key', 'Maintaining state with key', text)], question('Why do I add a key when rendering a list?'));
    expect(answer.text).toContain('Lists are rendered in place');
    expect(answer.text).toContain('To let the framework track each node, give every item a unique `key`:\n\n```html\n<li v-for="item in items" :key="item.id"></li>\n```');
  });

  it('quotes first the passage of the lead that gives the reason, for a question asking why, under a heading promising the reason even with no word of the question', () => {
    const text = [
      'Vue 默认按照“就地更新”的策略来更新通过 `v-for` 渲染的列表。当数据项的顺序改变时，Vue 不会移动元素。',
      '`key` 绑定的值期望是一个基础类型的值。不要用对象作为 `v-for` 的 key。',
      '为了给 Vue 一个提示，以便它可以跟踪每个节点的标识，你需要为每个元素提供一个唯一的 `key`：',
      '```vue-html\n<div v-for="item in items" :key="item.id"></div>\n```',
    ].join('\n\n');
    const why = composeExtractiveAnswer([section('key', '通过 key 管理状态', text)], askedAs('为什么要用 key'));
    expect(why.text).toContain('为了给 Vue 一个提示，以便它可以跟踪每个节点的标识，你需要为每个元素提供一个唯一的 `key`：\n\n```vue-html');
    const english = ['The server counts questions per visitor and per domain.', 'Limits count every question a visitor asks, follow-ups included.', 'Limits on questions exist because one visitor could otherwise spend the whole budget of the model.'].join('\n\n');
    expect(composeExtractiveAnswer([section('limits', 'Rate limits', english)], askedAs('Why are there limits on questions?')).text).toContain('because one visitor could otherwise spend');
    // Under a heading that promises the reason, the passage giving it, though it repeats no word of the question.
    const purposes = ['これは、Vite が「依存関係の事前バンドル」を実行しています。', 'このプロセスには 2 つの目的があります:', '1. **互換性:** CommonJS を ESM に変換します。\n2. **パフォーマンス:** 多くのモジュールを 1 つにします。', '依存関係の事前バンドルは開発モードでのみ適用されます。'].join('\n\n');
    const reasons = { ...section('reasons', 'その理由は？', purposes), headingPath: ['依存関係の事前バンドル', 'その理由は？'] };
    expect(composeExtractiveAnswer([reasons], askedAs('なぜ依存関係を事前バンドルする必要があるの？')).text).toContain('このプロセスには 2 つの目的があります:\n\n1. **互換性:**');
    // Asked how, not why, the same sections quote their first matching passages.
    expect(composeExtractiveAnswer([section('limits', 'Rate limits', english)], askedAs('How are limits on questions counted?')).text).not.toContain('because one visitor');
  });

  it('keeps the code block that follows a quoted paragraph, and a short list whole', () => {
    const text = 'Install the relay with npm.\n\n```sh\nnpm install relay\n```\n\n- Install needs npm 10.\n- Another item.';
    const answer = composeExtractiveAnswer([section('install', 'Install', text)], question('install with npm'));
    expect(answer.text).toContain('Install the relay with npm.\n\n```sh\nnpm install relay\n```\n\n- Install needs npm 10.\n- Another item.');
  });

  it('quotes matching code too long to come with the sentence before it as a block of its own', () => {
    const body = Array.from({ length: 18 }, (_unused, index) => `  const step${index} = prepare(${index})`).join('\n');
    const code = `\`\`\`ts\napp.get('/posts', (c) => {\n${body}\n  return c.json({ post }, 404)\n})\n\`\`\``;
    const text = `Specify the status code in \`c.json()\` and it becomes part of the type.\n\n${code}\n\nThe client reads it back.`;
    const answer = composeExtractiveAnswer([section('status', 'Status code', text)], question('return json with a status code'));
    expect(answer.text).toBe(`**[Page › Status code](/page#status)**\n\nSpecify the status code in \`c.json()\` and it becomes part of the type.\n\n${code}`);
  });

  it('quotes the first passage under a heading the question names, though a later one repeats more of its words', () => {
    const text = [
      "Use the app's `.component()` method to make a component available everywhere.",
      "```js\napp.component('MyComponent', MyComponent)\n```",
      'A component registered globally can be used in the template of any component of the app, and globally registered components in each other.',
      'Unrelated closing words.',
    ].join('\n\n');
    const answer = composeExtractiveAnswer([section('global', 'Register components globally', text)], question('How do I register a component globally?'));
    expect(answer.text).toBe(
      "**[Page › Register components globally](/page#global)**\n\nUse the app's `.component()` method to make a component available everywhere.\n\n```js\napp.component('MyComponent', MyComponent)\n```\n\nA component registered globally can be used in the template of any component of the app, and globally registered components in each other.",
    );
  });

  it('quotes the steps a section opens with, which answer its heading, not the closing note after them', () => {
    const text = [
      '1. The reader asks a question in the widget.\n2. The widget sends the conversation to the server.\n3. The server searches the sections and streams back the answer and its sources.',
      'The API matches the platform API that hosted assistants use, so the widget can talk to any server that implements it.',
    ].join('\n\n');
    const answer = composeExtractiveAnswer([section('how', 'How does it work?', text)], question('How does this work?'));
    // The note alone was quoted: it was the first paragraph, and a list was not the opening.
    expect(answer.text).toBe('**[Page › How does it work?](/page#how)**\n\n1. The reader asks a question in the widget.\n2. The widget sends the conversation to the server.\n3. The server searches the sections and streams back the answer and its sources.');
  });

  it('quotes first the lead\'s opening, which answers its heading, before a row that shares a word with the question', () => {
    const rows = ['`answerReady` | Said when an answer is ready.', ...Array.from({ length: 11 }, (_unused, index) => `\`key${index}\` | Label ${index}.`)];
    const text = `Every string the widget shows goes through the \`translations\` option.\n\nKey | Where\n${rows.join('\n')}`;
    const answer = composeExtractiveAnswer([section('text', 'Change the text and language', text)], question('Can readers get answers in another language?'));
    expect(answer.text).toMatch(/^\*\*\[Page › Change the text and language\]\(\/page#text\)\*\*\n\nEvery string the widget shows goes through the `translations` option\./);
  });

  it('quotes what is beside a selection under a heading it names, not the section\'s first passage', () => {
    const selected = 'A component registered globally can be used in the template of any component.';
    const text = [
      "Use the app's `.component()` method to register a component for the whole app.",
      "```js\napp.component('MyComponent', MyComponent)\n```",
      'The method can be chained.',
      selected,
      '```html\n<MyComponent/>\n```',
      'Globally registered components can also be used inside each other.',
      'Unrelated closing words.',
    ].join('\n\n');
    const answer = composeExtractiveAnswer([section('global', 'Register components globally', text)], { terms: contentTerms(selected), readContext: [normalize(selected)] });
    expect(answer.text).toBe('**[Page › Register components globally](/page#global)**\n\n```html\n<MyComponent/>\n```\n\nGlobally registered components can also be used inside each other.');
  });

  it('quotes a section of a short lead\'s page that has one question word, under that lead', () => {
    const lead = section('preview', 'Preview options', 'Unless noted, the options here apply to the preview only.');
    const port = section('preview-port', 'preview.port', "Sets the server's port. If the port is taken, the next free one is used.");
    const answer = composeExtractiveAnswer([lead, port], { terms: contentTerms('and on the preview server?'), contextTerms: contentTerms('change the port') });
    expect(answer.text).toBe(
      "**[Page › Preview options](/page#preview)**\n\nUnless noted, the options here apply to the preview only.\n\n**[Page › preview.port](/page#preview-port)**\n\nSets the server's port. If the port is taken, the next free one is used.",
    );
  });

  it('quotes the sentence that announces a matching list, before it', () => {
    const opening = Array.from({ length: 14 }, (_unused, index) => `Opening sentence ${index} about colors in general.`).join(' ');
    const text = `${opening} The theme option picks the color scheme:\n\n- \`auto\`: follows the reader's setting.\n- \`light\` or \`dark\`: fixed.`;
    const answer = composeExtractiveAnswer([section('theme', 'Theme', text)], question('and in dark mode?'));
    expect(answer.text).toBe("**[Page › Theme](/page#theme)**\n\nThe theme option picks the color scheme:\n\n- `auto`: follows the reader's setting.\n- `light` or `dark`: fixed.");
  });

  it('quotes the sentence that introduces a matching list by saying "the following", before it, and not a whole table for it', () => {
    const guide = 'Vite はデフォルトで高速です。このガイドでは、以下のような一般的なパフォーマンスの問題を特定し、修正するのに役立ちます。\n\n- サーバーの起動が遅い\n- ページの読み込みが遅い\n- ビルドが遅い';
    const slow = composeExtractiveAnswer([section('performance', 'パフォーマンス', guide)], question('起動が遅い'));
    expect(slow.text).toBe('**[Page › パフォーマンス](/page#performance)**\n\nVite はデフォルトで高速です。このガイドでは、以下のような一般的なパフォーマンスの問題を特定し、修正するのに役立ちます。\n\n- サーバーの起動が遅い\n- ページの読み込みが遅い\n- ビルドが遅い');
    const rows = Array.from({ length: 12 }, (_unused, index) => `| option${index} | Header-${index} | value ${index} |`).join('\n');
    const table = `Each option corresponds to the following header.\n\n| Option | Header | Value |\n| --- | --- | --- |\n${rows}\n| xFrameOptions | X-Frame-Options | SAMEORIGIN |`;
    const frame = composeExtractiveAnswer([section('options', 'Options', table)], question('Which option sets X-Frame-Options?'));
    expect(frame.text).toContain('Each option corresponds to the following header.');
    expect(frame.text).toContain('| xFrameOptions | X-Frame-Options | SAMEORIGIN |');
    expect(frame.text).not.toContain('option3');
    // A quoted message's "the following" announces nothing of the sentence's own.
    const message = 'A message such as "violates the following directive" means the policy blocks it.\n\n- Allow the origin in `script-src`.\n- Allow the API in `connect-src`.';
    expect(composeExtractiveAnswer([section('csp', 'CSP', message)], question('Allow the API in connect-src')).text).not.toContain('violates');
  });

  it('quotes the sentence that introduces a matching code block, before it', () => {
    const opening = Array.from({ length: 14 }, (_unused, index) => `Opening sentence ${index} about forms in general.`).join(' ');
    const text = `${opening} Within the handler, read the checked value with \`c.req.valid()\`.\n\n\`\`\`ts\napp.post('/', (c) => c.json(c.req.valid('json')))\n\`\`\``;
    const answer = composeExtractiveAnswer([section('validate', 'Validate', text)], question('reply with json'));
    expect(answer.text).toBe("**[Page › Validate](/page#validate)**\n\nWithin the handler, read the checked value with `c.req.valid()`.\n\n```ts\napp.post('/', (c) => c.json(c.req.valid('json')))\n```");
  });

  it('quotes a short introduction whole when it answers too: its last sentence alone refers to what it left out', () => {
    const rule = 'Your `token` must match the regex `/[A-Za-z0-9._~+/-]+=*/`, otherwise a 400 error is returned.';
    const text = `${rule} The token need not be a JWT, just match the above regex.\n\n${bearerExample('one')}\n\nFor one route:\n\n${bearerExample('two')}`;
    const answer = composeExtractiveAnswer([section('usage', 'Usage', text)], question('Which token format is accepted?'));
    expect(answer.text).toContain(`${rule} The token need not be a JWT`);
    // An introduction that does not answer is still quoted by its last sentence, the one announcing the code.
    const unrelated = composeExtractiveAnswer([section('usage', 'Usage', text)], question('show the base64 bearerAuth example'));
    expect(unrelated.text).not.toContain('must match');
  });

  it('quotes an introduction whole when its last sentence refers back to it ("It is lost when:" says nothing alone)', () => {
    const text = 'The widget keeps the conversation in `sessionStorage`, per tab. It is lost when:\n\n- storage is disabled;\n- the tab is closed.';
    const answer = composeExtractiveAnswer([section('lost', 'Lost', text)], question('What if it is disabled?'));
    expect(answer.text).toBe(`**[Page › Lost](/page#lost)**\n\n${text}`);
  });

  it('quotes the short list a matching paragraph opens by referring to ("Both count per hour")', () => {
    const text = 'Agents have two limits.\n\n- 100 new jobs per project per hour.\n- 100 follow-up messages per project per hour.\n\nBoth count per UTC clock hour and are set with `--limit-agent-per-project-hour`.';
    const answer = composeExtractiveAnswer([section('limits', 'Limits', text)], question('How is the agent limit set?'));
    expect(answer.text).toContain('- 100 new jobs per project per hour.\n- 100 follow-up messages per project per hour.\n\nBoth count per UTC clock hour');
  });

  it('quotes the sentence before a matching one that opens on what it said', () => {
    const opening = Array.from({ length: 14 }, (_unused, index) => `Opening sentence ${index} about loading in general.`).join(' ');
    const text = `${opening} \`embed.js\` is a small loader. It reads the configuration and listens for the shortcut. Closing words.`;
    const answer = composeExtractiveAnswer([section('embed', 'Embed', text)], question('Which shortcut does it listen for?'));
    expect(answer.text).toContain('`embed.js` is a small loader. It reads the configuration and listens for the shortcut.');
    // A contrast is with what the sentence before it said.
    const contrast = `${opening} ${opening} 在一个组件中，插槽照常渲染。然而，当使用自定义元素时，它只接受原生插槽的语法。 Closing words.`;
    expect(composeExtractiveAnswer([section('slots', 'Slots', contrast)], question('自定义元素接受什么语法')).text).toContain('在一个组件中，插槽照常渲染。然而');
  });

  it('quotes a long table with its header and the matching rows, escaped pipes kept', () => {
    const rows = Array.from({ length: 14 }, (_unused, index) => `\`option${index}\` | Sets thing ${index}.`);
    rows.splice(6, 0, '`mode` | Either `a \\| b`; the relay mode.');
    const answer = composeExtractiveAnswer([section('options', 'Options', ['Name | Meaning', ...rows].join('\n'))], question('relay mode'));
    expect(answer.text).toBe('**[Page › Options](/page#options)**\n\n| Name | Meaning |\n| --- | --- |\n| `mode` | Either `a \\| b`; the relay mode. |');
  });

  it('quotes the matching items of a few long bullets, each a topic of its own, and numbered steps whole', () => {
    const bullets = [longBullet('Files', 'Every file under the folder is read.'), longBullet('Changes', 'Edited files are re-indexed within a moment.'), longBullet('Anchors', 'Headings become anchors.')];
    const answer = composeExtractiveAnswer([section('read', 'How docs are read', bullets.join('\n'))], question('Are edited files re-indexed?'));
    expect(answer.text).toBe(`**[Page › How docs are read](/page#read)**\n\n${bullets[1]}`);
    const steps = bullets.map((bullet, index) => bullet.replace('-', `${index + 1}.`));
    const procedure = composeExtractiveAnswer([section('steps', 'Steps', steps.join('\n'))], question('Are edited files re-indexed?'));
    expect(procedure.text).toBe(`**[Page › Steps](/page#steps)**\n\n${steps.join('\n')}`);
  });

  it('quotes the rows of a long table that match its rarer question words, not every row with a word most rows have', () => {
    const rows = Array.from({ length: 12 }, (_unused, index) => `\`--agent-option${index}\` | Sets thing ${index} of agent jobs.`);
    rows.splice(5, 0, '`--agent-lease` | With several servers, how long a job whose server died waits.');
    const answer = composeExtractiveAnswer([section('flags', 'Flags', ['Flag | Meaning', ...rows].join('\n'))], question('Can I run agent jobs on several servers?'));
    expect(answer.text).toBe('**[Page › Flags](/page#flags)**\n\n| Flag | Meaning |\n| --- | --- |\n| `--agent-lease` | With several servers, how long a job whose server died waits. |');
  });

  it('quotes the list or table a quoted paragraph announces with a colon, though none of it matches', () => {
    const limits = 'Three limits protect the server, each configurable:\n\n- 10,000 per key per month,\n- 10,000 per domain per hour.\n\nOver a limit, the server answers 429.';
    expect(composeExtractiveAnswer([section('limits', 'Limits', limits)], question('Which limits protect the server?')).text).toBe(
      '**[Page › Limits](/page#limits)**\n\nThree limits protect the server, each configurable:\n\n- 10,000 per key per month,\n- 10,000 per domain per hour.\n\nOver a limit, the server answers 429.',
    );
    // A fourth-level heading is kept in its section as a short line without a full stop: it announces too.
    const options = 'Options\n\nName | Meaning\n`--target` | The transpile target.\n`--outDir` | The output folder.';
    expect(composeExtractiveAnswer([section('build', 'vite build', `Builds for production.\n\n${options}`)], question('vite build options')).text).toBe(
      '**[Page › vite build](/page#build)**\n\nBuilds for production.\n\nOptions\n\n| Name | Meaning |\n| --- | --- |\n| `--target` | The transpile target. |\n| `--outDir` | The output folder. |',
    );
    // In a further section too, where a list or table otherwise keeps only its matching lines.
    const events = 'Other notes come first.\n\nThe widget emits these events to onEvent:\n\nName | When\n`open` | The dialog opened.\n`close` | The dialog closed.';
    const further = composeExtractiveAnswer([section('lead', 'Lead', 'Events are listed below.'), section('events', 'Events', events)], question('Which events does the widget emit to onEvent?'));
    expect(further.text).toBe(
      '**[Page › Lead](/page#lead)**\n\nEvents are listed below.\n\n**[Page › Events](/page#events)**\n\nThe widget emits these events to onEvent:\n\n| Name | When |\n| --- | --- |\n| `open` | The dialog opened. |\n| `close` | The dialog closed. |',
    );
  });

  it('quotes a table whose header ends with an empty cell as a table of the same width', () => {
    const answer = composeExtractiveAnswer([section('options', 'Options', 'Option | \n`--port <port>` | Sets the relay port.\n`--host` | Sets the host.')], question('relay port option'));
    expect(answer.text).toContain('| Option |  |\n| --- | --- |\n| `--port <port>` | Sets the relay port. |');
  });

  it('quotes a paragraph with a pipe in a code span or a link\'s text as a paragraph, and a table row whose first cell is "-" as a row', () => {
    const paragraph = 'Rate an answer with `{"rating": "up" | "down"}` to record it.';
    expect(composeExtractiveAnswer([section('rate', 'Rate', paragraph)], question('rate an answer')).text).toBe(`**[Page › Rate](/page#rate)**\n\n${paragraph}`);
    const linked = 'The relay no longer polyfills its URL: see [Output formats | Relay docs](https://relay.example.com/formats).';
    expect(composeExtractiveAnswer([section('formats', 'Formats', linked)], question('relay URL polyfill')).text).toBe(`**[Page › Formats](/page#formats)**\n\n${linked}`);
    const table = 'Option | Header\n- | X-Powered-By\n`hsts` | Strict-Transport-Security';
    expect(composeExtractiveAnswer([section('headers', 'Headers', table)], question('which header')).text).toBe(
      '**[Page › Headers](/page#headers)**\n\n| Option | Header |\n| --- | --- |\n| - | X-Powered-By |\n| `hsts` | Strict-Transport-Security |',
    );
  });

  it('never cuts a sentence inside a parenthesis, where "e.g." reads as a sentence end', () => {
    const filler = Array.from({ length: 12 }, (_unused, index) => `Filler sentence number ${index} says nothing at all here.`).join(' ');
    const text = `The relay forwards requests. ${filler} Each relay request needs a header (e.g. \`Content-Type: application/json\`) or it is refused.`;
    const answer = composeExtractiveAnswer([section('relay', 'Relay', text)], question('relay request header'));
    expect(answer.text).toContain('Each relay request needs a header (e.g. `Content-Type: application/json`) or it is refused.');
  });

  it('quotes a list item with its indented text, and a fence indented in a list at the margin', () => {
    const steps = '1. **Set the base**\n  Set `base` in the config.\n2. **Enable relay pages**\n  Open Settings and pick the relay source.';
    const answer = composeExtractiveAnswer([section('deploy', 'Deploy', steps)], question('enable relay pages'));
    expect(answer.text).toContain('2. **Enable relay pages**\n  Open Settings and pick the relay source.');
    const hook = '- **Type:** `RelayHook`\n  A hook to rewrite the relay page:\n\n  ```js\nrelay.hook((page) => page)\n  ```';
    const withCode = composeExtractiveAnswer([section('hook', 'Hook', hook)], question('relay hook'));
    expect(withCode.text).toContain('\n\n```js\nrelay.hook((page) => page)\n```');
  });

  it("quotes a list item with its paragraphs after a blank line, never an outer item's paragraph as a nested item's, and an indented fence's code with its own indentation", () => {
    const hook = [
      '- **Type:** `RelayHook`',
      '- **Scope:** per environment',
      '',
      '  A hook to rewrite the relay page. It can return:',
      '  - the rewritten relay page',
      '  - tags to inject',
      '',
      '  By default the relay hook runs last.',
      '  ```js',
      '  relay.hook((page) => {',
      '    return page',
      '  })',
      '  ```',
    ].join('\n');
    const answer = composeExtractiveAnswer([section('hook', 'Hook', hook)], question('What can the relay hook return, and when does it run?'));
    expect(answer.text).toContain('- **Scope:** per environment\n\n  A hook to rewrite the relay page. It can return:\n  - the rewritten relay page\n  - tags to inject\n\nBy default the relay hook runs last.');
    expect(answer.text).toContain('```js\nrelay.hook((page) => {\n  return page\n})\n```');
  });

  it('quotes a list whose items are all nested at the margin, so four spaces never turn them into code', () => {
    const text = 'The hook receives a context:\n\n    - `modules` is the array of modules the change affects.\n      It may hold several.\n    - `read` returns the file.';
    const answer = composeExtractiveAnswer([section('hook', 'Hook', text)], question('Which modules does the change affect?'));
    expect(answer.text).toBe('**[Page › Hook](/page#hook)**\n\nThe hook receives a context:\n\n- `modules` is the array of modules the change affects.\n  It may hold several.\n- `read` returns the file.');
  });

  it('quotes a nested item whose parent is left out at the margin, and keeps the nesting of one quoted with its parent', () => {
    const parent = `- Use an editor. ${'It has nothing to do with the question at all, and it goes on. '.repeat(20).trim()}`;
    const text = `${parent}\n    - The relay extension adds relay support to the editor.\n- The relay console shows relay traffic.`;
    const answer = composeExtractiveAnswer([section('tools', 'Tools', text)], question('relay extension console'));
    expect(answer.text).toBe('**[Page › Tools](/page#tools)**\n\n- The relay extension adds relay support to the editor.\n- The relay console shows relay traffic.');
    const short = '- Use the relay editor.\n    - The relay extension adds relay support.\n- The relay console shows relay traffic.';
    const withParent = composeExtractiveAnswer([section('tools', 'Tools', short)], question('relay editor extension console'));
    expect(withParent.text).toContain('- Use the relay editor.\n    - The relay extension adds relay support.\n- The relay console');
  });

  it('quotes the example after the passage it quotes to a reader asking how in Chinese or Japanese, with the paragraph that introduces it, and not to one asking what', () => {
    // Their words never match code, which is in English.
    const example = '```vue-html\n<BaseLayout>\n  <template #header>Title</template>\n</BaseLayout>\n```';
    const chinese = `这类带名字的插槽被称为具名插槽。\n\n父组件需要把内容传入各自的出口，这时就要用到具名插槽：\n\n要传入内容，使用一个 template 元素：\n\n${example}`;
    const how = composeExtractiveAnswer([section('named', '具名插槽', chinese)], askedAs('具名插槽怎么写'));
    expect(how.text).toContain(`要传入内容，使用一个 template 元素：\n\n${example}`);
    expect(composeExtractiveAnswer([section('named', '具名插槽', chinese)], askedAs('什么是具名插槽')).text).not.toContain('```');
    const japanese = `名前付きのスロットを名前付きスロットと呼びます。\n\n親コンポーネントがそれぞれの出口に内容を渡すときに名前付きスロットを使います:\n\n内容を渡すには template 要素を使います:\n\n${example}`;
    expect(composeExtractiveAnswer([section('named', '名前付きスロット', japanese)], askedAs('名前付きスロットの書き方')).text).toContain(`内容を渡すには template 要素を使います:\n\n${example}`);
  });

  it('quotes an example to a reader asking for one, in any language: the one after the quote, else the section\'s first, with its introduction; not "for example" or 例えば', () => {
    const config = '```js [relay.config.js]\nexport default {\n  // options\n}\n```';
    // The passage the question matches comes after the example, and nothing follows it.
    const english = `Relay reads a file named relay.config.js in the project root.\n\nThe most basic config file looks like this:\n\n${config}\n\nRelay bundles the config file before loading it, so it may import other files.`;
    const asked = composeExtractiveAnswer([section('config', 'Configuring relay', english)], askedAs('Show me an example config file for relay'));
    expect(asked.text).toContain(`The most basic config file looks like this:\n\n${config}`);
    expect(composeExtractiveAnswer([section('config', 'Configuring relay', english)], askedAs('relay config file, for example in a monorepo')).text).not.toContain('```');
    const japanese = `relay はプロジェクトルートの relay.config.js という設定ファイルを読み込みます。\n\n最も基本的な設定ファイルは次のようになります:\n\n${config}\n\n設定ファイルは読み込む前にバンドルされます。`;
    expect(composeExtractiveAnswer([section('config', 'relay の設定', japanese)], askedAs('relay の設定例を見せてください')).text).toContain(`最も基本的な設定ファイルは次のようになります:\n\n${config}`);
    expect(composeExtractiveAnswer([section('config', 'relay の設定', japanese)], askedAs('バンドルされるのは、例えばいつですか')).text).not.toContain('```');
    const chinese = `relay 会读取项目根目录下名为 relay.config.js 的配置文件。\n\n最基础的配置文件如下：\n\n${config}\n\n配置文件在加载前会被打包。`;
    expect(composeExtractiveAnswer([section('config', 'relay 配置', chinese)], askedAs('给我一个 relay 配置文件的例子')).text).toContain(config);
    // Not one above the passage the question matches: it shows something else.
    const above = "Middleware does the hard work. Add basic auth, say:\n\n```ts\napp.use('/admin/*', basicAuth({ username: 'admin' }))\n```\n\nThird-party middleware such as the GraphQL server comes in packages of its own.";
    expect(composeExtractiveAnswer([section('middleware', 'Using middleware', above)], askedAs('Show me an example of the GraphQL server')).text).not.toContain('basicAuth');
    // An example longer than one quoted after any passage (20 lines), as long as one a passage announces; asked in
    // Japanese, whose words never match code.
    const handler = `\`\`\`ts\napp.get('/ws', relay((c) => ({\n${'  onMessage(event) {},\n'.repeat(18)}})))\n\`\`\``;
    const long = `\`relay()\` はソケットのハンドラーを返します。\n\n${handler}\n\nヘッダーを変更するミドルウェアを使うと、ソケットのハンドラーは失敗します。`;
    expect(composeExtractiveAnswer([section('relay', 'relay()', long)], askedAs('ソケットのハンドラーの例を見せて')).text).toContain(handler);
    expect(composeExtractiveAnswer([section('relay', 'relay()', long)], askedAs('ソケットのハンドラーはなぜ失敗しますか')).text).not.toContain('```');
  });

  it('quotes the code a section opens with when the passage it quotes has none: the command its heading promises', () => {
    const text = '```bash [npm]\nnpm create vite@latest\n```\n\n```bash [pnpm]\npnpm create vite\n```\n\nThen follow the prompts.\n\nTo start a project without prompts, pass `--no-interactive`.';
    const answer = composeExtractiveAnswer([section('scaffold', 'Scaffold your first project', text)], question('How do I start a new project?'));
    expect(answer.text).toBe(
      '**[Page › Scaffold your first project](/page#scaffold)**\n\n```bash [npm]\nnpm create vite@latest\n```\n\n```bash [pnpm]\npnpm create vite\n```\n\nThen follow the prompts.\n\nTo start a project without prompts, pass `--no-interactive`.',
    );
    // A quote with code of its own shows no other.
    const withCode = composeExtractiveAnswer([section('scaffold', 'Scaffold', `${text}\n\nStart from a template like this:\n\n\`\`\`bash\nnpm create vite -- --template mini\n\`\`\``)], question('start from a template'));
    expect(withCode.text).toContain('--template mini');
    expect(withCode.text).not.toContain('[npm]');
  });

  it('quotes a code group whole (one block per package manager, both API styles), though the question matches one block', () => {
    const npm = '```sh [npm]\nnpm install acme\n```';
    const pnpm = '```sh [pnpm]\npnpm add acme\n```';
    const yarn = '```sh [Yarn]\nyarn add acme\n```';
    const text = `Install it from npm into your project:\n\n${npm}\n\n${pnpm}\n\n${yarn}\n\nThen import it.\n\n\`\`\`sh [build]\nacme build\n\`\`\``;
    const installing = composeExtractiveAnswer([section('install', 'Install', text)], question('How do I install acme with pnpm?'));
    expect(installing.text).toBe(`**[Page › Install](/page#install)**\n\nInstall it from npm into your project:\n\n${npm}\n\n${pnpm}\n\n${yarn}`);
    const styles = 'Declare reactive state:\n\n```js [Composition API]\nconst count = ref(0)\n```\n\n```js [Options API]\ndata() { return { count: 0 } }\n```\n\n```ts [main.ts]\ncreateApp(App)\n```';
    expect(composeExtractiveAnswer([section('state', 'State', styles)], question('How do I declare reactive state?')).text).toBe(
      '**[Page › State](/page#state)**\n\nDeclare reactive state:\n\n```js [Composition API]\nconst count = ref(0)\n```\n\n```js [Options API]\ndata() { return { count: 0 } }\n```',
    );
  });

  it("quotes the section's earlier code that the quoted code uses (a schema, the import it needs), with its introduction, but no earlier example", () => {
    const importing = "Import `z` from `zod`.\n\n```ts\nimport * as z from 'zod'\n```";
    const schema = 'Write your schema.\n\n```ts\nconst schema = z.object({\n  body: z.string(),\n})\n```';
    const example = "A server for the examples:\n\n```ts\nconst app = new Hono()\napp.use(logger())\n```";
    const route = "Validate the JSON body in the route with the schema:\n\n```ts\napp.post('/posts', (c) => {\n  const parsed = schema.safeParse(c.req.json())\n  return c.json(parsed)\n})\n```";
    const text = `Use Zod, a third-party validator.\n\n${importing}\n\n${example}\n\n${schema}\n\nThe validator runs before the handler.\n\n${route}`;
    expect(composeExtractiveAnswer([section('zod', 'With Zod', text)], askedAs('How do I validate the JSON body with the schema?')).text).toBe(
      `**[Page › With Zod](/page#zod)**\n\n${importing}\n\n${schema}\n\n${route}`,
    );
  });

  it('never cuts a sentence inside emphasis, where a period ends the emphasized words', () => {
    const text = '*Beyond the spec.* Readers rate answers with a thumb. Ratings are kept.';
    const answer = composeExtractiveAnswer([section('rate', 'Rate', text)], question('rate answers'));
    expect(answer.text).toContain('*Beyond the spec.* Readers rate answers with a thumb.');
  });

  it('leaves out a long code block that only follows the quoted paragraph', () => {
    const longCode = `\`\`\`ts\n${Array.from({ length: 20 }, (_unused, index) => `const line${index} = ${index};`).join('\n')}\n\`\`\``;
    const answer = composeExtractiveAnswer([section('s', 'Setup', `Configure the relay port here.\n\n${longCode}`)], question('configure relay port'));
    expect(answer.text).not.toContain('```');
  });

  it('quotes a longer code block a quoted paragraph announces with a colon, and marks one too long to quote with an ellipsis', () => {
    const announced = composeExtractiveAnswer([section('setup', 'Setup', `Configure the relay port like this:\n\n${codeBlock(20)}`)], question('configure relay port'));
    expect(announced.text).toBe(`**[Page › Setup](/page#setup)**\n\nConfigure the relay port like this:\n\n${codeBlock(20)}`);
    const tooLong = composeExtractiveAnswer([section('setup', 'Setup', `Configure the relay port like this:\n\n${codeBlock(40)}`)], question('configure relay port'));
    expect(tooLong.text).toBe('**[Page › Setup](/page#setup)**\n\nConfigure the relay port like this: …');
    // A demo the text does not hold (a live component dropped by the parser) leaves the same colon; in Chinese, the ellipsis takes no space.
    const demo = composeExtractiveAnswer([section('setup', 'Setup', '配置中继端口的方法如下：')], question('配置中继端口'));
    expect(demo.text).toBe('**[Page › Setup](/page#setup)**\n\n配置中继端口的方法如下：…');
  });

  it('quotes the opening passage of a section found by its heading alone', () => {
    const answer = composeExtractiveAnswer([section('ports', 'Ports', 'Opens on 8080 by default.\n\nMore text.')], question('quantum lattice'));
    expect(answer.text).toBe('**[Page › Ports](/page#ports)**\n\nOpens on 8080 by default.');
  });

  it('leaves out a lead found by its heading alone that only links a video course, when further sections match', () => {
    const intro = section('component-v-model', 'Component v-model', 'Watch an interactive video lesson');
    const usage = section('basic-usage', 'Basic usage', 'Use `v-model` on a component for two-way binding: the child defines a model.');
    const answer = composeExtractiveAnswer([intro, usage], question('How do I use v-model on a component?'));
    expect(answer.text).toBe('**[Page › Basic usage](/page#basic-usage)**\n\nUse `v-model` on a component for two-way binding: the child defines a model.');
    expect(answer.sections.map((used) => used.id)).toEqual(['/page#basic-usage']);
    // Alone, it is still quoted: it is all the docs have.
    expect(composeExtractiveAnswer([intro], question('How do I use v-model on a component?')).text).toBe('**[Page › Component v-model](/page#component-v-model)**\n\nWatch an interactive video lesson');
  });

  it('adds another section only when its prose matches as well as the lead', () => {
    const lead = section('a', 'A', 'The relay port is 8080.');
    const weaker = section('b', 'B', 'A port is a number.');
    const codeOnly = section('c', 'C', 'Unrelated words.\n\n```js\nconst relay = { port: 1 };\n```');
    const asWell = section('d', 'D', 'Change the relay port with --port.');
    const answer = composeExtractiveAnswer([lead, weaker, codeOnly, asWell], question('relay port'));
    expect(answer.sections.map((used) => used.id)).toEqual(['/page#a', '/page#d']);
    expect(answer.text).not.toContain('```');
  });

  it('reads a further section\'s first passage with its heading, which it answers without repeating', () => {
    const asked = question('Where are readers\' questions stored?');
    const lead = section('a', 'What it does for readers', 'Readers ask questions and get answers with sources.');
    const passage = 'In an embedded database under the data folder. Each question stays on your server.';
    const answer = composeExtractiveAnswer([lead, section('b', 'Where are conversations stored?', passage)], asked);
    expect(answer.sections.map((used) => used.id)).toEqual(['/page#a', '/page#b']);
    expect(answer.text).toContain(passage);
    // The same passage under a heading the question does not name shares one word with it: not quoted.
    expect(composeExtractiveAnswer([lead, section('c', 'Data folder', passage)], asked).sections).toHaveLength(1);
    // Nor a later passage of the section: the heading is what its first passage answers.
    expect(composeExtractiveAnswer([lead, section('d', 'Where are conversations stored?', `Unrelated words.\n\n${passage}`)], asked).sections).toHaveLength(1);
  });

  it("quotes only the matching lines of a further section's list", () => {
    const lead = section('a', 'A', 'Set the relay port with --port.');
    const list = section('b', 'B', '- Files are read recursively.\n- The relay port comes from --port or the config.\n- Anchors follow GitHub.');
    const answer = composeExtractiveAnswer([lead, list], question('relay port'));
    expect(answer.text).toBe('**[Page › A](/page#a)**\n\nSet the relay port with --port.\n\n**[Page › B](/page#b)**\n\n- The relay port comes from --port or the config.');
  });

  it('names the headings above two quoted sections that bear the same heading on one page, and no others', () => {
    const answer = composeExtractiveAnswer(
      [under('Basic usage', 'checkbox', 'A checkbox binds a boolean with v-model.'), under('Value bindings', 'checkbox-1', 'A checkbox v-model can bind true-value and false-value.')],
      question('checkbox v-model'),
    );
    expect(answer.text).toContain('**[Page › Basic usage › Checkbox](/page#checkbox)**');
    expect(answer.text).toContain('**[Page › Value bindings › Checkbox](/page#checkbox-1)**');
    // Alone, a section keeps its short title.
    expect(composeExtractiveAnswer([under('Basic usage', 'checkbox', 'A checkbox binds a boolean with v-model.')], question('checkbox v-model')).text).toContain('**[Page › Checkbox](/page#checkbox)**');
  });

  it('takes a heading inside a section for the label of the passage under it, not for a passage that takes the place of another', () => {
    const label = '**Relay Pages with Git**';
    const intro = 'Relay Pages deploys the relay straight from git.';
    const steps = ['1. Push the relay to git.', '2. Open the relay dashboard and choose Pages.', '3. Deploy the relay.'];
    const answer = composeExtractiveAnswer([section('pages', 'Relay Pages', `${label}\n\n${intro}\n\n${steps.join('\n')}`)], question('relay pages deploy steps'));
    // The label, its passage and the steps: before, the label and the sentence took both of the lead's places.
    expect(answer.text).toBe(`**[Page › Relay Pages](/page#pages)**\n\n${label}\n\n${intro}\n\n${steps.join('\n')}`);
  });

  it("quotes the steps between a further section's matching numbered steps, never a procedure with a hole", () => {
    const lead = section('a', 'A', 'Deploy the relay with the relay command.');
    const steps = ['1. Push the relay to git.', '2. Log in to the dashboard.', '3. Choose the build preset.', '4. Save.', '5. The relay is deployed.', '6. Unrelated closing words.'];
    const answer = composeExtractiveAnswer([lead, section('b', 'B', steps.join('\n'))], question('deploy the relay'));
    // Rendered as a numbered list, steps 1 and 5 alone read as steps 1 and 2, and the three between are gone.
    expect(answer.text).toContain(`**[Page › B](/page#b)**\n\n${steps.slice(0, 5).join('\n')}`);
    expect(answer.text).not.toContain(steps[5]);
    // A bullet list's matching lines stay the only ones quoted: bullets side by side are not one procedure.
    const bullets = steps.map((step) => step.replace(/^\d\. /, '- '));
    const bulleted = composeExtractiveAnswer([lead, section('b', 'B', bullets.join('\n'))], question('deploy the relay'));
    expect(bulleted.text).toContain(`**[Page › B](/page#b)**\n\n${bullets[0]}\n${bullets[4]}`);
  });

  it("quotes a further section's short paragraph whole, and only the matching sentences of a long one", () => {
    const lead = section('a', 'A', 'Set the relay port with --port.');
    const short = 'The relay port is read once at start. It prints one line when it is ready:';
    const answer = composeExtractiveAnswer([lead, section('b', 'B', `${short}\n\n\`\`\`text\nlistening on 8080\n\`\`\``)], question('relay port'));
    expect(answer.text).toContain(`${short}\n\n\`\`\`text\nlistening on 8080\n\`\`\``);
    const filler = 'Other words follow here that say nothing about it at all. '.repeat(6).trim();
    const long = composeExtractiveAnswer([lead, section('c', 'C', `${filler} The relay port is read once at start. ${filler}`)], question('relay port'));
    expect(long.text).toContain('**[Page › C](/page#c)**\n\nThe relay port is read once at start.');
    expect(long.text).not.toContain('Other words');
  });

  it("quotes a further section's paragraph that refers back with the short passage it refers to, and leaves out one whose passage is long", () => {
    const lead = section('a', 'A', 'Set the relay port with --port.');
    const command = '```sh\nnpx relay serve docs\n```';
    const start = section('b', 'Start', `Install it first.\n\n${command}\n\nIt reads the folder and listens on the relay port 8787.`);
    const answer = composeExtractiveAnswer([lead, start], question('relay port'));
    expect(answer.text).toContain(`**[Page › Start](/page#b)**\n\n${command}\n\nIt reads the folder and listens on the relay port 8787.`);
    expect(answer.text).not.toContain('Install it first');
    const longCode = section('c', 'Ordering', `Install it first.\n\n${codeBlock(20)}\n\nHowever, in the wrong order the relay port answers 404.`);
    expect(composeExtractiveAnswer([lead, longCode], question('relay port')).sections.map((used) => used.id)).toEqual(['/page#a']);
  });

  it('quotes a further Chinese or Japanese paragraph opening on "however" with the short passage before it, and one opening on "this" alone', () => {
    const lead = section('a', 'A', '过渡模式可以用 mode 设置。');
    const before = '在之前的例子中，进入和离开的元素同时开始动画。';
    const however = '然而，很多情况下这并不符合需求，我们可以设置过渡模式。';
    const answer = composeExtractiveAnswer([lead, section('b', '模式', `${before}\n\n${however}`)], question('过渡模式'));
    expect(answer.text).toContain(`**[Page › 模式](/page#b)**\n\n${before}\n\n${however}`);
    // 这 most often means the heading's topic: the paragraph before is not brought.
    const topic = '这个过渡模式可以先执行离开动画。';
    const alone = composeExtractiveAnswer([lead, section('c', '模式', `${before}\n\n${topic}`)], question('过渡模式'));
    expect(alone.text).toContain(`**[Page › 模式](/page#c)**\n\n${topic}`);
  });

  it('quotes code that opens mid-expression with the code it continues and the sentence introducing that', () => {
    const first = "```ts\napp.post(\n  '/posts',\n  checker('form', (value) => value),\n  //...\n```";
    const rest = "```ts\n, (c) => {\n  const { body } = c.req.valid('form')\n  return c.json(body)\n}\n```";
    const text = `Import the checker first.\n\nTo check form data, pass a callback:\n\n${first}\n\nWithin the handler, read the checked body with \`c.req.valid('form')\`.\n\n${rest}`;
    const answer = composeExtractiveAnswer([section('checker', 'Checker', text)], question('How do I read the checked body within the handler?'));
    expect(answer.text).toContain(`To check form data, pass a callback:\n\n${first}\n\nWithin the handler, read the checked body with \`c.req.valid('form')\`.\n\n${rest}`);
    expect(answer.text).not.toContain('Import the checker');
  });

  it("leaves out a bare \"Yes.\" or \"No.\" answering a heading the reader did not ask, and keeps it under one they did", () => {
    const entry = section('drafts', 'Can I keep some pages out of the answers?', 'Yes. Pages marked as drafts are never indexed, so no answer quotes them.');
    const other = composeExtractiveAnswer([entry], askedAs('Will draft pages show up in answers?'));
    expect(other.text).toBe('**[Page › Can I keep some pages out of the answers?](/page#drafts)**\n\nPages marked as drafts are never indexed, so no answer quotes them.');
    const same = composeExtractiveAnswer([entry], askedAs('Can I keep some pages out of the answers?'));
    expect(same.text).toContain('Yes. Pages marked as drafts are never indexed');
  });

  it('reads a short follow-up with the previous question as its setting', () => {
    const host = section('host', 'Host', 'Set the host with --host.\n\nIn a container, the host must be 0.0.0.0.');
    const answer = composeExtractiveAnswer([host], { terms: contentTerms('and the host?'), contextTerms: contentTerms('relay port in a container') });
    expect(answer.text).toBe('**[Page › Host](/page#host)**\n\nSet the host with --host.\n\nIn a container, the host must be 0.0.0.0.');
    const alone = composeExtractiveAnswer([host], { terms: contentTerms('and the container?'), contextTerms: contentTerms('relay port') });
    expect(alone.text).toBe('**[Page › Host](/page#host)**\n\nIn a container, the host must be 0.0.0.0.');
  });

  it('leaves out the passage the reader attached and quotes what is beside it', () => {
    const code = '```js\nrelay.listen(8080);\n```';
    const text = `Call listen to start serving requests.\n\n${code}\n\nIt resolves once the port is open.\n\nUnrelated closing words.`;
    const answer = composeExtractiveAnswer([section('listen', 'Listen', text)], { terms: [], readContext: [normalize('relay.listen(8080);')] });
    expect(answer.text).toBe('**[Page › Listen](/page#listen)**\n\nCall listen to start serving requests.\n\nIt resolves once the port is open.');
  });

  it('quotes the first rows of a long table after a selected sentence that announces it, never its header alone', () => {
    const rows = Array.from({ length: 14 }, (_unused, index) => `\`data-option${index}\` | Sets thing ${index}.`);
    const text = `Every option can be set as an attribute:\n\n${['Attribute | What it does', ...rows].join('\n')}`;
    const answer = composeExtractiveAnswer([section('attributes', 'Attributes', text)], { terms: [], readContext: [normalize('Every option can be set as an attribute:')] });
    const table = ['| Attribute | What it does |', '| --- | --- |', ...rows.slice(0, 9).map((row) => `| ${row} |`)].join('\n');
    expect(answer.text).toBe(`**[Page › Attributes](/page#attributes)**\n\n${table}`);
  });

  it('answers "explain this" from the selection\'s own section, and past a type line alone, from one section that says more', () => {
    const selected = 'When true, the relay exits if its port is taken.';
    const match = { terms: contentTerms(selected), readContext: [normalize(selected)], onlyLead: true };
    const strict = section('strict', 'strictPort', `- **Type:** \`boolean\`\n\n${selected}`);
    const port = section('port', 'port', 'Sets the relay port. If the port is taken, the relay tries the next free port.');
    const other = section('other', 'other', 'The relay port and its exits are logged.');
    const answer = composeExtractiveAnswer([strict, port, other], match);
    expect(answer.sections.map((used) => used.id)).toEqual(['/page#strict', '/page#port']);
    // With more to say beside the selection, its own section answers alone.
    const fuller = section('strict', 'strictPort', `- **Type:** \`boolean\`\n\n${selected}\n\nUse it when another tool expects the relay on one fixed port.`);
    expect(composeExtractiveAnswer([fuller, port, other], match).sections.map((used) => used.id)).toEqual(['/page#strict']);
  });

  it('names a further section that repeats the words of one already quoted under it, in the language of the question, and quotes them once', () => {
    const lead = section('server-port', 'server.port', 'Sets the relay port.');
    const twin = section('preview-port', 'preview.port', 'Sets the relay port.');
    const answer = composeExtractiveAnswer([lead, twin], question('relay port'));
    expect(answer.text).toBe('**[Page › server.port](/page#server-port)**\n\nSets the relay port.\n\n[Page › preview.port](/page#preview-port) says the same.');
    expect(answer.sections.map((used) => used.id)).toEqual(['/page#server-port', '/page#preview-port']);
    const japanese = composeExtractiveAnswer([section('a', 'server.headers', 'サーバーのレスポンスヘッダーを指定します。'), section('b', 'preview.headers', 'サーバーのレスポンスヘッダーを指定します。')], {
      ...question('レスポンスヘッダーを追加したい'),
      phrases: phrasesFor('レスポンスヘッダーを追加したい'),
    });
    expect(japanese.text).toMatch(/サーバーのレスポンスヘッダーを指定します。\n\n\[Page › preview\.headers\]\(\/page#b\) にも同じ説明があります。$/);
  });

  it('puts a section whose passages match two question words before a lead found through its heading alone', () => {
    const how = section(
      'how',
      'How does it work?',
      '1. The widget sends the question, the conversation and the page path to the server.\n2. The server searches the indexed sections of the docs, picks the best few, and streams the answer back with its sources.',
    );
    const browsers = section('browsers', 'Which browsers are supported?', 'Chrome and Edge 87 or newer, Firefox 101 or newer, Safari 16.4 or newer. In older browsers the launcher does not appear.');
    // "browser" is the docs' word for Safari (synonyms.ts), as retrieval passes it.
    const answer = composeExtractiveAnswer([how, browsers], { terms: [...contentTerms('Does it work on Safari?'), 'browser'] });
    expect(answer.sections.map((used) => used.id)).toEqual(['/page#browsers', '/page#how']);
  });

  it('keeps first a lead whose heading asks the question, every word of it, though its text repeats none of them', () => {
    const faq = section('stored', 'Where are conversations stored on the server?', 'In an embedded SQLite database under the data folder, or in PostgreSQL with a database URL.');
    const threads = section('threads', 'Threads', 'A request with a thread id continues the conversation; the server uses its own stored history.');
    const answer = composeExtractiveAnswer([faq, threads], askedAs('Where are conversations stored?'));
    expect(answer.sections.map((used) => used.id)).toEqual(['/page#stored', '/page#threads']);
  });

  it("quotes a reference entry's type and default with its description", () => {
    const facts = "- **Type:** `'info' | 'warn' | 'error' | 'silent'`\n- **Default:** `'info'`";
    const entry = section('log-level', 'logLevel', `${facts}\n\nAdjust console output verbosity.`);
    expect(composeExtractiveAnswer([entry], question('less console output')).text).toBe(`**[Page › logLevel](/page#log-level)**\n\n${facts}\n\nAdjust console output verbosity.`);
    // A list of topics above the passage is not an entry's facts.
    const topics = section('tips', 'Tips', '- **Speed:** build once, serve many times, and cache what does not change between deploys.\n- **Size:** split the bundle.\n- **Logs:** keep them.\n- **Errors:** report them.\n- **Tests:** run them.\n\nAdjust console output verbosity.');
    expect(composeExtractiveAnswer([topics], question('less console output')).text).not.toContain('Speed');
  });

  it('answers a question holding an error message with what the docs say about it, not the message quoted back', () => {
    const text = '> TypeError: Failed to fetch dynamically imported module\n\nThis error occurs when a deploy removed the old chunks a cached page still imports.';
    const answer = composeExtractiveAnswer([section('fetch', 'Failed to fetch dynamically imported module', text)], {
      ...question('Failed to fetch dynamically imported module after a deploy'),
      question: 'Failed to fetch dynamically imported module after a deploy',
    });
    expect(answer.text).toBe(
      '**[Page › Failed to fetch dynamically imported module](/page#fetch)**\n\nThis error occurs when a deploy removed the old chunks a cached page still imports.',
    );
    // A section that is nothing but the sentence the reader quotes is still the answer: quoted, not "not in the docs".
    const asked = 'What does "Adjust console output verbosity of the server" mean?';
    const only = composeExtractiveAnswer([section('log', 'logLevel', 'Adjust console output verbosity of the server.')], { ...question(asked), question: asked });
    expect(only).toMatchObject({ text: '**[Page › logLevel](/page#log)**\n\nAdjust console output verbosity of the server.', notFound: false });
  });

  it('says plainly when there is nothing to quote', () => {
    expect(composeExtractiveAnswer([], question('how do I?'))).toEqual({ text: NOTHING_FOUND, sections: [], notFound: true });
  });

  it('says the docs do not cover a question first, then lists the closest pages, with no sources', () => {
    const answer = composeNotFoundAnswer([section('a', 'A', 'x'), section('b', 'B', 'y')]);
    expect(answer.text).toBe(`${NOT_IN_DOCS} These pages are the closest:\n\n- [Page › A](/page#a)\n- [Page › B](/page#b)`);
    expect(answer.sections).toEqual([]);
    expect(answer.notFound).toBe(true);
  });

  it('writes its own sentences in the language of the question, and a name the docs never use in its quotes', () => {
    const found = section('a', 'A', 'The relay forwards webhooks.');
    expect(composeNotFoundAnswer([found], phrasesFor('怎么配置 SAML')).text).toBe('文档中没有找到相关内容。以下页面最接近：\n\n- [Page › A](/page#a)');
    expect(composeNotFoundAnswer([], phrasesFor('怎麼設定 SAML')).text).toBe('文件中沒有找到相關內容。請換個說法再試，例如命令、選項或頁面的名稱。');
    const named = composeExtractiveAnswer([found], { ...question('webhooks を Slack に転送するには'), unknownNames: ['Slack'], phrases: phrasesFor('webhooks を Slack に転送するには') });
    expect(named.text).toMatch(/^ドキュメントには「Slack」についての記載がありません。質問のほかの部分については次のとおりです。\n\n\*\*\[Page › A\]/);
    expect(phrasesFor('How do I forward webhooks?')).toBe(phrasesFor('42?'));
  });

  describe('and a further section that is a table', () => {
    const lead = section('colors', 'Colors', 'Set the accent color with a CSS variable on any ancestor of the widget; the launcher uses the accent color too.');
    const table = section(
      'attributes',
      'Attributes',
      ['| Attribute | What it does |', '| --- | --- |', '| `data-theme` | The color scheme. |', '| `data-launcher` | Hides the floating launcher. |', '| `data-accent` | The accent color of the launcher, as a CSS color. |'].join('\n'),
    );

    it('is quoted for a row that holds the question, not for words its rows hold apart', () => {
      // "launcher" and "color" are both in the table, never in one row: no row answers it.
      const withoutAccent = section('attributes', 'Attributes', ['| Attribute | What it does |', '| --- | --- |', '| `data-theme` | The color scheme. |', '| `data-launcher` | Hides the floating launcher. |'].join('\n'));
      expect(composeExtractiveAnswer([lead, withoutAccent], question('How do I change the launcher color?')).sections.map((used) => used.id)).toEqual(['/page#colors']);
    });

    it('is quoted for a row with three of its words, though the lead matched more', () => {
      const answer = composeExtractiveAnswer([lead, table], question('How do I set the accent color of the launcher with a CSS variable?'));
      expect(answer.sections.map((used) => used.id)).toEqual(['/page#colors', '/page#attributes']);
      expect(answer.text).toContain('| `data-accent` | The accent color of the launcher, as a CSS color. |');
    });
  });

  describe('and a troubleshooting entry that gives the causes of a problem, then its fix', () => {
    const entry = section(
      'stale-chunks',
      'Chunks fail to load after a deploy',
      [
        'After a deploy, pages that load chunks fail in browsers that cached the old version.',
        '- The browser cached the old HTML.\n- The deploy removed the old chunks.',
        'Nothing else goes wrong in such browsers; other pages work as before.',
        'To fix this, you can:',
        '- Keep the previous chunks for a day.\n- Reload the page when a chunk fails:',
        '```js\nwindow.addEventListener("vite:preloadError", () => location.reload());\n```',
        '- Tell readers to refresh.',
      ].join('\n\n'),
    );
    it('quotes the fix to a reader describing the problem, with the list it announces, its code and the rest of the list', () => {
      const answer = composeExtractiveAnswer([entry], askedAs('Pages fail after a deploy in browsers with the old version'));
      expect(answer.text).toContain('After a deploy, pages that load chunks fail');
      expect(answer.text).toContain('To fix this, you can:\n\n- Keep the previous chunks for a day.\n- Reload the page when a chunk fails:\n\n```js\nwindow.addEventListener("vite:preloadError", () => location.reload());\n```\n\n- Tell readers to refresh.');
      expect(answer.text).not.toContain('…');
    });

    it('leaves the fix out of an answer to a question that describes no problem', () => {
      expect(composeExtractiveAnswer([entry], askedAs('What happens to pages after a deploy in browsers with the old version?')).text).not.toContain('To fix this');
    });
  });

  describe('and a section headed as a problem, whose last paragraph solves it', () => {
    const drilling = section(
      'prop-drilling',
      'Prop drilling problem',
      [
        'Deeply nested components that need data from a distant ancestor receive it through every component between them as props.',
        'Components in the middle must declare and pass props they never use; the longer the chain, the more of them.',
        'To solve this, use `provide` and `inject`: an ancestor provides, and any descendant, however deep, injects.',
      ].join('\n\n'),
    );

    it('quotes its solution, though the question names no problem and shares no word with it', () => {
      const answer = composeExtractiveAnswer([drilling], askedAs('How do nested components get data from a distant ancestor as props?'));
      expect(answer.text).toContain('Deeply nested components');
      expect(answer.text).toContain('To solve this, use `provide` and `inject`');
    });

    it('and not under a heading that names no problem', () => {
      const answer = composeExtractiveAnswer([{ ...drilling, headingPath: ['Page', 'Prop drilling'] }], askedAs('How do nested components get data from a distant ancestor as props?'));
      expect(answer.text).not.toContain('To solve this');
    });
  });
});

describe('given a section with a line of a million characters', () => {
  it('quotes its start, cut at a word with an ellipsis, never inside a code span, and leaves out an oversized code block', () => {
    const hugeLine = `Tokens expire after the \`expiry\` setting, ${'and then again '.repeat(70_000)}done.`;
    const hugeCode = `\`\`\`js\nconst tokens = '${'x'.repeat(1_000_000)}';\n\`\`\``;
    const answer = composeExtractiveAnswer([section('tokens', 'Tokens', `${hugeLine}\n\n${hugeCode}`)], question('When do tokens expire?'));
    expect(answer.text.length).toBeLessThan(2_000);
    expect(answer.text.startsWith('**[Page › Tokens](/page#tokens)**\n\nTokens expire after the `expiry` setting, and then again and then again')).toBe(true);
    // Cut at a word, marked; the code block of one giant line is not quoted at all.
    expect(answer.text).toMatch(/ (and|then|again) …$/);
    expect(answer.text).not.toContain('xxxx');
  });

  it('cuts back out of a code span the cut would leave open', () => {
    const text = `Tokens expire ${'soon '.repeat(190)}\`${'very long code '.repeat(20)}\` after the setting.`;
    const answer = composeExtractiveAnswer([section('tokens', 'Tokens', text)], question('When do tokens expire?'));
    expect(answer.text).toMatch(/soon …$/);
  });
});

describe('given an answer text', () => {
  it('cuts it into small deltas at word boundaries that join back exactly', () => {
    const text = '**[Page › A](/a)**\n\n```sh\nnpm  install\n```\n\n| a | b |\n';
    const deltas = splitIntoDeltas(text);
    expect(deltas.join('')).toBe(text);
    expect(deltas.length).toBeGreaterThan(2);
    // A link counts as one word (it is never cut).
    for (const delta of deltas) expect(delta.replace(/\*\*\[[^\]]*\]\([^)]*\)\*\*/g, 'link').trim().split(/\s+/).length).toBeLessThanOrEqual(3);
  });

  it('never ends a delta inside a markdown link, so no raw brackets show mid-stream', () => {
    const text = '**[Theming › Change the launcher color](https://docs.example/theming#change-the-launcher-color)**\n\nThe launcher uses [the accent](/theming#colors) color.';
    const deltas = splitIntoDeltas(text);
    expect(deltas.join('')).toBe(text);
    expect(deltas[0]).toMatch(/^\*\*\[Theming › Change the launcher color\]\(https:\/\/docs\.example\/theming#change-the-launcher-color\)\*\*/);
    expect(deltas.some((delta) => delta.includes('[the accent](/theming#colors)'))).toBe(true);
  });
});
