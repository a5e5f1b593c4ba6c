import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { createModelAnswerer } from '../../server/assistant/answerers.ts';
import { ADMIN_KEY, ASSISTANT_KEY, fixtureApp, postMessage, questionBody, readAnswer, sourcesOf } from './support/assistant.ts';

const QUESTIONS = '/discovery/v2/assistant/docs/questions';

function list(app: Awaited<ReturnType<typeof fixtureApp>>, query = '', key: string | null = ADMIN_KEY) {
  return app.request(`${QUESTIONS}${query}`, { headers: key ? { authorization: `Bearer ${key}` } : {} });
}

describe('given readers who asked questions, one of them about something the docs do not cover', () => {
  it('lists every question to an admin key, newest first, with the sources of its answer, and the uncovered ones alone on request', async () => {
    const app = await fixtureApp();
    await readAnswer(await postMessage(app, questionBody('How do I change the listening port?')));
    await readAnswer(await postMessage(app, questionBody('Can I pay for a support contract by invoice?')));

    const all = await list(app, '?limit=10');
    expect(all.status).toBe(200);
    const { questions } = (await all.json()) as { questions: Record<string, unknown>[] };
    expect(questions).toEqual([
      {
        threadId: expect.any(String),
        messageId: expect.stringMatching(/^msg_/),
        question: 'Can I pay for a support contract by invoice?',
        notFound: true,
        sources: [],
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
      expect.objectContaining({ question: 'How do I change the listening port?', notFound: false, sources: expect.arrayContaining([expect.objectContaining({ title: expect.any(String), url: expect.any(String) })]) }),
    ]);

    const uncovered = (await (await list(app, '?notFound=true')).json()) as { questions: { question: string }[] };
    expect(uncovered.questions.map((asked) => asked.question)).toEqual(['Can I pay for a support contract by invoice?']);
  });

  it('keeps a greeting out of the uncovered ones, and lists a model\'s answer that says the docs do not cover it, sources and all', async () => {
    const extractive = await fixtureApp();
    await readAnswer(await postMessage(extractive, questionBody('hello')));
    await readAnswer(await postMessage(extractive, questionBody('Can I pay for a support contract by invoice?')));
    const uncovered = (await (await list(extractive, '?notFound=true')).json()) as { questions: { question: string }[] };
    expect(uncovered.questions.map((asked) => asked.question)).toEqual(['Can I pay for a support contract by invoice?']);

    const model = new MockLanguageModelV4({ doStream: async () => ({ stream: modelStream('I could not find this in the docs.') }) });
    const withModel = await fixtureApp({ answerer: createModelAnswerer({ model, maxOutputTokens: 512, timeoutMs: 30_000 }) });
    const { message } = await readAnswer(await postMessage(withModel, questionBody('How do I change the listening port on Windows 95?')));
    expect(sourcesOf(message).length).toBeGreaterThan(0);
    const listed = (await (await list(withModel, '?notFound=true')).json()) as { questions: { question: string; notFound: boolean; sources: unknown[] }[] };
    expect(listed.questions).toEqual([expect.objectContaining({ question: 'How do I change the listening port on Windows 95?', notFound: true, sources: sourcesOf(message).map(({ url, title }) => ({ url, title })) })]);
  });

  it('answers 400 naming the parameter, and 401 or 403 to a missing or an assistant key', async () => {
    const app = await fixtureApp();
    expect(await (await list(app, '?notFound=yes')).json()).toEqual({ error: 'notFound: must be "true" or "false"' });
    expect(await (await list(app, '?limit=0')).json()).toEqual({ error: 'limit: must be a whole number from 1 to 500' });
    expect((await list(app, '', ASSISTANT_KEY)).status).toBe(403);
    expect((await list(app, '', null)).status).toBe(401);
  });
});

/** A model's stream writing `text` in one delta. */
function modelStream(text: string): ReadableStream<LanguageModelV4StreamPart> {
  const parts: LanguageModelV4StreamPart[] = [
    { type: 'stream-start', warnings: [] },
    { type: 'text-start', id: 't' },
    { type: 'text-delta', id: 't', delta: text },
    { type: 'text-end', id: 't' },
    { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 5, text: 5, reasoning: 0 } } },
  ];
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      controller.close();
    },
  });
}
