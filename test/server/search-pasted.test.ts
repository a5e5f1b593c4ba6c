import { describe, expect, it } from 'vitest';
import { namesIn, retrieveDocs } from '../../server/assistant/retrieve.ts';
import { namelessSpans, pastedCode, pastedMessages, pastedSpans, questionParts, withoutWhereItRuns } from '../../server/docs/pastedText.ts';
import { extractiveAnswer, firstHeading, indexOf } from './support/docs.ts';
import type { DocsIndex } from '../../server/docs/types.ts';

const textsOf = (question: string, spans: readonly (readonly [number, number])[]) => spans.map(([start, end]) => question.slice(start, end));
const retrieved = (index: DocsIndex, question: string) => retrieveDocs(index, question, [], { limit: 5 });
/** A server's docs: its port, its CORS setting explained, and an errors page quoting the browser's message. */
const SERVER_DOCS = {
  'server.md':
    '# Server\n\n## Run it on another port\n\nThe server listens on port 8787. When that address is already in use by another process, start it with `--port 0` to pick a free one.\n\n## Allowed origins\n\nBrowsers send a preflight request before a fetch from another origin. The server answers it with the Access-Control-Allow-Origin header for every origin; to allow only your site, set `--cors-origin` to its origin. A fetch from an origin not allowed is blocked by the browser.',
  'errors.md':
    '# Errors\n\n## Messages in the console\n\nA message such as "Access to fetch ... has been blocked by CORS policy" means your site is not among the allowed origins.\n\n## Tokens\n\nThe JWT middleware reads the bearer token from the Authorization header and answers 401 when it is missing or expired.',
};

/** A build tool's docs: how modules are fetched, and a troubleshooting entry quoting the browser's error. */
const CHUNK_DOCS = {
  'build.md':
    '# Build\n\n## Fetch imported modules dynamically\n\nA dynamically imported module is fetched when the page first needs it: the browser fetches each imported module as its own chunk, named by a hash of its content, If the fetch fails, the import rejects with a TypeError.',
  'faq.md': '# FAQ\n\n## Pages go blank after a deploy\n\nThe console says "TypeError: Failed to fetch dynamically imported module": the page asks for a chunk the new deploy removed. Reload the page.',
};

