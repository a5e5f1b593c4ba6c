import { describe, expect, it } from 'vitest';
import { ADMIN_KEY, ASSISTANT_KEY, finishThreadId, fixtureApp, postMessage, questionBody, readAnswer } from './support/assistant.ts';

const FEEDBACK = '/discovery/v2/assistant/docs/feedback';

function rate(app: Awaited<ReturnType<typeof fixtureApp>>, body: unknown, key: string | null = ASSISTANT_KEY) {
  return app.request(FEEDBACK, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body: JSON.stringify(body),
  });
}

async function answered(app: Awaited<ReturnType<typeof fixtureApp>>, question: string) {
  const { chunks } = await readAnswer(await postMessage(app, questionBody(question)));
  const start = chunks.find((chunk) => chunk.type === 'start') as { messageId: string };
  return { threadId: finishThreadId(chunks) as string, messageId: start.messageId };
}

describe('given an answer a reader rates', () => {
  it('stores the rating with its reason, replaces it when rated again, and lists it to an admin key with the exchange', async () => {
    const app = await fixtureApp();
    const { threadId, messageId } = await answered(app, 'How do I change the listening port?');
    expect((await rate(app, { threadId, messageId, rating: 'down', reason: '  It did not say which file.  ' })).status).toBe(204);

    const list = await app.request(`${FEEDBACK}?limit=10`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } });
    expect(list.status).toBe(200);
    const { feedback } = (await list.json()) as { feedback: Record<string, unknown>[] };
    expect(feedback).toEqual([
      {
        threadId,
        messageId,
        rating: 'down',
        reason: 'It did not say which file.',
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        question: 'How do I change the listening port?',
        answer: expect.stringContaining('Change the listening port with the `--port` flag.'),
      },
    ]);

    expect((await rate(app, { threadId, messageId, rating: 'up' })).status).toBe(204);
    const again = (await (await app.request(FEEDBACK, { headers: { authorization: `Bearer ${ADMIN_KEY}` } })).json()) as { feedback: Record<string, unknown>[] };
    expect(again.feedback).toEqual([expect.objectContaining({ rating: 'up', reason: null })]);
  });

  it('answers 400 naming the field, 404 for an unknown thread or answer, 401 and 403 by key', async () => {
    const app = await fixtureApp();
    const { threadId, messageId } = await answered(app, 'How do I change the listening port?');
    const bad = await rate(app, { threadId, messageId, rating: 'meh' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'rating: must be one of "up", "down"' });
    expect(await (await rate(app, { threadId, messageId, rating: 'up', reason: 'x'.repeat(1001) })).json()).toEqual({ error: 'reason: must be at most 1000 characters' });
    expect((await rate(app, { threadId: 'nope', messageId, rating: 'up' })).status).toBe(404);
    expect(await (await rate(app, { threadId, messageId: 'msg_other', rating: 'up' })).json()).toEqual({ error: 'messageId: no answer of this thread has this id' });
    expect((await rate(app, { threadId, messageId, rating: 'up' }, null)).status).toBe(401);
    expect((await rate(app, { threadId, messageId, rating: 'up' }, ADMIN_KEY)).status).toBe(403);
    expect((await app.request(FEEDBACK, { headers: { authorization: `Bearer ${ASSISTANT_KEY}` } })).status).toBe(403);
    expect((await app.request(FEEDBACK)).status).toBe(401);
  });
});
