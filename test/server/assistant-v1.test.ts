import { MockLanguageModelV4 } from 'ai/test';
import { afterEach, describe, expect, it } from 'vitest';
import { createModelAnswerer } from '../../server/assistant/answerers.ts';
import { callChatApi, processDataStream, type Message } from '../clients/ai4/index.ts';
import { ADMIN_KEY, ASSISTANT_KEY, answerText, fixtureApp, postMessage, questionBody, readAnswer, sourcesOf } from './support/assistant.ts';
import { listen, preflight } from './support/http.ts';

const V1_PATH = '/discovery/v1/assistant/docs/message';

let closeServer: (() => Promise<void>) | undefined;
afterEach(async () => {
  await closeServer?.();
  closeServer = undefined;
});

async function serveFixture(overrides: Parameters<typeof fixtureApp>[0] = {}): Promise<string> {
  const { url, close } = await listen(await fixtureApp(overrides));
  closeServer = close;
  return url;
}

/** What AI SDK 4's useChat would do: callChatApi with the data protocol, v4-shaped messages. */
async function askWithAi4(url: string, messages: Omit<Message, 'id'>[], extra: Record<string, unknown> = {}) {
  let finished: { message: Message; finishReason: string } | undefined;
  let threadHeader: string | null = null;
  await callChatApi({
    api: `${url}${V1_PATH}`,
    body: { id: 'chat-1', messages: messages.map((message, index) => ({ id: `m${index}`, ...message })), fp: 'visitor-1', ...extra },
    streamProtocol: 'data',
    credentials: undefined,
    headers: { Authorization: `Bearer ${ASSISTANT_KEY}` },
    abortController: () => new AbortController(),
    restoreMessagesOnFailure: () => {},
    onResponse: (response) => {
      threadHeader = response.headers.get('x-thread-id');
    },
    onUpdate: () => {},
    onFinish: (message, { finishReason }) => {
      finished = { message, finishReason };
    },
    onToolCall: undefined,
    generateId: () => 'generated',
    lastMessage: undefined,
    fetch: globalThis.fetch,
  });
  if (!finished) throw new Error('the AI SDK 4 client never finished');
  return { ...finished, threadHeader: threadHeader as string | null };
}

function textOf(message: Message): string {
  return message.content;
}

function sourcesIn(message: Message): { url: string; title?: string }[] {
  return (message.parts ?? []).flatMap((part) => (part.type === 'source' ? [{ url: part.source.url, ...(part.source.title ? { title: part.source.title } : {}) }] : []));
}

describe('given an AI SDK 4 client (useChat with streamProtocol "data")', () => {
  it('gets the same answer and sources as v2, the thread in X-Thread-Id and as a message annotation', async () => {
    const url = await serveFixture();
    const question = 'How do I change the listening port?';
    const v1 = await askWithAi4(url, [{ role: 'user', content: question }]);

    const v2 = await readAnswer(await postMessage(await fixtureApp(), questionBody(question)));
    expect(textOf(v1.message)).toBe(answerText(v2.message));
    expect(sourcesIn(v1.message)).toEqual(sourcesOf(v2.message));
    expect(v1.finishReason).toBe('stop');
    expect(v1.threadHeader).toMatch(/^[\w-]{32}$/);
    expect(v1.message.annotations).toEqual([{ threadId: v1.threadHeader }]);
  });

  it('continues the thread from a v4 history (content strings, system and data messages) with the threadId', async () => {
    const url = await serveFixture();
    const first = await askWithAi4(url, [{ role: 'user', content: 'How do I change the listening port?' }]);
    const followUp = await askWithAi4(
      url,
      [
        { role: 'system', content: 'You are helpful.' },
        { role: 'user', content: 'How do I change the listening port?' },
        { role: 'assistant', content: textOf(first.message) },
        { role: 'data', content: '{"page":"/guides"}' },
        { role: 'user', content: 'Which host does the relay bind to in a container?' },
      ],
      { threadId: first.threadHeader },
    );
    expect(followUp.threadHeader).toBe(first.threadHeader);
    expect(textOf(followUp.message)).toContain('Inside a container, set the host to 0.0.0.0');
  });

  it('marks an answer the docs do not cover with notFound in the annotation and the finish part', async () => {
    const url = await serveFixture();
    const { message, threadHeader } = await askWithAi4(url, [{ role: 'user', content: 'quantum chromodynamics lattice gauge' }]);
    expect(textOf(message)).toMatch(/^I could not find this in the docs\./);
    expect(message.annotations).toEqual([{ threadId: threadHeader, notFound: true }]);
  });
});

