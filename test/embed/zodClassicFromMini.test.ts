// The AI SDK as the script-tag chat bundles it: `zod/v4` is scripts/rewrites/standIns/zodClassicFromMini.ts here and the
// SDK goes through the build's transforms (see vitest.config.ts), so these tests fail if the SDK needs a
// classic zod method or export the stand-in lacks, or if validation of stream chunks changes with them.
import { parseJsonEventStream, readUIMessageStream, uiMessageChunkSchema, zodSchema, type UIMessage, type UIMessageChunk } from 'ai';
import { describe, expect, it } from 'vitest';
import * as classicZod from 'zod/v4';

function eventStream(events: unknown[]): ReadableStream<Uint8Array> {
  const text = events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join('') + 'data: [DONE]\n\n';
  return new Response(text).body!;
}

async function parsedChunks(events: unknown[]) {
  const results: Array<{ success: boolean; value?: UIMessageChunk }> = [];
  const reader = parseJsonEventStream({ stream: eventStream(events), schema: uiMessageChunkSchema() }).getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) results.push(next.value as (typeof results)[number]);
  return results;
}

describe('given the AI SDK with classic zod rebuilt from zod mini', () => {
  it('runs on the stand-in, not on classic zod', () => {
    // Classic string schemas carry format methods such as .email(); the zod mini ones do not.
    expect('email' in classicZod.string()).toBe(false);
    expect(typeof classicZod.string().optional).toBe('function');
  });

  it('reads a streamed answer into the message a reader sees', async () => {
    const events = [
      { type: 'start', messageId: 'answer-1', messageMetadata: { sources: 1 } },
      { type: 'text-start', id: 'text-1', providerMetadata: { docs: { scores: [0.9, null, 'high'], nested: { ok: true } } } },
      { type: 'text-delta', id: 'text-1', delta: 'Use `app.get`' },
      { type: 'text-delta', id: 'text-1', delta: ' to add a route.' },
      { type: 'text-end', id: 'text-1' },
      { type: 'source-url', sourceId: 'source-1', url: 'https://docs.example/routing', title: 'Routing' },
      { type: 'finish', finishReason: 'stop', messageMetadata: { threadId: 'thread-1' } },
    ];
    const chunks = await parsedChunks(events);
    expect(chunks.every((chunk) => chunk.success)).toBe(true);

    const stream = new ReadableStream<UIMessageChunk>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk.value!);
        controller.close();
      },
    });
    let message: UIMessage | undefined;
    for await (const update of readUIMessageStream({ stream })) message = update;

    expect(message?.metadata).toEqual({ sources: 1, threadId: 'thread-1' });
    expect(message?.parts).toEqual([
      expect.objectContaining({ type: 'text', text: 'Use `app.get` to add a route.', state: 'done' }),
      expect.objectContaining({ type: 'source-url', sourceId: 'source-1', url: 'https://docs.example/routing', title: 'Routing' }),
    ]);
  });

  it('rejects chunks whose fields have the wrong type, as classic zod does', async () => {
    const chunks = await parsedChunks([
      { type: 'text-delta', id: 'text-1', delta: 42 },
      { type: 'text-start', id: 'text-1', providerMetadata: { docs: 'not an object' } },
      { type: 'text-start', id: 'text-1', providerMetadata: { docs: { fine: [1, 'two', null, { three: false }] } } },
    ]);
    expect(chunks.map((chunk) => chunk.success)).toEqual([false, false, true]);
  });

  it("reports a rejected chunk's field and expected type, with zod's message instead of its English phrasing", async () => {
    const [chunk] = await parsedChunks([{ type: 'text-delta', id: 'text-1', delta: 42 }]);
    const detail = (chunk as { error?: Error }).error?.message ?? '';
    expect(detail).toContain('"expected": "string"');
    expect(detail).toContain('"delta"');
    expect(detail).toContain('"message": "Invalid input"');
    expect(detail).not.toContain('received number');
  });
});

describe('given the AI SDK as the build transforms it', () => {
  it('validates with zod 4 schemas and refuses a zod 3 one, whose branch the build leaves out', async () => {
    const schema = zodSchema(classicZod.object({ question: classicZod.string() }));
    expect(await schema.validate!({ question: 'How do I deploy?' })).toEqual({ success: true, value: { question: 'How do I deploy?' } });
    expect((await schema.validate!({ question: 42 })).success).toBe(false);

    const zod3Like = { safeParseAsync: async (value: unknown) => ({ success: true, data: value }) };
    expect(() => zodSchema(zod3Like as never)).toThrow('docs-assistant: zod 3 schemas are not part of the widget build');
  });
});
