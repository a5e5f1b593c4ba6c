// The dialog, portalled into the widget's own root: Radix Dialog (non-modal: it never touches the page)
// for the open state, the launcher's ARIA and Close, and ModalContent for a modal that lives entirely in
// the widget's layer. Radix's Overlay is not used: it injects a scroll-lock <style> into the host's
// <head>, which strict CSPs block; the widget draws its own backdrop, and a press on it closes.
import * as Dialog from '@radix-ui/react-dialog';
import { useCallback, useId, useRef, type RefObject } from 'react';
import { answerCutOff } from '../chat/cutOff.ts';
import { formatMessage } from '../chat/translations.ts';
import type { DocsAssistantController } from '../useDocsAssistant.ts';
import { Composer } from './Composer.tsx';
import { ContextChips } from './ContextChips.tsx';
import { ErrorBanner } from './ErrorBanner.tsx';
import { focusBack } from './focusBack.ts';
import { MessageList } from './MessageList.tsx';
import { ModalContent } from './ModalContent.tsx';
import { PanelContent } from './PanelContent.tsx';
import { SearchAsYouType, type SearchAsYouTypeHandle } from './SearchAsYouType.tsx';
import { StarterQuestions } from './StarterQuestions.tsx';
import { useAnnouncement } from './useAnnouncement.ts';
import { useStickToBottom } from './useStickToBottom.ts';
import { useWidget } from './widgetContext.ts';

interface AssistantDialogProps {
  assistant: DocsAssistantController;
  container: HTMLElement | null;
  theme: string;
  /** The writing direction (the layer may be portalled outside the widget's root, so it says it again). */
  dir: 'ltr' | 'rtl';
  starterQuestions: string[];
  /** The site's name from its config, for the empty state. */
  siteName: string | null;
  draft: string;
  /** Keyword results under the composer as the reader types. */
  searchAsYouType: boolean;
  onDraftChange: (draft: string) => void;
  /** The dialog element's id (the launcher's aria-controls). */
  dialogId: string;
  onClose: () => void;
  /** Where focus goes back on close (the element focused before opening). */
  returnFocus: RefObject<HTMLElement | null>;
  /** Where focus goes when there was nothing to go back to (the launcher, when there is one). */
  fallbackFocus: RefObject<HTMLElement | null>;
  /** The question box (the shortcut moves focus into it while a side panel is open). */
  inputRef: RefObject<HTMLTextAreaElement | null>;
  /** A modal dialog over the page, or a side panel beside it. */
  layout: 'modal' | 'panel';
  panel: PanelOptions;
}

export interface PanelOptions {
  mode: 'overlay' | 'push';
  width: number | null;
  onResize: (width: number) => void;
  /** False when the panel reopened by itself on a new page. */
  focusOnOpen: boolean;
  /** Where the conversation was scrolled on the previous page (null: at its end). */
  initialScrollTop: number | null;
  /** Called as the panel goes (closed or the page left) with the conversation's scroll position. */
  onScrollTop: (scrollTop: number) => void;
}

/**
 * The page behind a modal stays put: a wheel or a swipe over the backdrop is not passed on to it. A
 * native non-passive listener (React's wheel and touchmove listeners are passive, so they cannot).
 */
function useNoScrollThrough(): (backdrop: HTMLElement | null) => void {
  // A callback ref: the backdrop exists only while the dialog is open (the portal mounts it then).
  const detach = useRef<(() => void) | null>(null);
  return useCallback((backdrop: HTMLElement | null) => {
    detach.current?.();
    detach.current = null;
    if (!backdrop) return;
    const hold = (event: Event) => event.preventDefault();
    backdrop.addEventListener('wheel', hold, { passive: false });
    backdrop.addEventListener('touchmove', hold, { passive: false });
    detach.current = () => {
      backdrop.removeEventListener('wheel', hold);
      backdrop.removeEventListener('touchmove', hold);
    };
  }, []);
}

