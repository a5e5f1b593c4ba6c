import { describe, expect, it } from 'vitest';
import { namesIn, retrieveDocs } from '../../server/assistant/retrieve.ts';
import type { DocsIndex } from '../../server/docs/types.ts';
import { extractiveAnswer, indexOf } from './support/docs.ts';

/** A small widget's docs: a theming page with a stacking section, an API page and a FAQ. */
function widgetDocs(): DocsIndex {
  const files = {
    'theming.md':
      '# Theming\n\n## Shadows and stacking\n\nThe dialog sits above the page. Raise its z-index when another element stacks over it: the stack order follows the page.\n\n## Colors\n\nSet the launcher color and the accent color with CSS variables.',
    'api.md': '# API\n\n## Authentication\n\nSend the assistant key in the Authorization header of every request.\n\n## Streaming\n\nAnswers arrive as a stream of events.',
    'faq.md':
      '# FAQ\n\n## Does it support other languages?\n\nYes: readers can ask in Chinese, Japanese and English, and the widget answers in the language of the question.\n\n## Is it free?\n\nThe widget and the server are free and open source.',
  };
  return indexOf(files);
}

const notFound = (index: DocsIndex, question: string) => retrieveDocs(index, question, [], { limit: 5 }).notFound;

describe('given a name one letter away from a word of the docs', () => {
  it('knows the docs word loosely (a reader may have made a typo) but not exactly', () => {
    const index = widgetDocs();
    expect(index.unknownWords('Slack')).toEqual([]);
    expect(index.unknownWords('Slack', { exact: true })).toEqual(['slack']);
    expect(index.unknownWords('stack', { exact: true })).toEqual([]);
  });

  it('says the docs do not cover a question about that name, and still answers one with a typo in a plain word', () => {
    const index = widgetDocs();
    expect(notFound(index, 'Does the widget send events to Slack?')).toBe(true);
    expect(notFound(index, 'how do I raise the dialogg z-index?')).toBe(false);
  });

  it('reads a name with a dot in it as one name, and a stop before a space as the end of a sentence', () => {
    expect(namesIn('How is this different from Kapa.ai or Inkeep?')).toEqual(['Kapa.ai', 'Inkeep']);
    expect(namesIn('I deploy with Next.js. Does it work there?')).toEqual(['Next.js']);
  });

  it('does not take a unit of size for a name ("over 50 MB"): docs write sizes in code or in kB', () => {
    expect(namesIn('We want to reject anything over 50 MB, or 2 GiB, before it is read')).toEqual([]);
    const index = indexOf({
      'body-limit.md': '# Body Limit\n\nClients upload files in the request body. The body limit middleware rejects a body larger than `maxSize` bytes (`50 * 1024 * 1024`), before it is read.',
      'json.md': '# JSON\n\nRead a JSON body with `c.req.json()`.',
    });
    expect(notFound(index, 'Our clients upload files; how do we reject bodies over 50 MB before they are read?')).toBe(false);
  });

  it('suggests pages for the rest of the question, not the word one typo from the name', () => {
    const retrieved = retrieveDocs(widgetDocs(), 'Can I post answers to Slack?', [], { limit: 5 });
    expect(retrieved.notFound).toBe(true);
    expect(retrieved.suggestions.map((section) => section.headingPath.at(-1))).toEqual(['Streaming', 'Does it support other languages?']);
  });
});

describe('given an acronym written in the plural (URLs, APIs)', () => {
  const files = {
    'trailing-slash.md':
      '# Trailing Slash Middleware\n\nThis middleware handles Trailing Slash in the URL on a GET request.\n\n`appendTrailingSlash` redirects the URL to which it added the Trailing Slash if the content was not found. Also, `trimTrailingSlash` will remove the Trailing Slash.\n\n## Usage\n\n```ts\napp.use(trimTrailingSlash())\n```',
    'routing.md': '# Routing\n\nRoutes match the path of the URL.\n\n```ts\napp.get(\'/posts/:id\', handler)\n```',
  };

  it('reads it as the acronym: a name the docs use, not a name cut in two the docs never use (ur and ls)', () => {
    const index = indexOf(files);
    expect(index.unknownWords('URLs', { exact: true })).toEqual([]);
    expect(notFound(index, 'How do I handle URLs with a trailing slash?')).toBe(false);
  });
});

