import { describe, expect, it } from 'vitest';
import { retrieveDocs } from '../../server/assistant/retrieve.ts';
import { katakanaTerm } from '../../server/docs/analyzer.ts';
import { BUILT_IN_SYNONYMS, DEFAULT_SYNONYMS, signWords, synonymLineProblem, synonymsOf } from '../../server/docs/synonyms.ts';
import { extractiveAnswer, firstHeading, indexOf } from './support/docs.ts';
import { PROJECT_DOCS_DIR } from '../../bench/retrieval.ts';
import { loadDocs } from '../../server/docs/load.ts';
import { createDocsIndex } from '../../server/docs/searchIndex.ts';

/** A widget's docs in their own words: limits, the stop button, languages, the price. */
const WIDGET_DOCS = {
  'server.md': '# Server\n\n## Rate limits\n\nEach assistant key may ask 100 questions an hour. Past the limit the server answers 429 and the widget shows when to ask again.',
  'widget.md': '# Widget\n\n## Stop and retry\n\nStop ends an answer while it streams; people can then ask again or retry.\n\n## Keyboard\n\nCtrl+I opens the dialog and Escape closes it.',
  'faq.md':
    '# FAQ\n\n## Does it support other languages?\n\nReaders can ask in any language the model knows; change the labels with the `labels` option.\n\n## Is it free?\n\nYes. It is open source under the MIT license and runs on your own machine.',
};

/** A dev server's options and its build guide, in Japanese, and a Chinese page on passing data down many levels. */
const EVERYDAY_DOCS = {
  'ja/config.md': [
    '# サーバーオプション',
    '## server.host',
    'サーバーがリッスンすべき IP アドレスを指定します。`0.0.0.0` または `true` に設定すると、LAN やパブリックアドレスを含むすべてのアドレスをリッスンします。',
    '## server.port',
    'サーバーのポートを指定します。開発サーバーはこのポートで起動します。',
  ].join('\n\n'),
  'ja/build.md': [
    '# 本番環境用のビルド',
    '## Public Base Path',
    'ネストしたパブリックパスの下にプロジェクトをデプロイする場合は `base` 設定オプションを指定します。',
    '## 静的サイトのデプロイ',
    'ビルドしたアプリを静的ホスティングにデプロイします。デプロイ先の画面で設定を確認してください。',
  ].join('\n\n'),
  'zh/components.md': [
    '# 组件',
    '## 依赖注入',
    '一个父组件相对于其所有的后代组件，会作为依赖提供者。任何后代的组件树，无论层级有多深，都可以注入由父组件提供的依赖。',
    '## 传递 props',
    '父组件通过 props 把数据传给子组件。',
    '## 组件事件',
    '子组件通过事件把值传给父组件。',
  ].join('\n\n'),
};

