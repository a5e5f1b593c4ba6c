// Shared setup of the assistant route tests: the fixture docs, an app over them, and the AI SDK's own
// stream parsing (parseJsonEventStream + uiMessageChunkSchema + readUIMessageStream), so every answer is judged
// the way a real client reads it.
import { fileURLToPath } from 'node:url';
import { parseJsonEventStream, readUIMessageStream, uiMessageChunkSchema, type UIMessage, type UIMessageChunk } from 'ai';
import type { Hono } from 'hono';
import { MockLanguageModelV4 } from 'ai/test';
import { createApp, type AppOptions } from '../../../server/app.ts';
import { loadDocs } from '../../../server/docs/load.ts';
import { createDocsIndex } from '../../../server/docs/searchIndex.ts';
import type { DocsIndex } from '../../../server/docs/types.ts';
import { openStore } from '../../../server/store/index.ts';

export const FIXTURE_DOCS = fileURLToPath(new URL('../../fixtures/server-docs', import.meta.url));
export const ASSISTANT_KEY = 'test_dsc_0123456789';
export const ADMIN_KEY = 'test_admin_0123456789';
export const MESSAGE_PATH = '/discovery/v2/assistant/docs/message';

export async function fixtureIndex(): Promise<DocsIndex> {
  return createDocsIndex(await loadDocs(FIXTURE_DOCS, { siteUrl: 'https://relay.example' }));
}

/** An app over the fixture docs with an in-memory store unless the test passes its own. */
export async function fixtureApp(overrides: Partial<AppOptions> = {}): Promise<Hono> {
  return createApp({
    index: await fixtureIndex(),
    store: openStore(':memory:'),
    assistantKeys: [ASSISTANT_KEY],
    adminKeys: [ADMIN_KEY],
    log: () => {},
    ...overrides,
  });
}

/** A request body as useChat sends it: one user message with one text part. */
export function questionBody(text: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { fp: 'anonymous', messages: [{ id: 'm1', role: 'user', parts: [{ type: 'text', text }] }], ...extra };
}

export function postMessage(
  app: Hono,
  body: unknown,
  options: { key?: string | null; headers?: Record<string, string>; path?: string; signal?: AbortSignal } = {},
): Promise<Response> {
  const key = options.key === undefined ? ASSISTANT_KEY : options.key;
  const headers: Record<string, string> = { 'content-type': 'application/json', ...options.headers };
  if (key !== null) headers.authorization = `Bearer ${key}`;
  const request = new Request(`http://localhost${options.path ?? MESSAGE_PATH}`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
    signal: options.signal,
  });
  return Promise.resolve(app.request(request));
}

/** Every chunk (validated by the AI SDK's schema; the first invalid one throws) and the message a client builds. */
export async function readAnswer(response: Response): Promise<{ chunks: UIMessageChunk[]; message: UIMessage }> {
  if (!response.body) throw new Error('the response has no body');
  const [forChunks, forMessage] = parseJsonEventStream({ stream: response.body, schema: uiMessageChunkSchema })
    .pipeThrough(
      new TransformStream({
        transform(result, controller) {
          if (!result.success) throw result.error;
          controller.enqueue(result.value);
        },
      }),
    )
    .tee();
  const chunks: UIMessageChunk[] = [];
  const collecting = (async () => {
    for await (const chunk of forChunks) chunks.push(chunk);
  })();
  let message: UIMessage | undefined;
  for await (const snapshot of readUIMessageStream({ stream: forMessage })) message = snapshot;
  await collecting;
  if (!message) throw new Error('the stream produced no message');
  return { chunks, message };
}

export function answerText(message: UIMessage): string {
  return message.parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('');
}

export function sourcesOf(message: UIMessage): { url: string; title?: string }[] {
  return message.parts.flatMap((part) => (part.type === 'source-url' ? [{ url: part.url, title: part.title }] : []));
}

/** The `threadId` of the finish chunk (top-level, the platform's shape). */
export function finishThreadId(chunks: readonly UIMessageChunk[]): unknown {
  const finish = chunks.find((chunk) => chunk.type === 'finish');
  return (finish as { threadId?: unknown } | undefined)?.threadId;
}

/** A model that writes nothing and finishes: for tests of what it was given (its calls' prompts). */
export function silentModel(): MockLanguageModelV4 {
  return new MockLanguageModelV4({
    doStream: async () => ({
      stream: new ReadableStream({
        start(controller) {
          controller.enqueue({ type: 'stream-start', warnings: [] });
          controller.enqueue({ type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 0, text: 0, reasoning: 0 } } });
          controller.close();
        },
      }),
    }),
  });
}

