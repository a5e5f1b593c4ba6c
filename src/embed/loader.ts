// embed.js: the classic script a docs site adds with one tag. It only reads the config, draws the
// launcher and listens for the shortcut; the chat itself is an ES module downloaded when idle and imported on intent.
// Calls made before this script ran are queued in `window.DocsAssistant.q` and replayed here.
import type { EmbedOptions } from './contract.ts';
import { readEmbedOptions } from './config.ts';
import { createEmbedInstance, type EmbedInstance } from './instance.ts';

/** The chat module's file, relative to embed.js; set by scripts/build.js to the content-hashed name. */
declare const DOCS_ASSISTANT_CHAT_FILE: string;

/** `window.DocsAssistant`: the verbs of the instance the script tag configured, and `create` for more. */
export interface DocsAssistantGlobal extends EmbedInstance {
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
const queued = window.DocsAssistant?.q ?? [];

const create = (options: EmbedOptions) => {
  if (!options.domain) throw new Error('docs-assistant: domain is required');
  // A copy: the instance sets its own `launcher` option (see instance.ts).
  return createEmbedInstance({ baseUrl: pageOptions.baseUrl, ...options }, chatUrl);
};

let main: EmbedInstance | undefined;
if (pageOptions.domain) main = create(pageOptions as EmbedOptions);
else if (script && Object.keys(script.dataset).length) console.error('docs-assistant: domain is required');

type Verb = (...values: unknown[]) => unknown;
const api: Record<string, Verb> = { create: create as Verb };
for (const verb of ['open', 'close', 'ask', 'newConversation', 'on', 'destroy'] as const) {
  api[verb] = (...args) => (main?.[verb] as Verb | undefined)?.(...args);
}
window.DocsAssistant = api as unknown as DocsAssistantGlobal;
for (const [verb, ...args] of queued) api[verb as string]?.(...args);
