// One script-tag instance: a host element with an open shadow root at the end of <body>, the launcher
// (vanilla DOM), the shortcut until the chat is there, and the chat module: downloaded when the browser
// is idle, evaluated only on intent (hover or focus on the launcher, click, shortcut, API), so a page
// where nobody opens the assistant never runs its code. Everything it adds (element, listeners, timers,
// the React root) goes in destroy().
/// <reference types="vite/client" />
import { matchesShortcut, parseShortcut } from '../chat/shortcut.ts';
import type { DocsAssistantEvent, DocsAssistantEventName } from '../options.ts';
import type { ChatHandle, ChatModule, EmbedOptions } from './contract.ts';
import launcherCss from './launcher.css?inline';

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

  const host = document.createElement('docs-assistant');
  const shadowRoot = host.attachShadow({ mode: 'open' });
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(launcherCss);
  shadowRoot.adoptedStyleSheets = [sheet];
  const launcher = document.createElement('button');
  launcher.type = 'button';
  launcher.className = 'launcher';
  launcher.dataset.position = options.position ?? 'bottom-right';
  launcher.dataset.theme = options.theme ?? 'auto';
  launcher.setAttribute('aria-haspopup', 'dialog');
  launcher.setAttribute('aria-expanded', 'false');
  // Text only: the sparkle is drawn by launcher.css (no markup string, no innerHTML: Trusted Types pages reject those).
  launcher.append(options.translations?.launcherLabel ?? 'Ask AI');
  launcher.hidden = options.launcher === false;
  const container = document.createElement('div');
  shadowRoot.append(launcher, container);
  const attach = () => document.body.append(host);
  if (document.body) attach();
  else addEventListener('DOMContentLoaded', attach, { once: true });

  let chat: Promise<ChatHandle> | undefined;
  let mounted: ChatHandle | undefined;
  let destroyed = false;

  const load = () =>
    (chat ||= import(/* @vite-ignore */ chatUrl).then(async (module: ChatModule) => {
      // Evaluating the chat and mounting it: two tasks for the page's main thread, not one long one.
      await new Promise((resolve) => setTimeout(resolve));
      if (destroyed) throw new Error('destroyed');
      return (mounted = module.mount({
        shadowRoot,
        container,
        options: { ...options, launcher: false },
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
  launcher.addEventListener('click', open);

  // Intent: the pointer or keyboard focus reaching the launcher (events from inside the shadow root
  // reach the document as coming from the host) or one of the page's code blocks, whose "Ask AI"
  // button the chat draws (once mounted it finds the block still under the pointer or focused).
  const codeBlocks = options.codeBlocks ?? 'pre';
  const onIntent = (event: Event) => {
    try {
      // Once loading, load() returns the same promise: a later event costs one closest().
      if (event.target === host || (codeBlocks && (event.target as Element).closest?.(codeBlocks))) void load();
    } catch {
      // An invalid code-block selector from the page's config: no code-block buttons, as in the chat.
    }
  };
  const watchIntent = (method: 'addEventListener' | 'removeEventListener') => {
    for (const type of ['pointerover', 'focusin']) document[method](type, onIntent, true);
  };
  watchIntent('addEventListener');

  // Until the chat is mounted (it then listens itself, with the code-block keyboard path), the loader
  // answers the shortcut. Bubble phase on window: the page's handlers run first and a handled event is left alone.
  const shortcut = options.shortcut === false ? null : parseShortcut(options.shortcut ?? 'mod+i');
  const onKeyDown = (event: KeyboardEvent) => {
    if (!mounted && shortcut && !event.defaultPrevented && matchesShortcut(event, shortcut)) {
      event.preventDefault();
      open();
    }
  };
  addEventListener('keydown', onKeyDown);

  // Idle prefetch downloads and parses the chat without running it: evaluating ~115 kB gzip of chat would
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
  let idleTimer: number | undefined;
  const whenIdle = () => (idleTimer = (window.requestIdleCallback ?? setTimeout)(prefetch));
  if (options.preload !== 'intent') {
    if (document.readyState === 'complete') whenIdle();
    else addEventListener('load', whenIdle, { once: true });
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
      removeEventListener('keydown', onKeyDown);
      watchIntent('removeEventListener');
      removeEventListener('load', whenIdle);
      removeEventListener('DOMContentLoaded', attach);
      if (idleTimer) (window.cancelIdleCallback ?? clearTimeout)(idleTimer);
      mounted?.unmount();
      host.remove();
      listeners.clear();
    },
  };
}
