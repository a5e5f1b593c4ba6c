import { describe, expect, it } from 'vitest';
import { retrievalFor, type Turn } from '../../server/assistant/conversation.ts';
import { smallTalkOf } from '../../server/assistant/smallTalk.ts';
import { createModelAnswerer } from '../../server/assistant/answerers.ts';
import { MockLanguageModelV4 } from 'ai/test';
import { answerText, fixtureApp, postMessage, questionBody, readAnswer, sourcesOf } from './support/assistant.ts';

describe('given a message that is no question about the docs (extractive answers)', () => {
  it('answers a greeting by saying what to ask, with no sources and not as a question the docs could not answer', async () => {
    const app = await fixtureApp();
    const response = await postMessage(app, questionBody('Hello!'));
    const { message } = await readAnswer(response);
    // Before, a reader who said hello was told "I could not find this in the docs."
    expect(answerText(message)).toBe('Hello! Ask me anything about these docs: I answer with the passages that answer it, and link each one to its source.');
    expect(sourcesOf(message)).toEqual([]);
    expect(message.metadata).toEqual({ threadId: response.headers.get('x-thread-id') });
  });

  it('answers thanks and a question about the assistant itself, in the reader\'s language', async () => {
    const app = await fixtureApp();
    const answered = async (text: string) => answerText((await readAnswer(await postMessage(app, questionBody(text)))).message);
    expect(await answered('thanks a lot')).toBe('You are welcome. Ask another question any time.');
    expect(await answered('What can you do?')).toMatch(/^I answer questions about these docs by quoting the passages that answer them/);
    expect(await answered('谢谢！')).toBe('不客气。有其他问题随时问我。');
    expect(await answered('こんにちは')).toMatch(/^こんにちは。このドキュメントについて何でも質問してください。/);
    expect(await answered('안녕하세요')).toMatch(/^안녕하세요! 이 문서에 대해 무엇이든 물어보세요\./);
  });

  it('answers it the same way with a model, which is not called: told to answer from the docs, it said they had nothing', async () => {
    const model = new MockLanguageModelV4({ doStream: async () => { throw new Error('the model is not asked'); } });
    const app = await fixtureApp({ answerer: createModelAnswerer({ model, maxOutputTokens: 64, timeoutMs: 30_000 }) });
    const response = await postMessage(app, questionBody('hi!'));
    const { message } = await readAnswer(response);
    expect(answerText(message)).toBe('Hello! Ask me anything about these docs: I answer with the passages that answer it, and link each one to its source.');
    expect(message.metadata).toEqual({ threadId: response.headers.get('x-thread-id') });
    expect(model.doStreamCalls).toHaveLength(0);
  });

  it('reads only a whole message of such words as small talk: a question that says hello or thanks is a question', () => {
    for (const question of ['hi', 'Hey there 👋', 'good morning', 'ok, thanks!', 'Who are you?', '你好', 'ありがとうございます', '你能做什么？']) expect(smallTalkOf(question)).toBeDefined();
    // A call for help names nothing to look up: it is asked what the assistant can do.
    for (const question of ['help', 'Help me!', 'I need help', '帮助', '帮帮我', 'ヘルプ', '助けて', '도와주세요']) expect(smallTalkOf(question)).toBe('about');
    for (const question of ['How do I say hello from a handler?', 'thanks to the cache, is it faster?', 'help me set up CORS', 'hello world example', 'What does --help print?', '帮助文档在哪']) {
      expect(smallTalkOf(question)).toBeUndefined();
    }
  });
});

describe('given a greeting or thanks between two questions', () => {
  it('follows the question before it, not the thanks: "and the launcher?" after "thanks!" is still about colors', () => {
    const history: Turn[] = [
      { role: 'user', text: 'How do I change the colors?' },
      { role: 'assistant', text: '**[Theming › Colors](/theming#colors)**\n\nSet the accent variable.', sources: ['/theming#colors'] },
      { role: 'user', text: 'thanks!' },
      { role: 'assistant', text: 'You are welcome. Ask another question any time.' },
    ];
    // The thanks was the setting, and the follow-up had nothing to lean on.
    expect(retrievalFor('and the launcher?', history)).toMatchObject({ setting: 'How do I change the colors?', settingSources: ['/theming#colors'] });
  });
});
