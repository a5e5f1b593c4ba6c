// The two ways to answer: quoting the docs (default) or generating with a model grounded in them.
import { generateText, isStepCount, streamText, tool, type LanguageModel, type ModelMessage } from 'ai';
import { z } from 'zod';
import type { Section } from '../docs/types.ts';
import type { AssistantContextItem } from '../../src/wire.ts';
import { opensNotInDocs, phrasesFor } from './answerPhrases.ts';
import { composeExtractiveAnswer, composeNotFoundAnswer, composePageOverview, splitIntoDeltas } from './extractive.ts';
import type { Turn } from './conversation.ts';
import { buildRewriteTurn, buildUserTurn, formatSources, REWRITE_PROMPT, systemPrompt } from './prompt.ts';
import type { RetrievedDocs } from './retrieve.ts';
import { classifyModelError, MODEL_FAILURE_TEXT, modelErrorDetail } from './modelErrors.ts';
import { smallTalkOf } from './smallTalk.ts';

export interface AnswerInput {
  question: string;
  /** Earlier turns of the conversation, oldest first. */
  history: Turn[];
  context?: AssistantContextItem[];
  currentPath?: string;
  /**
   * Retrieval with the request's filter, page and context (retrieve.ts): sections, terms, notFound,
   * suggestions for a wording of the question (as asked, or a model's standalone rewrite of a follow-up);
   * `history` is what the wording still leans on. Called once per answer, by the answerer.
   */
  retrieve: (question: string, history: readonly Turn[]) => RetrievedDocs;
  /** A plain search with the request's filter and page (no context): a model's extra searches. */
  search: (query: string) => Section[];
  /** Aborts when the client disconnects. */
  signal: AbortSignal;
}

export interface AnswerPlan {
  /**
   * Sections the answer is drawn from; each becomes one `source-url` chunk. Those known before the text
   * go first; the list may grow while the text streams (a model's searches), and each new one is sent then.
   */
  sources: Section[];
  /** The answer text in small pieces; throws an AnswerError when the answer fails midway. */
  deltas: AsyncIterable<string>;
  /** Read once the text is done: whether the answer says the docs do not cover the question. */
  notFound(): boolean;
}

export type Answerer = (input: AnswerInput) => AnswerPlan | Promise<AnswerPlan>;

/** A failure whose message is fit to show the reader. */
export class AnswerError extends Error {
  /** What the server log gets besides the message (never sent to the reader). */
  readonly detail: string | undefined;

  constructor(message: string, detail?: string) {
    super(message);
    this.name = 'AnswerError';
    this.detail = detail;
  }
}

export function createExtractiveAnswerer(): Answerer {
  return (input) => {
    const smallTalk = smallTalkAnswer(input);
    if (smallTalk) return smallTalk;
    const phrases = phrasesFor(input.question);
    const retrieved = input.retrieve(input.question, input.history);
    const answer = retrieved.notFound
      ? composeNotFoundAnswer(retrieved.suggestions, phrases)
      : retrieved.aboutPage
        ? composePageOverview(retrieved.aboutPage, phrases)
        : composeExtractiveAnswer(retrieved.sections, {
          terms: retrieved.terms,
          question: input.question,
          contextTerms: retrieved.contextTerms,
          readContext: retrieved.locatedContext,
          onlyLead: retrieved.aboutContext,
          unknownNames: retrieved.unknownNames,
          ...(retrieved.usage ? { usage: retrieved.usage } : {}),
          ...(retrieved.outline ? { outline: retrieved.outline } : {}),
          ...(retrieved.nextSteps ? { nextSteps: retrieved.nextSteps } : {}),
          ...(retrieved.partSections ? { partSections: retrieved.partSections } : {}),
          phrases,
        });
    return { sources: answer.sections, deltas: deltasOf(answer.text, input.signal), notFound: () => answer.notFound };
  };
}

/**
 * A greeting, thanks or a question about the assistant (smallTalk.ts), answered with a line of the reader's language:
 * nothing to search, and a model told to answer from the docs opened with "I could not find this in the docs." to a
 * reader who said hello. With a passage attached, the message is about that passage.
 */
function smallTalkAnswer(input: AnswerInput): AnswerPlan | undefined {
  const smallTalk = (input.context?.length ?? 0) === 0 ? smallTalkOf(input.question) : undefined;
  return smallTalk ? { sources: [], deltas: deltasOf(phrasesFor(input.question)[smallTalk], input.signal), notFound: () => false } : undefined;
}

/** An answer's text in the small pieces a stream sends, until the reader stops it. */
async function* deltasOf(text: string, signal: AbortSignal): AsyncGenerator<string> {
  for (const delta of splitIntoDeltas(text)) {
    if (signal.aborted) return;
    yield delta;
  }
}

export interface ModelAnswererOptions {
  model: LanguageModel;
  /** Cap on generated tokens per answer. */
  maxOutputTokens: number;
  /** Wall-time cap per answer in milliseconds; past it the generation is aborted and the reader told. */
  timeoutMs: number;
  /** The site's own instructions (assistant.md), added to the system prompt. */
  siteInstructions?: string;
}

