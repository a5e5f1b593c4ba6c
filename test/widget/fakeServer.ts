// The network edge for component tests: a fake `fetch` that answers with real AI SDK UI message
// chunks in real SSE framing (simulateReadableStream + JsonToSseTransformStream), so the widget's
// real transport parses them exactly as it would a server's.
import { JsonToSseTransformStream, simulateReadableStream, type UIMessageChunk } from 'ai';
import { vi } from 'vitest';

export interface RecordedRequest {
  url: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

export interface AnswerShape {
  text?: string[];
  sources?: { url: string; title?: string }[];
  /** Top-level threadId on the finish chunk (Mintlify's shape). */
  threadId?: string;
  /** threadId in the finish chunk's messageMetadata instead. */
  metadataThreadId?: string;
  messageId?: string;
}

export function answerChunks({ text = ['Hello'], sources = [], threadId, metadataThreadId, messageId = 'msg_answer' }: AnswerShape = {}): UIMessageChunk[] {
  return [
    { type: 'start', messageId },
    { type: 'start-step' },
    ...sources.map((source, index): UIMessageChunk => ({ type: 'source-url', sourceId: `src_${index}`, url: source.url, ...(source.title ? { title: source.title } : {}) })),
    { type: 'text-start', id: 'text_1' },
    ...text.map((delta): UIMessageChunk => ({ type: 'text-delta', id: 'text_1', delta })),
    { type: 'text-end', id: 'text_1' },
    { type: 'finish-step' },
    {
      type: 'finish',
      finishReason: 'stop',
      ...(threadId ? { threadId } : {}),
      ...(metadataThreadId ? { messageMetadata: { threadId: metadataThreadId } } : {}),
    } as UIMessageChunk,
  ];
}

function settleLater<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  const settled: { resolve?: (value: T) => void } = {};
  const promise = new Promise<T>((resolve) => {
    settled.resolve = resolve;
  });
  return { promise, resolve: (value) => settled.resolve?.(value) };
}

function toSse(chunks: ReadableStream<unknown>): ReadableStream<Uint8Array> {
  return chunks.pipeThrough(new JsonToSseTransformStream()).pipeThrough(new TextEncoderStream());
}

const streamHeaders = { 'content-type': 'text/event-stream', 'x-vercel-ai-ui-message-stream': 'v1' };

/** A complete streamed answer. */
export function streamResponse(chunks: UIMessageChunk[], headers: Record<string, string> = {}): Response {
  return new Response(toSse(simulateReadableStream({ chunks, chunkDelayInMs: 1 })), { status: 200, headers: { ...streamHeaders, ...headers } });
}

export interface HeldStream {
  response: Response;
  /** Ends the body the given way after the first chunks were sent. */
  end(how: 'close' | 'error' | 'finish'): void;
}

/**
 * Sends `chunks` and then holds the connection open until `end` is called: 'close' cuts it without
 * a finish chunk, 'error' fails the connection, 'finish' completes the answer normally.
 */
export function heldStream(chunks: UIMessageChunk[]): HeldStream {
  const ending = settleLater<'close' | 'error' | 'finish'>();
  const first = simulateReadableStream({ chunks, chunkDelayInMs: 1 }).getReader();
  const body = new ReadableStream<unknown>({
    async pull(controller) {
      const { done, value } = await first.read();
      if (!done) {
        controller.enqueue(value);
        return;
      }
      const how = await ending.promise;
      if (how === 'error') controller.error(new TypeError('network error'));
      else {
        if (how === 'finish') controller.enqueue({ type: 'finish', finishReason: 'stop' });
        controller.close();
      }
    },
  });
  return { response: new Response(toSse(body), { status: 200, headers: streamHeaders }), end: ending.resolve };
}

export function jsonError(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ error: message }), { status, headers: { 'content-type': 'application/json', ...headers } });
}

type Handler = (request: RecordedRequest, index: number) => Response | Promise<Response>;

/**
 * Installs a fake global fetch answering each message request with the next handler; records every
 * request. The site config (`GET .../config`, read when the dialog first opens) is answered apart, by
 * `siteConfig` (404 when not given, as from a server without one), and recorded in `configRequests`.
 */
export function installFakeFetch(...handlers: Handler[]) {
  return installFakeFetchWithConfig(undefined, ...handlers);
}

export function installFakeFetchWithConfig(siteConfig: { siteName?: string | null; starterQuestions?: string[] } | undefined, ...handlers: Handler[]) {
  const requests: RecordedRequest[] = [];
  const configRequests: RecordedRequest[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    if (String(input).endsWith('/config')) {
      configRequests.push({ url: String(input), headers, body: {} });
      return siteConfig ? Response.json(siteConfig) : jsonError(404, 'not found');
    }
    const request: RecordedRequest = { url: String(input), headers, body: JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown> };
    const index = requests.length;
    requests.push(request);
    const handler = handlers[Math.min(index, handlers.length - 1)];
    if (!handler) throw new Error(`no fake response for request ${index}`);
    const signal = init?.signal;
    if (signal?.aborted) throw new DOMException('aborted', 'AbortError');
    return handler(request, index);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, configRequests, fetchMock };
}

/** The messages of a recorded request as role and text, for readable assertions. */
export function sentMessages(request: RecordedRequest | undefined): { role: string; text: string }[] {
  const messages = (request?.body.messages ?? []) as { role: string; parts?: { type: string; text?: string }[] }[];
  return messages.map((message) => ({
    role: message.role,
    text: (message.parts ?? []).map((part) => (part.type === 'text' ? (part.text ?? '') : '')).join(''),
  }));
}
