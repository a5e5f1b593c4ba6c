// A language model for server processes: a real HTTP server speaking the OpenAI chat-completions API
// (what `--agent-model openai-compatible:<id>@<url>` calls), answering from a script. The model is the
// one part the tests fake; the server, its provider client and the network are real.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ModelCall {
  /** The Bearer key the calling process sent (DOCS_ASSISTANT_MODEL_API_KEY): tells instances apart. */
  apiKey: string;
  /** The turn's request: the last user message. */
  prompt: string;
  /** How many tool results follow that request: 0 for the turn's first call. */
  step: number;
}

/** A tool call, a final text, or `'hold'`: never answer (the caller is killed meanwhile). */
export type ModelReply = { tool: string; input: unknown } | string | 'hold';

export interface ChatCompletionsModel {
  /** The base URL for `openai-compatible:<id>@<baseUrl>`. */
  baseUrl: string;
  calls: ModelCall[];
  close(): Promise<void>;
}

interface ChatMessage {
  role: string;
  content?: string | { type: string; text?: string }[] | null;
}

function textOf(content: ChatMessage['content']): string {
  if (typeof content === 'string') return content;
  return (content ?? []).map((part) => part.text ?? '').join('');
}

function completion(reply: Exclude<ModelReply, 'hold'>, index: number) {
  const message =
    typeof reply === 'string'
      ? { role: 'assistant', content: reply }
      : { role: 'assistant', content: null, tool_calls: [{ id: `call_${index}`, type: 'function', function: { name: reply.tool, arguments: JSON.stringify(reply.input) } }] };
  return {
    id: `chatcmpl-${index}`,
    object: 'chat.completion',
    created: 1_764_000_000,
    model: 'editor',
    choices: [{ index: 0, message, finish_reason: typeof reply === 'string' ? 'stop' : 'tool_calls' }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

export async function startChatCompletionsModel(script: (call: ModelCall) => ModelReply): Promise<ChatCompletionsModel> {
  const calls: ModelCall[] = [];
  const held = new Set<ServerResponse>();
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const parsed = JSON.parse(body) as { messages: ChatMessage[] };
      const lastUser = parsed.messages.findLastIndex((message) => message.role === 'user');
      const call: ModelCall = {
        apiKey: (request.headers.authorization ?? '').replace(/^Bearer /, ''),
        prompt: textOf(parsed.messages[lastUser]?.content),
        step: parsed.messages.slice(lastUser + 1).filter((message) => message.role === 'tool').length,
      };
      calls.push(call);
      const reply = script(call);
      if (reply === 'hold') {
        held.add(response);
        response.on('close', () => held.delete(response));
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(completion(reply, calls.length)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    calls,
    close: () =>
      new Promise((resolve) => {
        for (const response of held) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