export function AssistantDialog(props: AssistantDialogProps) {
  const { assistant, container, theme, dir, starterQuestions, siteName, draft, searchAsYouType, onDraftChange, dialogId, onClose, returnFocus, fallbackFocus, inputRef, layout, panel } = props;
  const { translations } = useWidget();
  const titleId = useId();
  const descriptionId = useId();
  const typeaheadRef = useRef<SearchAsYouTypeHandle>(null);
  const scrollRef = useStickToBottom<HTMLDivElement>(layout === 'panel' ? panel.initialScrollTop : null, layout === 'panel' ? panel.onScrollTop : null);
  const backdropRef = useNoScrollThrough();
  const { messages, status, error } = assistant;
  // Retry unmounts the focused Retry button: keep keyboard focus in the composer.
  const retry = () => {
    assistant.retry();
    inputRef.current?.focus();
  };
  const liveRegion = useAnnouncement(assistant.announcement, translations.answerReady, messages);
  const busy = status === 'submitted' || status === 'streaming';
  // A stopped answer keeps its partial text, and so does one cut off on an earlier page (restored
  // without the error that cut it): Retry asks the same question again.
  const lastMessage = messages.at(-1);
  const offerRetry = !error && !busy && (assistant.stopped || (lastMessage !== undefined && answerCutOff(lastMessage) !== undefined));

  // Placed here, focus is not moved again by the modal's FocusScope (the event's default).
  const returnFocusBack = (event?: Event) => {
    if (focusBack(returnFocus.current, fallbackFocus.current)) event?.preventDefault();
  };
  const boxProps = {
    id: dialogId,
    'aria-labelledby': titleId,
    'aria-describedby': descriptionId,
    'data-state': 'open',
    'data-status': status,
    'data-conversation': messages.length > 0 || undefined,
  };
  const content = (
    <>
      {/* Not <header>/<footer>: inside the dialog they would be a second banner and contentinfo beside the page's own. */}
      <div className="da-header">
        <div className="da-heading">
          <h2 id={titleId} className="da-title">
            {translations.dialogTitle}
          </h2>
          <p id={descriptionId} className="da-description">
            {translations.dialogDescription}
          </p>
        </div>
        {messages.length > 0 ? (
          <button type="button" className="da-button da-new" onClick={() => {
            assistant.newConversation();
            inputRef.current?.focus();
          }}>
            {translations.newConversation}
          </button>
        ) : null}
        <Dialog.Close className="da-icon-button da-close" title={translations.close}>
          <svg aria-hidden="true" viewBox="0 0 24 24" className="da-icon">
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
          <span className="da-visually-hidden">{translations.close}</span>
        </Dialog.Close>
      </div>

      <div className="da-scroll" ref={scrollRef}>
        {messages.length === 0 ? (
          <div className="da-empty">
            <p className="da-empty-text">{siteName ? formatMessage(translations.emptyStateSite, { site: siteName }) : translations.emptyState}</p>
            <StarterQuestions questions={starterQuestions} onAsk={(question) => assistant.ask(question)} />
            <p className="da-hints">
              {translations.hintContext} <span className="da-hint-keys">{translations.hintKeys}</span>
            </p>
          </div>
        ) : (
          <MessageList messages={messages} status={status} feedback={assistant.feedback} onRate={assistant.rate} />
        )}
      </div>

      {/* Filled once per finished answer (see useAnnouncement), never token by token. */}
      <output ref={liveRegion} className="da-visually-hidden" aria-live="polite" aria-atomic="true" />

      <div className="da-footer">
        {error ? <ErrorBanner error={error} onRetry={retry} /> : null}
        {offerRetry ? (
          <div className="da-stopped">
            {/* Stopped before any answer arrived: say so beside Retry, which would otherwise stand alone. */}
            {lastMessage?.role === 'user' ? <p className="da-stopped-text">{translations.answerStopped}</p> : null}
            <button type="button" className="da-button da-retry" onClick={retry}>
              {translations.retry}
            </button>
          </div>
        ) : null}
        <ContextChips items={assistant.context} onRemove={assistant.removeContext} />
        <Composer
          value={draft}
          onChange={onDraftChange}
          onSubmit={(question) => assistant.ask(question)}
          onStop={() => {
            assistant.stop();
            // Stop unmounts the focused Stop button: keep keyboard focus in the composer.
            inputRef.current?.focus();
          }}
          busy={busy}
          disabled={error?.kind === 'configuration'}
          inputRef={inputRef}
          onDownAtEnd={() => typeaheadRef.current?.focusFirst() ?? false}
        />
        {searchAsYouType ? <SearchAsYouType ref={typeaheadRef} query={draft} onLeave={() => inputRef.current?.focus()} /> : null}
      </div>
    </>
  );

  return (
    <Dialog.Portal container={container}>
      <div className="da-root da-layer" data-theme={theme} dir={dir} data-layout={layout}>
        {layout === 'panel' ? (
          <PanelContent
            {...boxProps}
            className="da-dialog da-panel"
            onClose={onClose}
            initialFocus={inputRef}
            focusOnOpen={panel.focusOnOpen}
            onCloseWithFocus={returnFocusBack}
            width={panel.width}
            onResize={panel.onResize}
            dir={dir}
            mode={panel.mode}
          >
            {content}
          </PanelContent>
        ) : (
          <>
            <div ref={backdropRef} className="da-backdrop" aria-hidden="true" />
            <ModalContent {...boxProps} className="da-dialog" onClose={onClose} initialFocus={inputRef} onCloseAutoFocus={returnFocusBack}>
              {content}
            </ModalContent>
          </>
        )}
      </div>
    </Dialog.Portal>
  );
}