describe('given the built-in synonyms', () => {
  it("finds the docs' words for a reader's everyday ones: a subdirectory is the base path, a phone on the dev server its host, 爷孙 the descendants", () => {
    const index = indexOf(EVERYDAY_DOCS);
    expect(firstHeading(index, 'サブディレクトリーにデプロイしたら画面が真っ白になる')).toBe('Public Base Path');
    expect(firstHeading(index, 'スマホから開発サーバーにアクセスしたい')).toBe('server.host');
    expect(firstHeading(index, '爷孙组件怎么传值')).toBe('依赖注入');
    // Without the built-in list, the sections sharing the question's other words lead: the test fails there.
    const plain = indexOf(EVERYDAY_DOCS, {}, synonymsOf([]));
    expect([firstHeading(plain, 'サブディレクトリーにデプロイしたら画面が真っ白になる'), firstHeading(plain, 'スマホから開発サーバーにアクセスしたい'), firstHeading(plain, '爷孙组件怎么传值')]).toEqual(['静的サイトのデプロイ', 'server.port', '组件事件']);
  });

  it('reads a reader\'s word as written, with the docs\' words it stands for, as the same term of the question', () => {
    expect(DEFAULT_SYNONYMS.alternativesIn('How do I stop people from spamming the assistant?')).toEqual(new Map([['spam', ['limit', 'rate']]]));
    // "settings" is a reader's word for configuration; "set" (its stem) is not.
    expect(DEFAULT_SYNONYMS.alternativesIn('Where are the settings?').get('set')).toEqual(expect.arrayContaining(['config']));
    expect(DEFAULT_SYNONYMS.alternativesIn('How do I set the port?')).toEqual(new Map());
  });

  it("reads a problem asked as a question, its subject between the negation and the verb, as the problem's words, however the negation is written", () => {
    expect(DEFAULT_SYNONYMS.alternativesIn("Why doesn't the chat button show up?").get('show')).toEqual(['appear', 'visibl']);
    expect(DEFAULT_SYNONYMS.alternativesIn("Why won't the widget show up?").get('show')).toEqual(['appear', 'visibl']);
    expect(DEFAULT_SYNONYMS.alternativesIn('The launcher is never visible').get('visibl')).toEqual(['appear']);
    // Shown is no problem, and a negation four words before is not this verb's.
    expect(DEFAULT_SYNONYMS.alternativesIn('Why does the chat button show up twice?').has('show')).toBe(false);
    expect(DEFAULT_SYNONYMS.alternativesIn("Why don't my readers on a phone show up in the metrics?").has('show')).toBe(false);
  });

  it("reads where a thing sits and how an assistant sounds in the docs' words: next to as side, moving as a position, a tone of voice as instructions, rounded corners (or a round or circular launcher) as a radius", () => {
    expect(DEFAULT_SYNONYMS.alternativesIn('Can the assistant sit next to the page?').get('next')).toEqual(['side']);
    expect(DEFAULT_SYNONYMS.alternativesIn('How do I give the bot a custom tone of voice?').get('voic')).toEqual(['instruct', 'prompt']);
    expect(DEFAULT_SYNONYMS.alternativesIn('Can I turn off the rounded corners?').get('corner')).toEqual(['radiu']);
    expect(DEFAULT_SYNONYMS.alternativesIn('Can the launcher be a circle?').get('circl')).toEqual(['radiu']);
    expect(DEFAULT_SYNONYMS.alternativesIn('how do I make it round?').get('round')).toEqual(['radiu']);
    expect(DEFAULT_SYNONYMS.alternativesIn('How can I move the launcher to the left?').get('move')).toEqual(['posit']);
    // Square corners too, however the reader orders the words; putting it somewhere is a position only where the reader says where.
    expect(DEFAULT_SYNONYMS.alternativesIn('How can I make the corners square?').get('squar')).toEqual(['radiu']);
    expect([...DEFAULT_SYNONYMS.alternativesIn('Can I put it on the left?').values()].flat()).toContain('posit');
    expect([...DEFAULT_SYNONYMS.alternativesIn('I have an assistant key, where do I put it?').values()].flat()).not.toContain('posit');
  });

  it("reads an AI's made-up answers in the docs' words: hallucinate and make up as invent and grounded, a maximum length as characters", () => {
    expect(DEFAULT_SYNONYMS.alternativesIn('Does it hallucinate?').get('hallucin')).toEqual(['invent', 'ground']);
    expect(DEFAULT_SYNONYMS.alternativesIn('Will the bot make up answers?').get('up')).toBeUndefined();
    expect([...DEFAULT_SYNONYMS.alternativesIn('Will the bot make up answers?').values()].flat()).toEqual(['invent', 'ground']);
    expect(DEFAULT_SYNONYMS.alternativesIn("What's the maximum length of a question?").get('length')).toEqual(['charact', 'limit']);
  });

  it('reads small responses or files as the docs\' minimum and threshold', () => {
    const index = indexOf({
      'middleware/compress.md':
        '# Compress Middleware\n\nThis middleware compresses the response body.\n\n## Usage\n\n```ts\napp.use(compress())\n```\n\n## Options\n\n### encoding\n\nThe compression scheme to use for responses.\n\n### threshold\n\nThe minimum size in bytes to compress. Defaults to 1024 bytes.',
    });
    expect(firstHeading(index, 'How do I skip compressing small responses?')).toBe('threshold');
  });

  it('reads a tutorial or a walkthrough as the docs\' getting started', () => {
    expect(DEFAULT_SYNONYMS.alternativesIn('Is there a tutorial?').get('tutori')).toEqual(['start']);
    expect(DEFAULT_SYNONYMS.alternativesIn('Any walkthrough for beginners?').get('walkthrough')).toEqual(['start']);
  });

  it('reads a Japanese reader\'s 転送 (forward) as a proxy, 古い (old) as legacy and 書き方 (how to write) and 自作 (make my own) as 作成', () => {
    expect(DEFAULT_SYNONYMS.alternativesIn('APIのリクエストを別のサーバに転送したい').get('転送')).toEqual(expect.arrayContaining(['プロキシ', 'proxi']));
    expect(DEFAULT_SYNONYMS.alternativesIn('古いブラウザでも動くようにしたい').get('古い')).toEqual(expect.arrayContaining(['レガシ', 'legaci']));
    expect(DEFAULT_SYNONYMS.alternativesIn('プラグインの書き方を知りたい').get('書き方')).toEqual(['作成']);
    expect(DEFAULT_SYNONYMS.alternativesIn('プラグインを自作したい').get('自作')).toEqual(['作成']);
  });

  it('reads web readers\' words for static generation, for blocking addresses and for a preflight request', () => {
    expect(DEFAULT_SYNONYMS.alternativesIn('turn my app into static HTML files').get('html')).toEqual(expect.arrayContaining(['ssg']));
    expect(DEFAULT_SYNONYMS.alternativesIn('How can I block requests from certain addresses?').get('block')).toEqual(expect.arrayContaining(['restrict']));
    expect(DEFAULT_SYNONYMS.alternativesIn('Why does the preflight request fail?').get('request')).toEqual(['cors', 'option']);
  });

  it('reads a Japanese reader\'s 二重 (twice) as 重複 (duplicated), 消える (goes away) as クリア and ログ as log', () => {
    expect(DEFAULT_SYNONYMS.alternativesIn('同じパッケージが二重に読み込まれる').get('二重')).toEqual(['重複']);
    expect(DEFAULT_SYNONYMS.alternativesIn('ターミナルの表示が消える').get('消える')).toEqual(['クリア']);
    expect(DEFAULT_SYNONYMS.alternativesIn('ログを減らしたい').get('ログ')).toEqual(expect.arrayContaining(['log']));
  });

  it("reads a Chinese reader's English API names as the docs' Chinese terms, each of their words (计算属性: 计算 and 属性), and 区别 (difference) as 不同", () => {
    expect(DEFAULT_SYNONYMS.alternativesIn('computed 和 methods 有什么区别').get('comput')).toEqual(expect.arrayContaining(['计算', '属性']));
    // Not as vs, which is VS Code as often as a heading comparing two things (those are lifted: comparisons.ts).
    expect(DEFAULT_SYNONYMS.alternativesIn('computed 和 methods 有什么区别').get('区别')).toEqual(['不同']);
  });

  it('reads a Japanese reader\'s ウェブワーカー as the Web Workers the docs name in English, with or without its long-vowel mark', () => {
    for (const question of ['ウェブワーカーを使いたい', 'ウェブワーカを使いたい']) {
      expect(DEFAULT_SYNONYMS.alternativesIn(question).get(katakanaTerm('ウェブワーカー'))).toEqual(expect.arrayContaining(['worker', 'web']));
    }
  });

  it('reads a Japanese reader\'s フォーマット as format (形式) and 書き出す (write out) as 書き込み (write into) and 出力 (output)', () => {
    expect(DEFAULT_SYNONYMS.alternativesIn('ワーカーのフォーマットを指定したい').get(katakanaTerm('フォーマット'))).toEqual(expect.arrayContaining(['format', '形式']));
    expect(DEFAULT_SYNONYMS.alternativesIn('ファイルをディスクに書き出さないようにしたい').get('出')).toEqual(expect.arrayContaining(['書き込み', '出力']));
  });

  it("reads Chinese and Japanese readers' problems in the docs' words: 不显示 and 表示されない as appear, 没了 as lost, 一个字一个字 as streaming, 问题太多 as a rate limit, 接続できません as reach, 大きすぎる as too large", () => {
    expect(DEFAULT_SYNONYMS.alternativesIn('按钮不显示').get('显示')).toEqual(['appear', 'visibl']);
    expect(DEFAULT_SYNONYMS.alternativesIn('ウィジェットが表示されない').get('表示')).toEqual(['appear', 'visibl']);
    // Shown, not hidden, is no problem: 表示される keeps its own word.
    expect(DEFAULT_SYNONYMS.alternativesIn('エラーが表示される').get('表示')).toBeUndefined();
    // And the Chinese docs' 丢失: "切换标签页…表单内容都没了" finds KeepAlive's "丢失其中所有已变化的状态" and "都被重置了".
    expect(DEFAULT_SYNONYMS.alternativesIn('换页以后对话记录没了').get('没了')).toEqual(expect.arrayContaining(['lose', '丢失']));
    expect(DEFAULT_SYNONYMS.alternativesIn('回答不是一个字一个字出来的').get('字')).toEqual(expect.arrayContaining(['stream']));
    expect(DEFAULT_SYNONYMS.alternativesIn('一直提示问题太多').get('太多')).toEqual(['limit', 'rate', '429']);
    expect(DEFAULT_SYNONYMS.alternativesIn('アシスタントに接続できませんと表示される').get('接続')).toEqual(['reach']);
    expect(DEFAULT_SYNONYMS.alternativesIn('ヘッダーが大きすぎるというエラーが出る').get('大')).toEqual(['larg', 'limit', 'size']);
  });

  it("reads a key a reader pressed (Ctrl, Cmd) as the docs' shortcut", () => {
    expect(DEFAULT_SYNONYMS.alternativesIn('Pressing Ctrl+I does nothing').get('ctrl')).toEqual(['shortcut']);
    expect(DEFAULT_SYNONYMS.alternativesIn('Cmd+I opens nothing on my Mac').get('cmd')).toEqual(['shortcut']);
  });

  it('reads "how long" and "took" as a duration, which docs measure with timing', () => {
    expect(DEFAULT_SYNONYMS.alternativesIn('How long did the request take?').get('long')).toEqual(expect.arrayContaining(['durat', 'time']));
    expect(DEFAULT_SYNONYMS.alternativesIn('see how long my call took').get('took')).toEqual(expect.arrayContaining(['durat']));
  });

  it('reads a Chinese reader\'s "call the child component\'s method" or "get at its data" as template refs (ref, defineExpose)', () => {
    expect(DEFAULT_SYNONYMS.alternativesIn('父组件怎么调用子组件的方法').get('件')).toEqual(['ref', 'defineexpos']);
    // Getting at the child's data is the same: 拿到子组件里的数据 opened on importing a component, before 组件上的 ref.
    expect(DEFAULT_SYNONYMS.alternativesIn('父组件怎么拿到子组件里的数据').get('数据')).toEqual(['ref', 'defineexpos']);
  });

  it("reads a Chinese reader's receiving what the parent passes (接收父组件传过来的值) as props, as passing it to the child is", () => {
    expect(DEFAULT_SYNONYMS.alternativesIn('组件怎么接收父组件传过来的值').get('传过来')).toEqual(['prop']);
  });

  it("reads a Chinese reader's dropdown (下拉框, 下拉菜单) as the docs' select (选择器), not as checkboxes", () => {
    expect(DEFAULT_SYNONYMS.alternativesIn('下拉框怎么默认选中一个选项').get('框')).toEqual(expect.arrayContaining(['选择', '器', 'select']));
    expect(DEFAULT_SYNONYMS.alternativesIn('下拉菜单怎么绑定').get('菜单')).toEqual(expect.arrayContaining(['选择', '器', 'select']));
  });

  it('reads a Chinese reader\'s 焦点 as the docs\' focus (聚焦) and "usable everywhere" as global (全局)', () => {
    expect(DEFAULT_SYNONYMS.alternativesIn('怎么让输入框自动获得焦点').get('焦点')).toEqual(expect.arrayContaining(['focu', '聚焦']));
    expect(DEFAULT_SYNONYMS.alternativesIn('怎么让一个组件在所有地方都能直接用').get('地方')).toEqual(['全局']);
  });

  it('reads "style" as the docs\' theming words', () => {
    expect(DEFAULT_SYNONYMS.alternativesIn('How do I style the assistant?').get('style')).toEqual(['theme', 'css']);
  });

  it("reads renaming a button and making it say something else as the docs' text, label and strings", () => {
    expect(DEFAULT_SYNONYMS.alternativesIn('How do I rename the Send button?').get('renam')).toEqual(['text', 'label', 'string', 'translat']);
    expect(DEFAULT_SYNONYMS.alternativesIn('Can I make the button say something else?').get('els')).toEqual(['text', 'label', 'string', 'translat']);
  });

  it("reads sending a visitor elsewhere as a redirect, text sent bit by bit as a stream, and what the client sent as the request", () => {
    expect(DEFAULT_SYNONYMS.alternativesIn('How can I send the visitor to another URL?').get('visitor')).toEqual(expect.arrayContaining(['redirect']));
    expect(DEFAULT_SYNONYMS.alternativesIn('How do I send text to the client a bit at a time?').get('time')).toEqual(['stream', 'sse']);
    expect(DEFAULT_SYNONYMS.alternativesIn('Can the answer arrive piece by piece?').get('piec')).toEqual(['stream', 'sse']);
    expect(DEFAULT_SYNONYMS.alternativesIn('How do I read a header the client sent?').get('sent')).toEqual(['request']);
  });

  it("reads readers' words for a web framework's tools: logged in as auth, giving up as a timeout, listing the routes as showRoutes, the right fields as validation", () => {
    expect(DEFAULT_SYNONYMS.alternativesIn('How do I let only logged-in users reach a route?').get('loggedin')).toEqual(expect.arrayContaining(['auth']));
    expect(DEFAULT_SYNONYMS.alternativesIn('How do I give up on a request when the handler is too slow?').get('give')).toEqual(['timeout']);
    expect(DEFAULT_SYNONYMS.alternativesIn('How can I list all the routes my app has?').get('rout')).toEqual(['showrout', 'show']);
    expect(DEFAULT_SYNONYMS.alternativesIn('How do I check that the body has the right fields?').get('field')).toEqual(['valid']);
    expect(DEFAULT_SYNONYMS.alternativesIn('How do I get the client address of a request?').get('address')).toEqual(['ip', 'remot']);
  });

  it("reads something gone as the docs' lost, and a link to another page as no redirect", () => {
    expect(DEFAULT_SYNONYMS.alternativesIn('My chat history is gone after I click a link to another page').get('gone')).toEqual(['lose']);
    expect(DEFAULT_SYNONYMS.alternativesIn('My chat history is gone after I click a link to another page').get('page')).toBeUndefined();
  });

  it("reads the command line as the docs' CLI and its flags, and conversations saved on disk as stored or kept", () => {
    const index = indexOf({
      'server.md': '# Server\n\n## CLI flags\n\nEvery option of `serve`, with its default.\n\n## Threads and storage\n\nThreads are kept in an embedded database under `--data`.',
      'agent.md': '# Agent jobs\n\n## From the command line\n\nThe server accepts `agent create` to start a job; the job saves its line of progress.',
    });
    expect(firstHeading(index, 'Which command-line options does the server accept?')).toBe('CLI flags');
    expect(firstHeading(index, 'Where are the conversations saved on disk?')).toBe('Threads and storage');
  });

  it("reads a reader's app as the docs' application (\"it is easy to test Hono's applications\")", () => {
    expect(DEFAULT_SYNONYMS.alternativesIn('how do I test my app').get('app')).toEqual(['applic']);
  });

  it("reads a client's IP as the docs' remote address (Hono's ConnInfo: \"the client's remote address\")", () => {
    expect(DEFAULT_SYNONYMS.alternativesIn('how to get the client IP').get('ip')).toEqual(['remot', 'address']);
    expect(DEFAULT_SYNONYMS.alternativesIn('How do I block an IP?').get('ip')).toBeUndefined();
  });

  it("reads unanswered questions as the docs' not-found ones", () => {
    expect(DEFAULT_SYNONYMS.alternativesIn('can I see only the unanswered ones?').get('unansw')).toEqual(['notfound']);
  });

  it('reads being notified as the docs\' webhooks', () => {
    expect(DEFAULT_SYNONYMS.alternativesIn('How do I get notified when a job finishes?').get('notifi')).toEqual(['webhook']);
  });

  it('reads a status code as the docs\' name for it, and the reverse: 404 finds notFound(), "not found" finds 404', () => {
    expect(DEFAULT_SYNONYMS.alternativesIn('How do I return a custom 404 page?').get('404')).toEqual(['notfound']);
    expect(DEFAULT_SYNONYMS.alternativesIn('What if a page is not found?').get('found')).toEqual(expect.arrayContaining(['404']));
  });

  it("reads a 404 page, in English, Chinese, Japanese or Korean, as the docs' notFound, not as a product named Pages", () => {
    const index = indexOf({
      'api/hono.md': "# App\n\n## Not Found\n\n`app.notFound` allows you to customize a Not Found Response.\n\n```ts\napp.notFound((c) => {\n  return c.text('Custom 404 Message', 404)\n})\n```",
      'getting-started/cloudflare-pages.md': '# Cloudflare Pages\n\n## Cloudflare Pages Middleware\n\nCloudflare Pages uses its own middleware: export `onRequest` from a page function to return a response.',
      'api/context.md': "# Context\n\n## notFound()\n\nReturn a Not Found Response. You can customize it with `app.notFound()`.\n\n```ts\napp.get('/notfound', (c) => {\n  return c.notFound()\n})\n```",
      'api/routing.md': '# Routing\n\n## Basic\n\nRegister a handler per path and method.',
      // Pages are a word of most docs.
      'guides/jsx.md': '# JSX\n\n## Render a page\n\nRender an HTML page with JSX and return it with `c.html()`.',
      'helpers/ssg.md': '# SSG Helper\n\n## Pages\n\nEach route of the app is written to a page of the static site.',
    });
    for (const question of ['How do I return a custom 404 page?', '如何返回 404 页面', '404 ページを自作したい', '404 페이지를 바꾸려면?']) {
      expect({ question, first: firstHeading(index, question) }).toEqual({ question, first: expect.stringMatching(/^not ?found/i) });
    }
  });

  it('matches a phrase only with its words in a row, and gives its docs\' words to its last word that is not a stop word', () => {
    expect(DEFAULT_SYNONYMS.alternativesIn('Show a page when not found')).toEqual(new Map([['found', ['404', 'notfound']]]));
    expect(DEFAULT_SYNONYMS.alternativesIn('Not every route is found')).toEqual(new Map());
    expect(DEFAULT_SYNONYMS.alternativesIn('Can readers log in?').get('log')).toEqual(expect.arrayContaining(['auth', 'login']));
  });

  it('reads "how do I start" in Chinese and Japanese as the words of a quick start (快速上手, 最初の…を生成する)', () => {
    expect(DEFAULT_SYNONYMS.alternativesIn('怎么开始').get('开始')).toEqual(expect.arrayContaining(['快速', '上手']));
    expect(DEFAULT_SYNONYMS.alternativesIn('Vite を始めるには').get('始める')).toEqual(expect.arrayContaining(['最初', '生成']));
  });

  it('makes each word of a line without "=>" find the others, and leaves out words the question has itself', () => {
    expect(DEFAULT_SYNONYMS.alternativesIn('Which repo?')).toEqual(new Map([['repo', ['repositori']]]));
    expect(DEFAULT_SYNONYMS.alternativesIn('Is the repo the repository?')).toEqual(new Map());
  });

  it('holds only lines that read', () => {
    expect(BUILT_IN_SYNONYMS.length).toBeGreaterThan(30);
    expect(BUILT_IN_SYNONYMS.filter((line) => synonymLineProblem(line) !== undefined)).toEqual([]);
  });
});

