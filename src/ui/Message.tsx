// One message: the reader's question (with its context) or an answer (markdown, sources, actions).
import type { UIMessage } from 'ai';
import { memo } from 'react';
import { messageContext, messageSources, messageText } from '../chat/messageParts.ts';
import { AnswerMarkdown } from './Markdown.tsx';
import { ContextChips } from './ContextChips.tsx';
import { CopyButton } from './CopyButton.tsx';
import { Sources } from './Sources.tsx';
import { useWidget } from './widgetContext.ts';

interface MessageProps {
  message: UIMessage;
  /** True while this answer is still streaming: no actions yet. */
  streaming: boolean;
  rating: 'up' | 'down' | undefined;
  onRate: (messageId: string, rating: 'up' | 'down') => void;
}

function ThumbIcon({ down }: { down?: boolean }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="da-icon" data-flip={down || undefined}>
      <path d="M7 11v9H4v-9zM7 11l4-8a2 2 0 0 1 2 2v4h6a2 2 0 0 1 2 2l-2 7a2 2 0 0 1-2 2H7" />
    </svg>
  );
}

// Memoized: while an answer streams, only the streaming message gets a new object from the AI SDK.
export const Message = memo(function Message({ message, streaming, rating, onRate }: MessageProps) {
  const { translations, emit } = useWidget();
  const text = messageText(message);

  if (message.role === 'user') {
    return (
      <li className="da-message" data-role="user">
        <ContextChips items={messageContext(message)} />
        <p className="da-question">{text}</p>
      </li>
    );
  }

  return (
    <li className="da-message" data-role="assistant" data-streaming={streaming || undefined}>
      <AnswerMarkdown text={text} />
      <Sources sources={messageSources(message)} />
      {!streaming && text !== '' ? (
        <div className="da-actions">
          <CopyButton label={translations.copyAnswer} getText={() => text} onCopied={(copiedText) => emit({ type: 'copy', answer: copiedText, messageId: message.id })} />
          <button type="button" className="da-icon-button" aria-pressed={rating === 'up'} onClick={() => onRate(message.id, 'up')}>
            <ThumbIcon />
            <span className="da-visually-hidden">{translations.helpful}</span>
          </button>
          <button type="button" className="da-icon-button" aria-pressed={rating === 'down'} onClick={() => onRate(message.id, 'down')}>
            <ThumbIcon down />
            <span className="da-visually-hidden">{translations.notHelpful}</span>
          </button>
        </div>
      ) : null}
    </li>
  );
});
