// The contract between the script-tag loader (embed.js, no React) and the lazily imported chat module.
// Type-only: the loader must not pull any chat code into embed.js.
import type { DocsAssistantEvent, DocsAssistantOptions } from '../options.ts';

/** Options of one script-tag instance: the widget's options plus what only the loader understands. */
export interface EmbedOptions extends DocsAssistantOptions {
  /** When to download the chat: once the browser is idle after load, without evaluating it ('idle'), or only on intent ('intent'). Either way it is evaluated on intent. @default 'idle' */
  preload?: 'idle' | 'intent';
  /**
   * The language of the widget's own strings: a BCP 47 tag ('ja', 'ko', 'zh-CN', 'zh-TW') picks the strings
   * shipped for it (Japanese, Korean, Simplified and Traditional Chinese), `false` keeps English. `translations`
   * still overrides any string. @default the page's `<html lang>`
   */
  locale?: string | false;
}

/** What the loader hands to the chat module's `mount`. */
export interface ChatMountRequest {
  /** The instance's open shadow root: the chat adopts its stylesheets here. */
  shadowRoot: ShadowRoot;
  /** An element inside the shadow root: the React root and the portal container. */
  container: HTMLElement;
  /** Resolved options; the loader draws the launcher, so `launcher` comes in false. */
  options: DocsAssistantOptions & Pick<EmbedOptions, 'locale'>;
  /** The loader's launcher, which the chat's floating buttons keep clear of (absent with `launcher: false`). */
  launcher?: HTMLElement;
  /** Called whenever the dialog opens or closes (from the API, Escape, the close button, the shortcut). */
  onOpenChange: (open: boolean) => void;
  /** Called with every widget event. */
  onEvent: (event: DocsAssistantEvent) => void;
}

/** What the chat module gives back to the loader: the component's verbs, usable as soon as mount returns. */
export interface ChatHandle {
  /** `selection` is the page text the reader had highlighted when they asked to open (the page may clear it while the chat loads). */
  open: (selection?: string) => void;
  close: () => void;
  ask: (question: string) => void;
  newConversation: () => void;
  unmount: () => void;
}

/** The shape of the lazily imported chat module. */
export interface ChatModule {
  mount: (request: ChatMountRequest) => ChatHandle;
}
