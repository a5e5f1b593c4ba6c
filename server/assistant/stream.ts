// Writes one answer as an AI SDK UI message stream: start, sources, text, finish carrying the thread id.
import { randomBytes } from 'node:crypto';
import { createUIMessageStream, type UIMessageChunk } from 'ai';
import type { AnswerFinishChunk } from '../../src/wire.ts';
import type { StoredSource } from '../store/threads.ts';
import { AnswerError, type AnswerPlan } from './answerers.ts';
import { sectionTitle } from './sources.ts';

export interface StreamedAnswer {
  /** The id the `start` chunk gave the answer. */
  messageId: string;
  answer: string;
  sources: StoredSource[];
  failed: boolean;
  /** The answer says the docs do not cover the question (the `finish` chunk's `notFound`). */
  notFound: boolean;
}

const GENERIC_FAILURE = 'The answer failed on the server. Please try again.';

/**
 * Chunks written but not yet read by the client before the answer stops: a client that never reads (or a
 * stalled connection) must not keep a model generating into memory. Far above what a reader's browser lets
 * pile up (it reads as the text arrives); about 200 KB of answer in three-word deltas.
 */
export const MAX_UNREAD_CHUNKS = 10_000;

/**
 * `plan` is called inside the stream so retrieval or model failures become an `error` chunk, never a hung
 * or truncated response; the signal it gets aborts when the request does or when the client stops
 * reading (MAX_UNREAD_CHUNKS). `onEnd` receives what was sent (also after an error or a disconnect).
 */
export function answerStream(options: {
  threadId: string;
  plan: (signal: AbortSignal) => AnswerPlan | Promise<AnswerPlan>;
  signal: AbortSignal;
  log: (message: string) => void;
  /** Awaited before the `finish` chunk: a follow-up sent on `finish` (to any instance) finds the exchange stored. */
  onEnd: (result: StreamedAnswer) => void | Promise<void>;
  /** Called once, with the answer's first text. */
  onFirstText?: () => void;
}): ReadableStream<UIMessageChunk> {
  const { threadId } = options;
  const unreadLimit = new AbortController();
  const signal = AbortSignal.any([options.signal, unreadLimit.signal]);
  let written = 0;
  let read = 0;
  const stream = createUIMessageStream({
    execute: async ({ writer: uiWriter }) => {
      const writer = {
        write(chunk: UIMessageChunk) {
          written++;
          uiWriter.write(chunk);
        },
      };
      const messageId = `msg_${randomBytes(12).toString('base64url')}`;
      writer.write({ type: 'start', messageId });
      let answer = '';
      let sources: StoredSource[] = [];
      let failed = false;
      let textOpen = false;
      let notFound = false;
      try {
        const plan = await options.plan(signal);
        // Sources known before the text go first; any found while it streams (a model's searches) follow as they come.
        const sendNewSources = () => {
          for (const section of plan.sources.slice(sources.length)) {
            const source = { url: section.url, title: sectionTitle(section, plan.sources) };
            sources.push(source);
            writer.write({ type: 'source-url', sourceId: `source-${sources.length}`, url: source.url, title: source.title });
          }
        };
        sendNewSources();
        writer.write({ type: 'text-start', id: 'text-1' });
        textOpen = true;
        for await (const delta of plan.deltas) {
          if (written - read > MAX_UNREAD_CHUNKS) {
            options.log(`answer stopped: the client left ${written - read} chunks unread`);
            unreadLimit.abort();
            break;
          }
          sendNewSources();
          if (answer === '' && delta !== '') options.onFirstText?.();
          answer += delta;
          writer.write({ type: 'text-delta', id: 'text-1', delta });
        }
        sendNewSources();
        notFound = plan.notFound();
      } catch (error) {
        failed = true;
        if (!(error instanceof AnswerError)) options.log(`answer failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        else if (error.detail) options.log(`answer failed: ${error.detail}`);
        writer.write({ type: 'error', errorText: error instanceof AnswerError ? error.message : GENERIC_FAILURE });
      }
      if (textOpen) writer.write({ type: 'text-end', id: 'text-1' });
      await options.onEnd({ messageId, answer, sources, failed, notFound });
      if (signal.aborted) return;
      // The top-level threadId is the platform's documented shape; messageMetadata reaches every AI SDK 5+ client.
      const finish: AnswerFinishChunk = {
        type: 'finish',
        finishReason: failed ? 'error' : 'stop',
        threadId,
        // notFound marks an answer the docs do not cover, so a client can show it differently.
        messageMetadata: notFound ? { threadId, notFound: true } : { threadId },
      };
      writer.write(finish as UIMessageChunk);
    },
    onError: () => GENERIC_FAILURE,
  });
  // Counts what the client has taken: this transform runs only as fast as the response is read.
  return stream.pipeThrough(
    new TransformStream<UIMessageChunk, UIMessageChunk>({
      transform(chunk, controller) {
        read++;
        controller.enqueue(chunk);
      },
    }),
  );
}
