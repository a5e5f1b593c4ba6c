import { describe, expect, it } from 'vitest';
import {
  answerText,
  fixtureIndex,
  finishThreadId,
  fixtureApp,
  postMessage,
  questionBody,
  readAnswer,
  sourcesOf,
} from './support/assistant.ts';
import { indexOf } from './support/docs.ts';

describe('given the fixture docs and no model (extractive answers)', () => {
  it('streams a quoted answer with its sources and the thread id on finish', async () => {
    const app = await fixtureApp();
    const response = await postMessage(app, questionBody('How do I change the listening port?'));

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const { chunks, message } = await readAnswer(response);

    const types = chunks.map((chunk) => chunk.type);
    expect(types[0]).toBe('start');
    expect(types.at(-1)).toBe('finish');
    expect(types.indexOf('source-url')).toBeLessThan(types.indexOf('text-start'));
    expect(types.filter((type) => type === 'text-delta').length).toBeGreaterThan(3);

    expect(message.id).toMatch(/^msg_/);
    expect(sourcesOf(message)[0]).toEqual({
      url: 'https://relay.example/guides/configuration#port',
      title: 'Configuration › Port',
    });
    const text = answerText(message);
    expect(text).toContain('Change the listening port with the `--port` flag.');
    expect(text).toContain('relay --port 5050');
    expect(text).toContain('[Configuration › Port](https://relay.example/guides/configuration#port)');

    const threadId = response.headers.get('x-thread-id');
    expect(threadId).toMatch(/^[\w-]{32}$/);
    expect(finishThreadId(chunks)).toBe(threadId);
    expect(message.metadata).toEqual({ threadId });
  });

  it('names the headings above two sources that bear the same heading on one page, so the reader can tell them apart', async () => {
    const index = indexOf({ 'forms.md': '# Forms\n\n## Basic usage\n\n### Checkbox\n\nA checkbox binds a boolean with v-model.\n\n## Value bindings\n\n### Checkbox\n\nA checkbox v-model can bind true-value and false-value.\n' });
    const app = await fixtureApp({ index });
    const { message } = await readAnswer(await postMessage(app, questionBody('checkbox v-model')));
    expect(sourcesOf(message).map((source) => source.title).toSorted()).toEqual(['Forms › Basic usage › Checkbox', 'Forms › Value bindings › Checkbox']);
  });

  it('quotes sentences verbatim, as the indexed section holds them', async () => {
    const app = await fixtureApp();
    const { message } = await readAnswer(await postMessage(app, questionBody('Which host does the relay bind to in a container?')));
    const text = answerText(message);
    expect(text).toContain(
      'The relay binds to 127.0.0.1 by default, so only your machine can reach it. Inside a container, set the host to 0.0.0.0 with `--host`.',
    );
  });

  it('keeps a table row with its header row as a table', async () => {
    const app = await fixtureApp();
    const { message } = await readAnswer(await postMessage(app, questionBody('retries flag default delivery attempts')));
    expect(answerText(message)).toContain('| Flag | Default | Meaning |\n| --- | --- | --- |');
    expect(answerText(message)).toContain('Delivery attempts per webhook');
  });

  it('says plainly that nothing matched, marks the answer notFound on finish, with no sources', async () => {
    const app = await fixtureApp();
    const response = await postMessage(app, questionBody('quantum chromodynamics lattice gauge'));
    const { chunks, message } = await readAnswer(response);
    expect(answerText(message)).toMatch(/^I could not find this in the docs\./);
    expect(sourcesOf(message)).toEqual([]);
    expect(chunks.at(-1)?.type).toBe('finish');
    expect(message.metadata).toEqual({ threadId: response.headers.get('x-thread-id'), notFound: true });
  });

  it('answers a question about a product the docs never name with "not in the docs" and the closest pages as links', async () => {
    const app = await fixtureApp();
    const { message } = await readAnswer(await postMessage(app, questionBody('How do I configure SAML for the relay?')));
    const text = answerText(message);
    expect(text).toMatch(/^I could not find this in the docs\. These pages are the closest:\n\n- \[/);
    expect(text).toContain('](https://relay.example/');
    expect(sourcesOf(message)).toEqual([]);
    expect(message.metadata).toMatchObject({ notFound: true });
  });

  it('says it in the language of the question: Chinese in either script, and Japanese', async () => {
    const app = await fixtureApp();
    const asked = async (question: string) => {
      const { message } = await readAnswer(await postMessage(app, questionBody(question)));
      expect(message.metadata).toMatchObject({ notFound: true });
      return answerText(message);
    };
    expect(await asked('中继支持 SAML 单点登录吗')).toMatch(/^文档中没有找到相关内容。(以下页面最接近：\n\n- \[|请换个说法再试)/);
    expect(await asked('中繼支援 SAML 單點登入嗎')).toMatch(/^文件中沒有找到相關內容。(以下頁面最接近：\n\n- \[|請換個說法再試)/);
    expect(await asked('リレーは SAML のシングルサインオンに対応していますか')).toMatch(/^ドキュメントには見つかりませんでした。(近いページ：\n\n- \[|コマンド)/);
  });

  it('applies the filter to frontmatter metadata', async () => {
    const app = await fixtureApp();
    const v1 = await readAnswer(await postMessage(app, questionBody('How many times is a failed delivery retried?', { filter: { version: 'v1' } })));
    expect(answerText(v1.message)).toContain('retried five times');
    expect(answerText(v1.message)).not.toContain('three times');

    const v2 = await readAnswer(await postMessage(app, questionBody('How many times is a failed delivery retried?', { filter: { version: 'v2' } })));
    expect(answerText(v2.message)).toContain('retried three times');
  });

  it('answers the last user message when the whole useChat history is sent', async () => {
    const app = await fixtureApp();
    const body = {
      fp: 'visitor-1',
      id: 'chat-1',
      trigger: 'submit-message',
      messages: [
        { id: 'a', role: 'user', parts: [{ type: 'text', text: 'How do I install with npm?' }] },
        {
          id: 'b',
          role: 'assistant',
          parts: [
            { type: 'step-start' },
            { type: 'source-url', sourceId: 's1', url: 'https://relay.example/guides/install', title: 'Install' },
            { type: 'text', text: 'Use npm.', state: 'done', providerMetadata: { any: { thing: 1 } } },
          ],
          metadata: { threadId: 'whatever' },
        },
        { id: 'c', role: 'user', parts: [{ type: 'text', text: 'How do I pull the Docker image?' }, { type: 'file', mediaType: 'image/png', url: 'data:,' }] },
      ],
      retrievalPageSize: 3,
      context: [],
    };
    const { message } = await readAnswer(await postMessage(app, body));
    expect(answerText(message)).toContain('docker pull acme/relay:latest');
  });

  it('ends with an error chunk (details only in the log) when retrieval fails, never hanging', async () => {
    const index = await fixtureIndex();
    const logged: string[] = [];
    const broken = { ...index, pageCount: index.pageCount, sectionCount: index.sectionCount, search: () => { throw new Error('index corrupted at /secret/path'); } };
    const app = await fixtureApp({ index: broken, log: (message) => logged.push(message) });
    const { chunks } = await readAnswer(await postMessage(app, questionBody('listening port')));
    expect(chunks).toContainEqual({ type: 'error', errorText: 'The answer failed on the server. Please try again.' });
    expect(chunks.at(-1)).toMatchObject({ type: 'finish', finishReason: 'error' });
    expect(logged.join('\n')).toContain('index corrupted at /secret/path');
  });
});