describe('given a question with something pasted into it', () => {
  it('finds the error message, the server answer, the addresses, codes and tokens, and an English sentence among Chinese or Japanese words', () => {
    const error = 'I get Error: listen EADDRINUSE: address already in use 127.0.0.1:8787. What now?';
    expect(textsOf(error, pastedSpans(error))).toEqual(['Error: listen EADDRINUSE: address already in use 127.0.0.1:8787']);
    const fetchFailed = 'GET https://docs.example.com/widget/embed.js net::ERR_ABORTED 404';
    expect(textsOf(fetchFailed, pastedSpans(fetchFailed))).toEqual(['GET https://docs.example.com/widget/embed.js', 'ERR_ABORTED']);
    const answered = 'every question comes back with {"error":"domain: unknown domain"}';
    expect(pastedMessages(answered)).toEqual(['{"error":"domain: unknown domain"}']);
    const token = 'JWT answers 401 although I send Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0';
    expect(textsOf(token, pastedSpans(token))).toEqual(['eyJhbGciOiJIUzI1NiJ9', 'eyJzdWIiOiIxIn0']);
    const warning = '报错 Set operation on key "title" failed: target is readonly. 我在子组件里改了 prop';
    expect(pastedMessages(warning)).toEqual(['Set operation on key "title" failed: target is readonly.']);
    // The URL in a message is the reader's: a section quoting the message does not have it.
    expect(pastedMessages('本番で TypeError: Failed to fetch dynamically imported module: https://example.com/assets/Page-4f3a2b1c.js が出る')).toEqual(['TypeError: Failed to fetch dynamically imported module:']);
  });

  it('finds nothing pasted in a question a reader wrote, nor in names written among Chinese or Japanese words', () => {
    for (const question of ['How do I change the launcher color?', 'What does the error boundary catch?', 'Vite で React Native を使うには', 'Vue 能用 Google Maps JavaScript API 吗', 'Does it integrate with Slack?']) {
      expect({ question, spans: pastedSpans(question) }).toEqual({ question, spans: [] });
    }
  });

  it("takes no name from what was pasted, but still from the reader's own words, and from an error message past its first word", () => {
    expect(namesIn('Error: listen EADDRINUSE: address already in use 127.0.0.1:8787')).toEqual([]);
    expect(namesIn('HTTPException: Unauthorized ends up as plain text')).toEqual([]);
    expect(namesIn('[Vue warn]: Failed to resolve component: my-button 是什么原因')).toEqual([]);
    expect(namesIn('Every answer ends in an error and the log says 401 Incorrect API key provided')).toEqual(['API']);
    expect(namesIn('Error: listen EADDRINUSE when I deploy to Heroku')).toEqual(['Heroku']);
    expect(namesIn('Vue 能部署到 Heroku 吗')).toEqual(['Vue', 'Heroku']);
    expect(textsOf('Error: listen EADDRINUSE when I deploy to Heroku', namelessSpans('Error: listen EADDRINUSE when I deploy to Heroku'))).toEqual(['Error: listen', 'EADDRINUSE']);
  });

  it('answers from the docs though the pasted message holds a code and a token no page has, and not a question about a name the docs never use', () => {
    const index = indexOf(SERVER_DOCS);
    const portTaken = retrieved(index, 'Error: listen EADDRINUSE: address already in use 127.0.0.1:8787');
    expect({ notFound: portTaken.notFound, first: portTaken.sections[0]?.headingPath.at(-1) }).toEqual({ notFound: false, first: 'Run it on another port' });
    const token = retrieved(index, 'The JWT middleware answers 401 although I send Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abc');
    expect({ notFound: token.notFound, first: token.sections[0]?.headingPath.at(-1) }).toEqual({ notFound: false, first: 'Tokens' });
    expect(retrieved(index, 'Error: listen EADDRINUSE when I deploy the server to Heroku').notFound).toBe(true);
  });

  it('answers a Chinese question about an English warning it quotes, whose words no page has', () => {
    const index = indexOf({
      'props.md': '# Props\n\n## 单向数据流\n\n所有的 props 都遵循着单向绑定原则。我们不应该在子组件里改 prop 的值，否则 Vue 会在控制台上报错。\n\n## 校验\n\n组件可以声明对传入的 props 的校验要求。',
      'reactivity.md': '# 响应式\n\n## 只读代理\n\n`readonly()` 接受一个对象 (target)，返回它的只读代理：set 任何一个 key 都会被拒绝。',
    });
    // "operation" and "failed" are on no page: as names (every Latin word among Chinese ones is one), they took the question beyond the docs.
    const readOnly = retrieved(index, '报错 Set operation on key "title" failed: target is readonly. 我在子组件里改了 prop');
    expect({ notFound: readOnly.notFound, first: readOnly.sections[0]?.headingPath.at(-1) }).toEqual({ notFound: false, first: '单向数据流' });
  });

  it("keeps the reader's own words when a long pasted message has more words than a question is searched with", () => {
    const index = indexOf({
      'attrs.md': '# 透传 Attributes\n\n## 禁用 Attributes 继承\n\n如果你不想要一个组件自动地继承 attribute，你可以在组件选项中设置 `inheritAttrs: false`。',
      'other.md': '# 其他\n\n## 事件\n\n组件可以触发事件。',
    });
    // Forty words no page has, then the reader's question: searched in the order written, the question fell past the cap.
    const message = Array.from({ length: 40 }, (_, position) => `zq${String.fromCharCode(97 + (position % 26))}${String.fromCharCode(97 + Math.floor(position / 26))}word`).join(' ');
    expect(firstHeading(index, `[Vue warn]: ${message} 怎么禁用继承`)).toBe('禁用 Attributes 继承');
  });

  it('puts first the section that quotes the pasted message, over one about its words', () => {
    const index = indexOf(CHUNK_DOCS);
    const question = 'Uncaught (in promise) TypeError: Failed to fetch dynamically imported module: https://docs.example.com/assets/guide-4f3a2b1c.js';
    expect(firstHeading(index, question)).toBe('Pages go blank after a deploy');
    // Without the lift the section on fetching modules comes first: the test fails there.
    expect(firstHeading(indexOf(CHUNK_DOCS, { pastedMessageBoost: 1 }), question)).toBe('Fetch imported modules dynamically');
  });

  it("searches a pasted stack trace and URL by the message alone: their words are where the reader's program runs", () => {
    const question = "I get this when I open /api/posts:\nError: Context is not finalized. Did you forget to return a Response?\n    at compose (/app/node_modules/web/dist/base.js:301:17)\n    at fetch (/app/src/index.ts:12:5)";
    expect(questionParts(question).pasted.trim()).toBe('Error: Context is not finalized');
    const index = indexOf({
      'deploy.md':
        '# Deploy\n\n## Dockerfile\n\nBuild the app in a base image: copy `src` into `/app`, build `dist`, then copy `node_modules` and `dist`; `dist/index.js` is the entry. With Docker Compose, the web service can fetch the base image.\n\n```dockerfile\nFROM node:22 AS base\nWORKDIR /app\nCOPY package.json src ./\nRUN npm ci && npm run build\nCOPY --from=builder /app/node_modules /app/node_modules\nCOPY --from=builder /app/dist /app/dist\nCMD ["node", "/app/dist/index.js"]\n```',
      'context.md': '# Context\n\n## Return a response\n\nA handler must return a Response, or a middleware must call `await next()`: otherwise the context is not finalized.',
    });
    // Searched with the frames, the Dockerfile came first (its words: app, src, node_modules, dist, index, fetch).
    expect(firstHeading(index, question)).toBe('Return a response');
  });

  it("reads a pasted URL's path as the reader's, not as the question's topic", () => {
    const index = indexOf({
      'api.md': '# API\n\n## Send a message\n\n`POST /discovery/v2/assistant/{domain}/message` sends the reader\'s message to the assistant of the domain and streams the answer.',
      'troubleshooting.md': '# Troubleshooting\n\n## 401 Unauthorized\n\nThe key is missing or wrong: check the assistant key.',
    });
    // Searched with the URL's words (discovery, assistant, message), the API reference came first.
    expect(firstHeading(index, 'POST https://docs.example.com/discovery/v2/assistant/acme/message 401 (Unauthorized)')).toBe('401 Unauthorized');
  });

  it("quotes no passage for the words of a pasted request's method and URL", async () => {
    expect(withoutWhereItRuns('POST https://docs.example.com/discovery/v2/assistant/acme/message 401 (Unauthorized)').trim()).toBe('401 (Unauthorized)');
    const index = indexOf({
      'troubleshooting.md': '# Troubleshooting\n\n## 401 Unauthorized\n\nThe key is missing or wrong: check the assistant key.',
      'webhooks.md': '# Webhooks\n\n## Deliveries\n\nA delivery without a valid signature answers 401. Comments count against the same limit as POST .../message.',
    });
    // Matched on "post", "message" and "401", the webhooks' passage came as a further section.
    expect(await extractiveAnswer(index, 'POST https://docs.example.com/discovery/v2/assistant/acme/message 401 (Unauthorized)')).not.toContain('Webhooks');
  });

  it('still searches a question that is only a URL by its words', () => {
    expect(firstHeading(indexOf(SERVER_DOCS), 'https://docs.example.com/allowed-origins')).toBe('Allowed origins');
  });

  it("weighs the code a reader pasted below their own words, and takes no name from it", () => {
    const question = "How do I test this route without starting a server?\n```ts\napp.get('/hello', (c) => c.text(createGreeting()))\n```";
    expect(pastedCode(question)).toBe("```ts\napp.get('/hello', (c) => c.text(createGreeting()))\n```");
    expect(namesIn(question)).toEqual([]);
    const files = {
      'basic.md': "# Basic\n\n## Hello World\n\nCreate an app with a hello route that answers with text, then start the server:\n\n```ts\nconst app = new Hono()\napp.get('/hello', (c) => c.text('Hello!'))\n```",
      'testing.md': '# Testing\n\n## Request and response\n\nTest your routes without starting a server: `app.request()` takes a path and returns the response.',
    };
    expect(firstHeading(indexOf(files), question)).toBe('Request and response');
    // Weighed as the reader's own words, the code's (app, get, hello, text) found the hello-world example: the test fails there.
    expect(firstHeading(indexOf(files, { pastedCodeWeight: 1 }), question)).toBe('Hello World');
  });
});
