// embed.js: the classic script a docs site adds with one tag. It only reads the config, draws the
// launcher and listens for the shortcut; the chat itself is an ES module imported on intent or idle.
// Calls made before this script ran are queued in `window.DocsAssistant.q` and replayed here.
import type { EmbedOptions } from './contract.ts';
import { readEmbedOptions } from './config.ts';
import { createEmbedInstance, type EmbedInstance } from './instance.ts';

/** The chat module's file, relative to embed.js; set by scripts/build.js to the content-hashed name. */
declare const DOCS_ASSISTANT_CHAT_FILE: string;

/** `window.DocsAssistant`: the first instance's verbs, and `create` for more instances. */
export interface DocsAssistantGlobal extends Omit<EmbedInstance, 'on'> {
  on: EmbedInstance['on'];
  create(options: EmbedOptions): EmbedInstance;
}

declare global {
  interface Window {
    DocsAssistant?: Partial<DocsAssistantGlobal> & { q?: unknown[][] };
    DocsAssistantConfig?: Partial<EmbedOptions>;
  }
}

const script = document.currentScript as HTMLScriptElement | null;
const chatUrl = new URL(DOCS_ASSISTANT_CHAT_FILE, script?.src || location.href).href;
const pageOptions = readEmbedOptions(script, window.DocsAssistantConfig);
const existing = window.DocsAssistant;

const create = (options: EmbedOptions) => {
  if (!options.domain) throw new Error('docs-assistant: `domain` is required (data-domain or window.DocsAssistantConfig.domain)');
  return createEmbedInstance({ baseUrl: pageOptions.baseUrl, ...options }, chatUrl);
};

if (existing?.create) {
  // embed.js was included twice: the second tag adds one more instance to the API already there.
  if (pageOptions.domain) existing.create(pageOptions as EmbedOptions);
} else {
  let main: EmbedInstance | undefined;
  if (pageOptions.domain) main = create(pageOptions as EmbedOptions);
  else if (script && Object.keys(script.dataset).length) console.error('docs-assistant: data-domain is required');
  const api: DocsAssistantGlobal = {
    open: () => main?.open(),
    close: () => main?.close(),
    ask: (question) => main?.ask(question),
    newConversation: () => main?.newConversation(),
    on: (name, handler) => main?.on(name, handler) ?? (() => false),
    destroy: () => {
      main?.destroy();
      main = undefined;
    },
    create,
  };
  window.DocsAssistant = api;
  for (const [method, ...args] of existing?.q ?? []) (api as unknown as Record<string, (...values: unknown[]) => void>)[method as string]?.(...args);
}
