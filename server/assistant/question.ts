// Reading the question and the conversation out of the request's messages.
import { REQUEST_LIMITS } from '../../src/wire.ts';
import type { Turn } from './conversation.ts';
import type { RequestMessage } from './schema.ts';

/** The text of a message: its `text` parts joined, or the AI SDK 4 `content` string. */
export function messageText(message: RequestMessage): string {
  const texts = (message.parts ?? [])
    .filter((part) => part.type === 'text' && typeof part.text === 'string')
    .map((part) => part.text as string);
  if (texts.length > 0) return texts.join('\n').trim();
  return (message.content ?? '').trim();
}

export type QuestionResult = { ok: true; question: string; earlier: Turn[] } | { ok: false; error: string };

/** Source URLs kept per earlier answer: a follow-up's setting reads the first few. */
const MAX_TURN_SOURCES = 10;

/** The URLs of a message's `source-url` parts (the sources useChat kept with an earlier answer). */
function sourceUrls(message: RequestMessage): string[] {
  return (message.parts ?? [])
    .filter((part) => part.type === 'source-url' && typeof part['url'] === 'string')
    .slice(0, MAX_TURN_SOURCES)
    .map((part) => part['url'] as string);
}

/** Longest question answered; longer ones are almost always pasted logs, and they would dominate retrieval. */
export const QUESTION_MAX_LENGTH = REQUEST_LIMITS.questionLength;

/** The question is the last `user` message's text; earlier user/assistant text is the client-side history. */
export function readQuestion(messages: readonly RequestMessage[]): QuestionResult {
  const lastUserIndex = messages.findLastIndex((message) => message.role === 'user');
  const lastUser = messages[lastUserIndex];
  if (!lastUser) return { ok: false, error: 'messages: must contain a message with role "user"' };
  const question = messageText(lastUser);
  if (question === '') return { ok: false, error: `messages[${lastUserIndex}]: the last user message has no text` };
  if (question.length > QUESTION_MAX_LENGTH) {
    return { ok: false, error: `messages[${lastUserIndex}]: the question must be at most ${QUESTION_MAX_LENGTH} characters` };
  }
  const earlier = messages
    .slice(0, lastUserIndex)
    .filter((message) => message.role === 'user' || message.role === 'assistant')
    .map((message): Turn => {
      const sources = message.role === 'assistant' ? sourceUrls(message) : [];
      return { role: message.role as 'user' | 'assistant', text: messageText(message), ...(sources.length > 0 ? { sources } : {}) };
    })
    .filter((message) => message.text !== '');
  return { ok: true, question, earlier };
}
