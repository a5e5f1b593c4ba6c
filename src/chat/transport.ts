// The AI SDK transport for the v2 assistant endpoint. The AI SDK owns the protocol (SSE framing,
// chunk validation); this subclass only shapes the request body and reads what the SDK drops:
// the thread id (finish chunk, message metadata or X-Thread-Id header) and the thread key.
import { DefaultChatTransport, type UIMessage, type UIMessageChunk } from 'ai';
import { DEFAULT_RETRIEVAL_PAGE_SIZE, discoveryUrl, THREAD_ID_HEADER, THREAD_KEY_HEADER, type AnswerMetadata, type AssistantContextItem, type AssistantFilter, type AssistantRequestBody } from '../wire.ts';
import { checkApiKey } from './apiKey.ts';
import { AssistantHttpError, ConfigurationError, StreamInterruptedError, parseRetryAfter } from './errors.ts';

export interface ThreadRef {
  threadId: string | null;
  threadKey?: string;
}

/** Per-request values read when a question is sent, so option changes apply at once. */
export interface RequestFields {
  fp: string;
  retrievalPageSize: number;
  filter: AssistantFilter | null;
  currentPath?: string;
}

export interface AssistantTransportOptions {
  /** The endpoint URL, from `assistantEndpoint`. */
  api: string;
  apiKey?: string;
  fetch?: typeof fetch;
  /** The thread to continue, e.g. restored from storage. */
  thread?: ThreadRef;
  getRequestFields?: () => Promise<RequestFields>;
}

const defaultRequestFields = (): Promise<RequestFields> =>
  Promise.resolve({ fp: 'anonymous', retrievalPageSize: DEFAULT_RETRIEVAL_PAGE_SIZE, filter: null });

/** Metadata the widget keeps on the user's message: the context attached to that question. */
export interface QuestionMetadata {
  context?: AssistantContextItem[];
}

export function assistantEndpoint(baseUrl: string, domain: string): string {
  return discoveryUrl(baseUrl, 'messageV2', domain);
}

function lastUserContext(messages: UIMessage[]): AssistantContextItem[] {
  const lastUser = messages.findLast((message) => message.role === 'user');
  const context = (lastUser?.metadata as QuestionMetadata | undefined)?.context;
  return Array.isArray(context) ? context : [];
}

function withoutMetadata(message: UIMessage): UIMessage {
  const { metadata: _metadata, ...rest } = message;
  return rest;
}

function threadIdIn(chunk: UIMessageChunk): string | undefined {
  const topLevel = (chunk as { threadId?: unknown }).threadId;
  if (chunk.type === 'finish' && typeof topLevel === 'string' && topLevel !== '') return topLevel;
  if (chunk.type === 'start' || chunk.type === 'finish' || chunk.type === 'message-metadata') {
    const fromMetadata = (chunk.messageMetadata as Partial<AnswerMetadata> | undefined)?.threadId;
    if (typeof fromMetadata === 'string' && fromMetadata !== '') return fromMetadata;
  }
  return undefined;
}

