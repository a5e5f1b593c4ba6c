// <DocsAssistant>: the launcher, the dialog and the code-block buttons on top of useDocsAssistant.
// Everything renders inside the widget's own root element (or the `container` given), so the
// script-tag build can mount it in a shadow root; the host page is only read (selection, code
// blocks) and listened to (the shortcut).
import * as Dialog from '@radix-ui/react-dialog';
import { forwardRef, useCallback, useEffect, useId, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { readCurrentPath } from './chat/currentPath.ts';
import { DEFAULT_CODE_BLOCKS, DEFAULT_SHORTCUT, defaultBaseUrl } from './defaults.ts';
import { codeBlockAt, codeContextFor, readSelectionContext } from './chat/pageContext.ts';
import { ariaKeyShortcut, describeShortcut, matchesShortcut, parseShortcut } from './chat/shortcut.ts';
import { fetchSiteConfig, siteConfigEndpoint, type SiteConfig } from './chat/siteConfig.ts';
import { takeAskParameter } from './chat/deepLink.ts';
import { hostScheme, watchHostScheme, type HostScheme } from './chat/hostScheme.ts';
import { hostDirection, watchHostDirection, type Direction } from './chat/hostDirection.ts';
import { searchDocs } from './chat/searchDocs.ts';
import { clearReopen, markReopen, takeReopen } from './chat/threadStorage.ts';
import { readPanelState, writePanelState } from './chat/panelStorage.ts';
import type { DocsAssistantOptions } from './options.ts';
import type { AssistantContextItem } from './wire.ts';
import { AssistantDialog } from './ui/AssistantDialog.tsx';
import { CodeBlockButtons } from './ui/CodeBlockButtons.tsx';
import { Launcher } from './ui/Launcher.tsx';
import { focusBack } from './ui/focusBack.ts';
import { useLatest } from './ui/useLatest.ts';
import { WidgetContext, type WidgetContextValue } from './ui/widgetContext.ts';
import { useDocsAssistant } from './useDocsAssistant.ts';

export interface DocsAssistantProps extends DocsAssistantOptions {
  /** Controlled open state. */
  open?: boolean;
  /** Initial open state when uncontrolled. @default false */
  defaultOpen?: boolean;
  /** Called when the dialog asks to open or close. */
  onOpenChange?: (open: boolean) => void;
  /** Element the dialog is portalled into (e.g. inside a shadow root). @default the widget's own root element */
  container?: HTMLElement | null;
  /** Extra class on the widget's root element. */
  className?: string;
  /** A launcher drawn outside the widget (the script tag's loader draws its own): floating buttons keep clear of it. */
  externalLauncher?: HTMLElement | null;
}

/** The verbs of the component's ref (the same as the script tag's global API). */
export interface DocsAssistantHandle {
  open(): void;
  close(): void;
  /** Opens the dialog and sends the question. */
  ask(question: string): void;
  newConversation(): void;
  /** Attaches context to the next question, e.g. a selection a loader captured before a click cleared it. */
  attachContext(item: AssistantContextItem): void;
}

const NO_QUESTIONS: string[] = [];

const neverChanges = () => () => {};
const serverScheme = (): HostScheme => 'auto';
const serverDirection = (): Direction => 'ltr';
const isBrowser = () => true;
const isServer = () => false;

/** The focused element, looking inside open shadow roots. */
function deepActiveElement(): HTMLElement | null {
  if (typeof document === 'undefined') return null;
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement ? active : null;
}

export const DocsAssistant = forwardRef<DocsAssistantHandle, DocsAssistantProps>(function DocsAssistant(props, ref) {
  const { open: openProp, defaultOpen = false, onOpenChange, container, className, externalLauncher, ...options } = props;
  const assistant = useDocsAssistant(options);
  const { translations, emit, attachContext } = assistant;
  // 'auto' follows the host page's scheme when it shows one (chat/hostScheme.ts), else the OS; the server
  // render and hydration say 'auto', the browser then reads the page.
  const hostTheme = useSyncExternalStore(watchHostScheme, hostScheme, serverScheme);
  const theme = (options.theme ?? 'auto') === 'auto' ? hostTheme : (options.theme as 'light' | 'dark');
  const hostDir = useSyncExternalStore(watchHostDirection, hostDirection, serverDirection);
  const direction = options.dir === 'ltr' || options.dir === 'rtl' ? options.dir : hostDir;
  const codeBlocks = options.codeBlocks ?? DEFAULT_CODE_BLOCKS;
  const baseUrl = options.baseUrl ?? defaultBaseUrl();

  const [rootElement, setRootElement] = useState<HTMLDivElement | null>(null);
  const [uncontrolledOpen, setUncontrolledOpen] = useState(defaultOpen);
  const open = openProp ?? uncontrolledOpen;
  const openRef = useLatest(open);
  const [draft, setDraft] = useState('');
  const isPanel = options.layout === 'panel';
  const [panelWidth, setPanelWidth] = useState<number | null>(null);
  const [panelScrollTop, setPanelScrollTop] = useState<number | null>(null);
  // Reopened by itself (kept open, or a source followed): focus stays on the page the reader came to read.
  const [panelFocusOnOpen, setPanelFocusOnOpen] = useState(true);
  // The kept state is written only once it has been read, so the first render cannot overwrite it.
  const [panelRestored, setPanelRestored] = useState(false);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const launcherRef = useRef<HTMLButtonElement | null>(null);
  const dialogId = useId();
  const selectionBeforeClick = useRef<ReturnType<typeof readSelectionContext>>(null);
  const getCurrentPathRef = useLatest(options.getCurrentPath);
  const getLauncher = useCallback(() => launcherRef.current ?? externalLauncher ?? null, [externalLauncher]);
  const [siteConfig, setSiteConfig] = useState<SiteConfig | null>(null);
  const siteConfigRequested = useRef(false);

  // The site's starter questions and name, read once when the dialog first opens (the option wins).
  useEffect(() => {
    if (!open || siteConfigRequested.current || options.starterQuestions !== undefined) return;
    siteConfigRequested.current = true;
    void fetchSiteConfig(siteConfigEndpoint(baseUrl, options.domain), options.apiKey).then((config) => {
      if (config) setSiteConfig(config);
    });
  }, [open, baseUrl, options.domain, options.apiKey, options.starterQuestions]);

  const shortcut = useMemo(() => {
    if (options.shortcut === false) return null;
    const parsed = parseShortcut(options.shortcut ?? DEFAULT_SHORTCUT);
    if (!parsed) console.error(`docs-assistant: shortcut "${String(options.shortcut)}" is not a valid shortcut like "mod+i"; it is turned off.`);
    return parsed;
  }, [options.shortcut]);
  // Read the platform only in the browser, after hydration, so server rendering and hydration agree.
  const hydrated = useSyncExternalStore(neverChanges, isBrowser, isServer);
  const shortcutNames = useMemo(
    () => (hydrated && shortcut ? { hint: describeShortcut(shortcut), aria: ariaKeyShortcut(shortcut) } : undefined),
    [hydrated, shortcut],
  );
  const shortcutHint = shortcutNames?.hint;

  const setOpen = useCallback(
    (next: boolean, byItself = false) => {
      if (next === openRef.current) return;
      openRef.current = next;
      if (next) setPanelFocusOnOpen(!byItself);
      if (openProp === undefined) setUncontrolledOpen(next);
      onOpenChange?.(next);
    },
    [openProp, onOpenChange, openRef],
  );

  // On every opening (launcher, shortcut, ref or a controlled `open` prop): remember where focus
  // was, to restore it, and turn text highlighted on the page into a removable chip. A layout
  // effect, so it runs before the dialog moves focus into its input (which clears the selection).
  const wasOpen = useRef(false);
  const threadId = assistant.threadId;
  useLayoutEffect(() => {
    if (open === wasOpen.current) return;
    wasOpen.current = open;
    if (open) {
      returnFocus.current = deepActiveElement();
      const selection = readSelectionContext(rootElement, readCurrentPath(getCurrentPathRef.current)) ?? selectionBeforeClick.current;
      if (selection) attachContext(selection);
    }
    selectionBeforeClick.current = null;
    emit({ type: open ? 'open' : 'close', threadId });
  }, [open, rootElement, attachContext, emit, threadId, getCurrentPathRef]);

  // Focus into an open side panel, as opening does: remember where it was, take the page's selection along.
  const focusPanel = useCallback(
    (active: HTMLElement | null, withSelection = true) => {
      returnFocus.current = active;
      const selection = withSelection ? readSelectionContext(rootElement, readCurrentPath(getCurrentPathRef.current)) : null;
      if (selection) attachContext(selection);
      inputRef.current?.focus();
    },
    [rootElement, getCurrentPathRef, attachContext],
  );
  const focusPage = useCallback(() => focusBack(returnFocus.current, launcherRef.current ?? externalLauncher ?? null), [externalLauncher]);

  const askAboutCode = useCallback(
    (block: Element) => {
      const item = codeContextFor(block, readCurrentPath(getCurrentPathRef.current), rootElement);
      if (item) attachContext(item);
      // A side panel may be open already (the page stays usable beside it): then only focus moves in.
      if (openRef.current) focusPanel(deepActiveElement(), false);
      else setOpen(true);
    },
    [attachContext, setOpen, getCurrentPathRef, openRef, focusPanel, rootElement],
  );



  useEffect(() => {
    if (!shortcut) return;
    const onKeyDown = (event: KeyboardEvent) => {
      // Never steal a shortcut the page (or an editor) already handled.
      if (event.defaultPrevented || event.repeat || !matchesShortcut(event, shortcut)) return;
      event.preventDefault();
      const active = deepActiveElement();
      if (openRef.current) {
        // A side panel: the shortcut moves focus out of it, back to the page, and into it again.
        const panelBox = isPanel ? (container ?? rootElement)?.querySelector('.da-panel') : null;
        if (!panelBox) setOpen(false);
        else if (active && panelBox.contains(active)) focusPage();
        else focusPanel(active);
        return;
      }
      // The keyboard path to "Ask AI" on a code block: the shortcut while the block has focus.
      const focusedBlock = codeBlocks === false ? null : codeBlockAt(active, codeBlocks, rootElement);
      if (focusedBlock) askAboutCode(focusedBlock);
      else setOpen(true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [shortcut, setOpen, codeBlocks, rootElement, askAboutCode, openRef, isPanel, container, focusPage, focusPanel]);

  const assistantRef = useLatest(assistant);
  useImperativeHandle(
    ref,
    () => ({
      open: () => setOpen(true),
      close: () => setOpen(false),
      ask: (question: string) => {
        setOpen(true);
        // Refused (over the length the server takes, or an answer still streaming): it waits in the box, not lost.
        if (!assistantRef.current.ask(question)) setDraft(question);
      },
      newConversation: () => assistantRef.current.newConversation(),
      attachContext,
    }),
    [setOpen, attachContext, assistantRef],
  );

  const domain = options.domain;
  const onFollowLink = useCallback(() => markReopen(domain), [domain]);
  const apiKey = options.apiKey;
  const search = useCallback(
    (query: string, pageSize?: number, scoreThreshold?: number) => searchDocs({ baseUrl, domain, ...(apiKey ? { apiKey } : {}) }, query, pageSize, scoreThreshold),
    [baseUrl, domain, apiKey],
  );
  const widget = useMemo<WidgetContextValue>(() => ({ translations, baseUrl, emit, onFollowLink, search }), [translations, baseUrl, emit, onFollowLink, search]);

  // The script tag's launcher (drawn by the loader) follows the same scheme as the dialog.
  useEffect(() => {
    if (!externalLauncher) return;
    externalLauncher.classList.remove('auto', 'light', 'dark');
    externalLauncher.classList.add(theme);
    externalLauncher.setAttribute('dir', direction);
  }, [externalLauncher, theme, direction]);

  // A deep link (`?ask=...`, see chat/deepLink.ts) opens and asks, once. Else, arrived here by a source or
  // link of the assistant on the previous page: open again, on the kept thread.
  // Synchronously in the effect: the mark is taken once, so a deferred open cancelled by StrictMode's
  // second run would be lost; and it must run after hydration, never in a state initializer.
  useEffect(() => {
    const asked = takeAskParameter();
    const kept = isPanel ? readPanelState(domain) : null;
    const reopen = takeReopen(domain);
    if (kept) {
      // oxlint-disable-next-line react/set-state-in-effect
      setDraft(kept.draft);
      setPanelWidth(kept.width);
      setPanelScrollTop(kept.scrollTop);
      setPanelRestored(true);
    }
    if (asked !== null) {
      setOpen(true);
      assistantRef.current.ask(asked);
    } else if (reopen) {
      setOpen(true, isPanel);
    }
  }, [domain, setOpen, assistantRef, isPanel]);

  // The side panel's state, kept for the next page of this site (chat/panelStorage.ts); open, it reopens there.
  useEffect(() => {
    if (!isPanel || !panelRestored) return;
    writePanelState(domain, { width: panelWidth, draft });
    if (open) markReopen(domain);
    else clearReopen(domain);
  }, [isPanel, panelRestored, domain, open, panelWidth, draft]);
  const onPanelScrollTop = useCallback(
    (scrollTop: number) => {
      setPanelScrollTop(scrollTop);
      writePanelState(domain, { scrollTop });
    },
    [domain],
  );
  const panel = useMemo(
    () => ({ mode: options.panelMode ?? 'overlay', width: panelWidth, onResize: setPanelWidth, focusOnOpen: panelFocusOnOpen, initialScrollTop: panelScrollTop, onScrollTop: onPanelScrollTop }),
    [options.panelMode, panelWidth, panelFocusOnOpen, panelScrollTop, onPanelScrollTop],
  );
  const portalContainer = container ?? rootElement;

  return (
    <WidgetContext.Provider value={widget}>
      <div
        ref={setRootElement}
        className={className ? `da-root ${className}` : 'da-root'}
        data-theme={theme}
        dir={direction}
        data-state={open ? 'open' : 'closed'}
        data-status={assistant.status}
        data-position={options.position ?? 'bottom-right'}
      >
        {/* Non-modal: Radix's modal would hide the page from assistive technology and turn off its pointer
            events; the widget's modality stays in its own layer (see ModalContent). */}
        <Dialog.Root open={open} onOpenChange={setOpen} modal={false}>
          {options.launcher === false ? null : (
            <Launcher
              buttonRef={launcherRef}
              controls={open ? dialogId : undefined}
              shortcutHint={shortcutHint}
              keyShortcut={shortcutNames?.aria}
              onPointerDown={() => {
                selectionBeforeClick.current = readSelectionContext(rootElement, readCurrentPath(getCurrentPathRef.current));
              }}
            />
          )}
          {portalContainer ? (
            <AssistantDialog
              assistant={assistant}
              container={portalContainer}
              theme={theme}
              dir={direction}
              starterQuestions={options.starterQuestions ?? siteConfig?.starterQuestions ?? NO_QUESTIONS}
              siteName={siteConfig?.siteName ?? null}
              draft={draft}
              searchAsYouType={options.searchAsYouType ?? true}
              onDraftChange={setDraft}
              dialogId={dialogId}
              onClose={() => setOpen(false)}
              returnFocus={returnFocus}
              fallbackFocus={launcherRef}
              inputRef={inputRef}
              layout={isPanel ? 'panel' : 'modal'}
              panel={panel}
            />
          ) : null}
        </Dialog.Root>
        {codeBlocks === false ? null : (
          <CodeBlockButtons
            selector={codeBlocks}
            widgetRoot={rootElement}
            getLauncher={getLauncher}
            hidden={open && !isPanel}
            shortcutHint={shortcutHint}
            onAsk={askAboutCode}
          />
        )}
      </div>
    </WidgetContext.Provider>
  );
});
