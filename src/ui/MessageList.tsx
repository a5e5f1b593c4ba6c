// The conversation. `aria-busy` while an answer streams; the finished answer is announced once
// by the dialog's live region, not token by token.
import type { UIMessage } from 'ai';
import { useEffect, useRef } from 'react';
import { answerCutOff } from '../chat/cutOff.ts';
import type { AssistantStatus } from '../useDocsAssistant.ts';
import { questionBefore } from '../chat/messageParts.ts';
import { ChosenTabsProvider } from './Code.tsx';
import { Message } from './Message.tsx';
import { useWidget } from './widgetContext.ts';

interface MessageListProps {
  messages: UIMessage[];
  status: AssistantStatus;
  feedback: Record<string, 'up' | 'down'>;
  onRate: (messageId: string, rating: 'up' | 'down', reason?: string) => void;
}

/**
 * Returns the ref of a polite live region that says, once, that the answer streaming in this view was
 * stopped. Only a stop needs it: a finished answer has the dialog's announcement, a failure the error
 * banner's alert, and answers restored from an earlier page stay quiet.
 */
function useStoppedAnnouncement(busy: boolean, last: UIMessage | undefined, text: string) {
  const region = useRef<HTMLDivElement>(null);
  const streamedAnswerId = useRef<string | undefined>(undefined);
  useEffect(() => {
    const element = region.current;
    if (!element) return;
    if (busy) {
      if (last?.role === 'assistant') streamedAnswerId.current = last.id;
      // Emptied while answering, so the next stop is a change a screen reader announces again.
      element.textContent = '';
    } else if (last && last.id === streamedAnswerId.current && answerCutOff(last) === 'stopped') {
      streamedAnswerId.current = undefined;
      element.textContent = text;
    }
  }, [busy, last, text]);
  return region;
}

export function MessageList({ messages, status, feedback, onRate }: MessageListProps) {
  const { translations } = useWidget();
  const busy = status === 'submitted' || status === 'streaming';
  const last = messages.at(-1);
  const stoppedRegion = useStoppedAnnouncement(busy, last, translations.answerStopped);

  return (
    <div className="da-messages" aria-busy={busy}>
      <ol className="da-message-list" aria-label={translations.conversationLabel}>
        <ChosenTabsProvider>
          {messages.map((message, index) => (
            <Message
              key={message.id}
              message={message}
              question={message.role === 'assistant' ? questionBefore(messages, index) : ''}
              streaming={busy && message === last && message.role === 'assistant'}
              rating={feedback[message.id]}
              onRate={onRate}
            />
          ))}
        </ChosenTabsProvider>
      </ol>
      {status === 'submitted' ? (
        <p className="da-thinking">
          <span className="da-thinking-dots" aria-hidden="true" />
          {translations.thinking}
        </p>
      ) : null}
      {/* A plain live <div>, not a second <output>: the dialog's <output> stays the answers' region. */}
      <div ref={stoppedRegion} className="da-visually-hidden" aria-live="polite" aria-atomic="true" />
    </div>
  );
}