describe('given a reader asking whether the widget remembers or forgets something', () => {
  it('reads remember and forget as the docs\' keep, survive and lost, and answers from the page that says so', () => {
    const index = indexOf({
      'faq.md': '# FAQ\n\n## What data does the widget send?\n\nWith each question: the conversation so far and the page path. The conversation is kept in `sessionStorage` for the tab, so it survives page changes and reloads but not closing the tab.',
      'troubleshooting.md': '# Troubleshooting\n\n## Storage is disabled or throws\n\nThe widget falls back to memory. Nothing breaks; only the conversation does not survive a reload.',
      'theming.md': '# Theming\n\n## Colors\n\nSet the launcher color with CSS variables.',
    });
    // Without the line, "remember" is no page's word and the best section shares only "reload": not in the docs.
    const retrieved = retrieveDocs(index, 'does it remember the chat if I reload?', [], { limit: 5 });
    expect(retrieved.notFound).toBe(false);
    expect(retrieved.sections[0]?.headingPath.at(-1)).toBe('What data does the widget send?');
  });
});

describe('given a question with a word no page has, whose best section shares one word with it', () => {
  it('says the docs do not cover it', () => {
    const index = widgetDocs();
    expect(notFound(index, 'Can I pay for support in other currencies by invoice?')).toBe(true);
    expect(notFound(index, 'Who founded the company that makes the widget?')).toBe(true);
  });

  it('answers when the section shares two of its words, or the question has only two and the section is about the other', () => {
    const index = widgetDocs();
    expect(notFound(index, 'How do I match the launcher color to my brand?')).toBe(false);
    expect(notFound(index, 'brand colors')).toBe(false);
  });

  it('says the docs do not cover two words when the section has the known one only in passing', () => {
    // "element" is in the text of "Shadows and stacking", not in any heading.
    expect(notFound(widgetDocs(), 'holiday element')).toBe(true);
  });

  it('says the docs do not cover two words when the heading with the known one names another kind of it', () => {
    const index = indexOf({
      'script-tag.md': '# Script tag\n\n## Content Security Policy (CSP)\n\nThe widget adds no inline script, so a strict policy needs only the server in `connect-src`.',
      'theming.md': '# Theming\n\n## Colors\n\nSet the launcher color with CSS variables.',
    });
    expect(notFound(index, 'What is your refund policy?')).toBe(true);
    expect(notFound(index, 'What is your content policy?')).toBe(false);
    expect(notFound(index, 'brand colors')).toBe(false);
  });
});

describe('given a question asking whether the product has or supports a thing', () => {
  it('says the docs do not cover it when the thing is a word no page has, though the best section shares its other words', () => {
    const index = widgetDocs();
    // The FAQ on other languages has widget, support and answers: the question is about video.
    expect(notFound(index, 'Does the widget support video answers?')).toBe(true);
    expect(notFound(index, 'Does the widget have a holiday theme?')).toBe(true);
  });

  it('answers when the docs have the thing, or the only word they lack frames the question (official, built-in)', () => {
    const index = widgetDocs();
    expect(notFound(index, 'Does the widget support Japanese answers?')).toBe(false);
    expect(notFound(index, 'Is there an official streaming API?')).toBe(false);
  });

  it('opens on the section naming the thing, not on one naming only the words around it (built-in middleware)', () => {
    const index = indexOf({
      'guides/middleware.md': '# Middleware\n\n## Built-in Middleware\n\nHono has built-in middleware, and you can write your own middleware.\n\n## Custom Middleware\n\nWrite middleware inside app.use().',
      'csrf.md': '# CSRF Protection\n\nThis middleware protects against CSRF attacks by checking the Origin header.',
    });
    const retrieved = retrieveDocs(index, 'Is there a built-in CSRF middleware?', [], { limit: 5 });
    expect(retrieved.notFound).toBe(false);
    expect(retrieved.sections[0]?.id).toBe('/csrf#csrf-protection');
  });

  it('does not read a Japanese question asking whether something is needed (必要がありますか) as asking whether there is one', () => {
    const index = indexOf({ 'css.md': '# CSS\n\n## CSS Modules\n\n`.module.css` で終わる CSS ファイルは CSS モジュールとみなされます。' });
    expect(notFound(index, 'CSS Modules のファイル名は何で終わる必要がありますか')).toBe(false);
  });
});