/** The reader's fixed sentence for the kind of failure; the provider's own text only for the log (modelErrors.ts). */
function modelFailure(error: unknown): AnswerError {
  return new AnswerError(MODEL_FAILURE_TEXT[classifyModelError(error)], `language model failed: ${modelErrorDetail(error)}`);
}

/** Searches the model may run beyond the first retrieval, and the sections each adds at most. */
export const MAX_MODEL_SEARCHES = 3;
const SECTIONS_PER_SEARCH = 3;
/** A rewritten query longer than this is not a query: the original question is searched instead. */
const MAX_REWRITE_CHARS = 300;

export function createModelAnswerer(options: ModelAnswererOptions): Answerer {
  return async (input) => {
    const smallTalk = smallTalkAnswer(input);
    if (smallTalk) return smallTalk;
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const abortSignal = AbortSignal.any([input.signal, timeout]);
    const timedOut = () => {
      const limit = options.timeoutMs >= 1000 ? `${Math.round(options.timeoutMs / 1000)} s` : `${options.timeoutMs} ms`;
      return new AnswerError(`The answer took longer than ${limit} and was stopped.`);
    };
    // A follow-up ("and for objects?") is searched as the standalone question it stands for.
    const standalone =
      input.history.length === 0
        ? undefined
        : await standaloneQuery(options.model, input.question, input.history, abortSignal).catch((error: unknown) => {
            if (timeout.aborted && !input.signal.aborted) throw timedOut();
            if (input.signal.aborted) throw error;
            // The rewrite is an aid: when it fails, the question is searched as asked, with its follow-up handling.
            return undefined;
          });
    const retrieved =
      standalone !== undefined && standalone !== input.question ? input.retrieve(standalone, []) : input.retrieve(input.question, input.history);
    // The usage example of the page the question lands on, beside its opening, as the extractive answer shows it.
    const usage = retrieved.usage && !retrieved.sections.some((section) => section.id === retrieved.usage?.id) ? [retrieved.usage] : [];
    const sources = [...retrieved.sections.slice(0, 1), ...usage, ...retrieved.sections.slice(1)];
    const messages: ModelMessage[] = [
      ...input.history.map((turn): ModelMessage => ({ role: turn.role, content: turn.text })),
      { role: 'user', content: buildUserTurn({ ...input, sections: sources }) },
    ];
    let searches = 0;
    const tools = {
      search_docs: tool({
        description:
          'Search the documentation again, with other words, when the excerpts do not answer the question. Returns more numbered excerpts to cite.',
        inputSchema: z.object({ query: z.string().min(1).max(200).describe('Search words, in the language of the documentation') }),
        execute: async ({ query }: { query: string }) => {
          if (searches >= MAX_MODEL_SEARCHES) return 'No more searches: answer from the excerpts you have.';
          searches++;
          const found = input
            .search(query)
            .filter((section) => !sources.some((known) => known.id === section.id))
            .slice(0, SECTIONS_PER_SEARCH);
          const firstId = sources.length + 1;
          // Every section the model read is a source of the answer, numbered as the model will cite it.
          sources.push(...found);
          return found.length === 0 ? 'No other documentation matches this search.' : `<docs>\n${formatSources(found, firstId)}\n</docs>`;
        },
      }),
    };
    let text = '';
    async function* deltas() {
      const result = streamText({
        model: options.model,
        system: systemPrompt(options.siteInstructions),
        messages,
        tools,
        // One step per search and one to answer; the last step has no tools, so it answers.
        stopWhen: isStepCount(MAX_MODEL_SEARCHES + 1),
        prepareStep: ({ stepNumber }) => (stepNumber >= MAX_MODEL_SEARCHES ? { activeTools: [] } : undefined),
        maxOutputTokens: options.maxOutputTokens,
        maxRetries: 1,
        abortSignal,
        // Errors arrive as stream parts below and reach the reader; the default handler would only log them.
        onError: () => {},
      });
      for await (const part of result.stream) {
        if (part.type === 'text-delta') {
          text += part.text;
          yield part.text;
        } else if (part.type === 'error') throw modelFailure(part.error);
        else if (part.type === 'abort') {
          if (timeout.aborted && !input.signal.aborted) throw timedOut();
          return;
        }
      }
    }
    // The system prompt has the model open with the not-in-the-docs sentence of the reader's language when the excerpts do not answer.
    return { sources, deltas: deltas(), notFound: () => opensNotInDocs(text) };
  };
}

/** The follow-up as a standalone search query, written by the model from the conversation. */
async function standaloneQuery(model: LanguageModel, question: string, history: readonly Turn[], abortSignal: AbortSignal): Promise<string | undefined> {
  const { text } = await generateText({
    model,
    system: REWRITE_PROMPT,
    prompt: buildRewriteTurn(question, history),
    maxOutputTokens: 100,
    maxRetries: 1,
    abortSignal,
  });
  const query = text.trim().split('\n')[0]?.trim().replace(/^["'“「]+|["'”」]+$/g, '') ?? '';
  return query === '' || query.length > MAX_REWRITE_CHARS ? undefined : query;
}
