// The headless hook: everything the widget does except rendering. Custom UIs use it directly;
// <DocsAssistant> is one UI on top of it.
import { useChat } from '@ai-sdk/react';
import type { UIMessage } from 'ai';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { checkApiKey } from './chat/apiKey.ts';
import { readCurrentPath } from './chat/currentPath.ts';
import { errorMessage } from './chat/errorMessage.ts';
import { classifyError, type AssistantError } from './chat/errors.ts';
import { answerCutOff, cutOffOnFinish, markCutOff, type CutOff } from './chat/cutOff.ts';
import { fingerprintSourceFor, whenIdle } from './chat/fingerprint.ts';
import { messageText, questionBefore } from './chat/messageParts.ts';
import { addContextItem } from './chat/pageContext.ts';
import { sendFeedback } from './chat/feedback.ts';
import { defaultBaseUrl } from './defaults.ts';
import { createThreadStore } from './chat/threadStorage.ts';
import { AssistantTransport, assistantEndpoint, type QuestionMetadata } from './chat/transport.ts';
import { resolveTranslations } from './chat/translations.ts';
import type { DocsAssistantEvent, DocsAssistantOptions, Translations } from './options.ts';
import { useLatest } from './ui/useLatest.ts';
import { DEFAULT_RETRIEVAL_PAGE_SIZE, QUESTION_MAX_LENGTH, type AssistantContextItem } from './wire.ts';

/** A question over the length the server takes, refused before it is sent. */
const TOO_LONG: AssistantError = { kind: 'tooLong', detail: 'tooLong', receivedAt: 0 };

export type AssistantStatus = 'ready' | 'submitted' | 'streaming' | 'error';

export interface AskOptions {
  /** Context for this question instead of the attached chips. */
  context?: AssistantContextItem[];
}

export interface DocsAssistantController {
  /** The conversation, as AI SDK UI messages (restored from the session when there is one); a cut-off answer carries `metadata.cutOff` ('stopped' | 'failed'). */
  messages: UIMessage[];
  status: AssistantStatus;
  /** What went wrong, or null. A misconfigured apiKey is a permanent `configuration` error. */
  error: AssistantError | null;
  threadId: string | null;
  /** Context attached to the next question (selection, code blocks). */
  context: AssistantContextItem[];
  translations: Translations;
  /** The last finished answer's text, for a polite live region; set once per answer. */
  announcement: string;
  /** Ratings given so far, by assistant message id. */
  feedback: Record<string, 'up' | 'down'>;
  /** The last answer was stopped by the reader (its partial text stays; `retry()` asks again). */
  stopped: boolean;
  /** Sends a question; false when it cannot be sent now (empty, busy or misconfigured). */
  ask(question: string, options?: AskOptions): boolean;
  stop(): void;
  /** Sends the last question again (after an error or a stop); its context goes along again. */
  retry(): void;
  newConversation(): void;
  attachContext(item: AssistantContextItem): void;
  removeContext(index: number): void;
  /**
   * Rates a whole answer (emits `feedback` and sends it to the server with the reason, if any); a question,
   * an unknown id or a cut-off answer is ignored.
   */
  rate(messageId: string, rating: 'up' | 'down', reason?: string): void;
  /** Emits an event to `onEvent` (the UI uses it for open, close and copy); `open` also starts the visitor fingerprint, when idle. */
  emit(event: DocsAssistantEvent): void;
}


