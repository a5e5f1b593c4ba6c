// One script-tag instance: two host elements with open shadow roots, the launcher's early in <body> (an
// early Tab stop) and the chat's at its end; the launcher (vanilla DOM), the shortcut until the chat is
// there, and the chat module: downloaded when the browser
// is idle, evaluated only on intent (hover or focus on the launcher, click, shortcut, API), so a page
// where nobody opens the assistant never runs its code. Everything it adds (element, listeners, timers,
// the React root) goes in destroy().
/// <reference types="vite/client" />
import { isApplePlatform, matchesShortcut, parseShortcut } from '../chat/shortcut.ts';
import type { DocsAssistantEvent, DocsAssistantEventName } from '../options.ts';
import type { ChatHandle, ChatModule, EmbedOptions } from './contract.ts';
import launcherCss from './launcher.css?inline';
import { hostScheme } from '../chat/hostScheme.ts';
import { reopenKey } from '../chat/threadStorage.ts';
import { DEFAULT_CODE_BLOCKS, DEFAULT_SHORTCUT } from '../defaults.ts';

type EventHandler = (event: DocsAssistantEvent) => void;

/** The verbs of one widget on the page (the same as the React component's ref, plus destroy and on). */
export interface EmbedInstance {
  open(): void;
  close(): void;
  ask(question: string): void;
  newConversation(): void;
  /** Subscribes to an event; returns the function that unsubscribes. */
  on(event: DocsAssistantEventName, handler: EventHandler): () => void;
  destroy(): void;
}

