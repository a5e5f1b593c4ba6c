// The two ways to answer: quoting the docs (default) or generating with a model grounded in them.
import { streamText, type LanguageModel, type ModelMessage } from 'ai';
import type { Section } from '../docs/types.ts';
import type { AssistantContextItem } from '../../src/wire.ts';
import { composeExtractiveAnswer, composeNotFoundAnswer, NOT_IN_DOCS, splitIntoDeltas } from './extractive.ts';
import { buildUserTurn, SYSTEM_PROMPT } from './prompt.ts';

export interface AnswerInput {
  question: string;
  /** Retrieved sections, best first. */
  sections: Section[];
  /** Stemmed terms of the question: what the answer is about. */
  terms: string[];
  /** Stemmed terms of the previous question when this one is a short follow-up: the setting. */
  contextTerms: string[];
  /** Earlier turns of the conversation, oldest first. */
  history: { role: 'user' | 'assistant'; text: string }[];
  context?: AssistantContextItem[];
  currentPath?: string;
  /** Retrieval judged that the docs do not cover the question (see retrieve.ts). */
  notFound: boolean;
  /** The closest pages, when `notFound`. */
  suggestions: Section[];
  /** Normalized text of the context items found in the docs: the reader has read them, so quotes leave them out. */
  locatedContext: string[];
  /** The question only points at the located context ("explain this"). */
  aboutContext: boolean;
  /** Aborts when the client disconnects. */
  signal: AbortSignal;
}

export interface AnswerPlan {
  /** Sections the answer is drawn from; each becomes one `source-url` chunk before the text. */
  sources: Section[];
  /** The answer text in small pieces; throws an AnswerError when the answer fails midway. */
  deltas: AsyncIterable<string>;
  /** Read once the text is done: whether the answer says the docs do not cover the question. */
  notFound(): boolean;
}

export type Answerer = (input: AnswerInput) => AnswerPlan;

/** A failure whose message is fit to show the reader. */
export class AnswerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AnswerError';
  }
}

export function createExtractiveAnswerer(): Answerer {
  return (input) => {
    const answer = input.notFound
      ? composeNotFoundAnswer(input.suggestions)
      : composeExtractiveAnswer(input.sections, { terms: input.terms, contextTerms: input.contextTerms, readContext: input.locatedContext, onlyLead: input.aboutContext });
    async function* deltas() {
      for (const delta of splitIntoDeltas(answer.text)) {
        if (input.signal.aborted) return;
        yield delta;
      }
    }
    return { sources: answer.sections, deltas: deltas(), notFound: () => answer.text.startsWith(NOT_IN_DOCS) };
  };
}

export interface ModelAnswererOptions {
  model: LanguageModel;
  /** Cap on generated tokens per answer. */
  maxOutputTokens: number;
  /** Wall-time cap per answer in milliseconds; past it the generation is aborted and the reader told. */
  timeoutMs: number;
}

/** Short and readable: provider errors carry a status text or message; never a stack. */
function describeModelError(error: unknown): string {
  // After retries the AI SDK wraps the cause ("Failed after 2 attempts. Last error: ..."); the cause reads better.
  const cause = error instanceof Error && 'lastError' in error && error.lastError instanceof Error ? error.lastError : error;
  const message = cause instanceof Error ? cause.message : typeof cause === 'string' ? cause : 'unknown error';
  return `The language model failed: ${message.slice(0, 300)}`;
}

export function createModelAnswerer(options: ModelAnswererOptions): Answerer {
  return (input) => {
    const messages: ModelMessage[] = [
      ...input.history.map((turn): ModelMessage => ({ role: turn.role, content: turn.text })),
      { role: 'user', content: buildUserTurn(input) },
    ];
    let text = '';
    async function* deltas() {
      const timeout = AbortSignal.timeout(options.timeoutMs);
      const result = streamText({
        model: options.model,
        system: SYSTEM_PROMPT,
        messages,
        maxOutputTokens: options.maxOutputTokens,
        maxRetries: 1,
        abortSignal: AbortSignal.any([input.signal, timeout]),
        // Errors arrive as stream parts below and reach the reader; the default handler would only log them.
        onError: () => {},
      });
      for await (const part of result.stream) {
        if (part.type === 'text-delta') {
          text += part.text;
          yield part.text;
        }
        else if (part.type === 'error') throw new AnswerError(describeModelError(part.error));
        else if (part.type === 'abort') {
          if (timeout.aborted && !input.signal.aborted) {
            const limit = options.timeoutMs >= 1000 ? `${Math.round(options.timeoutMs / 1000)} s` : `${options.timeoutMs} ms`;
            throw new AnswerError(`The answer took longer than ${limit} and was stopped.`);
          }
          return;
        }
      }
    }
    // The system prompt has the model open with NOT_IN_DOCS when the excerpts do not answer.
    return { sources: input.sections, deltas: deltas(), notFound: () => text.trimStart().startsWith(NOT_IN_DOCS) };
  };
}
