import { describe, expect, it } from 'vitest';
import { retrieveDocs } from '../../server/assistant/retrieve.ts';
import { buildPage } from '../../server/docs/sections.ts';
import { BUILT_IN_SYNONYMS, synonymsOf } from '../../server/docs/synonyms.ts';
import { glossaryAlternatives } from '../../server/docs/glossary.ts';
import { katakanaTerm, termsOf } from '../../server/docs/analyzer.ts';
import { extractiveAnswer, indexOf } from './support/docs.ts';
import { PROJECT_DOCS_DIR } from '../../bench/retrieval.ts';
import { loadDocs } from '../../server/docs/load.ts';
import { createDocsIndex } from '../../server/docs/searchIndex.ts';

/** Docs in English, as Hono's are. */
const ENGLISH_DOCS = {
  'middleware/cors.md': '# CORS Middleware\n\nUse the CORS middleware to let a front end on another origin call your API.\n\n## Options\n\nSet `origin` to the allowed origins.',
  'guides/validation.md': '# Validation\n\nValidate the request body with a validator before the handler reads it.',
  'guides/errors.md': '# Error handling\n\nHandle uncaught errors in one place with `app.onError`.',
  'api/request.md': '# Request\n\n## param()\n\nGet the values of route parameters.\n\n## query()\n\nGet the query string parameters.',
  'guides/rpc.md': '# RPC\n\nCall your routes from the client with type-safe requests.',
};

/** Docs in Chinese, as Vue's are in their Chinese translation. */
const CHINESE_DOCS = {
  'components/registration.md': '# 组件注册\n\n## 全局注册\n\n我们可以使用 Vue 应用实例的 `.component()` 方法，让组件在当前 Vue 应用中全局可用。',
  'components/props.md': '# Props\n\n## 传递 props\n\n父组件通过 props 把数据传给子组件。',
  'essentials/lifecycle.md': '# 生命周期钩子\n\n## 注册周期钩子\n\n`onMounted` 钩子可以用来在组件完成初始渲染并创建 DOM 节点后运行代码。',
};

const retrieved = (index: ReturnType<typeof indexOf>, question: string) => retrieveDocs(index, question, [], { limit: 5 });

/** What a reader gets first for a question: whether it is judged beyond the docs, and the first section. */
function firstFor(index: ReturnType<typeof indexOf>, question: string): { question: string; notFound: boolean; first: string | undefined } {
  const found = retrieved(index, question);
  return { question, notFound: found.notFound, first: found.sections[0]?.id };
}

describe('given docs in English and a reader who asks in Korean', () => {
  const index = indexOf(ENGLISH_DOCS);

  it('reads each phrase as its word without its particle or ending, and finds the section through the glossary\'s Korean words', () => {
    for (const [question, file] of [
      ['CORS 미들웨어는 어떻게 사용하나요?', 'middleware/cors.md'],
      ['요청 본문의 유효성 검사는 어떻게 하나요?', 'guides/validation.md'],
      ['에러를 한 곳에서 처리하는 방법', 'guides/errors.md'],
      ['쿼리 파라미터를 가져오려면?', 'api/request.md'],
    ] as const) {
      const found = retrieved(index, question);
      expect({ question, notFound: found.notFound, first: found.sections[0]?.file }).toEqual({ question, notFound: false, first: file });
    }
  });

  it('tells a rate limit from other limits by the readers\' word for rate (속도 제한, 速率限制, レート制限)', () => {
    const limits = indexOf({
      'agent.md': '# Agent jobs\n\n## Limits\n\n100 new jobs per project per hour.',
      'api.md': '# API\n\n## Rate limits\n\nEach key may send 60 questions a minute.',
    });
    for (const question of ['속도 제한은 어떻게 되나요?', '速率限制是多少', 'レート制限はいくつですか']) {
      expect({ question, first: retrieved(limits, question).sections[0]?.file }).toEqual({ question, first: 'api.md' });
    }
  });

  it('says in Korean that a question no page covers is not in the docs', async () => {
    expect(retrieved(index, 'Hono로 이메일을 보낼 수 있나요?').notFound).toBe(true);
    expect(await extractiveAnswer(index, 'Hono로 이메일을 보낼 수 있나요?')).toMatch(/^문서에서 찾을 수 없습니다\./);
  });
});