/** Relabels a failure while reading the body (the connection dropped mid-answer) as an interruption. */
function relabelReadErrors(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (error) {
        controller.error((error as { name?: string }).name === 'AbortError' ? error : new StreamInterruptedError(error));
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

export class AssistantTransport extends DefaultChatTransport<UIMessage> {
  private thread: ThreadRef;
  private readonly apiKey: string | undefined;
  private getRequestFields: () => Promise<RequestFields>;
  private readonly threadListeners = new Set<(thread: ThreadRef) => void>();

  constructor(options: AssistantTransportOptions) {
    const userFetch = options.fetch;
    super({
      api: options.api,
      // Proxy setups add the key server-side: then no Authorization header at all.
      headers: (): Record<string, string> => (options.apiKey ? { Authorization: `Bearer ${options.apiKey}` } : {}),
      fetch: (input, init) => this.fetchAndReadHeaders(userFetch ?? globalThis.fetch, input, init),
      prepareSendMessagesRequest: async ({ messages, headers }) => {
        const fields = await this.getRequestFields();
        const context = lastUserContext(messages);
        const body: AssistantRequestBody = {
          fp: fields.fp,
          // The widget's own metadata (context chips of past questions) stays in the browser;
          // this question's context goes once, in `context`.
          messages: messages.map(withoutMetadata),
          threadId: this.thread.threadId,
          ...(this.thread.threadId !== null && this.thread.threadKey ? { threadKey: this.thread.threadKey } : {}),
          retrievalPageSize: fields.retrievalPageSize,
          filter: fields.filter,
          ...(context.length > 0 ? { context } : {}),
          ...(fields.currentPath ? { currentPath: fields.currentPath } : {}),
        };
        return { body, headers };
      },
    });
    this.apiKey = options.apiKey;
    this.thread = { threadId: options.thread?.threadId ?? null, ...(options.thread?.threadKey ? { threadKey: options.thread.threadKey } : {}) };
    this.getRequestFields = options.getRequestFields ?? defaultRequestFields;
  }

  /** Replaces the source of the per-request fields (fp, retrievalPageSize, filter, currentPath). */
  setRequestFields(getRequestFields: () => Promise<RequestFields>): void {
    this.getRequestFields = getRequestFields;
  }

  /** Calls `listener` whenever the thread id or key changes (captured, or dropped after a 404). */
  subscribe(listener: (thread: ThreadRef) => void): () => void {
    this.threadListeners.add(listener);
    return () => this.threadListeners.delete(listener);
  }

  get currentThread(): ThreadRef {
    return this.thread;
  }

  /** Forgets the thread, for "New conversation". */
  resetThread(): void {
    this.setThread({ threadId: null });
  }

  override async sendMessages(options: Parameters<DefaultChatTransport<UIMessage>['sendMessages']>[0]) {
    const keyCheck = checkApiKey(this.apiKey);
    if (!keyCheck.ok) throw new ConfigurationError(keyCheck.reason);
    const sentThreadId = this.thread.threadId;
    try {
      return await super.sendMessages(options);
    } catch (error) {
      // The stored thread expired or is unknown to the server: start a new one, silently, once.
      if (sentThreadId !== null && error instanceof AssistantHttpError && error.status === 404) {
        this.setThread({ threadId: null });
        return await super.sendMessages(options);
      }
      throw error;
    }
  }

  protected override processResponseStream(stream: ReadableStream<Uint8Array>): ReadableStream<UIMessageChunk> {
    let finished = false;
    return super.processResponseStream(relabelReadErrors(stream)).pipeThrough(
      new TransformStream<UIMessageChunk, UIMessageChunk>({
        transform: (chunk, controller) => {
          const threadId = threadIdIn(chunk);
          if (threadId !== undefined && threadId !== this.thread.threadId) {
            this.setThread({ threadId });
          }
          if (chunk.type === 'finish' || chunk.type === 'abort') finished = true;
          controller.enqueue(chunk);
        },
        flush: (controller) => {
          // A body that ends without `finish` was cut (server crash, proxy timeout): say so
          // instead of leaving a half answer that looks complete.
          if (!finished) controller.error(new StreamInterruptedError());
        },
      }),
    );
  }

  private async fetchAndReadHeaders(
    fetchFunction: typeof fetch,
    input: Parameters<typeof fetch>[0],
    init: Parameters<typeof fetch>[1],
  ): Promise<Response> {
    const response = await fetchFunction(input, init);
    if (!response.ok) {
      const body = await response.text().catch(() => '');
      throw new AssistantHttpError(response.status, body, parseRetryAfter(response.headers.get('retry-after')));
    }
    const headerThreadId = response.headers.get(THREAD_ID_HEADER);
    const headerThreadKey = response.headers.get(THREAD_KEY_HEADER);
    if (headerThreadId) {
      this.setThread({
        threadId: headerThreadId,
        ...(headerThreadKey ? { threadKey: headerThreadKey } : headerThreadId === this.thread.threadId && this.thread.threadKey ? { threadKey: this.thread.threadKey } : {}),
      });
    }
    return response;
  }

  private setThread(thread: ThreadRef): void {
    const changed = thread.threadId !== this.thread.threadId || thread.threadKey !== this.thread.threadKey;
    this.thread = thread;
    if (changed) for (const listener of this.threadListeners) listener(thread);
  }
}
