// The dialog: a Radix modal (focus trap, Escape, focus return, ARIA) portalled into the widget's
// own root. Radix's Overlay is not used on purpose: it injects a scroll-lock <style> into the host's
// <head>, which strict CSPs block; the widget draws its own backdrop instead.
import * as Dialog from '@radix-ui/react-dialog';
import { useRef, type RefObject } from 'react';
import type { DocsAssistantController } from '../useDocsAssistant.ts';
import { Composer } from './Composer.tsx';
import { ContextChips } from './ContextChips.tsx';
import { ErrorBanner } from './ErrorBanner.tsx';
import { MessageList } from './MessageList.tsx';
import { StarterQuestions } from './StarterQuestions.tsx';
import { useAnnouncement } from './useAnnouncement.ts';
import { useStickToBottom } from './useStickToBottom.ts';
import { useWidget } from './widgetContext.ts';

interface AssistantDialogProps {
  assistant: DocsAssistantController;
  container: HTMLElement | null;
  theme: string;
  starterQuestions: string[];
  draft: string;
  onDraftChange: (draft: string) => void;
  /** Where focus goes back on close (the element focused before opening). */
  returnFocus: RefObject<HTMLElement | null>;
}

export function AssistantDialog({ assistant, container, theme, starterQuestions, draft, onDraftChange, returnFocus }: AssistantDialogProps) {
  const { translations } = useWidget();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const scrollRef = useStickToBottom<HTMLDivElement>();
  const { messages, status, error } = assistant;
  const liveRegion = useAnnouncement(assistant.announcement, translations.answerReady, messages);
  const busy = status === 'submitted' || status === 'streaming';

  return (
    <Dialog.Portal container={container}>
      <div className="da-root da-layer" data-theme={theme}>
        <div className="da-backdrop" aria-hidden="true" />
        <Dialog.Content
          className="da-dialog"
          data-status={status}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            inputRef.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            // Back to where the reader was; when that was nothing (Safari does not focus clicked
            // buttons), Radix focuses the launcher.
            const target = returnFocus.current;
            if (target?.isConnected && target !== target.ownerDocument.body) {
              event.preventDefault();
              target.focus({ preventScroll: true });
            }
          }}
        >
          <header className="da-header">
            <div className="da-heading">
              <Dialog.Title className="da-title">{translations.dialogTitle}</Dialog.Title>
              <Dialog.Description className="da-description">{translations.dialogDescription}</Dialog.Description>
            </div>
            {messages.length > 0 ? (
              <button type="button" className="da-button da-new" onClick={() => {
                assistant.newConversation();
                inputRef.current?.focus();
              }}>
                {translations.newConversation}
              </button>
            ) : null}
            <Dialog.Close className="da-icon-button da-close">
              <svg aria-hidden="true" viewBox="0 0 24 24" className="da-icon">
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
              <span className="da-visually-hidden">{translations.close}</span>
            </Dialog.Close>
          </header>

          <div className="da-scroll" ref={scrollRef}>
            {messages.length === 0 ? (
              <div className="da-empty">
                <p className="da-empty-text">{translations.emptyState}</p>
                <StarterQuestions questions={starterQuestions} onAsk={(question) => assistant.ask(question)} />
              </div>
            ) : (
              <MessageList messages={messages} status={status} feedback={assistant.feedback} onRate={assistant.rate} />
            )}
          </div>

          {/* Filled once per finished answer (see useAnnouncement), never token by token. */}
          <output ref={liveRegion} className="da-visually-hidden" aria-live="polite" aria-atomic="true" />

          <footer className="da-footer">
            {error ? <ErrorBanner error={error} onRetry={assistant.retry} /> : null}
            {/* A stopped answer keeps its partial text; Retry asks the same question again. */}
            {!error && !busy && assistant.stopped ? (
              <div className="da-stopped">
                <button type="button" className="da-button da-retry" onClick={assistant.retry}>
                  {translations.retry}
                </button>
              </div>
            ) : null}
            <ContextChips items={assistant.context} onRemove={assistant.removeContext} />
            <Composer
              value={draft}
              onChange={onDraftChange}
              onSubmit={(question) => assistant.ask(question)}
              onStop={assistant.stop}
              busy={busy}
              disabled={error?.kind === 'configuration'}
              inputRef={inputRef}
            />
          </footer>
        </Dialog.Content>
      </div>
    </Dialog.Portal>
  );
}
