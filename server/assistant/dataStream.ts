// The v1 endpoint's answer: the same chunks as v2 (stream.ts), written as the AI SDK 4 data stream
// (`x-vercel-ai-data-stream: v1`, one `CODE:JSON` line per part) that `useChat` from ai@4 /
// @ai-sdk/react@1 reads with `streamProtocol: 'data'`. ai@7 no longer writes this format, and it is
// only an encoding (no parsing): a line per part, each part's JSON as AI SDK 4's parser expects it.
import type { UIMessageChunk } from 'ai';
import type { AnswerFinishChunk } from '../../src/wire.ts';

/** AI SDK 4 stream part codes (@ai-sdk/ui-utils 1.x, data-stream-parts). */
const PART = { text: '0', error: '3', annotations: '8', finishMessage: 'd', finishStep: 'e', startStep: 'f', source: 'h' } as const;

/** This server does not count tokens for extractive answers; AI SDK 4 clients expect the fields. */
const NO_USAGE = { promptTokens: 0, completionTokens: 0 };

function line(code: string, value: unknown): string {
  return `${code}:${JSON.stringify(value)}\n`;
}

/** The data-stream lines of one UI message chunk (none for chunks v4 has no part for). */
export function dataStreamLines(chunk: UIMessageChunk): string {
  switch (chunk.type) {
    case 'start':
      return line(PART.startStep, { messageId: chunk.messageId ?? '' });
    case 'source-url':
      return line(PART.source, { sourceType: 'url', id: chunk.sourceId, url: chunk.url, ...(chunk.title ? { title: chunk.title } : {}) });
    case 'text-delta':
      return line(PART.text, chunk.delta);
    case 'error':
      return line(PART.error, chunk.errorText);
    case 'finish': {
      const finish = chunk as unknown as AnswerFinishChunk;
      const finishReason = finish.finishReason ?? 'stop';
      // The thread (and notFound) as a message annotation, which AI SDK 4 keeps on the message, and on the
      // finish part itself, where clients that read the stream's lines find it.
      return (
        line(PART.annotations, [finish.messageMetadata]) +
        line(PART.finishStep, { finishReason, usage: NO_USAGE, isContinued: false }) +
        line(PART.finishMessage, { finishReason, usage: NO_USAGE, threadId: finish.threadId, ...(finish.messageMetadata.notFound ? { notFound: true } : {}) })
      );
    }
    default:
      return '';
  }
}

export function dataStreamResponse(chunks: ReadableStream<UIMessageChunk>, headers: Record<string, string>): Response {
  const body = chunks
    .pipeThrough(
      new TransformStream<UIMessageChunk, string>({
        transform(chunk, controller) {
          const lines = dataStreamLines(chunk);
          if (lines !== '') controller.enqueue(lines);
        },
      }),
    )
    .pipeThrough(new TextEncoderStream());
  return new Response(body, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Vercel-AI-Data-Stream': 'v1', 'Cache-Control': 'no-cache', ...headers },
  });
}