describe('given the raw v1 stream', () => {
  it('is a data stream whose every line AI SDK 4 parses, ending with finish parts that carry the thread', async () => {
    const url = await serveFixture();
    const response = await fetch(`${url}${V1_PATH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ASSISTANT_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ fp: 'anonymous', messages: [{ role: 'user', content: 'retries flag default delivery attempts' }] }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-vercel-ai-data-stream')).toBe('v1');
    const raw = await response.clone().text();
    const kinds: string[] = [];
    let text = '';
    const seen = (kind: string) => () => {
      kinds.push(kind);
    };
    await processDataStream({
      stream: response.body as ReadableStream<Uint8Array>,
      onTextPart: (delta) => {
        kinds.push('text');
        text += delta;
      },
      onSourcePart: seen('source'),
      onStartStepPart: seen('start_step'),
      onFinishStepPart: seen('finish_step'),
      onFinishMessagePart: seen('finish_message'),
      onMessageAnnotationsPart: seen('annotations'),
      onErrorPart: seen('error'),
    });
    const lines = raw.trimEnd().split('\n');
    expect(kinds).toHaveLength(lines.length);
    expect(kinds[0]).toBe('start_step');
    expect(kinds.filter((kind) => kind === 'source').length).toBeGreaterThan(0);
    expect(kinds.indexOf('source')).toBeLessThan(kinds.indexOf('text'));
    expect(kinds.slice(-3)).toEqual(['annotations', 'finish_step', 'finish_message']);
    expect(JSON.parse(lines.at(-1)?.slice(2) ?? '{}')).toEqual({ finishReason: 'stop', usage: { promptTokens: 0, completionTokens: 0 }, threadId: response.headers.get('x-thread-id') });
    expect(text).toContain('| Flag | Default | Meaning |');
  });
});

function post(url: string, body: unknown, key: string | null = ASSISTANT_KEY, origin?: string): Promise<Response> {
  return fetch(`${url}${V1_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}), ...(origin ? { origin } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

describe('given a bad v1 request', () => {
  const valid = { fp: 'anonymous', messages: [{ role: 'user', content: 'port' }] };

  it('answers 401 without a key, 403 with an admin key, 400 naming the field, 413 past 1 MB, 404 for an unknown thread or domain, with CORS', async () => {
    const url = await serveFixture();
    const noKey = await post(url, valid, null, 'https://docs.example');
    expect(noKey.status).toBe(401);
    expect(noKey.headers.get('access-control-allow-origin')).toBe('*');
    expect((await post(url, valid, ADMIN_KEY)).status).toBe(403);
    const badSize = await post(url, { ...valid, retrievalPageSize: 99 });
    expect(badSize.status).toBe(400);
    expect(await badSize.json()).toEqual({ error: 'retrievalPageSize: must be at most 20' });
    expect(await (await post(url, '{nope')).json()).toEqual({ error: 'body: malformed JSON' });
    const noQuestion = await post(url, { fp: 'anonymous', messages: [{ role: 'assistant', content: 'hi' }] });
    expect(noQuestion.status).toBe(400);
    expect((await post(url, { ...valid, threadId: 'no-such-thread' })).status).toBe(404);
    expect((await post(url, { ...valid, fp: 'x'.repeat(2_000_000) })).status).toBe(413);
    const wrongDomain = await fetch(`${url}/discovery/v1/assistant/other/message`, { method: 'POST', headers: { authorization: `Bearer ${ASSISTANT_KEY}` }, body: '{}' });
    expect(await wrongDomain.json()).toEqual({ error: 'domain: unknown domain "other"' });
  });

  it('answers the CORS preflight exposing the thread headers', async () => {
    const url = await serveFixture();
    const answer = await preflight(`${url}${V1_PATH}`, 'authorization, content-type');
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('access-control-allow-headers')).toBe('authorization,content-type');
  });

  it('counts v1 and v2 questions against the same limits', async () => {
    const url = await serveFixture({ limits: { perIpDay: 2 } });
    expect((await post(url, valid)).status).toBe(200);
    const v2 = await fetch(`${url}/discovery/v2/assistant/docs/message`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ASSISTANT_KEY}` },
      body: JSON.stringify(questionBody('port')),
    });
    expect(v2.status).toBe(200);
    await v2.text();
    const third = await post(url, valid);
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe('given a model that fails', () => {
  it('ends the v1 stream with an error part AI SDK 4 reports, then the finish parts', async () => {
    const model = new MockLanguageModelV4({
      doStream: async () => {
        throw new Error('Incorrect API key provided');
      },
    });
    const url = await serveFixture({ answerer: createModelAnswerer({ model, maxOutputTokens: 64, timeoutMs: 10_000 }) });
    const response = await fetch(`${url}${V1_PATH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ASSISTANT_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ fp: 'anonymous', messages: [{ role: 'user', content: 'How do I change the listening port?' }] }),
    });
    const errors: string[] = [];
    let finishReason = '';
    await processDataStream({
      stream: response.body as ReadableStream<Uint8Array>,
      onErrorPart: (error) => {
        errors.push(error);
      },
      onFinishMessagePart: (part) => {
        finishReason = part.finishReason;
      },
    });
    // A fixed sentence: the provider's own text stays in the server log.
    expect(errors).toEqual(['The language model is unavailable right now. Please try again later.']);
    expect(finishReason).toBe('error');
  });
});
