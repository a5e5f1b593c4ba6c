// The chat module the loader imports on intent (downloaded earlier when idle): renders <DocsAssistant>
// into the instance's shadow root and adopts the widget's CSS there as a constructable stylesheet
// (strict-CSP safe: no <style> element, no style attribute). The component is uncontrolled; the loader drives its ref.
/// <reference types="vite/client" />
import { createRef } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { readCurrentPath } from '../chat/currentPath.ts';
import { CONTEXT_VALUE_MAX_LENGTH, readSelectionContext } from '../chat/pageContext.ts';
import { DocsAssistant, type DocsAssistantHandle } from '../DocsAssistant.tsx';
import type { ChatHandle, ChatMountRequest } from './contract.ts';
import { starterQuestionsOf } from './config.ts';
import { loadLocale, localeOf, type LocaleName } from '../chat/locale.ts';
import type { Translations } from '../options.ts';

// The widget's stylesheet (its @imports bundled and minified by the build), as a string.
const stylesheets = import.meta.glob<string>('../styles/styles.css', { query: '?inline', import: 'default', eager: true });

/** Language packs loaded so far (src/locales/), by name. */
const packs: Partial<Record<LocaleName, Translations>> = {};
// The page's own language pack comes with the chat, so its first render is already in that language; a pack
// that fails to load leaves the widget in English.
const pageLocale = localeOf(document.documentElement.lang);
if (pageLocale) packs[pageLocale] = await loadLocale(pageLocale).catch(() => undefined);

export function mount({ shadowRoot, container, options, launcher, onOpenChange, onEvent }: ChatMountRequest): ChatHandle {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(Object.values(stylesheets).join('\n'));
  shadowRoot.adoptedStyleSheets = [...shadowRoot.adoptedStyleSheets, sheet];

  const root = createRoot(container);
  const ref = createRef<DocsAssistantHandle>();
  const locale = localeOf(options.locale ?? document.documentElement.lang);
  let unmounted = false;
  // The host's strings over the pack's (a blank one is ignored, as ever, and shows the English default).
  const render = () =>
    root.render(
      <DocsAssistant
        {...options}
        translations={{ ...(locale && packs[locale]), ...options.translations }}
        starterQuestions={starterQuestionsOf(options.starterQuestions)}
        ref={ref}
        externalLauncher={launcher ?? null}
        onOpenChange={onOpenChange}
        onEvent={onEvent}
      />,
    );
  // Synchronously, so the ref's verbs work as soon as mount returns.
  flushSync(render);
  // A `locale` other than the page's: its pack arrives after the first render.
  if (locale && !(locale in packs)) {
    void loadLocale(locale).then((pack) => {
      packs[locale] = pack;
      if (!unmounted) render();
    }, () => undefined);
  }
  return {
    open: (selection) => {
      const path = readCurrentPath(options.getCurrentPath);
      if (selection) {
        const value = selection.slice(0, CONTEXT_VALUE_MAX_LENGTH);
        // The loader read the selection's text as the reader asked (embed.js has no bytes to spare); the heading
        // it is under is read here, while it is still selected.
        const live = readSelectionContext(shadowRoot.host, path);
        const elementId = live?.value === value ? live.elementId : undefined;
        ref.current?.attachContext({ type: 'textSelection', value, ...(path ? { path } : {}), ...(elementId ? { elementId } : {}) });
      }
      ref.current?.open();
    },
    close: () => ref.current?.close(),
    ask: (question) => ref.current?.ask(question),
    newConversation: () => ref.current?.newConversation(),
    unmount: () => {
      unmounted = true;
      root.unmount();
      shadowRoot.adoptedStyleSheets = shadowRoot.adoptedStyleSheets.filter((adopted) => adopted !== sheet);
    },
  };
}