describe('given docs in English and a reader who asks in Chinese or Japanese', () => {
  const index = indexOf(ENGLISH_DOCS);

  it('finds the section through the words of software docs in the reader\'s language, and does not say it is beyond the docs', () => {
    for (const [question, file] of [
      ['如何使用 CORS 中间件？', 'middleware/cors.md'],
      ['如何校验请求体', 'guides/validation.md'],
      ['如何统一处理错误', 'guides/errors.md'],
      ['リクエストボディのバリデーション', 'guides/validation.md'],
      ['エラーハンドリングの方法', 'guides/errors.md'],
    ] as const) {
      const found = retrieved(index, question);
      expect({ question, notFound: found.notFound, first: found.sections[0]?.file }).toEqual({ question, notFound: false, first: file });
    }
  });

  it('reads a question in traditional characters as one in simplified', () => {
    const found = retrieved(index, '如何統一處理錯誤');
    expect(found.notFound).toBe(false);
    expect(found.sections[0]?.file).toBe('guides/errors.md');
  });

  it('reads a katakana compound as the glossary\'s words it is made of, and a character pair cut from two of them as no word', () => {
    expect(retrieved(index, 'クエリパラメータを取得したい').sections[0]?.id).toBe('/api/request#query');
    // 型安全: 型 (type) and 安全 (safe); 型安 is neither, and no page has it.
    const typeSafe = retrieved(index, 'クライアントから型安全に呼び出す');
    expect(typeSafe.notFound).toBe(false);
    expect(typeSafe.sections[0]?.file).toBe('guides/rpc.md');
  });

  it('quotes the English section in the answer', async () => {
    expect(await extractiveAnswer(index, '如何使用 CORS 中间件？')).toMatch(/^\*\*\[CORS Middleware\]\(\/middleware\/cors#cors-middleware\)\*\*\n\nUse the CORS middleware/);
  });

  it('reads 变量 and 変数 as variable: a question for a CSS variable finds the variables table', () => {
    const theming = indexOf({
      ...ENGLISH_DOCS,
      'theming.md':
        '# Theming\n\n## Variables\n\n| Variable | Default | What it styles |\n| --- | --- | --- |\n| `--widget-radius` | `14px` | Dialog corners. |\n| `--widget-dialog-width` | `680px` | Dialog width. |\n| `--widget-font-size` | `15px` | Base text size. |\n\n## Small screens\n\nOn a phone the dialog takes the whole width of the screen.',
    });
    for (const question of ['对话框宽度的 CSS 变量是什么', 'ダイアログの幅の CSS 変数は？']) {
      expect(firstFor(theming, question)).toEqual({ question, notFound: false, first: '/theming#variables' });
    }
  });

  it('reads 页面 and ページ as page, 左下角 as bottom-left and 放到 (put at) as position: a widget\'s corner and a lost conversation are found', () => {
    const widget = indexOf({
      ...ENGLISH_DOCS,
      'theming.md':
        '# Theming\n\n## Change the launcher position\n\n`position` puts the launcher in the `bottom-right` or `bottom-left` corner.\n\nTo use your own button instead of the launcher, set `launcher` to `false`.\n\n## Change the colors\n\nSet `--widget-accent` on any ancestor of the widget.',
      'troubleshooting.md':
        '# Troubleshooting\n\n## The conversation is lost when I change pages\n\nThe widget keeps the thread in sessionStorage: check that the site does not clear it.\n\n## CORS errors\n\nAdd your site to `--cors-origin`.',
    });
    for (const [question, first] of [
      ['怎么把按钮放到左下角？', '/theming#change-the-launcher-position'],
      ['ボタンを左下に移動したい', '/theming#change-the-launcher-position'],
      ['ページを移動すると会話が消える', '/troubleshooting#the-conversation-is-lost-when-i-change-pages'],
      ['换页面以后对话就没了', '/troubleshooting#the-conversation-is-lost-when-i-change-pages'],
    ] as const) {
      expect(firstFor(widget, question)).toEqual({ question, notFound: false, first });
    }
  });

  it('reads 分组 and グループ化 as group, 生成 as generate: a routes\' grouping and a static site generator are found', () => {
    const routing = indexOf({
      ...ENGLISH_DOCS,
      'routing.md': '# Routing\n\n## Grouping\n\nGroup routes under a path with `app.route(\'/book\', book)`.\n\n## Routing priority\n\nHandlers run in the order they are registered.',
      'ssg.md': '# SSG Helper\n\nGenerate a static site from your app with `toSSG()`: every route is written to a file.',
    });
    for (const [question, first] of [
      ['怎么给路由分组', '/routing#grouping'],
      ['ルートをグループ化したい', '/routing#grouping'],
      ['如何生成静态网站', '/ssg#ssg-helper'],
    ] as const) {
      expect(firstFor(routing, question)).toEqual({ question, notFound: false, first });
    }
  });

  it('reads a glossary word the segmenter cut apart (服务器重启: 服务|器重|启) as that word, but not one already read through its words', () => {
    const server = indexOf({
      ...ENGLISH_DOCS,
      'server.md':
        '# Server\n\n## Threads and storage\n\nConversations are kept in the data folder, so they survive a restart of the server.\n\n## CLI flags\n\n`--port` sets the port.',
    });
    const question = '服务器重启以后对话还在吗';
    expect(firstFor(server, question)).toEqual({ question, notFound: false, first: '/server#threads-and-storage' });
    // A question on a database is none on the data folder this page is about.
    expect(retrieved(server, '怎么连接数据库').notFound).toBe(true);
    // 环境变量 was read through its words (环境|变量): found again in the text, it gave its words to 境变, a pair across them.
    const variables = '环境变量怎么设置';
    expect(glossaryAlternatives(variables, termsOf(variables)).has('境变')).toBe(false);
    // 動かせますか (can it run?) is cut 動|か|せ|ます|か: 動 reads as run, not 動かない (does not work).
    const ownServer = '自分のサーバーで動かせますか';
    expect(glossaryAlternatives(ownServer, termsOf(ownServer)).get('動')).toEqual(expect.arrayContaining(['run']));
    const broken = '広告ブロッカーを入れると動かない';
    expect(glossaryAlternatives(broken, termsOf(broken)).get('動') ?? []).not.toContain('run');
  });

  it('reads 사이드 and サイド as side: a side panel asked for in Korean is found as surely as the panel alone', () => {
    const layouts = indexOf({
      ...ENGLISH_DOCS,
      'theming.md': '# Theming\n\n## Side panel\n\n`layout: \'panel\'` docks the assistant at the side of the page instead of a dialog over it.\n\n## Colors\n\nSet the accent color.',
      'faq.md': '# FAQ\n\n## Which browsers does the widget support?\n\nThe last two versions of each browser; the panel needs none of the newest features.',
    });
    const found = layouts.search('사이드 패널도 쓰고 싶어요', { limit: 1 })[0];
    expect(found?.section.id).toBe('/theming#side-panel');
    // A part of a two-part question is quoted only when its best section covers this much of it (retrieve.ts, PART_COVERAGE).
    expect(found?.coverage).toBeGreaterThanOrEqual(0.35);
  });

  it('reads 更换 as change and 查看 as see: a theme color to change and the readers\' questions to see are found', () => {
    const site = indexOf({
      ...ENGLISH_DOCS,
      'theming.md': '# Theming\n\n## Change the colors\n\nSet `--widget-accent` to change the color of the theme.\n\n## Dark mode\n\nThe theme follows the page.',
      'faq.md': '# FAQ\n\n## Can I see what readers ask?\n\nYes: the questions endpoint lists the questions users asked, newest first.',
    });
    expect(firstFor(site, '怎么更换主题颜色')).toEqual({ question: '怎么更换主题颜色', notFound: false, first: '/theming#change-the-colors' });
    expect(firstFor(site, '如何查看用户提问')).toEqual({ question: '如何查看用户提问', notFound: false, first: '/faq#can-i-see-what-readers-ask' });
  });

  it('reads 写 as write and 管理 as admin, and 哪里 (where) as no topic: writing middleware and where the admin key goes are found', () => {
    const site = indexOf({
      ...ENGLISH_DOCS,
      'guides/middleware.md': '# Middleware\n\n## Custom middleware\n\nWrite your own middleware with `createMiddleware()`.',
      'faq.md': '# FAQ\n\n## Is the key a secret?\n\nThe public key is not. The admin key is a secret: keep it on servers, never in a web page.',
      'theming.md': '# Theming\n\n## Side panel\n\nPut the panel at the side of the page.',
    });
    expect(firstFor(site, '怎么写中间件')).toEqual({ question: '怎么写中间件', notFound: false, first: '/guides/middleware#custom-middleware' });
    expect(firstFor(site, '管理密钥放在哪里')).toEqual({ question: '管理密钥放在哪里', notFound: false, first: '/faq#is-the-key-a-secret' });
    expect(termsOf('管理密钥放在哪里')).not.toContain('哪里');
  });

  it('reads 複数, 多个 and 여러 as several: a server run on several machines is found', () => {
    const instances = indexOf({
      ...ENGLISH_DOCS,
      'server.md': '# Server\n\n## Start the server\n\nRun `serve` in the docs folder.\n\n## Several instances\n\nTo run more than one server behind a load balancer, point them all at the same PostgreSQL.',
    });
    for (const question of ['サーバーを複数台で動かすには？', '多个服务器怎么部署', '서버를 여러 대 실행하려면?']) {
      expect(firstFor(instances, question)).toEqual({ question, notFound: false, first: '/server#several-instances' });
    }
  });

  it('weighs a reader\'s word the docs write once, in the widget\'s own strings, as rare as its English: the topic\'s section is found', async () => {
    // This project's docs: Theming › Change the text and language quotes the dialog's title in each language (向文档提问,
    // ドキュメントに質問). As words of that one section, 提问 and 質問 weighed far over limit and question (in a third of
    // the sections): the first question opened on the strings and, its best section being about none of its words, was
    // said to be beyond the docs; the second opened there too.
    const site = createDocsIndex(await loadDocs(PROJECT_DOCS_DIR));
    expect(firstFor(site, '怎么限制每个人的提问次数')).toEqual({ question: '怎么限制每个人的提问次数', notFound: false, first: '/api#rate-limits' });
    expect(firstFor(site, '選択したテキストについて質問できますか').first).not.toBe('/theming#change-the-text-and-language');
  });

  it('reads 角 as a corner and 四角 (square) as the radius a dialog\'s corners take', () => {
    const site = indexOf({
      ...ENGLISH_DOCS,
      'theming.md': '# Theming\n\n## Shape, type and spacing\n\n| Variable | Default |\n| --- | --- |\n| `--docs-assistant-radius` | `12px` |\n| `--docs-assistant-dialog-width` | `640px` |',
      'troubleshooting.md': '# Troubleshooting\n\n## The keyboard shortcut does not open the dialog\n\nAnother script may take Ctrl+I first.',
    });
    expect(firstFor(site, 'ダイアログの角を四角にするには')).toEqual({ question: 'ダイアログの角を四角にするには', notFound: false, first: '/theming#shape-type-and-spacing' });
  });

  it('reads 読者 as reader and 確認 as seeing: the questions readers asked are found', () => {
    const site = indexOf({
      ...ENGLISH_DOCS,
      'api.md': '# API reference\n\n## Questions readers asked\n\n`GET /questions` lists the questions readers asked, newest first.\n\n## Send a question\n\nPost the question; the answer streams back.',
      'index.md': '# Home\n\n## Ask a question\n\nType a question and get an answer with its sources.',
    });
    expect(firstFor(site, '読者がどんな質問をしたか確認できますか')).toEqual({ question: '読者がどんな質問をしたか確認できますか', notFound: false, first: '/api#questions-readers-asked' });
  });

  it('reads 短 and 短く as short: shorter answers asked for in Chinese or Japanese are found', () => {
    const site = indexOf({
      ...ENGLISH_DOCS,
      'faq.md': '# FAQ\n\n## Can I make the answers shorter?\n\nWith a model, say so in `assistant.md`: "Keep answers to three sentences."\n\n## Is it free?\n\nYes, and open source.',
      'index.md': '# Home\n\n## Copy and rate answers\n\nEach answer has a copy button and thumbs up and down.',
    });
    expect(firstFor(site, '答案能短一点吗')).toEqual({ question: '答案能短一点吗', notFound: false, first: '/faq#can-i-make-the-answers-shorter' });
    expect(firstFor(site, '回答を短くしたい')).toEqual({ question: '回答を短くしたい', notFound: false, first: '/faq#can-i-make-the-answers-shorter' });
  });

  it('reads 提问次数 (how many questions) as a rate limit and 大丈夫 (all right) as safe: the limits and the key\'s safety are found', () => {
    const site = indexOf({
      ...ENGLISH_DOCS,
      'api.md': '# API reference\n\n## Rate limits\n\n30 questions per minute for each visitor, 10,000 per day for each address.\n\n## Questions readers asked\n\n`GET /questions` lists what each user asked, newest first.',
      'faq.md': '# FAQ\n\n## Is the assistant key a secret?\n\nNo. It is public and safe to put in a web page: it only allows asking questions.\n\n## Is it free?\n\nYes, and open source.',
    });
    expect(firstFor(site, '怎么限制每个用户的提问次数')).toEqual({ question: '怎么限制每个用户的提问次数', notFound: false, first: '/api#rate-limits' });
    expect(firstFor(site, 'API キーは公開しても大丈夫？')).toEqual({ question: 'API キーは公開しても大丈夫？', notFound: false, first: '/faq#is-the-assistant-key-a-secret' });
  });

  it('reads 知道 as know, 问了 as asked and 编造 as invent: the questions readers asked, and answers that make things up, are found', () => {
    const site = indexOf({
      ...ENGLISH_DOCS,
      'api.md': '# API reference\n\n## Questions readers asked\n\n`GET /questions` lists the questions readers asked, newest first.\n\n## Send a question\n\nPost the question; the answer streams back.',
      'faq.md': '# FAQ\n\n## Can the answers make things up?\n\nExtractive answers cannot: they quote your docs. Model answers are grounded in the retrieved sections.\n\n## Is it free?\n\nYes, and open source.',
    });
    // Words no English page has (知道, 问了) left their character pairs with 读者 and 问题 weighing most: beyond the docs.
    expect(firstFor(site, '怎么知道读者问了哪些问题')).toEqual({ question: '怎么知道读者问了哪些问题', notFound: false, first: '/api#questions-readers-asked' });
    expect(firstFor(site, '回答会编造内容吗')).toEqual({ question: '回答会编造内容吗', notFound: false, first: '/faq#can-the-answers-make-things-up' });
  });

  it('reads 入门, 教程 and 始め方 as getting started: a reader\'s first question finds the page to start from', () => {
    const site = indexOf({ ...ENGLISH_DOCS, 'getting-started.md': '# Getting started\n\nCreate an app, run it, and add your first route.\n\n## Requirements\n\nNode.js 22 or newer.' });
    for (const question of ['入门教程', '怎么开始', '始め方を教えて', 'チュートリアルはありますか']) expect(firstFor(site, question)).toEqual({ question, notFound: false, first: '/getting-started#getting-started' });
  });

  it('reads 付费 as price and 离线 as offline', () => {
    const site = indexOf({
      ...ENGLISH_DOCS,
      'faq.md': '# FAQ\n\n## Is it free?\n\nYes: no price, no cost.\n\n## Does it work offline?\n\nReaders who are offline see a message and can retry.',
    });
    expect(firstFor(site, '需要付费吗')).toEqual({ question: '需要付费吗', notFound: false, first: '/faq#is-it-free' });
    expect(firstFor(site, '能离线使用吗')).toEqual({ question: '能离线使用吗', notFound: false, first: '/faq#does-it-work-offline' });
  });

  it('still says a question about something no page covers is not in the docs', () => {
    expect(retrieved(index, '怎么用 Hono 发送邮件').notFound).toBe(true);
    expect(retrieved(index, '如何连接 MySQL 数据库').notFound).toBe(true);
  });
});

describe('given docs in Chinese and a reader who asks in English', () => {
  const index = indexOf(CHINESE_DOCS);

  it('finds the Chinese section through the docs\' words for the question\'s', () => {
    expect(retrieved(index, 'How do I register a component globally?').sections[0]?.id).toBe('/components/registration#全局注册');
    expect(retrieved(index, 'lifecycle hooks like onMounted').sections[0]?.file).toBe('essentials/lifecycle.md');
  });

  it("finds a section by its heading's explicit English anchor, the authors' English name for it, as Vue's and Vite's translations keep", () => {
    const anchored = indexOf({
      'ssr.md': '# 服务端渲染\n\n## 客户端激活 {#client-hydration}\n\n在客户端，Vue 会将静态的 HTML 激活为能够交互的应用。\n\n## 激活不匹配 {#hydration-mismatch}\n\n如果预渲染的 HTML 的 DOM 结构不符合客户端应用的期望，就会出现激活不匹配。',
      'props.md': '# Props\n\n## 校验 {#prop-validation}\n\n当 prop 的校验失败后，Vue 会抛出一个控制台警告。',
    });
    // Neither word is in the docs' text nor in the glossary.
    expect(firstFor(anchored, 'What is a hydration mismatch?')).toEqual({ question: 'What is a hydration mismatch?', notFound: false, first: '/ssr#hydration-mismatch' });
  });
});

describe('given Japanese docs whose code says the English words of a question', () => {
  it('weighs the Japanese words for them in full: they are the reader\'s words in the docs\' language', () => {
    const index = indexOf({
      'config/server-options.md': '# サーバーオプション\n\n## ホスト\n\nサーバーがリッスンする IP アドレスを指定します。\n\n## ポート\n\n開発サーバーのポートを変更します。',
      'guide/api-javascript.md': '# JavaScript API\n\n## createServer\n\n```js\n// starts the dev server on a port of its own\nconst server = await createServer({ server: { port: 1337 } })\n```\n\nサーバーを作成します。',
    });
    expect(retrieved(index, 'How do I change the dev server port?').sections[0]?.id).toBe('/config/server-options#ポート');
  });

  it('reads "source maps", two words, as the ソースマップ the docs write', () => {
    const question = 'How do I enable source maps in the production build?';
    expect(glossaryAlternatives(question, termsOf(question)).get('map')).toEqual(expect.arrayContaining([katakanaTerm('ソースマップ')]));
  });
});

describe('given docs in English translated in part into Chinese, by folder', () => {
  const index = indexOf({
    'guide/middleware.md': '# Middleware\n\nMiddleware runs before and after the handler.\n\n## Custom middleware\n\nWrite your own middleware with `createMiddleware`.',
    'guide/errors.md': '# Error handling\n\nHandle errors in one place with `app.onError`.',
    'zh/guide/middleware.md': '# 中间件\n\n中间件在处理函数之前和之后运行。\n\n## 自定义中间件\n\n使用 `createMiddleware` 编写你自己的中间件。',
  });

  it('answers a Chinese question from the Chinese page where there is one, and from the English page where there is none', () => {
    expect(retrieved(index, '怎么写一个自定义中间件').sections[0]?.file).toBe('zh/guide/middleware.md');
    const errors = retrieved(index, '如何处理错误');
    expect(errors.notFound).toBe(false);
    expect(errors.sections[0]?.file).toBe('guide/errors.md');
  });
});

describe('given docs in Japanese and a reader who asks in Chinese', () => {
  it('finds the Japanese section through the glossary\'s Japanese words for the Chinese ones', () => {
    const index = indexOf({
      'config/server-options.md': '# サーバーオプション\n\n## ホスト\n\nサーバーがリッスンする IP アドレスを指定します。\n\n## ポート\n\n開発サーバーのポート番号を指定します。',
      'config/build-options.md': '# ビルドオプション\n\n## 出力ディレクトリ\n\nビルドの出力先ディレクトリを指定します。',
    });
    const found = retrieved(index, '怎么修改开发服务器的端口');
    expect(found.notFound).toBe(false);
    expect(found.sections[0]?.id).toBe('/config/server-options#ポート');
  });
});

describe('given a site whose readers\' words name its product in Chinese and Japanese', () => {
  it('finds the English section for a question that uses them', () => {
    const files = { 'relay.md': '# Relay\n\n## Configure the relay\n\nSet the relay options in `relay.toml`.', 'install.md': '# Install\n\nInstall the CLI with npm.' };
    const index = indexOf(files, {}, synonymsOf([...BUILT_IN_SYNONYMS, '中继器, リレー => relay']));
    for (const question of ['怎么配置中继器', 'リレーの設定方法']) {
      const found = retrieved(index, question);
      expect({ question, notFound: found.notFound, first: found.sections[0]?.id }).toEqual({ question, notFound: false, first: '/relay#configure-the-relay' });
    }
  });
});

describe('given a site whose readers\' words read an English word its docs never use (deploy => self-host)', () => {
  it('reads that word asked in Chinese or Japanese the same way, through the glossary\'s English', () => {
    const files = {
      'server.md': '# Server\n\n## Self-host the server\n\nRun the server on your own machine behind a reverse proxy, next to your docs site.',
      'widget.md': '# Widget\n\n## Server URL\n\nPoint the widget at the server with `data-base-url`.',
    };
    const index = indexOf(files, {}, synonymsOf([...BUILT_IN_SYNONYMS, 'deploy, deploying, deployment => self-host, host']));
    for (const question of ['How do I deploy the server?', '怎么部署服务器', 'サーバーをデプロイする方法']) {
      const found = retrieved(index, question);
      expect({ question, notFound: found.notFound, first: found.sections[0]?.id }).toEqual({ question, notFound: false, first: '/server#self-host-the-server' });
    }
  });
});

describe('given a question in the docs\' own language', () => {
  it('searches the docs\' words alone: the glossary\'s English words would find English code', () => {
    const index = indexOf({
      'guide/usage.md': '# 使用方法\n\n## 使用插件\n\n在应用中使用插件。',
      'guide/code.md': '# 代码示例\n\n```js\n// use the plugin\napp.use(plugin)\n```',
    });
    const found = retrieved(index, '怎么使用插件');
    expect(found.sections[0]?.file).toBe('guide/usage.md');
    expect(found.terms).not.toContain('use');
    expect(found.terms).not.toContain('plugin');
  });
});

describe('given Japanese docs with pages left in English', () => {
  // Vite's Japanese docs keep their blog's release notes in English.
  const index = indexOf({
    'config/server-options.md': '# サーバーオプション\n\n## server.port\n\n- **型:** `number`\n- **デフォルト:** `5173`\n\n開発サーバーのポートを変更します。',
    'config/build-options.md': '# ビルドオプション\n\n## build.outDir\n\n出力ディレクトリーを指定します。\n\n## build.sourcemap\n\n本番用のソースマップを生成します。',
    'config/shared-options.md': '# 共通オプション\n\n## root\n\nプロジェクトのルートディレクトリーです。\n\n## base\n\n公開ベースパスです。',
    'guide/features.md': '# 機能\n\n## TypeScript\n\nVite は `.ts` ファイルのインポートをサポートします。',
    'blog/announcing-vite3.md': '# Vite 3.0 is out!\n\n## Vite CLI\n\nThe default dev server port is now 5173. Change it in the config.',
  });

  it('reads the English pages as English from their text', () => {
    expect(buildPage('blog/announcing-vite3.md', '# Vite 3.0 is out!\n\nThe default dev server port is now 5173.').page.sections[0]?.metadata.language).toBe('en');
  });

  it('answers an English question from the Japanese page that answers it, not from the release note in English', () => {
    expect(retrieved(index, 'How do I change the dev server port?').sections[0]?.id).toBe('/config/server-options#serverport');
  });
});

describe('given a Chinese page whose only long Latin text is a link\'s address', () => {
  it('reads the page as Chinese', () => {
    const playground = `https://play.vuejs.org/#${'eNp9VE1v2zAM/SucLnaw1D70lqUbsiKH7rB1W4'.repeat(30)}`;
    const source = `# 侦听器\n\n## 基本示例\n\n计算属性允许我们声明性地计算衍生值。然而在有些情况下，我们需要在状态变化时执行一些副作用。\n\n[在演练场中尝试一下](${playground})\n\n在组合式 API 中，我们可以使用 watch 函数在每次响应式状态发生变化时触发回调函数。`;
    expect(buildPage('guide/watchers.md', source).page.sections[0]?.metadata.language).toBe('zh');
  });
});
