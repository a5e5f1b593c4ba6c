// Keyword results under the composer while the reader types: the docs themselves, one keystroke away
// (Down from the question box), for a reader who wants a page rather than an answer. Enter still asks.
import { forwardRef, useEffect, useImperativeHandle, useRef, useState, type KeyboardEvent } from 'react';
import type { SearchResult } from '../wire.ts';
import { safeLinkHref } from '../chat/safeUrls.ts';
import { formatMessage } from '../chat/translations.ts';
import { DocsLink } from './DocsLink.tsx';
import { useWidget } from './widgetContext.ts';

/** Waits for a pause in typing, so a question typed at speed costs one search, not one per letter. */
const PAUSE_MS = 250;
/** Shorter queries match nearly everything (two characters already name a word in Chinese or Japanese). */
const MIN_QUERY_LENGTH = 2;

export interface SearchAsYouTypeHandle {
  /** Moves focus to the first result; false when there is none. */
  focusFirst(): boolean;
}

interface SearchAsYouTypeProps {
  query: string;
  /** Where Up from the first result (and Escape) takes focus back. */
  onLeave: () => void;
}

interface Found {
  query: string;
  results: SearchResult[];
}

export const SearchAsYouType = forwardRef<SearchAsYouTypeHandle, SearchAsYouTypeProps>(function SearchAsYouType({ query, onLeave }, ref) {
  const { translations, search } = useWidget();
  const [found, setFound] = useState<Found | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const trimmed = query.trim();

  useEffect(() => {
    if (trimmed.length < MIN_QUERY_LENGTH) return;
    // Only the newest query's answer is shown: an earlier, slower search never overwrites it.
    let current = true;
    const timer = setTimeout(() => {
      search(trimmed).then(
        (results) => current && setFound({ query: trimmed, results }),
        // Failing quietly: the results are an aid beside the question, which still works.
        () => current && setFound(null),
      );
    }, PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [trimmed, search]);

  const links = () => [...(listRef.current?.querySelectorAll<HTMLAnchorElement>('a') ?? [])];
  useImperativeHandle(ref, () => ({
    focusFirst: () => {
      const first = links()[0];
      first?.focus();
      return first !== undefined;
    },
  }));

  // Results stay while the next search runs (no flicker between keystrokes), and go with the query.
  const results = trimmed.length >= MIN_QUERY_LENGTH && found ? found.results.flatMap((result) => {
    const href = safeLinkHref(result.metadata.url);
    return href === null ? [] : [{ href, result }];
  }) : [];

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const all = links();
    const index = all.indexOf(event.target as HTMLAnchorElement);
    if (index < 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const next = index + (event.key === 'ArrowDown' ? 1 : -1);
      if (next < 0) onLeave();
      else all[Math.min(next, all.length - 1)]?.focus();
    } else if (event.key === 'Escape') {
      // Back to the question, not a closed dialog (data-keeps-escape tells the dialog to leave it).
      event.preventDefault();
      onLeave();
    }
  };

  return (
    <div className="da-typeahead">
      {/* Always present, so the count is announced when results arrive. */}
      <p className="da-visually-hidden" aria-live="polite">
        {results.length > 0 ? formatMessage(translations.searchAsYouTypeStatus, { count: String(results.length) }) : ''}
      </p>
      {results.length > 0 ? (
        // oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- arrow keys between the links it holds
        <ul ref={listRef} className="da-typeahead-results" aria-label={translations.searchResults} onKeyDown={onKeyDown} data-keeps-escape>
          {results.map(({ href, result }) => (
            <li key={href}>
              <DocsLink className="da-typeahead-link" href={href}>
                {result.metadata.title}
              </DocsLink>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
});