describe('given a question of three words the docs all have, each in passing in a different section', () => {
  const index = indexOf({
    'search.md': '# Search\n\n## Filters\n\nNarrow the results with filters on the page version.',
    'tables.md': '# Tables\n\n## Columns\n\nA table can list a price per row.',
    'deploy.md': '# Deploy\n\n## Servers\n\nThe server can be hosted anywhere Node runs.',
  });

  it('says the docs do not cover it when the best section shares one of them and is about none', () => {
    expect(notFound(index, 'What is the price of the hosted version?')).toBe(true);
  });

  it('answers when the best section is about one of its words, or shares two', () => {
    expect(notFound(index, 'Which filters narrow the hosted version?')).toBe(false);
    expect(notFound(index, 'Can I list the price of each table row?')).toBe(false);
  });
});

describe('given a question in readers\' words, one of them a synonym of the docs\' word', () => {
  const index = indexOf({
    'compress.md': '# Compress Middleware\n\nThis middleware compresses the response body with gzip or deflate.',
    'status.md': '# Status\n\n## Health endpoint\n\nThe server answers `GET /health` while it runs.',
    'hosting.md': '# Hosting\n\n## Self-host\n\nRun the server next to your docs site. Point your monitor at its health endpoint.',
  });

  it('takes the synonym as a shared word when the section is about the docs\' word (in its heading or title)', () => {
    // shrink => compress; "huge" is no word of the docs.
    expect(notFound(index, 'My responses are huge, can I shrink them before sending?')).toBe(false);
  });

  it('does not take a synonym the section mentions only in passing (uptime => health)', () => {
    expect(notFound(index, 'What uptime does the hosted service guarantee?')).toBe(true);
  });
});

describe('given a name in capitals that the readers\' words know (HSTS, VPS)', () => {
  const index = indexOf({
    'secure-headers.md':
      '# Secure Headers Middleware\n\nManages the security headers your app adds to its responses: turn each one on or off.\n\n## Options\n\n| Option | Header |\n| --- | --- |\n| strictTransportSecurity | Strict-Transport-Security |\n| xFrameOptions | X-Frame-Options |',
    'deploy.md': '# Deploy\n\n## Self-host\n\nRun the server on your own machine next to your docs site.',
  });

  it('answers: the name is the docs\' topic under another name', () => {
    expect(notFound(index, 'How can I add security headers like HSTS?')).toBe(false);
    expect(notFound(index, 'Can I host the whole thing on my own VPS?')).toBe(false);
  });

  it('still says first that the docs do not mention the name', async () => {
    expect(await extractiveAnswer(index, 'How can I add security headers like HSTS?')).toMatch(/^The docs do not mention “HSTS”; this is what they say about the rest of the question\./);
  });

  it('still says the docs do not cover a name nobody wrote about', () => {
    expect(notFound(index, 'Can I send security headers to Datadog?')).toBe(true);
  });
});

