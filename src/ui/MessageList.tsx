// The conversation. `aria-busy` while an answer streams; the finished answer is announced once
// by the dialog's live region, not token by token.
import type { UIMessage } from 'ai';
import type { AssistantStatus } from '../useDocsAssistant.ts';
import { Message } from './Message.tsx';
import { useWidget } from './widgetContext.ts';

interface MessageListProps {
  messages: UIMessage[];
  status: AssistantStatus;
  feedback: Record<string, 'up' | 'down'>;
  onRate: (messageId: string, rating: 'up' | 'down') => void;
}

export function MessageList({ messages, status, feedback, onRate }: MessageListProps) {
  const { translations } = useWidget();
  const busy = status === 'submitted' || status === 'streaming';
  const last = messages.at(-1);

  return (
    <div className="da-messages" aria-busy={busy}>
      <ol className="da-message-list" aria-label={translations.conversationLabel}>
        {messages.map((message) => (
          <Message
            key={message.id}
            message={message}
            streaming={busy && message === last && message.role === 'assistant'}
            rating={feedback[message.id]}
            onRate={onRate}
          />
        ))}
      </ol>
      {status === 'submitted' ? (
        <p className="da-thinking">
          <span className="da-thinking-dots" aria-hidden="true" />
          {translations.thinking}
        </p>
      ) : null}
    </div>
  );
}
