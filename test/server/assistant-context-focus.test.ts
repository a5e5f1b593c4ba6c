// "What does this do?" asked about a code block or a selection has no topic words of its own: the
// answer must come from the context's words, not say that nothing matched.
import { describe, expect, it } from 'vitest';
import { answerText, fixtureApp, postMessage, questionBody, readAnswer, sourcesOf } from './support/assistant.ts';

describe('given a question with no topic words of its own', () => {
  it('answers from the code block it was asked about', async () => {
    const app = await fixtureApp();
    const body = questionBody('What does this do?', { context: [{ type: 'code', value: 'relay --port 5050', path: '/guides/configuration' }] });
    const { message } = await readAnswer(await postMessage(app, body));
    expect(sourcesOf(message)[0]?.url).toBe('https://relay.example/guides/configuration#port');
    expect(answerText(message)).toContain('The relay listens on port 4040 by default.');
  });

  it('answers it about the product the docs are about when it comes with no context and no conversation before it', async () => {
    const app = await fixtureApp();
    const { message } = await readAnswer(await postMessage(app, questionBody('What does this do?')));
    expect(sourcesOf(message)[0]?.url).toBe('https://relay.example/#acme-relay');
    expect(answerText(message)).toContain('Acme Relay forwards webhooks from the internet to a port on your machine.');
  });
});
