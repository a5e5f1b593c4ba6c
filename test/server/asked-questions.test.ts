import { describe, expect, it } from 'vitest';
import { ADMIN_KEY, ASSISTANT_KEY, fixtureApp, postMessage, questionBody, readAnswer } from './support/assistant.ts';

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

  it('answers 400 naming the parameter, and 401 or 403 to a missing or an assistant key', async () => {
    const app = await fixtureApp();
    expect(await (await list(app, '?notFound=yes')).json()).toEqual({ error: 'notFound: must be "true" or "false"' });
    expect(await (await list(app, '?limit=0')).json()).toEqual({ error: 'limit: must be a whole number from 1 to 500' });
    expect((await list(app, '', ASSISTANT_KEY)).status).toBe(403);
    expect((await list(app, '', null)).status).toBe(401);
  });
});
