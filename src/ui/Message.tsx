// One message: the reader's question (with its context) or an answer (markdown, sources, actions).
import type { UIMessage } from 'ai';
import { memo, useId, useState } from 'react';
import { FEEDBACK_REASON_MAX_LENGTH } from '../wire.ts';
import { answerCutOff, type CutOff } from '../chat/cutOff.ts';
import { messageContext, messageNotFound, messageSources, messageText } from '../chat/messageParts.ts';
import { passageLanguage } from '../chat/passageLanguage.ts';
import { AnswerMarkdown } from './Markdown.tsx';
import { ContextChips } from './ContextChips.tsx';
import { CopyButton } from './CopyButton.tsx';
import { NotFoundSearch } from './NotFoundSearch.tsx';
import { Sources } from './Sources.tsx';
import { useWidget } from './widgetContext.ts';

interface MessageProps {
  message: UIMessage;
  /** True while this answer is still streaming: no actions yet. */
  streaming: boolean;
  rating: 'up' | 'down' | undefined;
  /** The reader's question this answers (what "search the docs" searches for). */
  question: string;
  onRate: (messageId: string, rating: 'up' | 'down', reason?: string) => void;
}

function ThumbIcon({ down }: { down?: boolean }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="da-icon" data-flip={down || undefined}>
      <path d="M7 11v9H4v-9zM7 11l4-8a2 2 0 0 1 2 2v4h6a2 2 0 0 1 2 2l-2 7a2 2 0 0 1-2 2H7" />
    </svg>
  );
}

/**
 * Says that an answer is incomplete, right under its text. Not a live region: a failure is announced
 * by the error banner, a stop by the message list, and a restored conversation stays quiet.
 */
function CutOffNotice({ cutOff }: { cutOff: CutOff }) {
  const { translations } = useWidget();
  return (
    <p className="da-cut-off" data-cut-off={cutOff}>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="da-icon">
        {cutOff === 'stopped' ? <rect x="6" y="6" width="12" height="12" rx="2" /> : <path d="M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 8v5M12 16.5v.01" />}
      </svg>
      {cutOff === 'stopped' ? translations.answerStopped : translations.answerCutOff}
    </p>
  );
}

// Memoized: while an answer streams, only the streaming message gets a new object from the AI SDK.
export const Message = memo(function Message({ message, streaming, rating, question, onRate }: MessageProps) {
  const { translations, emit } = useWidget();
  const text = messageText(message);

  if (message.role === 'user') {
    return (
      <li className="da-message" data-role="user">
        <ContextChips items={messageContext(message)} />
        {/* dir="auto": an English question on a right-to-left page still reads left to right (and the reverse). */}
        <p className="da-question" dir="auto" lang={passageLanguage(text)}>
          {text}
        </p>
      </li>
    );
  }

  // A cut-off answer keeps Copy (the partial text is still useful) but is not offered for rating:
  // a rating of half an answer would only be noise in the docs team's feedback.
  const cutOff = streaming ? undefined : answerCutOff(message);
  const notFound = !streaming && messageNotFound(message);
  const sources = messageSources(message);
  return (
    <li className="da-message" data-role="assistant" data-streaming={streaming || undefined} data-cut-off={cutOff} data-not-found={notFound || undefined}>
      {/* No text yet (stopped before the first words): no empty block, only the notice. */}
      {text === '' ? null : <AnswerMarkdown text={text} question={question} />}
      {cutOff ? <CutOffNotice cutOff={cutOff} /> : null}
      {notFound ? <NotFoundSearch question={question} answer={text} sources={sources.map((source) => source.url)} /> : null}
      <Sources sources={sources} answer={text} />
      {!streaming && text !== '' ? (
        <div className="da-actions">
          <CopyButton label={translations.copyAnswer} getText={() => text} onCopied={(copiedText) => emit({ type: 'copy', answer: copiedText, messageId: message.id })} />
          {cutOff ? null : (
            <>
              <button type="button" className="da-icon-button" title={translations.helpful} aria-pressed={rating === 'up'} onClick={() => onRate(message.id, 'up')}>
                <ThumbIcon />
                <span className="da-visually-hidden">{translations.helpful}</span>
              </button>
              <button type="button" className="da-icon-button" title={translations.notHelpful} aria-pressed={rating === 'down'} onClick={() => onRate(message.id, 'down')}>
                <ThumbIcon down />
                <span className="da-visually-hidden">{translations.notHelpful}</span>
              </button>
            </>
          )}
        </div>
      ) : null}
      {rating ? <FeedbackFollowUp rating={rating} onReason={(reason) => onRate(message.id, 'down', reason)} /> : null}
    </li>
  );
});

/** After a rating: thanks, and on thumbs-down an optional reason (sent with the rating again). */
function FeedbackFollowUp({ rating, onReason }: { rating: 'up' | 'down'; onReason: (reason: string) => void }) {
  const { translations } = useWidget();
  const [reason, setReason] = useState('');
  const [sent, setSent] = useState(false);
  const reasonId = useId();
  return (
    <div className="da-feedback">
      <output className="da-feedback-thanks">{translations.feedbackThanks}</output>
      {rating === 'down' && !sent ? (
        <form
          className="da-feedback-reason"
          onSubmit={(event) => {
            event.preventDefault();
            if (reason.trim() === '') return;
            onReason(reason.trim());
            setSent(true);
          }}
        >
          <label htmlFor={reasonId}>{translations.feedbackReasonLabel}</label>
          <textarea id={reasonId} rows={2} maxLength={FEEDBACK_REASON_MAX_LENGTH} value={reason} onChange={(event) => setReason(event.target.value)} />
          <button type="submit" className="da-button" disabled={reason.trim() === ''}>
            {translations.feedbackSend}
          </button>
        </form>
      ) : null}
    </div>
  );
}
