// Under an answer the docs do not cover: a way to the docs themselves, by keyword search on the
// question, since the assistant found nothing to answer with.
import { useState } from 'react';
import type { SearchResult } from '../wire.ts';
import { safeLinkHref } from '../chat/safeUrls.ts';
import { DocsLink } from './DocsLink.tsx';
import { useWidget } from './widgetContext.ts';

type SearchState = { kind: 'idle' } | { kind: 'searching' } | { kind: 'done'; results: SearchResult[] } | { kind: 'failed' };

export function NotFoundSearch({ question }: { question: string }) {
  const { translations, search } = useWidget();
  const [state, setState] = useState<SearchState>({ kind: 'idle' });
  if (question === '') return null;
  const run = () => {
    setState({ kind: 'searching' });
    search(question).then(
      (results) => setState({ kind: 'done', results }),
      () => setState({ kind: 'failed' }),
    );
  };
  return (
    <div className="da-not-found-search">
      {state.kind === 'idle' || state.kind === 'searching' ? (
        <button type="button" className="da-button" onClick={run} disabled={state.kind === 'searching'}>
          {translations.searchDocs}
        </button>
      ) : null}
      {/* Always present, so the results (or the failure) are announced when they arrive. */}
      <div aria-live="polite">
        {state.kind === 'failed' ? <p>{translations.searchFailed}</p> : null}
        {state.kind === 'done' && state.results.length === 0 ? <p>{translations.searchNoResults}</p> : null}
        {state.kind === 'done' && state.results.length > 0 ? (
          <ul className="da-search-results" aria-label={translations.searchResults}>
            {state.results.flatMap((result) => {
              const href = safeLinkHref(result.metadata.url);
              return href === null
                ? []
                : [
                    <li key={href}>
                      <DocsLink className="da-source" href={href}>
                        {result.metadata.title}
                      </DocsLink>
                    </li>,
                  ];
            })}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
