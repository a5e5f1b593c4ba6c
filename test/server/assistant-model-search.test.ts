import type { LanguageModelV4CallOptions, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { MockLanguageModelV4 } from 'ai/test';
import { afterEach, describe, expect, it } from 'vitest';
import { createModelAnswerer, MAX_MODEL_SEARCHES } from '../../server/assistant/answerers.ts';
import { createLanguageModel, parseModelSpec } from '../../server/assistant/model.ts';
import { buildRewriteTurn, buildUserTurn, formatSources, REWRITE_PROMPT, SYSTEM_PROMPT } from '../../server/assistant/prompt.ts';
import { retrieveDocs } from '../../server/assistant/retrieve.ts';
import { startOpenAiPeer, type OpenAiPeer } from '../fixtures/agent/openaiPeer.ts';
import { answerText, finishThreadId, fixtureApp, fixtureIndex, postMessage, questionBody, readAnswer, sourcesOf } from './support/assistant.ts';

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};

/** One model step: text to answer with, or a search_docs call. */
type Step = string | { search: string };

function partsOf(step: Step, callId: number): LanguageModelV4StreamPart[] {
  if (typeof step === 'string') {
    return [
      { type: 'stream-start', warnings: [] },
      { type: 'text-start', id: 't' },
      ...step.split(/(?<= )/).map((delta): LanguageModelV4StreamPart => ({ type: 'text-delta', id: 't', delta })),
      { type: 'text-end', id: 't' },
      { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
    ];
  }
  return [
    { type: 'stream-start', warnings: [] },
    { type: 'tool-call', toolCallId: `call-${callId}`, toolName: 'search_docs', input: JSON.stringify({ query: step.search }) },
    { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage },
  ];
}

/** A model that answers the rewrite with `rewrite` and streams `steps` in order, one per call. */
function scriptedModel(steps: Step[], rewrite = ''): MockLanguageModelV4 {
  let call = 0;
  return new MockLanguageModelV4({
    doGenerate: async () => ({ content: [{ type: 'text', text: rewrite }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] }),
    doStream: async () => {
      const step = steps[Math.min(call, steps.length - 1)] as Step;
      const parts = partsOf(step, ++call);
      return {
        stream: new ReadableStream({
          start(controller) {
            for (const part of parts) controller.enqueue(part);
            controller.close();
          },
        }),
      };
    },
  });
}

function modelApp(model: Parameters<typeof createModelAnswerer>[0]['model']) {
  return fixtureApp({ answerer: createModelAnswerer({ model, maxOutputTokens: 512, timeoutMs: 30_000 }) });
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  return (content as { type: string; text?: string; output?: { value?: unknown } }[])
    .map((part) => (part.type === 'text' ? (part.text ?? '') : part.type === 'tool-result' ? String(part.output?.value ?? '') : ''))
    .join('');
}

function messagesOf(call: LanguageModelV4CallOptions | undefined): { role: string; text: string }[] {
  return (call?.prompt ?? []).map((message) => ({ role: message.role, text: textOf(message.content) }));
}

describe('given a model and a follow-up question', () => {
  it('rewrites the follow-up into a standalone query from the thread, searches with it and answers from what it found', async () => {
    const model = scriptedModel(['Use `--port` [1].', 'Retried three times [1].'], 'How many times is a failed delivery retried?');
    const app = await modelApp(model);
    const first = await readAnswer(await postMessage(app, questionBody('How do I change the listening port?')));
    expect(model.doGenerateCalls).toHaveLength(0);

    const followUp = await readAnswer(await postMessage(app, questionBody('and how often is that tried again?', { threadId: finishThreadId(first.chunks) })));
    const [rewriteCall] = model.doGenerateCalls;
    expect(messagesOf(rewriteCall)).toEqual([
      { role: 'system', text: REWRITE_PROMPT },
      {
        role: 'user',
        text: buildRewriteTurn('and how often is that tried again?', [
          { role: 'user', text: 'How do I change the listening port?' },
          { role: 'assistant', text: 'Use `--port` [1].' },
        ]),
      },
    ]);
    expect(sourcesOf(followUp.message)[0]).toEqual({ url: 'https://relay.example/reference/limits#retries', title: 'Delivery limits › Retries' });
    expect(messagesOf(model.doStreamCalls[1]).at(-1)?.text).toContain('A failed delivery is retried three times');
    expect(answerText(followUp.message)).toBe('Retried three times [1].');
  });

  it('searches with the question as asked when the rewrite fails', async () => {
    const model = scriptedModel(['Port answer.', 'Host answer.']);
    model.doGenerate = async () => {
      throw new Error('rewrite unavailable');
    };
    const app = await modelApp(model);
    const first = await readAnswer(await postMessage(app, questionBody('How do I change the listening port?')));
    const followUp = await readAnswer(await postMessage(app, questionBody('Which host does the relay bind to in a container?', { threadId: finishThreadId(first.chunks) })));
    expect(answerText(followUp.message)).toBe('Host answer.');
    expect(sourcesOf(followUp.message)[0]?.title).toBe('Configuration › Host');
  });
});

describe('given a model that searches the docs again', () => {
  it('gives it the new sections numbered after the first ones, and streams each as a source', async () => {
    const model = scriptedModel([{ search: 'docker image' }, 'Pull `acme/relay` [6].']);
    const app = await modelApp(model);
    const response = await postMessage(app, questionBody('How do I change the listening port?'));
    const { message } = await readAnswer(response);

    const index = await fixtureIndex();
    const first = retrieveDocs(index, 'How do I change the listening port?', [], { limit: 5, filter: null }).sections;
    const found = index
      .search('docker image', { limit: 5, filter: null })
      .map((hit) => hit.section)
      .filter((section) => !first.some((known) => known.id === section.id))
      .slice(0, 3);
    expect(found[0]?.id).toBe('/guides/install#install-with-docker');

    const toolResult = messagesOf(model.doStreamCalls[1]).find((entry) => entry.role === 'tool');
    expect(toolResult?.text).toBe(`<docs>\n${formatSources(found, first.length + 1)}\n</docs>`);
    expect(sourcesOf(message).map((source) => source.title)).toEqual([...first, ...found].map((section) => section.headingPath.join(' › ')));
    expect(answerText(message)).toBe('Pull `acme/relay` [6].');
  });

  it(`stops offering the tool after ${MAX_MODEL_SEARCHES} searches, so the last step answers`, async () => {
    const model = scriptedModel([{ search: 'port' }, { search: 'host' }, { search: 'docker' }, 'Answer from what I read.']);
    const app = await modelApp(model);
    const { message } = await readAnswer(await postMessage(app, questionBody('How do I change the listening port?')));
    expect(model.doStreamCalls).toHaveLength(MAX_MODEL_SEARCHES + 1);
    expect(model.doStreamCalls.slice(0, MAX_MODEL_SEARCHES).map((call) => call.tools?.map((offered) => offered.name))).toEqual([['search_docs'], ['search_docs'], ['search_docs']]);
    expect(model.doStreamCalls[MAX_MODEL_SEARCHES]?.tools ?? []).toEqual([]);
    expect(answerText(message)).toBe('Answer from what I read.');
  });

  it('marks the answer notFound when the model says the docs do not cover the question', async () => {
    const model = scriptedModel([{ search: 'saml single sign-on' }, 'I could not find this in the docs. The closest is [1].']);
    const app = await modelApp(model);
    const response = await postMessage(app, questionBody('How do I set up SAML?'));
    const { message } = await readAnswer(response);
    expect(message.metadata).toEqual({ threadId: response.headers.get('x-thread-id'), notFound: true });
  });

  it('marks it so in Chinese and Japanese too, and tells the model each language\'s sentence', async () => {
    for (const [question, reply] of [
      ['中继怎么配置 SAML', '文档中没有找到相关内容。最接近的是 [1]。'],
      ['リレーで SAML を設定するには', 'ドキュメントには見つかりませんでした。近いのは [1] です。'],
    ] as const) {
      const model = scriptedModel([reply]);
      const { message } = await readAnswer(await postMessage(await modelApp(model), questionBody(question)));
      expect(message.metadata).toMatchObject({ notFound: true });
      expect(JSON.stringify(model.doStreamCalls[0]?.prompt)).toContain(reply.slice(0, reply.indexOf('。') + 1));
    }
    const answered = scriptedModel(['中继的端口用 --port 设置 [1]。']);
    const { message } = await readAnswer(await postMessage(await modelApp(answered), questionBody('中继的端口怎么改')));
    expect(message.metadata).not.toHaveProperty('notFound');
  });
});

describe('given an OpenAI-compatible model over HTTP', () => {
  let peer: OpenAiPeer | undefined;
  afterEach(async () => {
    await peer?.close();
    peer = undefined;
  });

  it('receives exactly the system prompt and the grounded user turn, may search, and its answer streams to the reader', async () => {
    peer = await startOpenAiPeer((messages) =>
      messages.some((message) => message.role === 'tool') ? { text: 'Set `--port` [1]; Docker: `acme/relay` [6].' } : { toolCalls: [{ name: 'search_docs', arguments: { query: 'docker image' } }] },
    );
    const app = await modelApp(createLanguageModel(parseModelSpec(`openai-compatible:relay-model@${peer.baseURL}`)));
    const question = 'How do I change the listening port?';
    const { message } = await readAnswer(await postMessage(app, questionBody(question, { currentPath: '/guides/configuration' })));

    const sections = retrieveDocs(await fixtureIndex(), question, [], { limit: 5, filter: null, currentPath: '/guides/configuration' }).sections;
    expect(peer.requests[0]).toEqual([
      { role: 'system', content: SYSTEM_PROMPT },
      { role: 'user', content: buildUserTurn({ question, sections, currentPath: '/guides/configuration' }) },
    ]);
    expect(peer.tools[0]).toEqual(['search_docs']);
    const toolMessage = peer.requests[1]?.find((entry) => entry.role === 'tool');
    expect(toolMessage?.content).toContain(`<source id="${sections.length + 1}" title="Install › Install with Docker"`);
    expect(answerText(message)).toBe('Set `--port` [1]; Docker: `acme/relay` [6].');
    expect(sourcesOf(message).at(-1)?.title).toBe('Install › Install with Docker');
  });
});