describe('given a reader\'s word for a thing the question already names (Cmd, beside keyboard shortcuts)', () => {
  const index = indexOf({
    'shortcuts.md':
      '# Keyboard shortcuts\n\nThe dialog opens with a keyboard shortcut, mod+i by default, where mod is the command key on macOS and Ctrl elsewhere.\n\n## Choose another shortcut\n\nSet the shortcut option to another key, such as mod+k, or to false.',
    'theming.md': '# Theming\n\n## Colors\n\nSet the launcher color and the accent color with CSS variables.',
    'deploy.md': '# Deploy\n\n## Self-host\n\nRun the server on your own machine next to your docs site.',
  });

  it('answers: the word means the shortcut asked about, not another topic, and weighs nothing beyond it', async () => {
    expect(index.unknownWords('Cmd', { exact: true })).toEqual(['cmd']);
    expect(notFound(index, 'Does it support keyboard shortcuts like Cmd+K?')).toBe(false);
    expect(await extractiveAnswer(index, 'Does it support keyboard shortcuts like Cmd+K?')).toMatch(/^The docs do not mention “Cmd\+K”; this is what they say about the rest of the question\.\n\n\*\*\[Keyboard shortcuts/);
  });

  it('still says the docs do not cover a question whose other words are no page\'s either', () => {
    expect(notFound(index, 'Can I record voice memos with Cmd+R?')).toBe(true);
  });
});

describe('given docs whose product name is in most of their sections', () => {
  const index = indexOf({
    'routing.md': '# Routing\n\n## Path parameters\n\nIn Hono, read a path parameter with c.req.param().\n\n## Grouping\n\nGroup Hono routes with app.route().',
    'middleware.md': '# Middleware\n\n## Logger\n\nHono logs each request with the logger middleware.\n\n## Timing\n\nSend Server-Timing headers with Hono responses.',
    'deploy.md': '# Deploy\n\n## Workers\n\nDeploy a Hono app to Cloudflare Workers with wrangler.\n\n## Models\n\nA model of the request is kept for each route.',
    // A site of some size: in a handful of sections, any word of a page's title is in a large share of them.
    'areas.md': ['# Areas', ...Array.from({ length: 50 }, (_unused, area) => `## Area ${area}\n\nHono area ${area} notes.`)].join('\n\n'),
  });

  it('does not take the name as a word the question shares with a section', () => {
    expect(index.sectionShare('hono')).toBeGreaterThan(0.55);
    expect(notFound(index, 'How do I send emails with Hono?')).toBe(true);
    // Without the name, the section still shares two words with this one.
    expect(notFound(index, 'How do I log each request with Hono to a terminal?')).toBe(false);
  });
});

describe('given a reader\'s first question that names no topic, or names it only by a pronoun ("What is it?", "怎么用")', () => {
  const home = '# Acme Relay - tunnels for every team\n\nAcme Relay forwards requests from the internet to a server on your laptop.\n\n## Is it free?\n\nYes, under the MIT license.';
  const named = indexOf({ 'index.md': home, 'install.md': '# Install\n\nRun npm install acme-relay.' });
  // No home page naming it: the page titles' word in most of the sections, on a site of some size.
  const unnamed = indexOf({
    'intro.md': '# Why Hono\n\nHono is a small web framework.',
    'areas.md': ['# Hono areas', ...Array.from({ length: 50 }, (_unused, area) => `## Area ${area}\n\nHono area ${area} notes.`)].join('\n\n'),
  });

  it('knows the product the docs are about: their home page\'s title up to a dash, else the titles\' word in most sections', () => {
    expect(named.productName()).toBe('Acme Relay');
    expect(unnamed.productName()).toBe('hono');
  });

  it('answers it about the product, in English, Chinese, Japanese and Korean', () => {
    for (const question of ['What is it?', 'What is it for?', '它是什么', 'これは何ですか', '이것은 무엇인가요?', '怎么用', 'how?']) {
      const retrieved = retrieveDocs(named, question, [], { limit: 5 });
      expect({ question, notFound: retrieved.notFound, first: retrieved.sections[0]?.id }).toEqual({ question, notFound: false, first: '/#acme-relay---tunnels-for-every-team' });
    }
    expect(retrieveDocs(unnamed, 'What is it?', [], { limit: 5 }).sections[0]?.id).toBe('/intro#why-hono');
  });

  it('reads "How do I install it?" as installing the product, where another page\'s install section came first', () => {
    const guides = indexOf({
      'index.md': '# Acme Relay - tunnels for every team\n\nAcme Relay forwards requests from the internet to a server on your laptop.',
      'getting-started.md': '# Getting started\n\nFrom nothing to a working relay.\n\n## Install Acme Relay\n\nRun npm install acme-relay in your project.',
      'react.md': '# React\n\nThe React hooks of the relay.\n\n## Install\n\nInstall the hooks package next to React.',
      'platforms/deno.md': '# Deno\n\n## 1. Install Deno\n\nInstall the deno command first.',
    });
    expect(retrieveDocs(guides, 'How do I install it?', [], { limit: 5 }).sections[0]?.id).toBe('/getting-started#install-acme-relay');
    // Its own word beside the pronoun keeps a question as asked; so does a conversation.
    expect(retrieveDocs(guides, 'How do I install Deno?', [], { limit: 5 }).sections[0]?.id).toBe('/platforms/deno#1-install-deno');
    const afterDeno = retrieveDocs(guides, 'How do I install it?', [{ role: 'user', text: 'Does it run on Deno?' }, { role: 'assistant', text: 'Install the deno command first.' }], { limit: 5 });
    expect(afterDeno.sections[0]?.id).toBe('/platforms/deno#1-install-deno');
  });

  it('searches a question with a word of its own as asked, and one after another in its setting', () => {
    expect(retrieveDocs(named, 'Is it free?', [], { limit: 5 }).sections[0]?.id).toBe('/#is-it-free');
    const afterInstall = retrieveDocs(named, 'What is it?', [{ role: 'user', text: 'How do I install the relay?' }, { role: 'assistant', text: 'Run npm install acme-relay.' }], { limit: 5 });
    expect(afterInstall.sections[0]?.id).toBe('/install#install');
  });
});

describe('given a question the docs answer but for a name they never use', () => {
  it('says the docs do not mention the name before quoting what matches the rest', async () => {
    const index = widgetDocs();
    const answer = await extractiveAnswer(index, 'Can readers ask Japanese questions from Slack?');
    expect(answer).toMatch(/^The docs do not mention “Slack”; this is what they say about the rest of the question\.\n\n\*\*\[FAQ › Does it support other languages\?\]/);
    // A question about what the docs do name gets the quotes alone.
    expect(await extractiveAnswer(index, 'Can readers ask Japanese questions?')).toMatch(/^\*\*\[FAQ › Does it support other languages\?\]/);
  });
});

describe('given a Japanese or Chinese question whose words the docs have, cut into a character pair no page has', () => {
  const index = indexOf({
    'config/server-options.md': '# サーバーオプション\n\n## server.proxy\n\n開発サーバーのカスタムプロキシのルールを設定します。リクエストは指定されたターゲットにプロキシされます。',
    'config/index.md': '# Vite の設定\n\nVite は設定ファイルを自動的に解決しようとします。',
    'guide/weather.md': '# 天气组件\n\n这个组件显示今天的天气。',
  });

  it('answers it: the pair across two words (定方 in 設定方法) is an artifact of cutting, not a word of the question', () => {
    expect(index.unknownWords('プロキシの設定方法')).toEqual([]);
    expect(notFound(index, 'プロキシの設定方法')).toBe(false);
    expect(retrieveDocs(index, 'プロキシの設定方法', [], { limit: 5 }).sections.map((section) => section.headingPath.at(-1))).toContain('server.proxy');
  });

  it('keeps the pairs of words no page has, which tell a question about something else', () => {
    expect(index.unknownWords('今天北京天气怎么样')).toEqual(expect.arrayContaining(['北京', '天北', '京天']));
  });
});

describe('given a Chinese question asking to build something no page names, in the words that frame any request (实现 … 功能)', () => {
  const files = {
    'typescript.md': '# 搭配 TypeScript\n\n## 总览\n\n实现类型检查的功能需要 TypeScript。',
    'plugins.md': '# 插件\n\n## 编写一个插件\n\n插件是一个拥有 install 方法的对象，例如添加全局组件。',
    'slots.md': '# 插槽\n\n## 具名插槽\n\n一个组件可以有多个插槽出口，用 name 区分。',
    'directives.md': '# 自定义指令\n\n## 指令钩子\n\n指令对象可以提供几个钩子函数。',
    'router.md': '# 路由\n\n## 简单的路由\n\n根据地址切换要渲染的组件。',
    'events.md': '# 事件\n\n## 触发与监听事件\n\n在模板表达式中直接触发自定义事件。',
  };

  it('says the docs do not cover it: those words and the pairs across them are shared by any page', () => {
    expect(notFound(indexOf(files), '怎么实现支付功能')).toBe(true);
  });

  it('answers when the section shares its topic word', () => {
    expect(notFound(indexOf(files), '怎么实现插件功能')).toBe(false);
  });
});

describe('given docs with a hyphenated name one letter from the question\'s (sign-in, sign-on)', () => {
  it('takes the question\'s name as another name, not as a typo of the docs\' one', () => {
    const index = indexOf({
      'proxy.md': '# Proxy\n\n## Add your own checks\n\nThe proxy is the place to add your own checks: sign-in, per-user limits, an allow-list of origins.',
      'theming.md': '# Theming\n\n## Colors\n\nSet the launcher color with CSS variables.',
    });
    expect(index.unknownWords('How do I set up SAML single sign-on?')).toEqual(['saml', 'singl', 'signon']);
    expect(notFound(index, 'How do I set up SAML single sign-on?')).toBe(true);
    expect(notFound(index, 'Where do I add a sign-in check?')).toBe(false);
  });
});

describe('given a troubleshooting page and a reader describing a problem in another language than the docs', () => {
  const files = {
    'troubleshooting.md':
      '# Troubleshooting\n\n## The keyboard shortcut does not open the dialog\n\nThe widget never takes a shortcut your page already handles: choose another with `data-shortcut`.\n\n## The launcher does not appear\n\nCheck that the script loads.',
    'theming.md': '# Theming\n\n## Colors\n\nSet the launcher color with CSS variables.',
  };

  it('answers from the entry about the problem, though the words telling what went wrong are not the docs\'', () => {
    const index = indexOf(files);
    const retrieved = retrieveDocs(index, 'Ctrl+I を押しても何も起きない', [], { limit: 5 });
    expect(retrieved.notFound).toBe(false);
    expect(retrieved.sections[0]?.headingPath.at(-1)).toBe('The keyboard shortcut does not open the dialog');
  });

  it('still says the docs do not cover a problem with something no entry is about', () => {
    const index = indexOf(files);
    expect(notFound(index, '印刷ができない')).toBe(true);
    expect(notFound(index, '音声入力が動かない')).toBe(true);
  });
});

describe('given a question asking whether the product has a thing', () => {
  const files = {
    'middleware.md':
      '# Middleware\n\n## Built-in middleware\n\nHono ships CORS, JWT and logger middleware, built in.\n\n## CORS middleware\n\nThe CORS middleware sets the Access-Control headers for cross-origin requests.\n\n## Logger\n\nThe logger prints every request with its status and timing data.',
    'helpers.md': '# Helpers\n\n## Cookie helper\n\nSet, read and delete cookies.\n\n## Passing data\n\nPass data between components and handlers with the context.',
  };

  it('answers when the best section is about that thing', () => {
    const index = indexOf(files);
    expect(notFound(index, 'Does Hono have a built-in CORS middleware?')).toBe(false);
    expect(notFound(index, 'Is there an official cookie helper?')).toBe(false);
  });

  it('says the docs do not cover a thing the best section only shares the product\'s words with', () => {
    const index = indexOf(files);
    // The built-in middleware section shares "Hono" and "ships" with it, the logger "request" and "timing": neither has a designer.
    expect(notFound(index, 'Does Hono ship a visual designer for request timing?')).toBe(true);
  });

  it('still answers a question asking whether there is a way to do something', () => {
    expect(notFound(indexOf(files), 'Is there a way to pass data between handlers?')).toBe(false);
  });

  it('judges an English thing by its own words, not by the words of the reader\'s story before it', () => {
    const index = indexOf({ ...files, 'timeout.md': '# Timeout\n\nSome requests take too long, like those waiting on a slow service. The timeout middleware ends a request after its duration and sends an error.' });
    // "forever" and "cut" are no page's: they tell the story, not the thing asked for.
    const retrieved = retrieveDocs(index, 'Some requests take forever; I would like to cut them off after a while and send an error. Is there something built in?', [], { limit: 5 });
    expect(retrieved.notFound).toBe(false);
    expect(retrieved.sections[0]?.headingPath).toEqual(['Timeout']);
    // A thing no page has is still beyond the docs, however it is asked.
    expect(notFound(index, 'Some requests take forever. Is there a built-in hologram middleware?')).toBe(true);
  });
});

describe('given a recipe for a docs platform and a reader naming it beside a host the docs never name', () => {
  const index = indexOf({
    'recipes.md': '# Recipes\n\n## Docusaurus\n\nAdd the script tag to every page through `headTags` in `docusaurus.config.js`, without ejecting the theme.\n\n## VitePress\n\nAdd the script tag in the `head` option of the config.',
    'react.md': '# React\n\nIn a React app, render the `DocsAssistant` component once, near the root.',
    'theming.md': '# Theming\n\n## Colors\n\nSet the accent color with a CSS variable.',
  });

  it('answers from the recipe, saying the docs do not mention the host: the question is about the name the section is about', async () => {
    const question = 'Our docs are built with Docusaurus and deployed on Netlify; where does the script go so that every page has it?';
    expect(notFound(index, question)).toBe(false);
    expect(await extractiveAnswer(index, question)).toMatch(/^The docs do not mention “Netlify”; this is what they say about the rest of the question\.\n\n\*\*\[Recipes › Docusaurus\]/);
  });

  it('still says the docs do not cover a name of which the known one is a part (React Native is not React)', () => {
    expect(notFound(index, 'Does the widget work in a React Native app?')).toBe(true);
  });
});

describe('given Japanese docs and a reader asking whether there is a way (仕方) to do something', () => {
  it('reads it as asking how, not whether the docs name a thing called 仕方', () => {
    const index = indexOf({
      'assets.md': '# 静的アセットの取り扱い\n\n## アセットを文字列としてインポートする\n\nSVG などのアセットは末尾に `?raw` を付与することで文字列として `import` で読み込みできます。',
      'features.md': '# 特徴\n\n## CSS\n\n`.css` ファイルをインポートすると、その内容がページに挿入されます。',
    });
    expect(notFound(index, 'SVG を文字列としてそのまま読み込みたいです。import の仕方はありますか？')).toBe(false);
  });
});

describe('given docs on browsers and a reader naming a device the readers\' words know (iPhone)', () => {
  it('answers about the browsers, saying the docs do not mention the device', async () => {
    const index = indexOf({
      'build.md': '# Building for production\n\n## Browser compatibility\n\nThe production bundle runs on browsers with native ES modules: Chrome 64, Firefox 67, Safari 11.1 and Edge 79. Old browsers need the legacy plugin to run your site.',
      'guide.md': '# Guide\n\n## Dev server\n\nThe dev server assumes a modern browser.',
    });
    const question = 'Does the production bundle run on an old iPhone browser?';
    expect(notFound(index, question)).toBe(false);
    expect(await extractiveAnswer(index, question)).toMatch(/^The docs do not mention “iPhone”; this is what they say about the rest of the question\.\n\n\*\*\[Building for production › Browser compatibility\]/);
  });
});

describe('given a question about a selection that names something no page does', () => {
  it("suggests the selection's section, then the sections its words and the question's other words find, beside it on its page too", () => {
    const index = indexOf({
      'server.md':
        '# Server\n\nThe server is one Node.js process with an embedded database and no other services.\n\n## Start\n\nRun the serve command in your docs folder.\n\n## Threads and storage\n\nThreads are kept in an embedded SQLite database under the data folder; several instances share one PostgreSQL database.',
      'react.md': '# React\n\nUse the component instead of the script tag when your site is a React app.\n\n## Props\n\nPass the domain as a prop instead of a config file.',
      'faq.md': '# FAQ\n\n## Where are threads stored?\n\nIn the embedded database under the data folder.\n\n## Is it free?\n\nYes.',
    });
    const retrieved = retrieveDocs(index, 'can I use MySQL for this instead?', [], { limit: 5, context: [{ type: 'textSelection', value: 'an embedded database', path: '/server' }], currentPath: '/server' });
    expect(retrieved.notFound).toBe(true);
    expect(retrieved.suggestions.map((section) => section.headingPath.at(-1))).toEqual(['Server', 'Threads and storage', 'Where are threads stored?']);
  });
});

describe('given English docs and a reader asking in Chinese or Japanese', () => {
  const files = {
    'theming.md':
      '# Theming\n\n## Colors\n\n| Variable | What it colors |\n| --- | --- |\n| `--docs-assistant-accent` | The launcher button, the send button and links |\n| `--docs-assistant-surface` | The dialog background |\n\n## Fonts\n\nThe dialog uses the page font.',
    'faq.md':
      '# FAQ\n\n## Does it support other languages?\n\nYes: readers can ask in Chinese, Japanese and English, and the widget answers in the language of the question.\n\n## Is it free?\n\nYes, MIT.',
    'server.md': '# Server\n\n## Databases\n\nThreads are stored in SQLite, or PostgreSQL with several instances.',
    'widget.md': '# Widget\n\n## Launcher\n\nA button in the corner opens the dialog; its color follows the theme.\n\n## Send\n\nThe send button posts the question.\n\n## Copy\n\nA copy button under each answer.\n\n## Dark mode\n\nEvery color follows the page\'s color scheme.',
  };

  it('takes a word the docs write in English as shared when the section is about another of the question\'s words', () => {
    // 颜色 is the Colors heading's word; 按钮 (button) is only in its table: without the English counted there,
    // one of three words shared made the question look beyond the docs.
    const index = indexOf(files);
    expect(notFound(index, '怎么改按钮颜色')).toBe(false);
    expect(retrieveDocs(index, '怎么改按钮颜色', [], { limit: 5 }).sections[0]?.headingPath.at(-1)).toBe('Colors');
  });

  it('knows the names of languages (中文, 日本語)', () => {
    const index = indexOf(files);
    expect(notFound(index, '支持中文吗')).toBe(false);
    expect(notFound(index, '日本語に対応していますか')).toBe(false);
  });

  it('still says the docs do not cover what no section is about, though its words are in the text', () => {
    expect(notFound(indexOf(files), '怎么连接 MongoDB 数据库')).toBe(true);
  });
});