export function createEmbedInstance(options: EmbedOptions, chatUrl: string): EmbedInstance {
  const listeners = new Map<string, Set<EventHandler>>();
  const emit = (event: DocsAssistantEvent) => {
    options.onEvent?.(event);
    listeners.get(event.type)?.forEach((handler) => handler(event));
  };

  // The launcher's element goes early in <body>, so the launcher is an early Tab stop, not the last of the
  // page's. The chat's goes at the end: its links then follow the page's own, which keeps the page's skip
  // link recognisable as one (axe tells a skip link by the page links after it).
  const host = document.createElement('docs-assistant');
  const chatHost = document.createElement('docs-assistant');
  const shadowRoot = host.attachShadow({ mode: 'open' });
  const chatRoot = chatHost.attachShadow({ mode: 'open' });
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(launcherCss);
  shadowRoot.adoptedStyleSheets = [sheet];
  // No type attribute: the button is in no form, so it submits nothing. Theme and position are classes
  // that launcher.css styles (join() leaves an unset position empty).
  const launcher = document.createElement('button');
  // 'auto' takes the host page's scheme when it shows one (the chat keeps following it once mounted).
  launcher.className = ['launcher', !options.theme || options.theme === 'auto' ? hostScheme() : options.theme, options.position].join(' ');
  launcher.setAttribute('aria-haspopup', 'dialog');
  launcher.setAttribute('aria-expanded', 'false');
  // Text only: the sparkle is drawn by launcher.css (no markup string, no innerHTML: Trusted Types pages reject those).
  launcher.append(options.translations?.launcherLabel ?? 'Ask AI');
  const container = document.createElement('div');
  // launcher: false keeps the button out of the page (the page opens the chat through the API). The chat
  // never draws a launcher of its own: this one stays. `options` is this instance's own copy (see loader.ts).
  if (options.launcher !== false) shadowRoot.append(launcher);
  options.launcher = false;
  chatRoot.append(container);

  // What destroy() undoes: removing each listener the instance added, cancelling the idle prefetch.
  const cleanups: (() => void)[] = [];
  const listen = (target: EventTarget, type: string, listener: EventListener, capture?: boolean) => {
    target.addEventListener(type, listener, capture);
    cleanups.push(() => target.removeEventListener(type, listener, capture));
  };
  // First in <body>, or right after the page's skip link (a link to a #fragment as the body's first element).
  const attach = () => {
    const first = document.body.firstElementChild as HTMLAnchorElement | null;
    if (first?.hash) first.after(host);
    else document.body.prepend(host);
    document.body.append(chatHost);
  };
  if (document.body) attach();
  else listen(window, 'DOMContentLoaded', attach);

  let chat: Promise<ChatHandle> | undefined;
  let mounted: ChatHandle | undefined;
  let destroyed = false;

  const load = () =>
    (chat ||= import(/* @vite-ignore */ chatUrl).then(async (module: ChatModule) => {
      // Evaluating the chat and mounting it: two tasks for the page's main thread, not one long one.
      await new Promise((resolve) => setTimeout(resolve));
      // Destroyed meanwhile: no mount. whenReady drops the rejection without reading it, so any value does.
      if (destroyed) throw 0;
      return (mounted = module.mount({
        shadowRoot: chatRoot,
        container,
        options,
        ...(launcher.isConnected ? { launcher } : {}),
        onOpenChange: (open) => launcher.setAttribute('aria-expanded', String(open)),
        onEvent: emit,
      }));
    }));

  const whenReady = (action: (handle: ChatHandle) => void) =>
    load().then(action, (error: Error) => {
      chat = undefined; // the next intent retries
      if (destroyed) return;
      console.error('docs-assistant: could not load the chat', error);
      emit({ type: 'error', message: error.message });
    });

  // The selection at the moment the reader asks; once the chat is mounted it reads the selection itself.
  const open = () => {
    const selection = mounted ? undefined : getSelection()?.toString().trim();
    whenReady((handle) => handle.open(selection));
  };
  listen(launcher, 'click', open);

  // A deep link (`?ask=...`), or a reader who followed a source of this site from the assistant on the
  // previous page: load the chat now; once mounted it takes the question (or the mark) and opens.
  try {
    if (/[?&#]ask=/.test(location.href) || sessionStorage.getItem(reopenKey(options.domain))) void load();
  } catch {
    // No sessionStorage (sandboxed frames, privacy modes): nothing to reopen.
  }

  // Intent: the pointer or keyboard focus reaching the launcher (events from inside the shadow root
  // reach the document as coming from the host) or one of the page's code blocks, whose "Ask AI"
  // button the chat draws (once mounted it finds the block still under the pointer or focused).
  const codeBlocks = options.codeBlocks ?? DEFAULT_CODE_BLOCKS;
  const onIntent = (event: Event) => {
    try {
      // Once loading, load() returns the same promise: a later event costs one closest().
      if (event.target === host || (codeBlocks && (event.target as Element).closest?.(codeBlocks))) void load();
    } catch {
      // An invalid code-block selector from the page's config: no code-block buttons, as in the chat.
    }
  };
  for (const type of ['pointerover', 'focusin']) listen(document, type, onIntent, true);

  // Until the chat is mounted (it then listens itself, with the code-block keyboard path), the loader
  // answers the shortcut. Bubble phase on window: the page's handlers run first and a handled event is left alone.
  const shortcut = options.shortcut === false ? null : parseShortcut(options.shortcut ?? DEFAULT_SHORTCUT);
  // The key hint of the component's launcher ("Ctrl I", "⌘ I"), written from the option itself: the chat's
  // full shortcut naming would cost this file 0.3 kB. Apple or not is the matcher's own test.
  if (shortcut) {
    const hint = document.createElement('kbd');
    hint.setAttribute('aria-hidden', 'true');
    hint.append(
      (options.shortcut || DEFAULT_SHORTCUT)
        .split('+')
        .map((key) => (key === 'mod' ? (isApplePlatform() ? '⌘' : 'Ctrl') : key[0]!.toUpperCase() + key.slice(1)))
        .join(' '),
    );
    launcher.append(hint);
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (!mounted && shortcut && !event.defaultPrevented && matchesShortcut(event, shortcut)) {
      event.preventDefault();
      open();
    }
  };
  listen(window, 'keydown', onKeyDown as EventListener);

  // Idle prefetch downloads and parses the chat without running it: evaluating ~100 kB gzip of chat would
  // be a long task on the host page. A modulepreload link puts the parsed module in the page's module map
  // (the import on intent skips both the download and the parse, which is off the main thread); it goes
  // in the instance's shadow root, which counts as connected to the document, never in the page's <head>.
  const prefetch = () => {
    if (chat) return;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = chatUrl;
    shadowRoot.append(link);
  };
  const whenIdle = () => {
    const idleTimer = (window.requestIdleCallback ?? setTimeout)(prefetch);
    cleanups.push(() => (window.cancelIdleCallback ?? clearTimeout)(idleTimer));
  };
  if (options.preload !== 'intent') {
    if (document.readyState === 'complete') whenIdle();
    else listen(window, 'load', whenIdle);
  }

  return {
    open,
    close: () => mounted?.close(),
    ask: (question) => whenReady((handle) => handle.ask(question)),
    newConversation: () => whenReady((handle) => handle.newConversation()),
    on: (name, handler) => {
      const handlers = listeners.get(name) ?? new Set();
      listeners.set(name, handlers.add(handler));
      return () => handlers.delete(handler);
    },
    destroy: () => {
      destroyed = true;
      for (const cleanup of cleanups) cleanup();
      mounted?.unmount();
      host.remove();
      chatHost.remove();
      listeners.clear();
    },
  };
}