describe('given lines of a site\'s own synonyms', () => {
  it('says what is wrong with a line that does not read', () => {
    expect(synonymLineProblem('a => b => c')).toBe('more than one "=>"');
    expect(synonymLineProblem(' => launcher')).toBe('no words before "=>"');
    expect(synonymLineProblem('bubble => the')).toBe('no searchable word after "=>"');
    expect(synonymLineProblem('bubble')).toBe('one word alone: give its synonyms after "=>" or in the same line');
    expect(synonymLineProblem('bubble, chat icon => launcher')).toBeUndefined();
  });

  it('finds the site\'s word for a reader\'s, and skips lines that do not read', () => {
    const synonyms = synonymsOf(['bubble, chat icon => launcher', 'a => b => c']);
    expect(synonyms.alternativesIn('Move the chat icon')).toEqual(new Map([['icon', ['launcher']]]));
    expect(synonyms.alternativesIn('a question')).toEqual(new Map());
  });
});

describe('given docs that name things in their own words', () => {
  it('finds "start over" for a reader who wants to reset the conversation', () => {
    const index = indexOf({
      ...WIDGET_DOCS,
      'chat.md': '# Chat\n\n## Start over\n\nNew conversation clears the messages.\n\n## Where the conversation is kept\n\nThe conversation stays in the tab while the reader moves between pages of the docs.',
    });
    expect(firstHeading(index, 'How do I reset the conversation?')).toBe('Start over');
  });

  it('finds the browsers a widget supports for a question naming one browser, not a heading that only shares "work"', () => {
    const index = indexOf({
      ...WIDGET_DOCS,
      'index.md': '# Product\n\n## How does it work?\n\nThe widget sends the question to the server, which answers from the docs.\n\n## Does it work offline?\n\nNo: it needs the server.',
      'react.md': '# React\n\n## Does it work with Next.js?\n\nYes, as a client component; it works with React 18 and 19.',
      'faq.md': '# FAQ\n\n## Which browsers does the widget support?\n\nChrome and Edge 87 or newer, Firefox 101 or newer, Safari 16.4 or newer.',
    });
    expect(firstHeading(index, 'Does it work on Safari?')).toBe('Which browsers does the widget support?');
  });

  it('finds redirect() for a reader who wants to send visitors to another URL, not a section headed URL', () => {
    const index = indexOf({
      'routes.md': '# Routes\n\n## URL\n\nEach route has its URL built for you, with its parameters filled in.',
      'context.md': '# Context\n\n## redirect()\n\nRedirect, default status code is 302.\n\n```ts\nreturn c.redirect(\'/\')\n```',
    });
    expect(firstHeading(index, 'How can I send the visitor to another URL?')).toBe('redirect()');
  });

  it('finds the section on small screens for "mobile", not one on responses ("responsive" and "response" share a stem)', () => {
    const index = indexOf({
      'api.md': '# API\n\n## Response headers\n\nEach response has a Content-Type and the thread id.',
      'theming.md': '# Theming\n\n## Small screens\n\nBelow 768 px wide, the dialog takes the full screen.',
    });
    expect(firstHeading(index, 'Does it work on mobile?')).toBe('Small screens');
  });

  it('reads "is my key safe in the page source?" as a question on whether the key is secret in the HTML', () => {
    const index = indexOf({
      'api.md': '# API\n\n## Authentication\n\nSend the API key in the Authorization header of each page request.',
      'faq.md': '# FAQ\n\n## Is the assistant key a secret?\n\nNo. The assistant key is public: it is in your HTML and anyone can read it.',
      // "page" and "source" are common words of the site.
      'other.md': '# Other\n\n## Theme\n\nEach page keeps its colors.\n\n## Deploy\n\nRun the server from source next to the page.\n\n## Links\n\nSource links open the page.',
    });
    expect(firstHeading(index, 'Is my API key safe in the page source?')).toBe('Is the assistant key a secret?');
  });

  it('reads a wider chat window as the dialog\'s width, and a server that goes down as one that cannot be reached', () => {
    const index = indexOf({
      'theming.md': '# Theming\n\n## Dialog size\n\nSet `--docs-assistant-dialog-width` to change the width of the dialog.',
      'events.md': '# Events\n\n## Window events\n\nThe widget sends events on `window` when a chat opens or closes.',
      'troubleshooting.md': '# Troubleshooting\n\n## The assistant could not be reached\n\nThe request failed: the question is kept and Retry sends it again.\n\n## Slow pages\n\nThe server answers slowly while it indexes.',
    });
    expect(firstHeading(index, 'How do I make the chat window wider?')).toBe('Dialog size');
    expect(firstHeading(index, 'What happens when the server goes down?')).toBe('The assistant could not be reached');
  });

  it('weighs the docs\' words for a reader\'s phrase as the phrase itself, not as a synonym of its last word', () => {
    const index = indexOf({
      'guides/rpc.md': '# RPC\n\n## Headers\n\nThe client can send an API token in the Authorization header: `hc(url, { headers: { Authorization: token } })`.',
      'middleware/bearer-auth.md': '# Bearer Auth Middleware\n\nChecks a bearer token in the Authorization header of each request.',
    });
    // "API token" calls for bearer: as much the question's word as token, not a synonym at half its weight.
    expect(firstHeading(index, 'How do I check an API token sent in the Authorization header?')).toBe('Bearer Auth Middleware');
    const byPhrase = new Set<string>();
    // A word and the stop word that turns it ("is down") and a negated word ("doesn't show") too; not one word in a
    // frame ("how long"), a possessive ("visitor's") nor a word alone.
    DEFAULT_SYNONYMS.alternativesIn("How do I check an API token? What if the server is down? The launcher doesn't show. How long did the visitor's request take? Where are the settings?", byPhrase);
    expect([...byPhrase]).toEqual(['token', 'server', 'show']);
  });

  it('does not open on the page titled with a word of the reader\'s phrase: "the server is down" is not the server\'s topic', async () => {
    // This project's docs: the page "Server and CLI" and the troubleshooting entry for a server that cannot be reached.
    const index = createDocsIndex(await loadDocs(PROJECT_DOCS_DIR));
    expect(firstHeading(index, 'What happens if the server is down?')).toBe('"The assistant could not be reached"');
    expect(firstHeading(index, 'What does the server do?')).toBe('Server and CLI');
    // A symptom in readers' words: the docs say the launcher "does not appear".
    expect(firstHeading(index, 'the widget is not showing up')).toBe('The launcher does not appear');
    expect(firstHeading(index, 'my assistant button disappeared')).toBe('The launcher does not appear');
    expect(firstHeading(index, 'The Ask AI button is missing on my pages')).toBe('The launcher does not appear');
  });

  it('finds the section in the docs\' words for a reader\'s word they never use', () => {
    const question = 'How do I stop people from spamming the assistant?';
    expect(firstHeading(indexOf(WIDGET_DOCS, { alternatives: false }), question)).toBe('Stop and retry');
    expect(firstHeading(indexOf(WIDGET_DOCS), question)).toBe('Rate limits');
    expect(firstHeading(indexOf(WIDGET_DOCS), 'Can readers get answers in Spanish?')).toBe('Does it support other languages?');
  });

  it('finds a Chinese section in its word for the reader\'s, in either script (修改 and 更改, 改變 and 变更)', () => {
    const index = indexOf({
      'props.md': '# Props\n\n## 单向数据流\n\n子组件不应该更改 prop 的值，应该触发事件通知父组件。\n\n## 类型\n\n每个 prop 都可以声明类型。',
      'events.md': '# 事件\n\n## 触发事件\n\n子组件可以触发事件。',
    });
    expect(firstHeading(index, '子组件可以直接修改 prop 吗')).toBe('单向数据流');
    expect(DEFAULT_SYNONYMS.alternativesIn('怎麼改變 prop').get('改變')).toEqual(expect.arrayContaining(['更改', '修改']));
    // Vue's docs say 侦听 for watching data, where readers say 监听.
    expect(DEFAULT_SYNONYMS.alternativesIn('怎么监听数据变化').get('监听')).toEqual(expect.arrayContaining(['侦听']));
  });

  it('reads "to the console" as logging, "a valid token" as bearer auth, "send back" as return, "another server" as a proxy', () => {
    const index = indexOf({
      'logger.md': '# Logger Middleware\n\n## Logging Details\n\nThe Logger Middleware logs the following details for each request: the HTTP method, the request path and the response status.',
      'hono.md': '# App - Hono\n\n## Methods\n\nAn instance of `Hono` has the following methods: app.get(path, handler), app.on(method, path, handler).',
      'bearer.md': '# Bearer Auth Middleware\n\n## Usage\n\nProtect routes with a token: `bearerAuth({ token })`. A request without a matching token gets a 401.',
      'validation.md': '# Validation\n\n## Validator Middleware\n\nValidate the request with a validator: only valid input reaches the routes. Invalid input gets a 400.',
      'basic.md': '# Getting Started\n\n## Return JSON\n\nReturning JSON is also easy: `return c.json({ message: "Hello" })`.',
      'jwk.md': '# JWK Auth Middleware\n\n## keys\n\nThe values of your public keys as JSON Web Key objects, or a function that returns them: an object per key.',
    });
    // Without the lines: the app's methods, the validator (valid), the JSON Web Key objects.
    expect(firstHeading(index, "How do I print each request's method and path to the console?")).toBe('Logging Details');
    expect(firstHeading(index, 'How do I make some routes only work for callers with a valid token?')).toBe('Usage');
    expect(firstHeading(index, 'How do I send back an object as JSON?')).toBe('Return JSON');
    // Hono's proxy pages say proxy and origin, never "another server".
    expect(DEFAULT_SYNONYMS.alternativesIn('How do I pass a request on to another server and return its answer?').get('server')).toEqual(['proxi']);
  });

  it('reads a Japanese reader\'s "raised the version" as a migration, and "per environment" as modes and env variables', () => {
    const index = indexOf({
      'guide/api-environment.md': '# Environment API\n\n## 環境設定\n\n`environments` オプションで、クライアントとサーバーの環境ごとの API を設定できます。',
      'guide/env-and-mode.md': '# 環境変数とモード\n\n## モード\n\n`.env.production` に `VITE_API_URL` を書くと、本番モードのビルドでその URL が使われます。',
      'releases.md': '# リリース\n\n## サポートするバージョン\n\nVite のバージョンはセマンティックバージョニングに従います。古いバージョンはサポートされません。',
      'guide/migration.md': '# v7 からの移行\n\n## 段階的移行\n\nVite 8 への移行は段階的に進められます。動作が変わった点を確認してください。',
    });
    // Without the lines: the Environment API (環境, API) and the versions supported.
    expect(firstHeading(index, '環境ごとに API の URL を切り替えたい')).toBe('モード');
    expect(firstHeading(index, 'Vite のバージョンを上げたら動かなくなった')).toBe('段階的移行');
  });

  it('reads a Japanese reader\'s "make it an error" (エラーにしたい) as the docs\' "exit" (終了)', () => {
    const index = indexOf({
      'config/server-options.md':
        '# サーバーオプション\n\n## server.strictPort\n\n`true` に設定すると、ポートがすでに使用されている場合に、次のポートを試すことなく終了します。\n\n## server.ws\n\nWebSocket サーバーのポートです。接続できないとブラウザーのコンソールにエラーが表示されます。',
    });
    // Without the line: server.ws, which says エラー.
    expect(firstHeading(index, 'ポートが使われていたらエラーにしたい')).toBe('server.strictPort');
  });

  it('reads a Japanese reader\'s "though I saved" (保存しても) as a file change the dev server did not see', () => {
    const index = indexOf({
      'guide/troubleshooting.md':
        '# トラブルシューティング\n\n## HMR\n\n### Vite がファイル変更を検知しない\n\nVite を WSL2 で実行している場合、Vite はファイル変更を監視できません。`server.watch` オプションを参照してください。\n\n### HMR ではなく完全なリロードが発生する\n\nHMR が処理されていない場合、状態を更新する唯一の方法であるため、フルリロードが行われます。\n\n## その他\n\n### ブラウザーの拡張機能\n\nブラウザーの拡張機能によっては、Vite クライアントが開発サーバーにリクエストを送信できなくなり、白い画面が表示されます。',
    });
    // Without the line: the full reload's entry, through 更新.
    expect(firstHeading(index, '保存しても画面が更新されない')).toBe('Vite がファイル変更を検知しない');
  });

  it('reads a Chinese reader\'s 保留组件的状态 as KeepAlive, and 页面没更新 as a question about reactivity', () => {
    const index = indexOf({
      'keep-alive.md': '# KeepAlive\n\n`<KeepAlive>` 是一个内置组件，它的功能是在多个组件间动态切换时缓存被移除的组件实例。',
      'ways-of-using-vue.md': '# 使用 Vue 的多种方式\n\n## 单页面应用 (SPA)\n\n一些应用在前端需要具有丰富的交互性。Vue 不仅控制整个页面，还负责处理抓取新数据，并在无需重新加载的前提下处理页面切换。',
      'component-basics.md': '# 组件基础\n\n## 动态组件\n\n有些场景会需要在两个组件间来回切换。被切换掉的组件会被卸载。',
      'reactivity.md': '# 响应式基础\n\n## 为什么要使用 ref？\n\n当你改变了这个 ref 的值时，Vue 会自动检测到这个变化，并且相应地更新 DOM。这是通过一个基于依赖追踪的响应式系统实现的。',
    });
    // Without the lines: the dynamic components' 切换, then the single-page application's 页面, 数据 and 更新.
    expect(firstHeading(index, '切换页面的时候保留组件的状态')).toBe('KeepAlive');
    expect(firstHeading(index, '数据变了但是页面没更新')).toBe('为什么要使用 ref？');
  });

  it('reads a Chinese reader\'s 遮罩 as a modal, 组件外面 as outside it, 复用的逻辑 as composables and 加 class as a binding', () => {
    const index = indexOf({
      'teleport.md': '# Teleport\n\n`<Teleport>` 可以将一个组件内部的一部分模板传送到该组件的 DOM 结构外层的位置去。\n\n## 基本用法\n\n一个组件模板的一部分在 DOM 中应该被渲染在其他地方，甚至在整个应用外部。这类场景最常见的例子就是全屏的模态框。',
      'registration.md': '# 组件注册\n\n## 组件名格式\n\n在单文件组件和内联字符串模板中，组件名用 PascalCase 渲染。',
      'composables.md': '# 组合式函数\n\n## 什么是组合式函数？\n\n组合式函数是一个利用组合式 API 来封装和复用有状态逻辑的函数。',
      'transition.md': '# Transition\n\n## 可复用过渡效果\n\n过渡效果是可以被封装复用的：为 `<Transition>` 创建一个包装组件。\n\n## CSS 过渡 class\n\n在进入/离开的过渡中，会有 6 个应用 CSS 过渡 class。`v-enter-from`：进入动画的起始状态。在元素插入之前添加，在元素插入完成后的下一帧移除。',
      'class-and-style.md': '# Class 与 Style 绑定\n\n## 绑定对象\n\n我们可以给 `:class` (`v-bind:class` 的缩写) 传递一个对象来动态切换 class。',
    });
    // Without its line, the composables' question opens on the reusable transition. The other two find their
    // sections here either way (on Vue's docs, without the lines, the overlay was not found and the class opened on
    // the transition's classes): their words are asserted below.
    expect(retrieveDocs(index, '在组件外面渲染一个全屏遮罩', [], { limit: 5 }).notFound).toBe(false);
    expect(firstHeading(index, '在组件外面渲染一个全屏遮罩')).toBe('基本用法');
    expect(firstHeading(index, '怎么封装可以复用的逻辑')).toBe('什么是组合式函数？');
    expect(firstHeading(index, '根据条件给元素加不同的 class')).toBe('绑定对象');
    const readersWords = DEFAULT_SYNONYMS.alternativesIn('在组件外面渲染一个全屏遮罩，根据条件给元素加不同的 class');
    expect([...readersWords.keys()]).toEqual(expect.arrayContaining(['外面', '遮罩', 'class']));
  });

  it('reads "with types" as the typed client (RPC), and "all my handlers" as values set on the context', () => {
    const index = indexOf({
      'middleware/builtin/cors.md': '# CORS Middleware\n\nThere are many use cases of Cloudflare Workers as Web APIs and calling them from external front-end application. For them we have to implement CORS.',
      'guides/rpc.md': '# RPC\n\nThe RPC feature allows sharing of the API specifications between the server and the client. Export the `typeof` your Hono app and pass it to `hc`.',
      'api/context.md': '# Context\n\n## set() / get()\n\nGet and set arbitrary key-value pairs, with a lifetime of the current request. This allows passing specific values between middleware or from middleware to route handlers.',
      'helpers/proxy.md': '# Proxy Helper\n\n## Connection Header Processing\n\nThe proxy removes the hop-by-hop headers named in the `Connection` header of the request it forwards.',
    });
    // Without the lines: CORS (API, front-end), then the proxy's Connection header.
    expect(firstHeading(index, 'How do I call my API from the frontend with types?')).toBe('RPC');
    expect(firstHeading(index, 'How do I share a database connection with all my handlers?')).toBe('set() / get()');
  });

  it('reads "split my routes" as a larger app\'s route groups, "to my handlers" as context values, and 他のパソコン as the host', () => {
    const index = indexOf({
      'helpers/ssg.md': "# SSG Helper\n\n## File Extension\n\nThe file extension depends on the `Content-Type` returned by each route. Responses from `c.html` are saved as `.html` files.",
      'guides/best-practices.md': "# Best Practices\n\n## Building a larger application\n\nUse `app.route()` to build a larger application: write each group of routes in its own Hono instance and mount it.",
      'api/context.md': '# Context\n\n## set() / get()\n\nGet and set arbitrary key-value pairs, with a lifetime of the current request, from middleware to route handlers.',
      'helpers/proxy.md': '# Proxy Helper\n\n## Connection Header Processing\n\nThe proxy removes the hop-by-hop headers named in the `Connection` header of the request it forwards.',
      'config/server-options.md': '# サーバーオプション\n\n## server.host\n\nサーバーがリッスンすべき IP アドレスを指定します。`0.0.0.0` に設定すると、LAN やパブリックアドレスを含むすべてのアドレスをリッスンします。',
      'config/preview-options.md': '# プレビューのオプション\n\n## preview.port\n\nプレビューサーバーのポートを指定します。他のプロセスが使っている場合は次のポートを試します。',
      'guide/cli.md': '# コマンドラインインターフェイス\n\n## vite\n\nカレントディレクトリーで Vite の開発サーバーを起動します。ファイルの変更はすぐにブラウザーで見られます。',
    });
    // Without the lines: the SSG helper's files, the proxy's Connection header, the CLI's `vite` (開発サーバー, 見られる).
    expect(firstHeading(index, 'How do I split my routes into several files?')).toBe('Building a larger application');
    expect(firstHeading(index, 'The index file has grown to hundreds of routes; how do I organize it into several files?')).toBe('Building a larger application');
    expect(firstHeading(index, 'How do I pass the database connection to my handlers?')).toBe('set() / get()');
    expect(firstHeading(index, '開発サーバーを他のパソコンからも見られるようにしたい')).toBe('server.host');
  });

  it('reads a Japanese reader\'s 依存パッケージ (a package depended on) as the docs\' 依存関係', () => {
    const index = indexOf({
      'guide/troubleshooting.md':
        '# トラブルシューティング\n\n## 設定\n\n### ESM のみのパッケージ\n\nESM のみのパッケージを `require` でインポートすると、以下のエラーが発生します。設定を ESM に変換するには、`package.json` に `"type": "module"` を追加するか、`vite.config.js` を `vite.config.mjs` にファイル名を変更します。\n\n## 最適化された依存関係\n\n### ローカルパッケージにリンクする際、事前バンドルした依存関係が古くなる\n\n最適化された依存関係を無効にするハッシュキーは、パッケージロックの内容と、依存関係に適用されるパッチに依存します。npm link のような機能を使っても、Vite は依存関係を無効化しません。次のサーバー起動時に `vite --force` で再最適化してください。',
    });
    // On Vite's docs, without the line, the ESM-only packages' entry came first (パッケージ in its heading, 変更 in its
    // text) by a hair; here the entry wins either way, and the line's word is asserted.
    expect(firstHeading(index, '依存パッケージを変更したのに反映されない')).toBe('ローカルパッケージにリンクする際、事前バンドルした依存関係が古くなる');
    expect(DEFAULT_SYNONYMS.alternativesIn('依存パッケージを変更したのに反映されない').get(katakanaTerm('パッケージ')) ?? []).toContain('関係');
  });

  it('reads a Japanese reader\'s 画像 (an image) as the docs\' アセット', () => {
    const index = indexOf({
      'guide/backend-integration.md':
        '# バックエンドとの統合\n\nマニフェスト内の各エントリーは、以下のいずれかを表します:\n\n- **エントリーチャンク**: 指定されたファイルから生成されます。\n- **アセットチャンク**: 画像やフォントなどのインポートされたアセットから生成されます。',
      'guide/assets.md':
        '# 静的アセットの取り扱い\n\n## Importing Asset as URL\n\n静的アセットをインポートすると、配信された際に解決されたパブリックな URL が返されます。CSS 内の `url()` の参照も同様に扱われます。',
    });
    // Without the line: the backend integration's manifest, the one page that writes 画像.
    expect(firstHeading(index, '画像をインポートして使いたい')).toBe('Importing Asset as URL');
    expect(firstHeading(index, 'CSS の中で使う画像のパスはどう書く？')).toBe('Importing Asset as URL');
  });

  it('reads "every route return" errors and "all errors" as the app\'s error handling', () => {
    const index = indexOf({
      'api/context.md': "# Context\n\n## text()\n\nRender text as `Content-Type: text/plain`.\n\n```ts\napp.get('/say', (c) => c.text('Hello!'))\n```\n\n## json()\n\nRender JSON as `Content-Type: application/json`.",
      'api/hono.md': "# App - Hono\n\n## Error Handling\n\n`app.onError` allows you to handle uncaught errors and return a custom Response.\n\n```ts\napp.onError((err, c) => c.text('Custom Error Message', 500))\n```",
      'guides/rpc.md': '# RPC\n\n## IDE performance\n\nWhen using RPC, the more routes you have, the slower your IDE will become: every route is typed.',
    });
    // On Hono's docs, without the line, Context's text() came first (text, plain, return) and Error Handling fourth;
    // here it wins either way, and the line's words are asserted.
    expect(firstHeading(index, 'How do I make every route return JSON errors instead of plain text?')).toBe('Error Handling');
    const readersWords = DEFAULT_SYNONYMS.alternativesIn('How do I make every route return JSON errors? And catch all errors?');
    expect([...readersWords.values()].flat()).toEqual(expect.arrayContaining(['handl']));
  });

  it('reads a Chinese reader\'s 挂载完成后 and 销毁之前 (after mounting, before destroying) as the lifecycle hooks', () => {
    const index = indexOf({
      'lifecycle.md': '# 生命周期钩子\n\n每个 Vue 组件实例在创建时都需要经历一系列的初始化步骤。\n\n## 注册周期钩子\n\n`onMounted` 钩子可以用来在组件完成初始渲染并创建 DOM 节点后运行代码。最常用的是 `onMounted`、`onUpdated` 和 `onUnmounted`。',
      'application.md': '# 创建一个 Vue 应用\n\n## 挂载应用\n\n应用实例必须在调用了 `.mount()` 方法后才会渲染出来。`.mount()` 方法应该始终在整个应用配置和资源注册完成后被调用。',
      'v-model.md': '# 组件 v-model\n\n## 底层机制\n\n要让这个例子实际工作起来，组件内部需要做两件事：将 `value` 绑定到 prop，并在 `input` 事件触发时抛出事件。',
      'keep-alive.md': '# KeepAlive\n\n## 基本使用\n\n默认情况下，一个组件实例在被替换掉后会被销毁。我们可以用 `<KeepAlive>` 让组件在切换时保留状态。',
    });
    // Without the lines: mounting the app (挂载, 完成), v-model's internals (工作).
    expect(firstHeading(index, '组件挂载完成后执行代码放在哪里')).toBe('注册周期钩子');
    expect(firstHeading(index, '组件销毁之前怎么做清理工作')).toBe('注册周期钩子');
    // A component not destroyed (不被销毁) is KeepAlive's, not the lifecycle's: the line holds 销毁前, not 销毁.
    expect(firstHeading(index, '切换组件时怎么保留之前组件的状态不被销毁')).toBe('基本使用');
  });

  it('reads a Chinese reader\'s 淡入淡出 as the docs\' fade, 元素本身 as a template ref, and 大驼峰 and 短横线 as the cases\' names', () => {
    const index = indexOf({
      'transition.md': '# Transition\n\n## 为过渡命名\n\n给 `<Transition>` 组件传一个 `name` prop，例如 `name="fade"`，class 会以它为前缀：`.fade-enter-active`。',
      'animation.md': '# 动画技巧\n\n## 基于 class 的动画\n\n可以通过动态添加 CSS class 来触发动画效果，例如抖动效果。',
      'refs.md': '# 模板引用\n\n## 访问模板引用\n\n声明一个 ref 来存放该元素的引用：`const el = ref(null)`。',
      'events.md': '# 事件处理\n\n## 事件修饰符\n\n在处理 input 元素的事件时调用 `event.preventDefault()` 很常见。',
      'registration.md': '# 组件注册\n\n## 组件名格式\n\n我们推荐使用 PascalCase 作为组件名的注册格式；在 DOM 内模板中请使用 kebab-case 形式。',
      'basics.md': '# 组件基础\n\n## 组件名的大小写区分\n\nHTML 标签不区分大小写，组件名在 DOM 内模板中要换一种写法。',
    });
    // Without the lines: the shaking animation's 效果, the input element's events.
    expect(firstHeading(index, '怎么做一个淡入淡出的效果')).toBe('为过渡命名');
    // Asked alone, the word's character pairs (淡入, 入淡, 淡出), which no page has, made it look beyond the docs.
    expect(retrieveDocs(index, '淡入淡出', [], { limit: 5 }).notFound).toBe(false);
    expect(firstHeading(index, '怎么拿到 input 元素本身')).toBe('访问模板引用');
    expect(firstHeading(index, '组件名应该用大驼峰还是短横线')).toBe('组件名格式');
    // Vue's docs name the cases in English (PascalCase, kebab-case): without these words, the question found neither.
    const cases = DEFAULT_SYNONYMS.alternativesIn('组件名应该用大驼峰还是短横线');
    expect([...cases.values()].flat()).toEqual(expect.arrayContaining(['pascalcas', 'kebab']));
  });

  it('finds the docs\' 模态框 for a reader\'s 弹窗, and their events for 通知 (notify)', () => {
    const index = indexOf({
      'teleport.md': '# Teleport\n\n## 基本用法\n\n把模态框渲染到页面的最外层，而不是组件内部。',
      'events.md': '# 组件事件\n\n## 触发与监听事件\n\n子组件可以触发事件，父组件监听它。',
      'props.md': '# Props\n\n## 单向数据流\n\n父组件把数据传给子组件，子组件不能更改父组件的数据。',
    });
    expect(firstHeading(index, '怎么做一个弹窗')).toBe('基本用法');
    // Docs name the modifier (.trim, .prevent) where readers say 空格 (spaces) and 阻止 (stop).
    expect(DEFAULT_SYNONYMS.alternativesIn('输入框的值怎么自动去掉首尾空格').get('空格')).toEqual(expect.arrayContaining(['trim']));
    expect(DEFAULT_SYNONYMS.alternativesIn('怎么阻止表单的默认提交行为').get('阻止')).toEqual(expect.arrayContaining(['prevent']));
    expect(firstHeading(index, '子组件怎么通知父组件')).toBe('触发与监听事件');
  });

  it('reads a narrating reader\'s words: a browser that blocks, other websites, payloads', () => {
    const index = indexOf({
      'cors.md': '# CORS Middleware\n\nFront-end applications on another origin call the API; implement CORS with this middleware.',
      'csrf.md': '# CSRF Protection\n\nThis middleware checks the `Origin` header of form submissions and rejects unsafe requests.',
      'body-limit.md': '# Body Limit Middleware\n\nLimits the size of the request body; larger bodies get a 413.',
      'run.md': '# Run\n\nStart the dev server and the browser opens http://localhost:8787 where requests reach the app.',
    });
    // Without the lines: the run page (the browser, requests) and the dev server's page.
    expect(firstHeading(index, 'My frontend on localhost:5173 calls the API on 8787 and the browser blocks the requests')).toBe('CORS Middleware');
    expect(firstHeading(index, 'The login form posts to my app; how do I reject requests from other websites that submit it?')).toBe('CSRF Protection');
    // Here CSRF's page is first without its line too; on Hono's docs it was not in the top ten, and is fourth with it.
    expect([...DEFAULT_SYNONYMS.alternativesIn('reject requests from other websites').values()].flat()).toContain('origin');
    expect(firstHeading(index, 'Clients send large JSON payloads; how do I reject them before they are read?')).toBe('Body Limit Middleware');
  });

  it('reads "log" as a verb the logger does, not only as its plural and its -ing', () => {
    const index = indexOf({
      'logger.md': '# Logger Middleware\n\nA simple logger.\n\n## Logging details\n\nThe middleware logs the method, the path and the status of each request, and the time it took.',
      'request-id.md':
        "# Request ID Middleware\n\nGives each request an ID.\n\n## Set request ID\n\nSet a request ID in the request's header: the middleware uses it for that request instead of a new one, and reads it from the request on every request.",
      'routing.md': '# Routing\n\n## Basic\n\nRoutes match a request by its path.',
      'context.md': '# Context\n\n## Text\n\nReturn text for a request.',
    });
    // Without "log" among the logger's words: the request ID's section, which says request most.
    expect(firstHeading(index, 'Is there a way to log every request?')).toBe('Logging details');
  });

  it('reads an agent "touching" files as writing them, which the docs protect against', () => {
    const index = indexOf({
      'agent-jobs.md': [
        '# Agent jobs',
        '## Restarts',
        'When the server stops during a turn, the agent\'s job runs again after the restart.',
        '## Configure a project',
        '`--agent-protect <id>=<glob>`: docs pages the agent must not write, such as generated reference pages.',
      ].join('\n\n'),
    });
    // Without the line: Restarts (stop, agent).
    expect(firstHeading(index, 'Can I stop the agent from touching certain files?')).toBe('Configure a project');
  });

  it('reads a narrating Chinese reader\'s 标签页, 拿不到元素, 一层层 and 页面却没有变化 in the docs\' words', () => {
    const index = indexOf({
      'keep-alive.md': '# KeepAlive\n\n## 基本使用\n\n默认情况下，动态组件切换后实例会被销毁，丢失其中的状态。用 `<KeepAlive>` 包装动态组件，切换时状态就能保留。',
      'forms.md': '# 表单输入绑定\n\n## 文本\n\n表单的输入框内容用 v-model 绑定。',
      'template-refs.md': '# 模板引用\n\n## 访问模板引用\n\n挂载结束后，通过 ref 可以访问 DOM 元素，比如让输入框获得焦点。',
      'teleport.md': '# Teleport\n\n## 传送弹窗\n\n弹窗打开的时候，把它渲染到 body 下面的元素里。',
      'provide-inject.md': '# 依赖注入\n\n## Prop 逐级透传问题\n\n深层的子组件需要祖先组件的数据时，props 必须沿着组件链逐级透传，非常麻烦。',
      'pages.md': '# 页面\n\n## 顶部\n\n页面顶部显示用户名。',
      'reactivity.md': '# 响应式基础\n\n## 声明响应式状态\n\n直接添加的新属性无法触发响应式更新。',
      'spa.md': '# 单页面应用\n\n## 页面变化\n\n修改路由时页面会变化，对象里的属性也跟着变化。',
    });
    expect(firstHeading(index, '切换标签页的时候，之前那个标签页里填了一半的表单内容都没了，能不能保留下来？')).toBe('基本使用');
    expect(firstHeading(index, '我想在弹窗打开的时候让里面的输入框自动获得焦点，但是 mounted 里拿不到元素')).toBe('访问模板引用');
    expect([...DEFAULT_SYNONYMS.alternativesIn('mounted 里拿不到元素').values()].flat()).toContain('ref');
    expect(firstHeading(index, '好几个页面都要用到当前登录用户的信息，一层层用 props 传下去太麻烦了，有什么更好的办法？')).toBe('Prop 逐级透传问题');
    expect(firstHeading(index, '我修改了对象里一个新加的属性，页面却没有变化')).toBe('声明响应式状态');
  });

  it('puts a section with the reader\'s own word before one with the docs\' word for it', () => {
    const docs = { ...WIDGET_DOCS, 'spam.md': '# Spam\n\n## Spam filter\n\nThe spam filter drops questions made of links only.' };
    expect(firstHeading(indexOf(docs), 'How do I stop spam?')).toBe('Spam filter');
  });

  it('answers a question whose only topic word is a reader\'s word, from the section in the docs\' words, quoting it', async () => {
    expect(retrieveDocs(indexOf(WIDGET_DOCS, { alternatives: false }), 'What does it cost?', [], { limit: 5 }).notFound).toBe(true);
    const index = indexOf(WIDGET_DOCS);
    expect(retrieveDocs(index, 'What does it cost?', [], { limit: 5 }).notFound).toBe(false);
    const answer = await extractiveAnswer(index, 'What does it cost?');
    expect(answer).toMatch(/^\*\*\[FAQ › Is it free\?\]/);
    expect(answer).toContain('It is open source under the MIT license');
  });

  it('reads questions with a site\'s own synonyms beside the built-in ones', () => {
    const synonyms = synonymsOf([...BUILT_IN_SYNONYMS, 'hotkey, shortcut key => keyboard']);
    expect(firstHeading(indexOf(WIDGET_DOCS, {}, synonyms), 'Which shortcut key opens it?')).toBe('Keyboard');
    expect(firstHeading(indexOf(WIDGET_DOCS, {}, synonyms), 'How do I stop people from spamming the assistant?')).toBe('Rate limits');
  });
});

