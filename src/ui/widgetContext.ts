// Values every part of the widget's UI reads: strings, the docs' origin for the image policy, events.
import { createContext, useContext } from 'react';
import type { DocsAssistantEvent, Translations } from '../options.ts';
import type { SearchResult } from '../wire.ts';
import { defaultTranslations } from '../chat/translations.ts';

export interface WidgetContextValue {
  translations: Translations;
  /** The API's base URL: answer images load only from its origin. */
  baseUrl: string;
  emit: (event: DocsAssistantEvent) => void;
  /** Called when the reader follows a link of this site out of the widget: the next page reopens it. */
  onFollowLink: () => void;
  /** Keyword search of the docs (the platform's search route), 5 results unless `pageSize` says otherwise. */
  search: (query: string, pageSize?: number, scoreThreshold?: number) => Promise<SearchResult[]>;
}

export const WidgetContext = createContext<WidgetContextValue>({
  translations: defaultTranslations,
  baseUrl: 'http://localhost',
  emit: () => {},
  onFollowLink: () => {},
  search: () => Promise.resolve([]),
});

export function useWidget(): WidgetContextValue {
  return useContext(WidgetContext);
}
