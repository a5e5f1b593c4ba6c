// A short follow-up ("and a signed one?", "那组件呢？") is read in the setting of the question before it:
// the earlier question steers which sections come first, while the follow-up's own words decide.
import { describe, expect, it } from 'vitest';
import { retrieveDocs } from '../../server/assistant/retrieve.ts';
import { topicWordCount } from '../../server/assistant/terms.ts';
import { continuesPrevious, refersBack, type Turn } from '../../server/assistant/conversation.ts';
import type { DocsIndex } from '../../server/docs/types.ts';
import { indexOf } from './support/docs.ts';

const after = (previous: string): Turn[] => [
  { role: 'user', text: previous },
  { role: 'assistant', text: 'An earlier answer.' },
];

const firstSection = (index: DocsIndex, question: string, history: Turn[] = []) => retrieveDocs(index, question, history, { limit: 5 }).sections[0]?.id;

describe('given a short follow-up', () => {
  it('answers "and a signed one?" after a question about cookies with signed cookies, not signed tokens', () => {
    const index = indexOf({
      'helpers/cookie.md':
        '# Cookie Helper\n\n## Set a cookie\n\nCall `setCookie(c, name, value)` to set a cookie on the response.\n\n## Options\n\nA signed cookie carries a signature made with a secret.',
      'helpers/jwt.md': '# JWT Helper\n\n## Options\n\nA token can be signed with a secret.',
    });
    expect(firstSection(index, 'and a signed one?')).toBe('/helpers/jwt#options');
    expect(firstSection(index, 'and a signed one?', after('How do I set a cookie?'))).toBe('/helpers/cookie#options');
  });

  it('reads a follow-up worded as the next step ("and…") in its setting, however many words it has', () => {
    const index = indexOf({
      'helpers/cookie.md': '# Cookie Helper\n\n## Usage\n\n`getCookie(c, name)` reads a cookie from the request, `setCookie` writes one.',
      'middleware/jwt.md':
        '# JWT Auth Middleware\n\nThe JWT Auth Middleware verifies a token in the Authorization header.\n\n## cookie option\n\nSet `cookie` to take the token from a cookie of that name instead of the header.',
    });
    expect(firstSection(index, 'and read the token from a cookie?')).toBe('/helpers/cookie#usage');
    expect(firstSection(index, 'and read the token from a cookie?', after('How do I use the JWT auth middleware?'))).toBe('/middleware/jwt#cookie-option');
  });

  it("lifts the pages the last question was answered from: a follow-up's word that is another page's topic stays in its setting", () => {
    const index = indexOf({
      'helpers/cookie.md':
        '# Cookie Helper\n\n## Usage\n\nThese functions allow you to build cookie strings, and cookies with options.\n\n## Delete\n\nDelete a cookie with `deleteCookie`.',
      'middleware/cors.md':
        '# CORS Middleware\n\nEnable CORS for your API with `cors()`.\n\n## Options\n\n### origin\n\nThe allowed origins.\n\n### credentials\n\nThe value for the `Access-Control-Allow-Credentials` header: browsers then send cookies.',
      'guides/deploy.md': '# Deploy\n\n## CORS in production\n\nSet the CORS origin to your production domain.',
    });
    expect(firstSection(index, 'and allow cookies?', after('How do I enable CORS?'))).toBe('/middleware/cors#credentials');
  });

  it('stays on its setting\'s page when it names no other page, and leaves it for a page whose title it names', () => {
    const index = indexOf({
      'middleware/secure-headers.md':
        '# Secure Headers Middleware\n\nAdds security headers to every response.\n\n## Options\n\nEach header can be set to `false` to leave it out.',
      'concepts/routers.md':
        '# Routers\n\n## Turn off the smart router\n\nTurn the smart router off to pick one yourself: `new Hono({ router: new RegExpRouter() })`, then one router runs for every route.',
      'middleware/bearer-auth.md': '# Bearer Auth Middleware\n\nChecks a bearer token in the Authorization header.',
      'middleware/basic-auth.md': '# Basic Auth Middleware\n\nChecks a username and password; tokens are not checked.',
    });
    // Asked alone, its words are the routers page's; after the headers, "one of them" is one of the headers.
    expect(firstSection(index, 'can I turn one of them off?')).toBe('/concepts/routers#turn-off-the-smart-router');
    expect(firstSection(index, 'can I turn one of them off?', after('How do I add security headers?'))).toMatch(/^\/middleware\/secure-headers#/);
    expect(firstSection(index, 'what about bearer tokens?', after('How do I protect routes with basic auth?'))).toBe('/middleware/bearer-auth#bearer-auth-middleware');
  });

  it('stays on its setting\'s page for a word another page is titled with when the setting\'s page heads a section with it too', () => {
    const index = indexOf({
      'helpers/cookie.md': '# Cookie Helper\n\nThe cookie helper reads and writes cookies: a cookie from the request, a cookie on the response, a signed cookie instead of a plain cookie.',
      'middleware/jwt.md': '# JWT Auth Middleware\n\nThe JWT Auth Middleware verifies a token from the Authorization header.\n\n## Options\n\n### secret\n\nThe key the token is signed with.\n\n### cookie\n\nA name to take the token from, not the Authorization header.',
    });
    const afterJwt: Turn[] = [
      { role: 'user', text: 'How do I use the JWT auth middleware?' },
      { role: 'assistant', text: 'An earlier answer.', sources: ['/middleware/jwt'] },
    ];
    expect(firstSection(index, 'and from a cookie instead?')).toBe('/helpers/cookie#cookie-helper');
    expect(firstSection(index, 'and from a cookie instead?', afterJwt)).toMatch(/^\/middleware\/jwt#/);
  });

  it('opens a follow-up that stays on its setting at that page\'s section, not at the start of another page whose title has its word', () => {
    const index = indexOf({
      'guide/custom-directives.md':
        '# 自定义指令\n\n## 介绍\n\n自定义指令用来复用涉及普通元素的底层 DOM 访问的逻辑。\n\n## 指令钩子\n\n一个指令的定义对象可以提供几种钩子函数：created、mounted、updated 和 unmounted。',
      'guide/lifecycle.md':
        '# 生命周期钩子\n\n每个 Vue 组件实例在创建时都需要经历一系列的初始化步骤，比如设置好数据侦听，编译模板，挂载实例到 DOM，以及在数据改变时更新 DOM。在此过程中，它也会运行被称为生命周期钩子的函数，让开发者有机会在特定阶段运行自己的代码。\n\n## 注册周期钩子\n\n`onMounted` 钩子可以用来在组件完成初始渲染后运行代码，钩子要在 setup 阶段同步注册。',
      'guide/react.md': '# React\n\nIn a React app, render the component instead of adding the script tag. It works with React 18.3 and React 19, and its props are typed.',
      'guide/script-tag.md': '# Script tag\n\nAdd the script tag to any page.\n\n## Or React\n\nSee the React page.',
    });
    const afterDirectives: Turn[] = [
      { role: 'user', text: '怎么写自定义指令' },
      { role: 'assistant', text: 'An earlier answer.', sources: ['/guide/custom-directives'] },
    ];
    expect(firstSection(index, '有哪些钩子？')).toMatch(/^\/guide\/lifecycle#/);
    expect(firstSection(index, '有哪些钩子？', afterDirectives)).toBe('/guide/custom-directives#指令钩子');
    // A follow-up naming another page's whole title still opens there.
    const afterScriptTag: Turn[] = [
      { role: 'user', text: 'How do I add the script tag?' },
      { role: 'assistant', text: 'An earlier answer.', sources: ['/guide/script-tag'] },
    ];
    expect(firstSection(index, 'and in React?', afterScriptTag)).toBe('/guide/react#react');
  });

  it('weighs the setting as the follow-up\'s own words when a pronoun stands for it ("can I change them?" after the rate limits)', () => {
    const index = indexOf({
      'server.md':
        '# Server\n\n## Rate limits\n\nEach reader may ask 20 questions a minute and 200 a day; `--rate-limit-minute` and `--rate-limit-day` set other limits.\n\n## Port\n\nThe server listens on port 8787.',
      'agent-jobs.md':
        '# Agent jobs\n\n## Limits\n\nA job runs for at most 30 minutes and 50 turns.\n\n## Configure a project\n\nChange the repository, the branch or the model of a project in its settings, and change who may create jobs.',
    });
    const afterLimits: Turn[] = [
      { role: 'user', text: 'What are the rate limits?' },
      { role: 'assistant', text: 'An earlier answer.', sources: ['/server#rate-limits', '/agent-jobs#limits'] },
    ];
    expect(firstSection(index, 'can I change them?')).toBe('/agent-jobs#configure-a-project');
    expect(firstSection(index, 'can I change them?', afterLimits)).toBe('/server#rate-limits');
  });

  it('reads a pronoun as the product, not the setting, when the last answer\'s sections never mention the follow-up\'s words ("Does it work on mobile?" after the fonts)', () => {
    const index = indexOf({
      'theming.md':
        '# Theming\n\nEvery color and font of the widget is a CSS variable.\n\n## Fonts\n\n`--widget-font-family` sets the text font and `--widget-font-size` its size.\n\n## Small screens\n\nOn mobile, below 768 px, the dialog takes the whole screen.',
      'faq.md': '# FAQ\n\n## Which browsers does it work in?\n\nThe last two versions of Chrome, Firefox and Safari.',
    });
    const afterFonts: Turn[] = [
      { role: 'user', text: 'what about the font?' },
      { role: 'assistant', text: 'An earlier answer.', sources: ['/theming#fonts'] },
    ];
    expect(firstSection(index, 'Does it work on mobile?', afterFonts)).toBe('/theming#small-screens');
    // A word of its own that the last answer's section has keeps the pronoun on the setting.
    expect(firstSection(index, 'can I change its size?', afterFonts)).toBe('/theming#fonts');
    // The conversation's source URLs come from the client: one that does not decode is read as written, not thrown on.
    const garbled: Turn[] = [afterFonts[0] as Turn, { role: 'assistant', text: 'An earlier answer.', sources: ['/theming#%E0%A4%A'] }];
    expect(() => retrieveDocs(index, 'Does it work on mobile?', garbled, { limit: 5 })).not.toThrow();
  });

  it("stays on the setting when its pronoun stands for it, though another page covers more of its words; not when the question names what its pronoun stands for", () => {
    const index = indexOf({
      'middleware/timeout.md':
        '# Timeout Middleware\n\nThe Timeout Middleware ends a request that runs longer than its duration. When a request exceeds the duration, the client gets a 504 Gateway Timeout response.',
      'guides/rpc.md': '# RPC\n\n## Status code\n\nThe client reads the status code of each request from `res.status`, and a typed status code narrows the response.',
      'helpers/streaming.md': '# Streaming Helper\n\n## stream()\n\nStream a response with `stream(c, callback)`; call `stream.close()` to close it early.',
    });
    const afterTimeout: Turn[] = [
      { role: 'user', text: 'How does the timeout middleware work?' },
      { role: 'assistant', text: 'An earlier answer.', sources: ['/middleware/timeout#timeout-middleware'] },
    ];
    expect(firstSection(index, 'what status code does the client get when a request exceeds it?', afterTimeout)).toBe('/middleware/timeout#timeout-middleware');
    expect(firstSection(index, 'How do I stream a response and close it?', afterTimeout)).toBe('/helpers/streaming#stream');
  });

  it('still says the docs do not cover a follow-up about something they never mention', () => {
    const index = indexOf({ 'server.md': '# Server\n\n## Port\n\nThe server listens on port 8787.\n\n## Host\n\nSet the host with --host.' });
    const retrieved = retrieveDocs(index, 'and the weather in Paris?', after('Which port does the server listen on?'), { limit: 5 });
    expect(retrieved.notFound).toBe(true);
  });
});

describe('given a question of three topic words or more after another', () => {
  const index = indexOf({
    'middleware/request-id.md':
      '# Request ID Middleware\n\nAdds a request id to each request.\n\n## Options\n\n### headerName\n\nChange the name of the header that carries the request id, `X-Request-Id` by default.',
    'middleware/jwt.md': '# JWT Auth Middleware\n\nVerifies a token.\n\n## headerName\n\nChange the header name.',
    'api/rate-limits.md': '# Rate limits\n\nThe server limits how many questions a visitor asks per minute.',
    'theming.md': '# Theming\n\n## Dark mode\n\nThe widget supports a dark mode that follows the page.',
  });

  it('stays on its setting when the setting covers it as fully as the rest of the docs', () => {
    expect(firstSection(index, 'can I change the header name?')).toBe('/middleware/jwt#headername');
    expect(firstSection(index, 'can I change the header name?', after('How do I add a request id to each request?'))).toBe('/middleware/request-id#headername');
  });

  it('leaves its setting when another page covers it better: a new question', () => {
    expect(firstSection(index, 'Does the widget support dark mode?', after('What are the rate limits?'))).toBe('/theming#dark-mode');
  });
});

describe('given how a question is worded', () => {
  it('takes a pronoun (them, it, 它, それ, 그것) as standing for the last question\'s topic, and a named topic as not', () => {
    for (const question of ['can I change them?', 'Is it stored?', '它可以写入吗？', 'それはどこで設定しますか', '그것을 끌 수 있나요?'])
      expect({ question, refers: refersBack(question) }).toEqual({ question, refers: true });
    for (const question of ['can I change the port?', 'what about bearer tokens?', '怎么全局注册？', 'HTTPS にするには？'])
      expect({ question, refers: refersBack(question) }).toEqual({ question, refers: false });
  });

  it('takes a closing "then", "in that case" or "when that happens" as standing for it too, and a "then" that orders steps as not', () => {
    for (const question of ['what does the client receive then?', 'Can I allow several origins in that case?', 'what status is sent when that happens?'])
      expect({ question, refers: refersBack(question) }).toEqual({ question, refers: true });
    for (const question of ['How do I build and then deploy the app?', 'then how do I deploy?'])
      expect({ question, refers: refersBack(question) }).toEqual({ question, refers: false });
  });

  it('answers "what does the client receive then?" from the last question\'s page, not a page on clients', () => {
    const index = indexOf({
      'middleware/body-limit.md': '# Body Limit Middleware\n\n## Usage\n\nLimit the size of request bodies with `bodyLimit({ maxSize })`; a larger body gets the `onError` response, 413 by default.',
      'concepts/stacks.md': '# Hono Stacks\n\n## Client\n\nThe client receives typed responses: what the server returns, the client receives with its types.',
    });
    expect(firstSection(index, 'what does the client receive then?', after('How do I limit the size of request bodies?'))).toBe('/middleware/body-limit#usage');
  });


  it('takes "and…", "what about…", 那…呢 and …は？ as the next step of the last question, and a question of its own as not', () => {
    for (const question of ['and read the token from a cookie?', 'What about bearer tokens in the header?', '那组件的插槽呢？', '本番ビルドは？', 'じゃあ SSR のときの設定方法'])
      expect({ question, continues: continuesPrevious(question) }).toEqual({ question, continues: true });
    for (const question of ['How do I read a cookie?', 'Android support for the widget', 'プロキシの設定をしたい', '怎么使用插槽'])
      expect({ question, continues: continuesPrevious(question) }).toEqual({ question, continues: false });
  });
});

describe('given the words of a question', () => {
  it('counts words as a reader does: an identifier once, Chinese and Japanese words without their character pairs', () => {
    expect(topicWordCount('How do I set the port in a container?')).toBe(3);
    expect(topicWordCount('and on TypeScript?')).toBe(1);
    expect(topicWordCount('TypeScript の場合は？')).toBe(2);
    // ICU cuts 组件 into 组|件: a lone Han character counts half.
    expect(topicWordCount('那组件呢？')).toBe(1);
    expect(topicWordCount('怎么注册全局指令')).toBe(3);
    // A hyphenated or snake_case name is one word, not also its parts.
    expect(topicWordCount('and the built-in one?')).toBe(2);
    expect(topicWordCount('v-if 怎么用')).toBe(1);
  });
});

describe('given a short question after another that names only what the setting\'s pages never mention', () => {
  const index = indexOf({
    'guide/computed.md':
      '# 计算属性\n\n## 基础示例\n\n模板中的表达式虽然方便，但也只能用来做简单的操作。我们可以用计算属性来描述依赖响应式状态的复杂逻辑。\n\n## 计算属性缓存 vs 方法\n\n计算属性值会基于其响应式依赖被缓存。',
    'guide/transition.md': '# Transition\n\n## 为过渡效果命名\n\n给 `<Transition>` 组件传一个 `name` prop，例如 `name="fade"`：`.fade-enter-active` 设置 opacity 的过渡。',
  });

  it('is a new question: "怎么做淡入淡出" after computed properties opens on the fade transition', () => {
    // In its setting, the computed page (which says 做) came first.
    expect(firstSection(index, '怎么做淡入淡出', after('计算属性怎么用'))).toBe('/guide/transition#为过渡效果命名');
  });

  it('stays on the setting when one of its words is there: "缓存会失效吗" after computed properties', () => {
    expect(firstSection(index, '缓存会失效吗', after('计算属性怎么用'))).toBe('/guide/computed#计算属性缓存-vs-方法');
  });
});