export function useDocsAssistant(options: DocsAssistantOptions): DocsAssistantController {
  const { domain, apiKey, retrievalPageSize, filter, getCurrentPath } = options;
  const baseUrl = options.baseUrl ?? defaultBaseUrl();
  const translations = useMemo(() => resolveTranslations(options.translations), [options.translations]);

  const keyCheck = useMemo(() => checkApiKey(apiKey), [apiKey]);
  useEffect(() => {
    if (!keyCheck.ok) console.error(keyCheck.reason);
  }, [keyCheck]);

  const fingerprint = useMemo(() => fingerprintSourceFor(options.fingerprint !== false), [options.fingerprint]);
  // FingerprintJS runs its sources in a few tasks (some over 50 ms on a slow phone): it starts once the reader
  // opens the assistant (when idle after the opening renders), so a page where nobody opens it never pays,
  // and its id is then kept for the tab's session (fingerprint.ts). A question asked before it is ready
  // waits a bounded time, then goes as 'anonymous'.
  const cancelFingerprintStart = useRef<(() => void) | undefined>(undefined);
  useEffect(() => () => cancelFingerprintStart.current?.(), []);

  const onEvent = useLatest(options.onEvent);
  const emit = useCallback(
    (event: DocsAssistantEvent) => {
      if (event.type === 'open') {
        cancelFingerprintStart.current?.();
        cancelFingerprintStart.current = whenIdle(() => fingerprint.start());
      }
      try {
        onEvent.current?.(event);
      } catch (error) {
        // A host handler that throws must not break the widget.
        console.error('docs-assistant: onEvent handler threw', error);
      }
    },
    [onEvent, fingerprint],
  );

  const store = useMemo(() => createThreadStore(domain), [domain]);
  const [restored] = useState(() => store.load());
  const [threadId, setThreadId] = useState<string | null>(restored.threadId);

  const transport = useMemo(
    () => new AssistantTransport({ api: assistantEndpoint(baseUrl, domain), ...(apiKey ? { apiKey } : {}), thread: store.load() }),
    [baseUrl, domain, apiKey, store],
  );
  useEffect(() => transport.subscribe((thread) => setThreadId(thread.threadId)), [transport]);
  // Read at send time, so changed options apply to the next question.
  useEffect(() => {
    transport.setRequestFields(async () => {
      const currentPath = readCurrentPath(getCurrentPath);
      return {
        fp: await fingerprint.get(),
        retrievalPageSize: retrievalPageSize ?? DEFAULT_RETRIEVAL_PAGE_SIZE,
        filter: filter ?? null,
        ...(currentPath ? { currentPath } : {}),
      };
    });
  }, [transport, fingerprint, retrievalPageSize, filter, getCurrentPath]);

  const [announcement, setAnnouncement] = useState('');
  const [feedback, setFeedback] = useState<Record<string, 'up' | 'down'>>({});
  const [context, setContext] = useState<AssistantContextItem[]>([]);
  const [stopped, setStopped] = useState(false);
  // A question longer than the server takes, refused before sending: it stays in the reader's box.
  const [tooLong, setTooLong] = useState(false);

  const chat = useChat({
    id: `docs-assistant:${domain}`,
    // Fast streams re-render at most every 80 ms instead of once per token: each render paints the
    // answer again, and 12 updates a second still read as a smooth stream.
    throttle: 80,
    messages: restored.messages,
    transport,
    onFinish: ({ message, messages, isAbort, isError, finishReason }) => {
      setStopped(isAbort);
      const cutOff = cutOffOnFinish({ isAbort, isError, finishReason });
      if (cutOff) chat.setMessages((current) => markCutOff(current, message.id, cutOff));
      if (isAbort || isError || message.role !== 'assistant') return;
      const answer = messageText(message);
      setAnnouncement(answer);
      const question = questionBefore(messages, messages.length - 1);
      emit({ type: 'answer', answer, question, messageId: message.id, threadId: transport.currentThread.threadId });
    },
    onError: (error) => {
      // Before the chat's status turns to error, so the answer never shows as whole in between.
      markLastAnswer('failed');
      emitError(classifyError(error));
    },
  });
  const { messages, status } = chat;

  function emitError(error: AssistantError) {
    emit({ type: 'error', message: errorMessage(error, translations), threadId: transport.currentThread.threadId });
  }

  /** Marks the answer being streamed, if any (the live last message: the rendered one lags by the throttle). */
  function markLastAnswer(cutOff: CutOff) {
    chat.setMessages((current) => {
      const last = current.at(-1);
      return last?.role === 'assistant' ? markCutOff(current, last.id, cutOff) : current;
    });
  }

  // Persist once the conversation settles (not on every streamed token).
  useEffect(() => {
    if (status === 'streaming') return;
    if (messages.length === 0 && threadId === null) store.clear();
    else store.save({ ...transport.currentThread, messages });
  }, [messages, status, threadId, store, transport]);

  const error = useMemo<AssistantError | null>(() => {
    if (!keyCheck.ok) return { kind: 'configuration', detail: keyCheck.reason, receivedAt: 0 };
    if (tooLong) return TOO_LONG;
    return chat.error ? classifyError(chat.error) : null;
  }, [keyCheck, tooLong, chat.error]);

  const busy = status === 'submitted' || status === 'streaming';

  const ask = (question: string, askOptions?: AskOptions): boolean => {
    const text = question.trim();
    // A misconfigured key was logged once, when the widget started, and the dialog says so.
    if (text === '' || busy || !keyCheck.ok) return false;
    // The server would answer 400, which reads as its own failure; Retry would send the same question again.
    const overLimit = text.length > QUESTION_MAX_LENGTH;
    setTooLong(overLimit);
    if (overLimit) {
      emitError(TOO_LONG);
      return false;
    }
    const attached = askOptions?.context ?? context;
    const metadata: QuestionMetadata | undefined = attached.length > 0 ? { context: attached } : undefined;
    setContext([]);
    setAnnouncement('');
    setStopped(false);
    emit({ type: 'question', question: text, threadId: transport.currentThread.threadId });
    void chat.sendMessage(metadata ? { text, metadata } : { text });
    return true;
  };

  const retry = () => {
    if (busy || !keyCheck.ok || messages.length === 0) return;
    setAnnouncement('');
    setStopped(false);
    void chat.regenerate();
  };

  const newConversation = () => {
    void chat.stop();
    chat.setMessages([]);
    chat.clearError();
    setTooLong(false);
    transport.resetThread();
    store.clear();
    setContext([]);
    setFeedback({});
    setAnnouncement('');
    setStopped(false);
    emit({ type: 'newConversation', threadId: null });
  };

  // Stable, so past messages (memoized) do not re-render while an answer streams.
  const latestMessages = useLatest(messages);
  const rate = useCallback(
    (messageId: string, rating: 'up' | 'down', reason?: string) => {
      const conversation = latestMessages.current;
      const index = conversation.findIndex((message) => message.id === messageId);
      const message = conversation[index];
      // A rating of half an answer, or of a question, tells the docs team nothing about an answer.
      if (message?.role !== 'assistant' || answerCutOff(message)) return;
      setFeedback((current) => ({ ...current, [messageId]: rating }));
      const question = questionBefore(conversation, index);
      const thread = transport.currentThread;
      emit({ type: 'feedback', rating, messageId, answer: messageText(message), question, threadId: thread.threadId });
      if (thread.threadId !== null) {
        sendFeedback(
          { baseUrl, domain, apiKey },
          { threadId: thread.threadId, ...(thread.threadKey ? { threadKey: thread.threadKey } : {}), messageId, rating, ...(reason ? { reason } : {}) },
        );
      }
    },
    [latestMessages, emit, transport, baseUrl, domain, apiKey],
  );

  const attachContext = useCallback((item: AssistantContextItem) => setContext((current) => addContextItem(current, item)), []);
  const removeContext = useCallback((index: number) => setContext((current) => current.filter((_, position) => position !== index)), []);

  return {
    messages,
    status: error?.kind === 'configuration' ? 'error' : status,
    error,
    threadId,
    context,
    translations,
    announcement,
    feedback,
    stopped,
    ask,
    stop: () => {
      // Marked before the abort, which makes the chat ready: the stopped answer never shows as whole.
      if (status === 'streaming') markLastAnswer('stopped');
      void chat.stop();
    },
    retry,
    newConversation,
    attachContext,
    removeContext,
    rate,
    emit,
  };
}