describe('given a question that writes "@" for the path alias of its source folder', () => {
  const index = indexOf({
    'config/shared-options.md':
      '# 共通オプション\n\n## resolve.alias\n\n`import` や `require` 文の値を置換するために使用するエイリアスを定義します。ファイルシステムのパスにエイリアスを設定する場合は、必ず絶対パスを使用してください。',
    'guide/assets.md':
      '# 静的アセットの取り扱い\n\n## new URL(url, import.meta.url)\n\n`import.meta.url` で `src` ディレクトリーの画像を指す URL を取得できます。',
    // src, 指す and import are in most pages of such docs; the alias in one.
    'guide/features.md': '# 特徴\n\n## npm の依存関係の解決\n\nネイティブ ES の import はベア import をサポートしていません。`src` のファイルを変換します。',
    'guide/index.md': '# はじめに\n\n## プロジェクトの構成\n\n`src` ディレクトリーのファイルを import して使います。`root` はプロジェクトのルートを指すパスです。',
    'guide/build.md': '# 本番環境用のビルド\n\n## ビルド\n\n`src` のコードと import されたモジュールをバンドルします。`outDir` は出力先を指すパスです。',
    'guide/api-plugin.md': '# プラグイン API\n\n## パスの正規化\n\nVite は import のパスを正規化します。import の ID のパスは POSIX の区切り文字で書かれます。',
  });

  it('reads the "@" as the alias it stands for, the topic of the question', () => {
    // Dropped as punctuation, the question searched for src, 指す and import, which the asset page says more often.
    expect(firstHeading(index, '@ で src を指すように import したい')).toBe('resolve.alias');
    expect(retrieveDocs(index, '@ で src を指すように import したい', [], { limit: 5 }).notFound).toBe(false);
    expect(firstHeading(index, '@/components でインポートしたい')).toBe('resolve.alias');
    // No src, no slash: the import path named beside a lone "@".
    expect(firstHeading(index, 'import のパスを @ から始めたい')).toBe('resolve.alias');
  });

  it('does not read Vue\'s @click, a scoped package or an email address as an alias', () => {
    for (const question of ['@click で src の画像を変えたい', '@vitejs/plugin-vue を import したい', 'a@b.com に src を送りたい']) expect(signWords(question)).toEqual([]);
    expect(signWords('@ で src を指すように import したい')).toEqual(['alias']);
    expect(signWords('怎么让导入路径用 @ 开头')).toEqual(['alias']);
    // A lone "@" with no import path beside it is Vue's shorthand for v-on, not an alias.
    for (const question of ['v-on の省略記法 @ とは', '@ 是什么的缩写']) expect(signWords(question)).toEqual([]);
  });
});
